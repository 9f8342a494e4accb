import { SuppliedDice } from '../../../../core/random/dice.ts';
import { resolveMovementAllowance } from './allowance.ts';
import { type MovementAllowanceResult, type MovementFacts, movementFactsSchema } from './facts.ts';

/**
 * Shared fixtures of the movement-allowance tests: a move resolved with typed-in dice (every die used),
 * a British close-order line unless the facts say otherwise, and the facts' schema check.
 */

export const move = (
  facts: Partial<MovementFacts>,
  dice: readonly number[] | Readonly<Record<string, readonly number[]>> = [],
): MovementAllowanceResult => {
  const d = new SuppliedDice(dice);
  const r = resolveMovementAllowance(
    { troop: 'british-infantry', formation: 'close-order-line', ...facts } as MovementFacts,
    d,
  );
  d.assertAllUsed();
  return r;
};
export const parse = (facts: unknown) => movementFactsSchema.safeParse(facts);
