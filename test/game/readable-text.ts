import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { overPreciseNumbers } from '../../src/core/rules/measure.ts';

/**
 * What a player should not read in a line of the training battle (scenarios/training-village-ford.json):
 * an id of its units or Generals (outside the names that contain the same word: "Mounted spearmen" holds
 * the id "spearmen"), a camelCase field, or a number with more decimals than a player reads.
 */
export const TRAINING_SCENARIO = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../scenarios/training-village-ford.json'), 'utf8'),
) as {
  readonly units: readonly { readonly id: string; readonly name: string }[];
  readonly generals: readonly { readonly id: string; readonly name: string }[];
};
const NAMED = [...TRAINING_SCENARIO.units, ...TRAINING_SCENARIO.generals];
/** The names of the training battle's units and Generals. */
export const TRAINING_NAMES: readonly string[] = NAMED.map((u) => u.name);
const BY_LENGTH = [...TRAINING_NAMES].sort((a, b) => b.length - a.length);

/** Each unreadable thing in `line`, with the line. */
export function unreadable(line: string): string[] {
  let rest = line;
  for (const name of BY_LENGTH) rest = rest.replaceAll(name, ' ');
  const ids = NAMED.map((u) => u.id).filter((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(rest));
  const camel = rest.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? [];
  return [...ids, ...camel, ...overPreciseNumbers(line)].map((bad) => `${bad} in: ${line}`);
}
