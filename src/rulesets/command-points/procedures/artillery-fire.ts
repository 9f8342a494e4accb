import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  ARTILLERY_MODIFIERS,
  ARTILLERY_RANGES,
  ARTILLERY_SCORE_RANGE,
  type ArtilleryModifierId,
  type ArtilleryRangeBand,
  type GunRanges,
  LIGHT_GUN_RANGES_RULE,
  LONG_RANGE_EFFECTS,
  SHORT_RANGE_EFFECTS,
} from '../tables/artillery.ts';
import { cp, GUN_CLASSES, type GunClass } from '../vocabulary.ts';

/** The most guns one resolution throws for (one d6 each). */
export const MAX_GUNS = 6;

export interface ArtilleryFireFacts {
  readonly gunClass: GunClass;
  /** Inches from gun to target. */
  readonly distance: number;
  readonly guns: number;
  readonly modifiers: readonly AppliedModifier<ArtilleryModifierId>[];
  /** Replaces the range table's row for this class (a scenario override of the light-gun ranges). */
  readonly ranges?: GunRanges;
}

export interface ArtilleryFireResult {
  readonly band: ArtilleryRangeBand | 'out-of-range';
  /** Each gun's modified score, in throw order. */
  readonly scores: readonly number[];
  readonly dpoints: number;
  readonly casualties: number;
}

/** The range band of a gun at `distance` inches, or out of range. */
export function artilleryBand(
  gunClass: GunClass,
  distance: number,
  ranges?: GunRanges,
): ArtilleryFireResult['band'] {
  const r = ranges ?? ARTILLERY_RANGES.rows[gunClass];
  return distance <= r.short ? 'short' : distance <= r.long ? 'long' : 'out-of-range';
}

function clampScore(score: number): number {
  return Math.max(ARTILLERY_SCORE_RANGE.min, Math.min(ARTILLERY_SCORE_RANGE.max, score));
}

/**
 * Artillery fire (Firing - Artillery): one d6 per gun, each modified, read on the long- or short-range
 * line; the D-points and casualties of every gun are added up.
 */
export function resolveArtilleryFire(
  facts: ArtilleryFireFacts,
  dice: DiceSource,
  trace?: Trace,
): ArtilleryFireResult {
  const band = artilleryBand(facts.gunClass, facts.distance, facts.ranges);
  trace?.add({
    rule: facts.gunClass === 'light' ? LIGHT_GUN_RANGES_RULE : cp('Firing - Artillery', 'heavy guns ranges'),
    label: `Range ${measureText(facts.distance)}"`,
    value: band,
  });
  if (band === 'out-of-range') return { band, scores: [], dpoints: 0, casualties: 0 };
  const table = band === 'short' ? SHORT_RANGE_EFFECTS : LONG_RANGE_EFFECTS;
  const scores: number[] = [];
  let dpoints = 0;
  let casualties = 0;
  for (let g = 1; g <= facts.guns; g++) {
    const key = `gun${g}`;
    const roll = dice.roll(d6, key);
    trace?.add({
      rule: cp('Firing - Artillery', 'one D6 per gun'),
      label: `Gun ${g} throws`,
      total: roll,
      roll: key,
    });
    const score = applyModifiers(ARTILLERY_MODIFIERS, facts.modifiers, roll, dice, trace);
    const row = lookupRange(table, clampScore(score));
    trace?.add({
      rule: table.source,
      label: `Gun ${g} scores ${score}`,
      value: `${row.result.dpoints} DP, ${row.result.casualties} casualty`,
    });
    scores.push(score);
    dpoints += row.result.dpoints;
    casualties += row.result.casualties;
  }
  return { band, scores, dpoints, casualties };
}

