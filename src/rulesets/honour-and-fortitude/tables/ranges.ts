import type { TableMeta } from '../../../core/rules/tables.ts';
import { type FireWeapon, hf } from '../vocabulary.ts';

export interface RangeTableHf extends TableMeta {
  /** Close and long range by weapon, inches. */
  readonly rows: Readonly<Record<FireWeapon, { readonly close: number; readonly long: number }>>;
}

/** Firing ranges (H&F QRS, Firing), inches. */
export const FIRING_RANGES: RangeTableHf = {
  id: 'hf-firing-ranges',
  title: 'Firing ranges (inches)',
  source: hf('Firing', 'ranges'),
  rows: {
    matchlock: { close: 4, long: 8 },
    flintlock: { close: 5, long: 10 },
    rifle: { close: 6, long: 12 },
    'enfield-rifle': { close: 8, long: 16 },
    'from-horseback': { close: 2, long: 4 },
    'light-gun': { close: 12, long: 24 },
    'field-gun': { close: 18, long: 36 },
    'siege-gun': { close: 24, long: 48 },
  },
};

/** The range band of a target `inches` away, or undefined beyond long range. */
export function rangeBandAt(weapon: FireWeapon, inches: number): 'close' | 'long' | undefined {
  const r = FIRING_RANGES.rows[weapon];
  if (inches <= r.close) return 'close';
  if (inches <= r.long) return 'long';
  return undefined;
}
