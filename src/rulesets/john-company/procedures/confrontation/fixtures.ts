import { SuppliedDice } from '../../../../core/random/dice.ts';
import { oddsOf } from '../../../../core/rules/run.ts';
import type { ConfrontationFacts, ConfrontationResult } from './facts.ts';
import { confrontation } from './index.ts';
import { resolveConfrontation } from './resolve.ts';

/**
 * Shared fixtures of the Confrontation's tests: typed-in dice for a Random Factor, a Steady side, a
 * resolution with every die used and one odds view's probability. (The properties' arbitrary facts are
 * in properties.test.ts: fast-check is for tests only, and src/rulesets is pure outside them.)
 */

/** Random Factor faces (positive, negative) giving `v`. */
export const rf = (v: number) => (v >= 0 ? [1 + v, 1] : [1, 1 - v]);
export const steady = (
  resolveLevel: number,
  more: Partial<ConfrontationFacts['target']> = {},
): ConfrontationFacts['target'] => ({
  resolveLevel,
  status: 'Steady',
  stands: 16,
  ...more,
});
/** Resolves with typed-in dice by key, rejecting unused ones. */
export function run(facts: ConfrontationFacts, dice: Record<string, number[]>): ConfrontationResult {
  const supplied = new SuppliedDice(dice);
  const result = resolveConfrontation(facts, supplied);
  supplied.assertAllUsed();
  return result;
}
export const zeroRfs = { chargerRandomFactor: rf(0), targetRandomFactor: rf(0) };
export const noEvents = { chargerEventDie: [6], targetEventDie: [6] };
export const probabilityOf = (facts: ConfrontationFacts, view: string, outcome: string | number) =>
  oddsOf(confrontation, facts)
    .find((v) => v.name === view)!
    .outcomes.filter((o) => o.outcome === outcome)
    .reduce((p, o) => p + o.probability, 0);
