import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6Successes } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  FIRE_OPTIONS,
  FIRE_OPTIONS_TABLE,
  type FireOption,
  NATIONAL_MODIFIER_VALUE,
  NATIONAL_MODIFIER_WORDS,
  NATIONAL_MODIFIERS,
  type NationalModifier,
  type RangeBand,
  rangeBandOf,
  SMALL_ARM_CLASSES,
  SMALL_ARMS_TABLE,
  type SmallArmClass,
  TO_HIT,
} from '../tables/small-arms.ts';
import { md } from '../vocabulary.ts';

export interface SmallArmsFacts {
  readonly weapon: SmallArmClass;
  /** Figures able to fire: the two front ranks, in range, arc and sight (8.1). */
  readonly eligibleFigures: number;
  readonly option: FireOption;
  /** Distance to the target, inches. */
  readonly rangeInches: number;
  readonly national: NationalModifier;
  /** Light horse or irregular cavalry firing mounted (8.9). */
  readonly mounted: boolean;
  /** A regular unit in close order that has not fired since it last rallied (8.4 c). */
  readonly freshCloseOrderRegular: boolean;
  /** Replacement close and long ranges for this weapon, if the scenario gives its own (gap 33). */
  readonly ranges?: { readonly close: number; readonly long: number };
}

export interface SmallArmsResult {
  readonly band: RangeBand | 'out-of-range';
  /** Dice per volley: one per 2 firing figures, a remainder of half or more counting (8.1). */
  readonly dicePerVolley: number;
  readonly volleys: number;
  readonly score: number;
  readonly hits: number;
  readonly smoke: number;
  readonly mustRally: boolean;
}

/** Whether a unit may use a fire option with this weapon (8.4-8.7). */
export function fireOptionAllowed(
  weapon: SmallArmClass,
  option: FireOption,
  freshCloseOrderRegular: boolean,
): boolean {
  const row = FIRE_OPTIONS_TABLE.rows[option];
  const loading = SMALL_ARMS_TABLE.rows[weapon].loading;
  if (!row.loadings.includes(loading)) return false;
  if (loading === 'patched-ball') return option === 'volley-and-move';
  return !row.freshCloseOrderRegularsOnly || freshCloseOrderRegular;
}

/** Dice for a number of figures: one per 2, a remainder of half or more counts (8.1). */
export function diceForFigures(figures: number): number {
  return Math.ceil(figures / 2);
}

/**
 * Small-arms fire (8): one die per 2 firing figures, each volley; close range hits on 4-6, long on 5-6,
 * mounted fire on 6 only; the national modifier on every die.
 */
export function resolveSmallArms(facts: SmallArmsFacts, dice: DiceSource, trace?: Trace): SmallArmsResult {
  const weapon = { ...SMALL_ARMS_TABLE.rows[facts.weapon], ...facts.ranges };
  const option = FIRE_OPTIONS_TABLE.rows[facts.option];
  const band = rangeBandOf(weapon, facts.rangeInches);
  if (!band) {
    trace?.add({
      rule: weapon.rule,
      label: `${measureText(facts.rangeInches)}" is beyond long range (${weapon.long}")`,
      value: 0,
    });
    return {
      band: 'out-of-range',
      dicePerVolley: 0,
      volleys: 0,
      score: 0,
      hits: 0,
      smoke: 0,
      mustRally: false,
    };
  }
  const firing =
    option.share === 1 ? facts.eligibleFigures : Math.round(facts.eligibleFigures * option.share);
  const perVolley = diceForFigures(firing);
  trace?.add({
    rule: option.rule,
    label: `${firing} figures fire, ${option.volleys} volley(s)`,
    value: perVolley,
  });
  const score = facts.mounted ? TO_HIT.mounted.score : TO_HIT[band].score;
  trace?.add({
    rule: facts.mounted ? TO_HIT.mounted.rule : TO_HIT[band].rule,
    label: `${band} range: ${score}+`,
    value: score,
  });
  const bonus = NATIONAL_MODIFIER_VALUE[facts.national];
  if (bonus !== 0)
    trace?.add({
      rule: md('8.3 National Modifiers'),
      label: NATIONAL_MODIFIER_WORDS[facts.national],
      delta: bonus,
    });
  let hits = 0;
  if (perVolley > 0)
    for (let v = 0; v < option.volleys; v++) {
      const h = dice.roll(d6Successes(perVolley, score, bonus), 'fire');
      hits += h;
      trace?.add({
        rule: md('8.2 To Hit'),
        label: `Volley ${v + 1}: ${perVolley} dice`,
        roll: 'fire',
        delta: h,
        total: hits,
      });
    }
  return {
    band,
    dicePerVolley: perVolley,
    volleys: option.volleys,
    score,
    hits,
    smoke: option.smoke,
    mustRally: option.mustRally,
  };
}

