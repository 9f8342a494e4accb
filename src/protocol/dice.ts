import type { DiceInput } from '../core/rules/run.ts';
import type { Problem } from './issues.ts';
import { closest, describeGiven } from './text.ts';

const DICE_EXPECTED =
  'a list of die faces in throw order (e.g. [3, 4]) or an object of lists by roll key (e.g. {"randomFactor": [3, 4]})';

/**
 * Checks typed-in dice: a list of whole numbers, or an object of such lists keyed by the procedure's
 * roll keys. Whether each face fits its die is checked as the dice are thrown. Each problem's path is
 * within the dice (`[]` for the dice themselves, `['randomFactor', 1]`): the shell says where they were
 * given (the CLI: `dice` or `--dice`; the API: the request's `dice` field).
 */
export function checkDice(
  dice: unknown,
  rollKeys: readonly string[],
): { ok: true; value: DiceInput } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const faces = (list: unknown, path: (string | number)[]): number[] | undefined => {
    if (!Array.isArray(list)) {
      problems.push({
        path,
        message: `expected a list of die faces (e.g. [3, 4]), got ${describeGiven(list)}`,
      });
      return undefined;
    }
    list.forEach((face, i) => {
      if (typeof face !== 'number' || !Number.isInteger(face)) {
        problems.push({
          path: [...path, i],
          message: `expected a die face (a whole number), got ${describeGiven(face)}`,
        });
      }
    });
    return list as number[];
  };
  if (Array.isArray(dice)) {
    const list = faces(dice, []);
    return problems.length || !list ? { ok: false, problems } : { ok: true, value: list };
  }
  if (dice === null || typeof dice !== 'object') {
    return {
      ok: false,
      problems: [{ path: [], message: `expected ${DICE_EXPECTED}, got ${describeGiven(dice)}` }],
    };
  }
  const byKey: Record<string, number[]> = {};
  for (const [key, list] of Object.entries(dice)) {
    if (!rollKeys.includes(key)) {
      const guess = closest(key, rollKeys);
      problems.push({
        path: [key],
        message: `unknown roll key (the roll keys are: ${rollKeys.join(', ') || 'none'}), got ${describeGiven(list)}${guess ? `; did you mean "${guess}"?` : ''}`,
      });
      continue;
    }
    const checked = faces(list, [key]);
    if (checked) byKey[key] = checked;
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: byKey };
}
