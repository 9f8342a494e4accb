import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { lookupRange, type RangeTable } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  CONTROL_CHART,
  CONTROL_OUTCOME_WORDS,
  type ControlOutcome,
  controlChart,
  LEADER_INFLUENCE,
  PERSONALITY_DIRECTION,
} from '../tables/command.ts';
import { LEADER_GRADES, type LeaderGrade, md, PERSONALITIES, type Personality } from '../vocabulary.ts';

export interface ControlFacts {
  /** Within 24" of its brigadier and in sight of him (3.1): no check. */
  readonly inControl: boolean;
  /** Shattered units take no check (3.1): they must rally. */
  readonly shattered: boolean;
  /** The senior leader attached to the unit, if any (3.3). */
  readonly leader?: {
    readonly grade: LeaderGrade;
    readonly personality: Personality;
    /** A Bold leader's choice, made after seeing the die: add or subtract. */
    readonly boldChoice?: 'add' | 'subtract';
  };
  /** The chart's bands, if the scenario replaces Muster's (rules-facts gap 31). */
  readonly bands?: { readonly noAdvanceAtMost: number; readonly chargeAtLeast: number };
}

export type ControlResult =
  | { readonly checked: false; readonly reason: 'in-control' | 'shattered' }
  | {
      readonly checked: true;
      readonly die: number;
      readonly score: number;
      readonly outcome: ControlOutcome;
    };

/** The leader's effect on the die (3.3): signed points. */
export function leaderInfluence(leader: ControlFacts['leader']): number {
  if (!leader) return 0;
  const points = LEADER_INFLUENCE.rows[leader.grade].points;
  const direction = PERSONALITY_DIRECTION[leader.personality];
  if (direction === 'choose')
    return leader.boldChoice === 'subtract' ? -points : leader.boldChoice === 'add' ? points : 0;
  return direction * points;
}

/** A Control Check (3.1-3.3): 1d6, moved by the senior attached leader's personality, read on the chart. */
export function resolveControlCheck(facts: ControlFacts, dice: DiceSource, trace?: Trace): ControlResult {
  if (facts.inControl || facts.shattered) {
    const reason = facts.shattered ? 'shattered' : 'in-control';
    trace?.add({
      rule: md('3.1 General Rule'),
      label: facts.shattered ? 'Shattered: no control check (it must rally)' : 'In control: no check',
      value: facts.shattered ? 'Shattered' : 'In control',
    });
    return { checked: false, reason };
  }
  const chart: RangeTable<ControlOutcome> = facts.bands ? controlChart(facts.bands) : CONTROL_CHART;
  const die = dice.roll(d6, 'control');
  trace?.add({
    rule: md('3.2 Control Check'),
    label: 'Control die',
    roll: 'control',
    value: die,
    total: die,
  });
  const delta = leaderInfluence(facts.leader);
  const score = die + delta;
  if (facts.leader)
    trace?.add({
      rule: LEADER_INFLUENCE.rows[facts.leader.grade].rule,
      label: `${facts.leader.personality} leader`,
      delta,
      total: score,
    });
  const outcome = lookupRange(chart, score).result;
  trace?.add({
    rule: chart.source,
    label: `Chart: ${CONTROL_OUTCOME_WORDS[outcome]}`,
    value: CONTROL_OUTCOME_WORDS[outcome],
  });
  return { checked: true, die, score, outcome };
}

const band = z.int().min(-1).max(9);

export const controlFactsSchema = z
  .strictObject({
    inControl: z.boolean().describe('Within 24" of its brigadier and in his sight: no check needed'),
    shattered: z.boolean().describe('Shattered units take no control check; they must rally'),
    leader: z
      .strictObject({
        grade: z
          .enum(LEADER_GRADES)
          .describe('company-or-irregular officers move the die 1, higher officers 2'),
        personality: z.enum(PERSONALITIES).describe("The senior attached leader's personality"),
        boldChoice: z
          .enum(['add', 'subtract'])
          .optional()
          .describe('A Bold leader adds or subtracts, chosen after the die is seen'),
      })
      .optional()
      .describe('The senior leader attached to the unit, if any'),
    bands: z
      .strictObject({
        noAdvanceAtMost: band.describe('Highest modified score that means "no advance" (Muster: 1)'),
        chargeAtLeast: band.describe('Lowest modified score that means "charge or shoot" (Muster: 6)'),
      })
      .refine((b) => b.noAdvanceAtMost < b.chargeAtLeast, 'noAdvanceAtMost must be below chargeAtLeast')
      .optional()
      .describe("The chart's bands, replacing Muster's reconstruction"),
  })
  .describe("A unit out of its brigadier's control");

export const controlCheck: ProcedureDefinition<ControlFacts, ControlResult> = {
  id: 'macduff-control-check',
  title: 'Control Check',
  summary: "What a unit out of its brigadier's control does: charge or shoot, act as desired, or hold back.",
  rule: md('3.2 Control Check'),
  facts: controlFactsSchema as z.ZodType<ControlFacts>,
  rolls: [{ key: 'control', dice: '1d6', when: 'when the unit is neither in control nor shattered' }],
  examples: [
    {
      title: 'Out-of-control troop whose rash captain pushes it into a charge',
      facts: {
        inControl: false,
        shattered: false,
        leader: { grade: 'company-or-irregular', personality: 'rash' },
      },
      dice: [5],
    },
    {
      title: 'The 2010 battle report: a troop rolls 6 and charges',
      facts: { inControl: false, shattered: false },
      dice: [6],
    },
  ],
  resolve: resolveControlCheck,
  odds: [{ name: 'Outcome', project: (r) => (r.checked ? r.outcome : r.reason) }],
  describe: (r) =>
    r.checked
      ? [`Control die ${r.die}, score ${r.score}: ${CONTROL_OUTCOME_WORDS[r.outcome]}`]
      : [r.reason === 'shattered' ? 'No check: shattered (it must rally)' : 'No check: in control'],
};