export const smallArmsFactsSchema = z
  .strictObject({
    weapon: z.enum(SMALL_ARM_CLASSES).describe('The small-arms class'),
    eligibleFigures: z
      .int()
      .min(0)
      .max(200)
      .describe('Figures in the two front ranks with the target in arc and sight'),
    option: z
      .enum(FIRE_OPTIONS)
      .describe(
        'How it fires: stand, half-and-move, volley-and-move, fire-and-move, stand-twice, stand-four',
      ),
    rangeInches: z.number().min(0).max(200).describe('Distance to the target, inches'),
    national: z
      .enum(NATIONAL_MODIFIERS)
      .describe('Boers and Metis +1; other natives fighting the British -1'),
    mounted: z.boolean().describe('Light horse or irregular cavalry firing from the saddle (hits on 6 only)'),
    freshCloseOrderRegular: z
      .boolean()
      .describe(
        'A regular unit in close order that has not fired since it last rallied (may volley and move)',
      ),
    ranges: z
      .strictObject({ close: z.number().positive(), long: z.number().positive() })
      .optional()
      .describe("The weapon's close and long ranges, replacing Muster's reconstruction"),
  })
  .superRefine((f, ctx) => {
    if (!fireOptionAllowed(f.weapon, f.option, f.freshCloseOrderRegular))
      ctx.addIssue({
        code: 'custom',
        path: ['option'],
        message: `${f.weapon} may not use the ${f.option} option here`,
      });
  })
  .describe('A unit firing small arms');

export const smallArmsFire: ProcedureDefinition<SmallArmsFacts, SmallArmsResult> = {
  id: 'macduff-small-arms',
  title: 'Small Arms Fire',
  summary: "Hits from a unit's small-arms fire: one die per 2 figures, 4-6 at close range, 5-6 at long.",
  rule: md('8. Small Arms'),
  facts: smallArmsFactsSchema as unknown as z.ZodType<SmallArmsFacts>,
  rolls: [
    { key: 'fire', dice: 'one d6 per 2 firing figures, per volley', when: 'when the target is in range' },
  ],
  examples: [
    {
      title: 'A company of the 44th, stand and fire at 6" with smoothbores',
      facts: {
        weapon: 'smoothbore-musket',
        eligibleFigures: 9,
        option: 'stand',
        rangeInches: 6,
        national: 'none',
        mounted: false,
        freshCloseOrderRegular: true,
      },
      dice: [4, 2, 6, 5, 1],
    },
    {
      title: 'Afridi jezzailchis at long range',
      facts: {
        weapon: 'rifled-muzzle-loader',
        eligibleFigures: 6,
        option: 'half-and-move',
        rangeInches: 20,
        national: 'native-against-british',
        mounted: false,
        freshCloseOrderRegular: false,
      },
      dice: [6, 5],
    },
  ],
  resolve: resolveSmallArms,
  odds: [{ name: 'Hits', project: (r) => r.hits }],
  describe: (r) => [
    r.band === 'out-of-range'
      ? 'Out of range'
      : `${r.band} range, ${r.volleys} x ${r.dicePerVolley} dice at ${r.score}+: ${r.hits} hits`,
  ],
};