/** The untraced resolver for these facts, summing the modifiers once (odds and the game use it). */
export function prepareArtilleryFire(facts: ArtilleryFireFacts): (dice: DiceSource) => ArtilleryFireResult {
  const band = artilleryBand(facts.gunClass, facts.distance, facts.ranges);
  const { fixed } = summarizeModifiers(ARTILLERY_MODIFIERS, facts.modifiers);
  const table = band === 'short' ? SHORT_RANGE_EFFECTS : LONG_RANGE_EFFECTS;
  return (dice) => {
    if (band === 'out-of-range') return { band, scores: [], dpoints: 0, casualties: 0 };
    const scores: number[] = [];
    let dpoints = 0;
    let casualties = 0;
    for (let g = 1; g <= facts.guns; g++) {
      const score = dice.roll(d6, `gun${g}`) + fixed;
      const row = lookupRange(table, clampScore(score));
      scores.push(score);
      dpoints += row.result.dpoints;
      casualties += row.result.casualties;
    }
    return { band, scores, dpoints, casualties };
  };
}

export const artilleryFireFactsSchema = z
  .object({
    gunClass: z
      .enum(GUN_CLASSES)
      .describe('heavy (42" long, 10" short) or light (Muster: 30" long, 8" short)'),
    distance: z.number().min(0).max(200).describe('Inches from the gun to its target'),
    guns: z.int().min(1).max(MAX_GUNS).describe('Guns firing (one d6 each)'),
    modifiers: modifierListSchema(ARTILLERY_MODIFIERS),
    ranges: z
      .object({
        short: z.number().positive().describe('Short range, inches'),
        long: z.number().positive().describe('Long range, inches'),
      })
      .strict()
      .optional()
      .describe("This class's ranges, replacing Muster's table (light guns: a reconstruction)"),
  })
  .strict()
  .superRefine((f, ctx) => {
    const ids = new Set(f.modifiers.map((m) => m.id));
    if (ids.has('new-target') && ids.has('same-target-same-range'))
      ctx.addIssue({
        code: 'custom',
        path: ['modifiers'],
        message: 'a gun fires at a new target or at the same one, not both',
      });
  });

export const artilleryFire: ProcedureDefinition<ArtilleryFireFacts, ArtilleryFireResult> = {
  id: 'artillery-fire',
  title: 'Artillery Fire',
  summary: 'The D-points and casualties a battery inflicts: one modified d6 per gun.',
  rule: cp('Firing - Artillery'),
  facts: artilleryFireFactsSchema as unknown as z.ZodType<ArtilleryFireFacts>,
  rolls: Array.from({ length: MAX_GUNS }, (_, i) => ({
    key: `gun${i + 1}`,
    dice: '1d6',
    when: i === 0 ? 'when the target is in range' : `when ${i + 1} or more guns fire at a target in range`,
    ...(i === 0 ? {} : { whenAtLeast: { field: 'guns', value: i + 1 } }),
  })),
  examples: [
    {
      title: 'Two heavy guns at a column 9" away, firing at it again at the same range',
      facts: {
        gunClass: 'heavy',
        distance: 9,
        guns: 2,
        modifiers: [{ id: 'target-column-limbered-or-enfiladed' }, { id: 'same-target-same-range' }],
      },
      dice: [5, 2],
    },
    {
      title: 'Three heavy guns with 1 D-point at a line 30" away, a new target',
      facts: {
        gunClass: 'heavy',
        distance: 30,
        guns: 3,
        modifiers: [{ id: 'new-target' }, { id: 'dpoints-on-gun', count: 1 }],
      },
      dice: [6, 5, 3],
    },
  ],
  resolve: resolveArtilleryFire,
  prepare: prepareArtilleryFire,
  odds: [
    { name: 'D-points inflicted', project: (r) => r.dpoints },
    { name: 'Casualties inflicted', project: (r) => r.casualties },
  ],
  describe: (r) =>
    r.band === 'out-of-range'
      ? ['Out of range']
      : [
          `${r.band} range, scores ${r.scores.join(', ')}`,
          `${r.dpoints} D-points, ${r.casualties} casualties`,
        ],
};
