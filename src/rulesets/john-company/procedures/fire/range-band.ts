/**
 * Range bands: which band of its range table a distance falls in for a small arm or a gun (Part 4,
 * the Small Arms and Artillery Range Tables), or that the target is beyond extreme range or inside a
 * mortar's minimum range. Every shot reads its band here; the `range-band` procedure shows it alone.
 */
import { z } from 'zod';
import type { DiceSource } from '../../../../core/random/dice.ts';
import { measureText } from '../../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import { ARTILLERY_RANGE_TABLE, ARTILLERY_WEAPONS, type ArtilleryWeapon } from '../../tables/artillery.ts';
import { BELOW_MINIMUM, BEYOND_EXTREME, bandIndexFor, type RangeLimits } from '../../tables/firing-table.ts';
import {
  SMALL_ARMS_RANGE_TABLE,
  SMALL_ARMS_WEAPON_DEFS,
  SMALL_ARMS_WEAPONS,
  type SmallArmsWeapon,
} from '../../tables/small-arms.ts';
import { jc4, RANGE_BANDS, type RangeBand } from '../../vocabulary.ts';
import type { RangeFacts } from './facts.ts';
import { NO_FIRE_LABELS, type NoFireReason } from './result.ts';

const RANGE_RULE = jc4('Using The Fire Table', 'range front edge to front edge');

const NO_SUCH_BAND = -3;

/**
 * The index in `RANGE_BANDS` of the band the facts give or measure on the weapon's `row`; negative when
 * there is none: `BEYOND_EXTREME`, `BELOW_MINIMUM`, or `NO_SUCH_BAND` for a given band the weapon lacks.
 */
export function bandIndexFromFacts(row: RangeLimits, facts: RangeFacts, trace: Trace | undefined): number {
  if (facts.range !== undefined) {
    const i = RANGE_BANDS.indexOf(facts.range);
    const ok = row.limits[i] !== null;
    trace?.add({ rule: RANGE_RULE, label: `Range band given (${row.label})`, value: facts.range });
    return ok ? i : NO_SUCH_BAND;
  }
  const d = facts.distance ?? 0;
  const i = bandIndexFor(row, d);
  trace?.add({
    rule: RANGE_RULE,
    label: `Range band for ${measureText(d)}" (${row.label})`,
    value: i >= 0 ? RANGE_BANDS[i]! : i === BELOW_MINIMUM ? 'inside minimum range' : 'beyond extreme range',
  });
  return i;
}

/** Why a shot cannot be fired at the negative band index `i`. */
export function reasonForBand(i: number): NoFireReason {
  return i === BEYOND_EXTREME
    ? 'beyond-extreme-range'
    : i === BELOW_MINIMUM
      ? 'inside-minimum-range'
      : 'no-such-band';
}

export const RANGED_WEAPONS = [...SMALL_ARMS_WEAPONS, ...ARTILLERY_WEAPONS] as const;
export type RangedWeapon = SmallArmsWeapon | ArtilleryWeapon;

export interface RangeBandFacts {
  readonly weapon: RangedWeapon;
  readonly distance: number;
}

export interface RangeBandResult {
  /** The band, or null when the weapon cannot reach (or is too close, for mortars). */
  readonly band: RangeBand | null;
  readonly outOfRange: 'beyond-extreme-range' | 'inside-minimum-range' | null;
}

export function rangeLimitsFor(weapon: RangedWeapon): RangeLimits {
  return weapon in SMALL_ARMS_WEAPON_DEFS
    ? SMALL_ARMS_RANGE_TABLE.rows[SMALL_ARMS_WEAPON_DEFS[weapon as SmallArmsWeapon].rangeRow]
    : ARTILLERY_RANGE_TABLE.rows[weapon as ArtilleryWeapon];
}

export function resolveRangeBand(facts: RangeBandFacts, _dice: DiceSource, trace?: Trace): RangeBandResult {
  const i = bandIndexFromFacts(rangeLimitsFor(facts.weapon), facts, trace);
  if (i >= 0) return { band: RANGE_BANDS[i]!, outOfRange: null };
  return { band: null, outOfRange: i === BELOW_MINIMUM ? 'inside-minimum-range' : 'beyond-extreme-range' };
}

const rangeBandSchema = z
  .object({
    weapon: z.enum(RANGED_WEAPONS).describe('A small arm or artillery piece'),
    distance: z.number().min(0).max(200).describe('Distance in inches, front edge to front edge'),
  })
  .strict();

export const rangeBand: ProcedureDefinition<RangeBandFacts, RangeBandResult> = {
  id: 'range-band',
  title: 'Range band',
  summary: 'Which range band a distance falls in for a weapon (or that it cannot reach).',
  rule: jc4('Small Arms And Artillery Fire', 'range tables'),
  facts: rangeBandSchema as z.ZodType<RangeBandFacts>,
  rolls: [],
  examples: [
    { title: 'Rifled muskets at 4.5"', facts: { weapon: 'rifled-musket', distance: 4.5 }, dice: [] },
    {
      title: 'A British light mortar at 5" (inside its minimum range)',
      facts: { weapon: 'british-light-mortar', distance: 5 },
      dice: [],
    },
  ],
  resolve: resolveRangeBand,
  odds: [{ name: 'Range band', project: (r) => r.band ?? r.outOfRange ?? 'none' }],
  describe: (r) => [r.band ? `Range band: ${r.band}` : `Cannot fire: ${NO_FIRE_LABELS[r.outOfRange!]}`],
};
