import { parseSeed } from './input.ts';
import type { Registry } from './registry.ts';
import {
  type CliOutcome,
  EXIT_INTERNAL,
  EXIT_OK,
  EXIT_USAGE,
  fail,
  type ResolveRequest,
  resolveSituation,
} from './resolve.ts';

/**
 * `muster resolve` over many situations in one call: JSON Lines in (one situation a line, blank lines
 * skipped), JSON Lines out (one answer a line, in the order of the situations). An answer is the JSON
 * that `muster resolve` prints for one situation, on one line; a situation that cannot be resolved
 * answers `{"line": <its line number>, "error": "<the message>"}` and the others are still resolved
 * (exit code 2 if any could not be, 1 if Muster failed on one). With `--seed S`, the nth situation's
 * dice are seeded S + n - 1; without it, each situation without typed-in dice gets a seed of its own,
 * printed in its answer.
 */
export function resolveLines(
  request: ResolveRequest,
  text: string,
  randomSeed: () => number,
  registry?: Registry,
): CliOutcome {
  if (request.explain)
    return fail('--explain explains one situation: with JSON Lines every answer is a line of JSON');
  if (request.dice && request.dice.length > 0)
    return fail('--dice: with many situations, give each its typed-in dice in its own "dice" field');
  let first: number | undefined;
  if (request.seed !== undefined) {
    const seed = parseSeed(request.seed);
    if (!seed.ok) return fail(seed.errors.join('\n'));
    first = seed.value;
  }
  const answers: string[] = [];
  let situations = 0;
  let invalid = 0;
  let internal = 0;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const seed = first === undefined ? {} : { seed: String((first + situations) >>> 0) };
    situations++;
    const outcome = resolveSituation(
      { ...request, ...seed, source: `${request.source} line ${i + 1}`, compact: true },
      line,
      randomSeed,
      registry,
    );
    if (outcome.code === EXIT_OK) {
      answers.push(outcome.stdout.trimEnd());
      continue;
    }
    if (outcome.code === EXIT_USAGE) invalid++;
    else internal++;
    const error = outcome.stderr.replace(/^(internal )?error: /, '').trimEnd();
    answers.push(JSON.stringify({ line: i + 1, error }));
  }
  if (situations === 0) return fail(`${request.source} holds no situation (JSON Lines: one a line)`);
  const failed = invalid + internal;
  return {
    stdout: `${answers.join('\n')}\n`,
    stderr:
      failed === 0
        ? ''
        : `error: ${failed} of ${situations} situations could not be resolved; their answers are {"line", "error"}\n`,
    code: internal > 0 ? EXIT_INTERNAL : invalid > 0 ? EXIT_USAGE : EXIT_OK,
  };
}

/**
 * Whether input given without `--jsonl` is JSON Lines: it is not one JSON value, it has more than one
 * line, and its first line is a JSON value on its own.
 */
export function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    try {
      JSON.parse(lines[0]!);
      return true;
    } catch {
      return false;
    }
  }
}
