import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { AppliedModifier } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import type { NegativeReactionModifierId } from '../tables/reaction-modifiers.ts';
import { MOVEMENT_RESULTS, statusRank } from '../tables/reaction-table.ts';
import { jc3, ORDER_TYPES, type OrderType } from '../vocabulary.ts';
import {
  type ReactionFacts,
  type ReactionTestResult,
  reactionFactsShape,
  resolveReactionTest,
  withOrders,
} from './reaction-test.ts';

/**
 * Who is testing in a charge, and what the rules add for it:
 * - charger: tests in Step 4 on its Charge row (Part 3, step 4; Part 4, When To Make A Reaction Test);
 * - target: tests when the charger's or its own card is drawn, on its own orders' row;
 * - target-changing-orders: the target takes a new order in Step 4 (-2, "Changing Orders");
 * - target-counter-charging: a new Charge order, so -2 and the Charge row;
 * - supporting-counter-charge: supporting cavalry counter-charging a charger (-2, Support order);
 * - continuing-after-shock: the charge uncovered an unseen enemy behind skirmishers and goes on ("Shocked", -1 Dice);
 * - meeting-new-enemy: a charging or pursuing unit meeting a new enemy tests again as Disordered (-4) and must
 *   be Steady or better to go ahead (Part 3, Pursue).
 */
export const CHARGE_ROLES = [
  'charger',
  'target',
  'target-changing-orders',
  'target-counter-charging',
  'supporting-counter-charge',
  'continuing-after-shock',
  'meeting-new-enemy',
] as const;
export type ChargeRole = (typeof CHARGE_ROLES)[number];

export interface ChargeTestFacts {
  readonly role: ChargeRole;
  readonly unit: Omit<ReactionFacts, 'orders' | 'occasion'>;
  /** The target's order type (for 'target' and 'target-changing-orders': its new order). */
  readonly targetOrders?: OrderType | 'without-orders';
}

export interface ChargeTestResult {
  readonly test: ReactionTestResult;
  /**
   * For chargers and counter-chargers: whether the charge goes in (a Charge row result with the Charge Bonus).
   * For the second tests: whether the unit may go ahead (Steady or better). For targets: whether it stands
   * (no mandatory move).
   */
  readonly goesAhead: boolean;
}

const ROLE_MODIFIER: Readonly<Record<ChargeRole, NegativeReactionModifierId | undefined>> = {
  charger: undefined,
  target: undefined,
  'target-changing-orders': 'changing-orders',
  'target-counter-charging': 'changing-orders',
  'supporting-counter-charge': 'counter-charging-support',
  'continuing-after-shock': 'shocked',
  'meeting-new-enemy': 'disordered',
};

function ordersFor(facts: ChargeTestFacts): OrderType | 'without-orders' {
  const role = facts.role;
  if (role === 'target' || role === 'target-changing-orders') return facts.targetOrders ?? 'defend';
  return 'charge';
}

/** A reaction test taken because of a charge, with the modifiers its role adds (see `CHARGE_ROLES`). */
export function resolveChargeTest(facts: ChargeTestFacts, dice: DiceSource, trace?: Trace): ChargeTestResult {
  const extra = ROLE_MODIFIER[facts.role];
  const listed = facts.unit.negative ?? [];
  const negative: readonly AppliedModifier<NegativeReactionModifierId>[] =
    extra && !listed.some((m) => m.id === extra) ? [...listed, { id: extra }] : listed;
  const isTarget = facts.role === 'target' || facts.role === 'target-changing-orders';
  const test = resolveReactionTest(
    withOrders(facts.unit, ordersFor(facts), isTarget ? 'charge-target' : 'charging', { negative }),
    dice,
    trace,
  );
  const movement = MOVEMENT_RESULTS[test.movement];
  const goesAhead =
    facts.role === 'continuing-after-shock' || facts.role === 'meeting-new-enemy'
      ? statusRank(test.status) <= statusRank('Steady')
      : isTarget
        ? movement.mandatory === undefined
        : movement.chargeBonus && movement.followsOrders;
  return { test, goesAhead };
}

const unitShape = (({ orders: _o, occasion: _c, ...rest }) => rest)(reactionFactsShape);

export const chargeTestFactsSchema = z
  .object({
    role: z.enum(CHARGE_ROLES).describe('Who is testing and why (see docs/cli.md)'),
    unit: z
      .object(unitShape)
      .strict()
      .describe('The testing unit, as for a reaction test (without orders or occasion)'),
    targetOrders: z
      .enum([...ORDER_TYPES, 'without-orders'])
      .optional()
      .describe('For a target: its order type (its new one if changing orders); default defend'),
  })
  .strict();

export const chargeTest: ProcedureDefinition<ChargeTestFacts, ChargeTestResult> = {
  id: 'charge-test',
  title: 'Charge Test',
  summary:
    'The reaction test of a charger, its target, a counter-charger or a unit testing again during a charge.',
  rule: jc3('Sequence of Play', 'step 4: initiate charges'),
  facts: chargeTestFactsSchema as z.ZodType<ChargeTestFacts>,
  rolls: [
    { key: 'shocked', dice: '1d6 (-1 Dice)', when: 'continuing after a shock' },
    { key: 'randomFactor', dice: '2d6: positive, negative', when: 'always' },
    { key: 'withoutOrders', dice: '1d6', when: 'a target without orders at Steady or better' },
  ],
  examples: [
    {
      title: 'Native irregular horse, Resolve 13, charging in mass',
      facts: {
        role: 'charger',
        unit: { resolveLevel: 13, origin: 'indian', formation: 'mass', positive: [{ id: 'mounted' }] },
      },
      dice: [5, 2],
    },
    {
      title: 'The target, a British line, changing its order to form square',
      facts: {
        role: 'target-changing-orders',
        targetOrders: 'defend',
        unit: {
          resolveLevel: 18,
          origin: 'european',
          formation: 'close-order-line',
          positive: [{ id: 'close-order' }],
        },
      },
      dice: [2, 4],
    },
  ],
  resolve: resolveChargeTest,
  odds: [
    { name: 'Goes ahead', project: (r) => (r.goesAhead ? 'yes' : 'no') },
    { name: 'Resolve Status', project: (r) => r.test.status },
    { name: 'Effect on movement', project: (r) => MOVEMENT_RESULTS[r.test.movement].label },
  ],
  describe: (r) => [
    `Final Modified Resolve Level ${r.test.level}: ${r.test.status}`,
    `Movement: ${MOVEMENT_RESULTS[r.test.movement].label}`,
    r.goesAhead ? 'Goes ahead' : 'Does not go ahead',
  ],
};
