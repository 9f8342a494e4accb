import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { jc3 } from '../vocabulary.ts';

/** The mandatory move the caught unit was making after losing a Confrontation. */
export const FLEEING_MOVES = ['fall-back', 'forced-back', 'rout'] as const;
export type FleeingMove = (typeof FLEEING_MOVES)[number];

export interface PursuitCatchFacts {
  readonly fleeingMove: FleeingMove;
  /** The fleeing unit's current stands. */
  readonly fleeingStands: number;
}

export interface PursuitCatchResult {
  /** A unit that Fell Back meets its pursuer in a normal Confrontation; otherwise stands are removed. */
  readonly next: 'confrontation' | 'stands-removed';
  /** The d6 thrown (null when a Confrontation follows instead). */
  readonly roll: number | null;
  readonly standsLost: number;
  readonly standsLeft: number;
  /** Every stand removed. */
  readonly destroyed: boolean;
}

const RULE = jc3('Orders', '21 Pursue');

/**
 * A pursuer catches a unit that lost a Confrontation (Part 3, Pursue order): if it Fell Back, a normal
 * Confrontation follows (resolve it with the 'confrontation' procedure); if it was Forced Back or
 * Routed, 1d6 of its stands are removed (never more than it has).
 */
export function resolvePursuitCatch(
  facts: PursuitCatchFacts,
  dice: DiceSource,
  trace?: Trace,
): PursuitCatchResult {
  if (facts.fleeingMove === 'fall-back') {
    trace?.add({
      rule: RULE,
      label: 'Caught a unit that Fell Back: resolve a normal Confrontation',
      value: 'confrontation',
    });
    return {
      next: 'confrontation',
      roll: null,
      standsLost: 0,
      standsLeft: facts.fleeingStands,
      destroyed: false,
    };
  }
  const roll = dice.roll(d6, 'pursuitLosses');
  const standsLost = Math.min(roll, facts.fleeingStands);
  const standsLeft = facts.fleeingStands - standsLost;
  trace?.add({
    rule: RULE,
    label: `Caught a unit that was ${facts.fleeingMove === 'rout' ? 'Routing' : 'Forced Back'}: 1d6 stands removed (of ${facts.fleeingStands})`,
    value: standsLost,
    roll: 'pursuitLosses',
  });
  return { next: 'stands-removed', roll, standsLost, standsLeft, destroyed: standsLeft === 0 };
}

export const pursuitCatchFactsSchema = z
  .object({
    fleeingMove: z
      .enum(FLEEING_MOVES)
      .describe(
        'The mandatory move the caught unit was making: fall-back (a Confrontation follows), forced-back or rout',
      ),
    fleeingStands: z.number().int().min(1).max(99).describe("The fleeing unit's current stands"),
  })
  .strict();

export const pursuitCatch: ProcedureDefinition<PursuitCatchFacts, PursuitCatchResult> = {
  id: 'pursuit-catch',
  title: 'Pursuer catches a fleeing unit',
  summary:
    'A pursuer that catches a beaten unit: a normal Confrontation if it Fell Back, else 1d6 of its stands removed.',
  rule: RULE,
  facts: pursuitCatchFactsSchema as z.ZodType<PursuitCatchFacts>,
  rolls: [{ key: 'pursuitLosses', dice: '1d6', when: 'if the caught unit was Forced Back or Routing' }],
  examples: [
    {
      title: 'Cavalry catch a routing battalion of 9 stands',
      facts: { fleeingMove: 'rout', fleeingStands: 9 },
      dice: [4],
    },
    {
      title: 'Infantry catch a unit that Fell Back: a Confrontation follows',
      facts: { fleeingMove: 'fall-back', fleeingStands: 10 },
      dice: [],
    },
  ],
  resolve: resolvePursuitCatch,
  odds: [
    { name: 'Stands removed', project: (r) => r.standsLost },
    { name: 'Destroyed', project: (r) => (r.destroyed ? 'destroyed' : 'not destroyed') },
  ],
  describe: (r) =>
    r.next === 'confrontation'
      ? ['The caught unit had Fallen Back: resolve a normal Confrontation (procedure "confrontation")']
      : [
          `1d6 = ${r.roll}: ${r.standsLost} stand${r.standsLost === 1 ? '' : 's'} removed, ${r.standsLeft} left${r.destroyed ? ' (destroyed)' : ''}`,
        ],
};
