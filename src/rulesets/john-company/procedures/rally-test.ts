import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { statusRank } from '../tables/reaction-table.ts';
import { jc3, jc4, LEADERSHIPS, type Leadership, type ResolveStatus } from '../vocabulary.ts';
import {
  type ReactionFacts,
  type ReactionTestResult,
  reactionFactsShape,
  resolveReactionTest,
  withOrders,
} from './reaction-test.ts';

/** The rally requirements of Part 4 ("Rallying"), each a fact the referee confirms or the table derives. */
export const RALLY_REQUIREMENTS = [
  'general-in-base-contact',
  'general-may-rally-this-unit',
  'clear-of-enemy-charge',
  'no-casualties-since-last-test',
  'status-needs-rallying',
] as const;
export type RallyRequirement = (typeof RALLY_REQUIREMENTS)[number];

export interface RallyFacts {
  readonly unit: Omit<ReactionFacts, 'orders' | 'occasion' | 'generalInContact' | 'lastStatus'>;
  /** The unit's current status: only Shaken, Wavering or Panicked units rally. */
  readonly status: ResolveStatus;
  /** British units may be rallied by any General Officer; native units only by their own original leaders. */
  readonly british: boolean;
  /** The General Officer attempting the rally, if one is in base contact. */
  readonly general?: { readonly leadership: Leadership; readonly ownOriginalLeader: boolean };
  /** Outside the nearest enemy's charge range, or impassable terrain or steady friends intervene. */
  readonly clearOfEnemyCharge: boolean;
  readonly casualtiesSinceLastTest: boolean;
}

export interface RallyResult {
  /** Requirements not met; empty when the rally may be attempted. */
  readonly unmet: readonly RallyRequirement[];
  readonly test?: ReactionTestResult;
  /** Steady or better: the mandatory move stops and the unit may receive orders next turn. */
  readonly rallied: boolean;
}

/**
 * A rally attempt (Part 4, "Rallying"): if every requirement holds, a Reaction Test with the General's
 * Leadership; Steady or better rallies. A failed attempt also stops the General detaching this turn (Part 3).
 */
export function resolveRally(facts: RallyFacts, dice: DiceSource, trace?: Trace): RallyResult {
  const unmet: RallyRequirement[] = [];
  if (!facts.general) unmet.push('general-in-base-contact');
  else if (!facts.british && !facts.general.ownOriginalLeader) unmet.push('general-may-rally-this-unit');
  if (!facts.clearOfEnemyCharge) unmet.push('clear-of-enemy-charge');
  if (facts.casualtiesSinceLastTest) unmet.push('no-casualties-since-last-test');
  if (statusRank(facts.status) < statusRank('Shaken')) unmet.push('status-needs-rallying');
  if (unmet.length > 0) {
    trace?.add({
      rule: jc4('Rallying', 'requirements'),
      label: `Cannot rally: ${unmet.join(', ')}`,
      value: false,
    });
    return { unmet, rallied: false };
  }
  trace?.add({ rule: jc4('Rallying', 'requirements'), label: 'Every rally requirement is met', value: true });
  const test = resolveReactionTest(
    withOrders(facts.unit, 'defend', 'rally', {
      lastStatus: facts.status,
      generalInContact: facts.general!.leadership,
    }),
    dice,
    trace,
  );
  const rallied = statusRank(test.status) <= statusRank('Steady');
  trace?.add(
    rallied
      ? { rule: jc4('Rallying'), label: 'Steady or better: rallied', value: true }
      : {
          rule: jc3('General Officers', 'failed rally'),
          label: 'Below Steady: not rallied; the General may not detach this turn',
          value: false,
        },
  );
  return { unmet, test, rallied };
}

const unitShape = (({ orders: _o, occasion: _c, generalInContact: _g, lastStatus: _l, ...rest }) => rest)(
  reactionFactsShape,
);

export const rallyFactsSchema = z
  .object({
    unit: z
      .object(unitShape)
      .strict()
      .describe('The unit, as for a reaction test (without orders, occasion or general)'),
    status: z
      .enum(['Resolute', 'Confident', 'Steady', 'Shaken', 'Wavering', 'Panicked'])
      .describe("The unit's current Resolve Status"),
    british: z
      .boolean()
      .describe('British units may be rallied by any General Officer; native units only by their own'),
    general: z
      .object({
        leadership: z.enum(LEADERSHIPS).describe('His Leadership'),
        ownOriginalLeader: z.boolean().describe("Whether he is one of the unit's own original leaders"),
      })
      .strict()
      .optional()
      .describe('The General Officer in base contact, if any'),
    clearOfEnemyCharge: z
      .boolean()
      .describe(
        "Outside the nearest enemy's charge range, or impassable terrain or a friendly unit intervenes",
      ),
    casualtiesSinceLastTest: z
      .boolean()
      .describe('Whether the unit has lost stands since its last reaction test'),
  })
  .strict();

export const rallyTest: ProcedureDefinition<RallyFacts, RallyResult> = {
  id: 'rally-test',
  title: 'Rally Test',
  summary:
    'Whether a Shaken, Wavering or Panicked unit with a General in contact rallies (Steady or better).',
  rule: jc4('Rallying'),
  facts: rallyFactsSchema as z.ZodType<RallyFacts>,
  rolls: [{ key: 'randomFactor', dice: '2d6: positive, negative', when: 'when every requirement is met' }],
  examples: [
    {
      title: 'A Wavering sepoy battalion rallied by its own Inspiring brigadier',
      facts: {
        unit: {
          resolveLevel: 15,
          origin: 'indian',
          formation: 'close-order-line',
          positive: [{ id: 'close-order' }],
        },
        status: 'Wavering',
        british: false,
        general: { leadership: 'Inspiring', ownOriginalLeader: true },
        clearOfEnemyCharge: true,
        casualtiesSinceLastTest: false,
      },
      dice: [4, 2],
    },
  ],
  resolve: resolveRally,
  odds: [
    { name: 'Rallied', project: (r) => (r.rallied ? 'rallied' : 'not rallied') },
    { name: 'Resolve Status', project: (r) => r.test?.status ?? 'no test' },
  ],
  describe: (r) =>
    r.unmet.length > 0
      ? [`Cannot attempt a rally: ${r.unmet.join(', ')}`]
      : [
          `Rally test: level ${r.test!.level}, ${r.test!.status}`,
          r.rallied ? 'Rallied' : 'Not rallied (the General may not detach this turn)',
        ],
};
