import fc from 'fast-check';
import { SuppliedDice } from '../../../../core/random/dice.ts';
import { oddsOf } from '../../../../core/rules/run.ts';
import { RESOLVE_STATUSES } from '../../vocabulary.ts';
import { type ConfrontationFacts, type ConfrontationResult, confrontationFactsSchema } from './facts.ts';
import { confrontation } from './index.ts';
import { LOSS_ROUNDINGS } from './loss-rounding.ts';
import { resolveConfrontation } from './resolve.ts';

/**
 * Shared fixtures of the Confrontation's tests: typed-in dice for a Random Factor, a Steady side, a
 * resolution with every die used, one odds view's probability, and arbitrary facts for the properties.
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

const USER_MODIFIERS = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
  'mass',
  'regular-light-cavalry',
  'open-order',
] as const;
export const POSITIVE = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
] as const;

const arbSide = fc.record({
  resolveLevel: fc.integer({ min: 1, max: 30 }),
  status: fc.constantFrom(...RESOLVE_STATUSES),
  stands: fc.integer({ min: 1, max: 24 }),
  extraStands: fc.integer({ min: 0, max: 15 }),
  modifiers: fc.subarray([...USER_MODIFIERS]),
});
export const arbFacts: fc.Arbitrary<ConfrontationFacts> = fc
  .record({
    charger: arbSide,
    target: arbSide,
    gaveFire: fc.boolean(),
    notSquaredUp: fc.boolean(),
    works: fc.boolean(),
    caught: fc.integer({ min: 0, max: 9 }),
    rounding: fc.constantFrom(...LOSS_ROUNDINGS),
    basis: fc.constantFrom('own', 'opponent'),
  })
  .map((a) => {
    const side = (s: typeof a.charger) => ({
      resolveLevel: s.resolveLevel,
      status: s.status,
      stands: s.stands,
      sideStands: s.stands + s.extraStands,
      modifiers: s.modifiers,
    });
    const caught = a.caught === 0;
    const canFire = !caught && a.target.status !== 'Wavering' && a.target.status !== 'Panicked';
    return confrontationFactsSchema.parse({
      charger: { ...side(a.charger), cavalryDidNotSquareUp: a.notSquaredUp },
      target: { ...side(a.target), defendingWorksOrSquare: a.works },
      targetGaveFire: canFire && a.gaveFire,
      targetCaughtEvading: caught,
      lossRounding: a.rounding,
      lossBasis: a.basis,
    }) as ConfrontationFacts;
  });
