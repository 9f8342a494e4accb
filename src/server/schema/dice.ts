import type { DiceInput } from '../../core/rules/run.ts';
import { checkDice as checkDiceInput } from '../../protocol/dice.ts';
import type { Problem } from '../../protocol/issues.ts';

/**
 * Checks a request's typed-in dice (its `dice` field: paths start with 'dice') with the protocol's
 * `checkDice` (src/protocol/dice.ts), which the CLI uses too.
 */
export function checkDice(
  dice: unknown,
  rollKeys: readonly string[],
): { ok: true; value: DiceInput } | { ok: false; problems: Problem[] } {
  const checked = checkDiceInput(dice, rollKeys);
  if (checked.ok) return checked;
  return { ok: false, problems: checked.problems.map((p) => ({ ...p, path: ['dice', ...p.path] })) };
}
