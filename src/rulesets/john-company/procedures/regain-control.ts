import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { statusRank } from '../tables/reaction-table.ts';
import { jc3, musterDefault } from '../vocabulary.ts';
import {
  type ReactionFacts,
  type ReactionTestResult,
  reactionFactsShape,
  resolveReactionTest,
  withOrders,
} from './reaction-test.ts';

/** Who may try to stop a pursuit (Part 3, Pursue): regular infantry at will; regular cavalry after its first pursuit move; irregulars never. */
export const PURSUER_CLASSES = ['regular-infantry', 'regular-cavalry', 'irregular'] as const;
export type PursuerClass = (typeof PURSUER_CLASSES)[number];

export interface RegainControlFacts {
  readonly pursuer: PursuerClass;
  /** Regular cavalry may try only after its first pursuit move, and after a failure only a full turn later. */
  readonly mayTryNow: boolean;
  readonly unit: Omit<ReactionFacts, 'orders' | 'occasion'>;
}

export interface RegainControlResult {
  readonly allowed: boolean;
  readonly test?: ReactionTestResult;
  readonly regained: boolean;
}

/**
 * "Regaining Control" of a pursuit. The text names it without a procedure; Muster's reading (docs/rules/
 * john-company.md) is a Reaction Test on the Charge row where Steady or better regains control, mirroring Rally.
 */
export function resolveRegainControl(
  facts: RegainControlFacts,
  dice: DiceSource,
  trace?: Trace,
): RegainControlResult {
  const allowed = facts.pursuer !== 'irregular' && facts.mayTryNow;
  if (!allowed) {
    trace?.add({
      rule: jc3('Movement', 'Pursue'),
      label:
        facts.pursuer === 'irregular'
          ? 'Irregulars may not stop a pursuit voluntarily'
          : 'May not try to regain control yet',
      value: false,
    });
    return { allowed, regained: false };
  }
  const test = resolveReactionTest(withOrders(facts.unit, 'charge', 'regain-control'), dice, trace);
  const regained = statusRank(test.status) <= statusRank('Steady');
  trace?.add({
    rule: musterDefault('Regaining Control', 'Steady or better'),
    label: regained ? 'Control regained' : 'The pursuit goes on',
    value: regained,
  });
  return { allowed, test, regained };
}

const unitShape = (({ orders: _o, occasion: _c, ...rest }) => rest)(reactionFactsShape);

export const regainControlFactsSchema = z
  .object({
    pursuer: z
      .enum(PURSUER_CLASSES)
      .describe('regular-infantry, regular-cavalry, or irregular (may not stop voluntarily)'),
    mayTryNow: z
      .boolean()
      .describe(
        'Regular cavalry: true after its first pursuit move (and a full turn after a failed try); infantry: true',
      ),
    unit: z
      .object(unitShape)
      .strict()
      .describe('The pursuing unit, as for a reaction test (without orders or occasion)'),
  })
  .strict();

export const regainControl: ProcedureDefinition<RegainControlFacts, RegainControlResult> = {
  id: 'regain-control',
  title: 'Regaining Control of a pursuit',
  summary:
    'Whether a pursuing regular unit stops its pursuit (Muster reading: Steady or better on a reaction test).',
  rule: jc3('Movement', 'Pursue'),
  facts: regainControlFactsSchema as z.ZodType<RegainControlFacts>,
  rolls: [{ key: 'randomFactor', dice: '2d6: positive, negative', when: 'when the unit may try' }],
  examples: [
    {
      title: 'British light dragoons after their first pursuit move',
      facts: {
        pursuer: 'regular-cavalry',
        mayTryNow: true,
        unit: {
          resolveLevel: 17,
          origin: 'european',
          formation: 'close-order-line',
          positive: [{ id: 'mounted' }],
        },
      },
      dice: [1, 3],
    },
  ],
  resolve: resolveRegainControl,
  odds: [{ name: 'Control regained', project: (r) => (r.regained ? 'regained' : 'pursuit goes on') }],
  describe: (r) =>
    !r.allowed
      ? ['May not try to regain control']
      : [
          `Reaction level ${r.test!.level}: ${r.test!.status}`,
          r.regained ? 'Control regained' : 'The pursuit goes on',
        ],
};
