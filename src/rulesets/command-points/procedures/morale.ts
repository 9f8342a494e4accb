import { z } from 'zod';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { COMMAND_TABLE } from '../tables/command.ts';
import { MORALE_RETREAT_RULE, MORALE_ROUT_RULE, MORALE_TABLE, type MoraleTable } from '../tables/morale.ts';
import { cp } from '../vocabulary.ts';
import { takeDPoints } from './dpoints.ts';

export interface MoraleFacts {
  readonly dpoints: number;
  readonly bases: number;
  readonly startingBases: number;
  /** A friendly unit of lower grade than this one routed within 6" of it this turn. */
  readonly lowerGradeFriendRoutedNearby: boolean;
  /** Replaces Muster's reconstructed thresholds (a scenario override). */
  readonly thresholds?: Partial<Pick<MoraleTable, 'retreatAtDPoints' | 'routAtLossFraction'>>;
}

export const MORALE_ACTIONS = ['hold', 'retreat', 'rout'] as const;

export interface MoraleResult {
  readonly dpoints: number;
  readonly casualties: number;
  readonly action: (typeof MORALE_ACTIONS)[number];
}

/**
 * The morale phase for one unit: the surviving line (a friend of lower grade routing within 6" of it
 * costs it a D-point: the sentence's subject, the unit that routs, is the lower-grade one), then Muster's reconstruction: at the D-point cap a unit retreats one move, and routs if it
 * has also lost half its starting bases. No dice.
 */
export function resolveMorale(facts: MoraleFacts, trace?: Trace): MoraleResult {
  let { dpoints } = facts;
  let casualties = 0;
  if (facts.lowerGradeFriendRoutedNearby) {
    trace?.add({
      rule: cp('Morale', 'lower grade unit routs within 6"'),
      label: 'A friend of lower grade routed within 6"',
      value: true,
    });
    const taken = takeDPoints(
      { current: dpoints, inflicted: MORALE_TABLE.routShakesDPoints, cause: 'morale' },
      trace,
    );
    dpoints = taken.dpoints;
    casualties = taken.casualties;
  }
  const bases = facts.bases - casualties;
  const retreatAt = facts.thresholds?.retreatAtDPoints ?? MORALE_TABLE.retreatAtDPoints;
  const routAt = facts.thresholds?.routAtLossFraction ?? MORALE_TABLE.routAtLossFraction;
  if (dpoints < retreatAt) {
    trace?.add({ rule: MORALE_RETREAT_RULE, label: `${dpoints} D-points: holds`, value: 'hold' });
    return { dpoints, casualties, action: 'hold' };
  }
  const lost = (facts.startingBases - bases) / facts.startingBases;
  const action = lost >= routAt ? 'rout' : 'retreat';
  trace?.add({
    rule: action === 'rout' ? MORALE_ROUT_RULE : MORALE_RETREAT_RULE,
    label: `${dpoints} D-points, ${Math.round(lost * 100)}% of its bases lost: ${action}`,
    value: action,
  });
  return { dpoints, casualties, action };
}

export const moraleFactsSchema = z
  .object({
    dpoints: z.int().min(0).max(COMMAND_TABLE.maxDPoints).describe('D-points on the unit (0-5)'),
    bases: z.int().min(1).max(60).describe('Bases it has now'),
    startingBases: z.int().min(1).max(60).describe('Bases it started the battle with'),
    lowerGradeFriendRoutedNearby: z
      .boolean()
      .describe('A friendly unit of lower training grade routed within 6" of it this turn'),
    thresholds: z
      .object({
        retreatAtDPoints: z
          .int()
          .min(1)
          .max(5)
          .optional()
          .describe('D-points at which it retreats (Muster: 5)'),
        routAtLossFraction: z
          .number()
          .gt(0)
          .max(1)
          .optional()
          .describe('Fraction of bases lost at which it routs instead (Muster: 0.5)'),
      })
      .strict()
      .optional()
      .describe("Replacements for Muster's reconstructed morale thresholds"),
  })
  .strict()
  .refine((f) => f.bases <= f.startingBases, {
    message: 'bases cannot exceed the starting bases',
    path: ['bases'],
  });

export const morale: ProcedureDefinition<MoraleFacts, MoraleResult> = {
  id: 'morale',
  title: 'Morale',
  summary: 'Morale-provoked D-points, retreats and routs at the start of the turn.',
  rule: cp('Morale'),
  facts: moraleFactsSchema as unknown as z.ZodType<MoraleFacts>,
  rolls: [],
  examples: [
    {
      title: 'Regulars with 4 D-points see militia rout beside them',
      facts: { dpoints: 4, bases: 6, startingBases: 6, lowerGradeFriendRoutedNearby: true },
    },
    {
      title: 'A battalion at 5 D-points that has lost half its bases',
      facts: { dpoints: 5, bases: 3, startingBases: 6, lowerGradeFriendRoutedNearby: false },
    },
  ],
  resolve: (facts, _dice, trace) => resolveMorale(facts, trace),
  odds: [{ name: 'Action', project: (r) => r.action }],
  describe: (r) => [`${r.action}: ${r.dpoints} D-points${r.casualties ? `, ${r.casualties} casualty` : ''}`],
};
