import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6Successes } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { SIXES, skirmishFireDice } from '../rolls.ts';
import { COMMAND_TABLE } from '../tables/command.ts';
import { INFANTRY_FIRE_TABLE } from '../tables/infantry.ts';
import { cp } from '../vocabulary.ts';

const section = 'Firing - Infantry';

export const FIRE_TARGETS = ['formed', 'skirmishers', 'artillery'] as const;
export type FireTarget = (typeof FIRE_TARGETS)[number];

export interface InfantryFireFacts {
  readonly bases: number;
  readonly dpoints: number;
  readonly weapon: 'musket' | 'rifle';
  /** Inches to the target. */
  readonly distance: number;
  readonly target: FireTarget;
  readonly targetInWorks: boolean;
  /** The firers are in skirmish order: they re-roll 5s (Muster's reading). */
  readonly skirmishers: boolean;
}

export interface InfantryFireResult {
  readonly inRange: boolean;
  readonly dice: number;
  readonly sixes: number;
  readonly rerolls: number;
  readonly rerollHits: number;
  readonly dpoints: number;
}

/**
 * Dice thrown: the bases, halved against skirmishers or guns and halved again in works (rounding up),
 * less the D-points. The text halves "the number of bases", so the halving comes first and each D-point
 * still costs a whole die (Muster's reading; see docs/rules/command-points.md).
 */
export function infantryFireDice(facts: InfantryFireFacts, trace?: Trace): number {
  let n = facts.bases;
  trace?.add({ rule: cp(section, 'one D6 per base'), label: 'Bases', total: n });
  if (facts.target !== 'formed') {
    n = Math.ceil(n / 2);
    trace?.add({
      rule: cp(section, 'half the bases against skirmishers or artillery'),
      label: `Bases halved against ${facts.target}`,
      total: n,
    });
  }
  if (facts.targetInWorks) {
    n = Math.ceil(n / 2);
    trace?.add({
      rule: cp(section, 'half again in fieldworks or buildings'),
      label: 'Halved again: target in works',
      total: n,
    });
  }
  const less = Math.min(n, facts.dpoints);
  n -= less;
  trace?.add({
    rule: cp(section, 'less the number of D. Points'),
    label: `Less ${facts.dpoints} D-point(s)`,
    delta: -less,
    total: n,
  });
  return n;
}

/**
 * Infantry fire (Firing - Infantry): each 6 inflicts one D-point; skirmishers re-roll each 5 and the
 * re-roll inflicts one on 4-6 (Muster's reading (a) of the garbled sentence).
 */
export function resolveInfantryFire(
  facts: InfantryFireFacts,
  dice: DiceSource,
  trace?: Trace,
): InfantryFireResult {
  const range = INFANTRY_FIRE_TABLE.range[facts.weapon];
  const inRange = facts.distance <= range;
  trace?.add({
    rule: cp(section, 'ranges'),
    label: `${facts.weapon} range ${measureText(range)}"`,
    value: inRange,
  });
  const none = { inRange, dice: 0, sixes: 0, rerolls: 0, rerollHits: 0, dpoints: 0 };
  if (!inRange) return none;
  const n = infantryFireDice(facts, trace);
  if (n === 0) return none;
  let sixes: number;
  let rerolls = 0;
  if (facts.skirmishers) {
    const v = dice.roll(skirmishFireDice(n), 'fire');
    sixes = Math.floor(v / SIXES);
    rerolls = v % SIXES;
  } else sixes = dice.roll(d6Successes(n, INFANTRY_FIRE_TABLE.hitOn, 0), 'fire');
  trace?.add({
    rule: cp(section, 'each 6 inflicts 1 DP'),
    label: `${n} dice: ${sixes} sixes`,
    total: sixes,
    roll: 'fire',
  });
  let rerollHits = 0;
  if (rerolls > 0) {
    rerollHits = dice.roll(d6Successes(rerolls, INFANTRY_FIRE_TABLE.skirmisherRerollHitOn, 0), 'reroll');
    trace?.add({
      rule: cp(section, 'skirmishers roll again on a 5'),
      label: `${rerolls} fives re-rolled: ${rerollHits} at 4+`,
      delta: rerollHits,
      total: sixes + rerollHits,
      roll: 'reroll',
    });
  }
  return { inRange, dice: n, sixes, rerolls, rerollHits, dpoints: sixes + rerollHits };
}

export const infantryFireFactsSchema = z
  .object({
    bases: z.int().min(0).max(30).describe('Bases in the firing unit'),
    dpoints: z.int().min(0).max(COMMAND_TABLE.maxDPoints).describe('D-points on the firing unit'),
    weapon: z.enum(['musket', 'rifle']).describe('musket (0-8") or rifle (0-10")'),
    distance: z.number().min(0).max(200).describe('Inches to the target'),
    target: z
      .enum(FIRE_TARGETS)
      .describe('formed troops, skirmishers or artillery (the last two halve the bases)'),
    targetInWorks: z.boolean().describe('Target in fieldworks or buildings (halves the bases again)'),
    skirmishers: z.boolean().describe('The firers are in skirmish order (they re-roll 5s)'),
  })
  .strict();

export const infantryFire: ProcedureDefinition<InfantryFireFacts, InfantryFireResult> = {
  id: 'infantry-fire',
  title: 'Infantry Fire',
  summary:
    "The D-points a unit's musketry inflicts: a d6 per base (halved against skirmishers, guns and works) less D-points, each 6 a D-point.",
  rule: cp(section),
  facts: infantryFireFactsSchema as z.ZodType<InfantryFireFacts>,
  rolls: [
    { key: 'fire', dice: '1d6 per die of fire', when: 'in range with at least one die' },
    { key: 'reroll', dice: '1d6 per 5 thrown', when: 'skirmishers who threw 5s' },
  ],
  examples: [
    {
      title: 'A battalion of 6 bases with 2 D-points volleys at a line at 6"',
      facts: {
        bases: 6,
        dpoints: 2,
        weapon: 'musket',
        distance: 6,
        target: 'formed',
        targetInWorks: false,
        skirmishers: false,
      },
      dice: [6, 3, 6, 1],
    },
    {
      title: 'Riflemen in skirmish order (3 bases) fire at gunners in a battery at 9"',
      facts: {
        bases: 3,
        dpoints: 0,
        weapon: 'rifle',
        distance: 9,
        target: 'artillery',
        targetInWorks: false,
        skirmishers: true,
      },
      dice: [5, 6, 4],
    },
  ],
  resolve: resolveInfantryFire,
  odds: [{ name: 'D-points inflicted', project: (r) => r.dpoints }],
  describe: (r) =>
    r.inRange
      ? [`${r.dice} dice: ${r.sixes} sixes, ${r.rerollHits} re-roll hits`, `${r.dpoints} D-points`]
      : ['Out of range'],
};
