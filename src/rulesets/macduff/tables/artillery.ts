import type { TableMeta } from '../../../core/rules/tables.ts';
import { md } from '../vocabulary.ts';

/** Kinds of gun the artillery rules (9) distinguish. */
export const GUN_KINDS = ['field', 'horse', 'mountain-or-6pdr', 'heavy', 'machine-gun'] as const;
export type GunKind = (typeof GUN_KINDS)[number];

/** Crew per gun (1.6): three; heavy guns five. Machine guns as field guns. */
export const CREW_PER_GUN: Readonly<Record<GunKind, number>> = {
  field: 3,
  horse: 3,
  'mountain-or-6pdr': 3,
  heavy: 5,
  'machine-gun': 3,
};

/** The constants of 9.2-9.5, with their rules. */
export const ARTILLERY_TABLE = {
  id: 'macduff-artillery',
  title: 'Artillery',
  source: md('9. Artillery'),
  /** Canister is fired at close range; the errata make it 12" for every gun (9.2, 14). */
  canisterRange: { inches: 12, rule: md('14. Errata', 'canister range') },
  canisterToHit: {
    smoothbore: { score: 4, rule: md('9.2 Cannister', 'smoothbores') },
    rifled: { score: 5, rule: md('9.2 Cannister', 'rifles') },
  },
  /** Against a battalion or company square the dice are doubled (9.2). */
  squareDiceFactor: { factor: 2, rule: md('9.2 Cannister', 'squares') },
  /** Shot and shell: a gun hits on a score of at least the range in feet (9.3). */
  shotModifiers: {
    rifled: { value: 1, rule: md('9.3 Shot and Shell', 'rifled') },
    'mountain-or-6pdr': { value: -1, rule: md('9.3 Shot and Shell', 'mountain guns and 6 pounders') },
    native: { value: -1, rule: md('9.3 Shot and Shell', 'natives') },
  },
  /** Each gun that hits rolls one die per 2 crew; 4-6 a hit (9.3). */
  shellEffectToHit: { score: 4, rule: md('9.3 Shot and Shell', 'effect') },
  machineGun: {
    range: { inches: 24, rule: md('9.4 Machine Guns', 'range') },
    jamAtMost: { score: 1, rule: md('9.4 Machine Guns', 'jams') },
    toHit: { score: 4, rule: md('9.4 Machine Guns', 'hits') },
  },
  /** Natives subtract 1 from every artillery die (9.2-9.4). */
  nativeModifier: { value: -1, rule: md('9.2 Cannister', 'natives') },
  breach: {
    score: { value: 6, rule: md('9.5 Breaching Walls') },
    heavyScore: { value: 5, rule: md('9.5 Breaching Walls', 'heavy guns') },
  },
} as const satisfies TableMeta & Record<string, unknown>;

/** Shot and shell ranges are measured in feet (9.3); Muster counts a part foot as a whole one. */
export function rangeInFeet(inches: number): number {
  return Math.max(1, Math.ceil(inches / 12));
}
