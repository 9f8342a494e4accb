import { z } from 'zod';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  COMMAND_TABLE,
  DPOINT_CAUSES,
  type DPointCause,
  EXCESS_BECOMES_CASUALTY,
  REDRESS_TABLE,
} from '../tables/command.ts';
import { cp, TRAINING_GRADES, type TrainingGrade } from '../vocabulary.ts';
import { byTrainingGrade } from './grade-schema.ts';

export interface DPointsFacts {
  /** D-points the unit carries now. */
  readonly current: number;
  readonly inflicted: number;
  readonly cause: DPointCause;
}

export interface DPointsResult {
  /** D-points it carries after. */
  readonly dpoints: number;
  /** D-points above the cap that became casualties (bases removed). */
  readonly casualties: number;
  /** D-points above the cap that were ignored (manoeuvre). */
  readonly ignored: number;
}

/**
 * D-points taken up to the cap of 5 (D. Points and Casualties); beyond it those of fire, combat or
 * morale are casualties, those of manoeuvre are ignored. No dice.
 */
export function takeDPoints(facts: DPointsFacts, trace?: Trace): DPointsResult {
  const room = Math.max(0, COMMAND_TABLE.maxDPoints - facts.current);
  const taken = Math.min(room, facts.inflicted);
  const excess = facts.inflicted - taken;
  const dpoints = facts.current + taken;
  trace?.add({
    rule: cp('D. Points and Casualties', 'maximum of 5'),
    label: 'D-points taken',
    delta: taken,
    total: dpoints,
  });
  if (excess === 0) return { dpoints, casualties: 0, ignored: 0 };
  const toCasualties = EXCESS_BECOMES_CASUALTY[facts.cause];
  trace?.add({
    rule: cp(
      'D. Points and Casualties',
      toCasualties ? 'further DPs as casualties' : 'manoeuvre DPs ignored',
    ),
    label: toCasualties ? 'D-points above the cap become casualties' : 'D-points above the cap are ignored',
    value: excess,
  });
  return toCasualties
    ? { dpoints, casualties: excess, ignored: 0 }
    : { dpoints, casualties: 0, ignored: excess };
}

export const dpointsFactsSchema = z
  .object({
    current: z.int().min(0).max(COMMAND_TABLE.maxDPoints).describe('D-points the unit carries now (0-5)'),
    inflicted: z.int().min(0).max(30).describe('D-points inflicted on it'),
    cause: z.enum(DPOINT_CAUSES).describe('What inflicted them: fire, combat, morale or manoeuvre'),
  })
  .strict();

export const dpointsProcedure: ProcedureDefinition<DPointsFacts, DPointsResult> = {
  id: 'd-points',
  title: 'D-Points',
  summary: 'D-points taken up to the cap of 5, and the casualties the excess becomes.',
  rule: cp('D. Points and Casualties'),
  facts: dpointsFactsSchema as z.ZodType<DPointsFacts>,
  rolls: [],
  examples: [
    { title: 'A unit with 4 D-points takes 3 from fire', facts: { current: 4, inflicted: 3, cause: 'fire' } },
    {
      title: 'A unit with 5 D-points takes 2 from manoeuvre',
      facts: { current: 5, inflicted: 2, cause: 'manoeuvre' },
    },
  ],
  resolve: (facts, _dice, trace) => takeDPoints(facts, trace),
  odds: [{ name: 'Casualties', project: (r) => r.casualties }],
  describe: (r) => [
    `${r.dpoints} D-points`,
    `${r.casualties} casualties`,
    ...(r.ignored ? [`${r.ignored} ignored`] : []),
  ],
};

export interface RedressFacts {
  readonly current: number;
  /** Command points spent on removing D-points (one each). */
  readonly pointsSpent: number;
  /** The unit did not move this turn (Muster's reconstruction: good troops redress by halting). */
  readonly halted: boolean;
  readonly grade: TrainingGrade;
  /** Replaces Muster's free removal by grade (a scenario override). */
  readonly freeRemovalWhenHalted?: Partial<Record<TrainingGrade, number>>;
}

export interface RedressResult {
  readonly bySpending: number;
  readonly byHalting: number;
  readonly remaining: number;
}

/** Removing D-points: 1 per command point spent (Command), then by halting (Muster's reconstruction). */
export function resolveRedress(facts: RedressFacts, trace?: Trace): RedressResult {
  const bySpending = Math.min(facts.current, facts.pointsSpent);
  let remaining = facts.current - bySpending;
  trace?.add({
    rule: cp('Command', 'one CP removes one DP'),
    label: 'Removed by command points',
    delta: -bySpending,
    total: remaining,
  });
  const free = facts.halted
    ? (facts.freeRemovalWhenHalted?.[facts.grade] ?? REDRESS_TABLE.freeRemovalWhenHalted[facts.grade])
    : 0;
  const byHalting = Math.min(remaining, free);
  remaining -= byHalting;
  if (facts.halted)
    trace?.add({
      rule: REDRESS_TABLE.source,
      label: `Shed by halting (${facts.grade} class)`,
      delta: -byHalting,
      total: remaining,
    });
  return { bySpending, byHalting, remaining };
}

export const redressFactsSchema = z
  .object({
    current: z.int().min(0).max(COMMAND_TABLE.maxDPoints).describe('D-points the unit carries now (0-5)'),
    pointsSpent: z.int().min(0).max(12).describe('Command points spent on it to remove D-points (one each)'),
    halted: z.boolean().describe('Whether the unit stayed halted this turn'),
    grade: z.enum(TRAINING_GRADES).describe('Its training grade, 1st (elite) to 5th (poor militia)'),
    freeRemovalWhenHalted: byTrainingGrade(z.int().min(0).max(5))
      .optional()
      .describe("D-points shed by halting, by grade, replacing Muster's reconstruction (2,1,1,0,0)"),
  })
  .strict();

export const redress: ProcedureDefinition<RedressFacts, RedressResult> = {
  id: 'redress',
  title: 'Redressing Ranks',
  summary: 'D-points removed by command points and, for good troops, by halting.',
  rule: cp('Command', 'remove a single D. Point'),
  facts: redressFactsSchema as z.ZodType<RedressFacts>,
  rolls: [],
  examples: [
    {
      title: 'A halted 2nd-class battalion with 3 D-points, given 1 point',
      facts: { current: 3, pointsSpent: 1, halted: true, grade: '2nd' },
    },
    {
      title: 'Militia on the move, given 2 points for 4 D-points',
      facts: { current: 4, pointsSpent: 2, halted: false, grade: '5th' },
    },
  ],
  resolve: (facts, _dice, trace) => resolveRedress(facts, trace),
  odds: [{ name: 'D-points remaining', project: (r) => r.remaining }],
  describe: (r) => [
    `Removed ${r.bySpending} by command points, ${r.byHalting} by halting: ${r.remaining} left`,
  ],
};
