import type { z } from 'zod';
import { workedOutMessage } from '../core/rules/schemas.ts';
import { deref, describeSchema, type JsonSchema, schemaAt } from './json-schema.ts';
import { closest, describeGiven, didYouMean, formatPath, joinWords, suggest, valueAt } from './text.ts';

/**
 * Input errors as every shell words them: zod's issues turned into problems, each naming the field path,
 * what was expected and what was given. The CLI prints them as lines (`problemLine`); the API sends the
 * path and the message apart.
 */

type Issue = z.core.$ZodIssue;

/** One problem with an input: where (a path of keys and indexes) and what was expected and given. */
export interface Problem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the whole input is called in messages when the path is empty. */
const ROOT_NAME = 'the situation';

/** A problem as one line: `resolveLevel: expected an integer from 1 to 30, got "high" (a string)`. */
export function problemLine(problem: Problem): string {
  return `${formatPath(problem.path) || ROOT_NAME}: ${problem.message}`;
}

/**
 * Turns zod's issues for `input` into problems, each naming the field path, what was expected (read
 * from the JSON Schema of the facts, so bounds and allowed values are spelled out) and what was given.
 *
 * A union's issues are reduced to the branch the input was evidently meant for (an object for an
 * object, a string for an enum), so a mistyped modifier id reads as one clear error.
 */
export function formatIssues(
  issues: readonly Issue[],
  input: unknown,
  schema: JsonSchema,
  options: IssueOptions = {},
): Problem[] {
  const problems: Problem[] = [];
  const ctx: Context = {
    input,
    root: schema,
    schemaFor: (path) => schemaAt(schema, path),
    ...(options.moreValues === undefined ? {} : { moreValues: options.moreValues }),
  };
  for (const issue of issues) {
    for (const p of formatIssue(issue, [], ctx)) {
      if (!problems.some((q) => problemLine(q) === problemLine(p))) problems.push(p);
    }
  }
  return problems;
}

/** How messages are worded where shells differ. */
export interface IssueOptions {
  /** Where a long list of allowed values, summarised, points for the rest (the CLI: "see --help"). */
  readonly moreValues?: string;
}

interface Context {
  readonly input: unknown;
  readonly root: JsonSchema;
  readonly moreValues?: string;
  /** The schema at a path, within the union branches chosen so far. */
  readonly schemaFor: (path: readonly PropertyKey[]) => JsonSchema | undefined;
}

/** `ctx` with the union at `path` narrowed to its branch `index`. */
function intoBranch(ctx: Context, path: readonly PropertyKey[], index: number, count: number): Context {
  const at = ctx.schemaFor(path);
  const node = at ? deref(ctx.root, at) : undefined;
  const branches = node?.anyOf ?? node?.oneOf;
  const branch = branches?.length === count ? branches[index] : undefined;
  if (!branch) return ctx;
  return {
    ...ctx,
    schemaFor: (p) =>
      p.length >= path.length && path.every((k, i) => p[i] === k)
        ? schemaAt(ctx.root, p.slice(path.length), branch)
        : ctx.schemaFor(p),
  };
}

function formatIssue(issue: Issue, prefix: readonly PropertyKey[], ctx: Context): Problem[] {
  const path = [...prefix, ...issue.path];
  const where = formatPath(path) || ROOT_NAME;
  const given = valueAt(ctx.input, path);
  switch (issue.code) {
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (issue.errors.length === 0 && options && options.length > 0) {
        const texts = options.map((o) => JSON.stringify(o));
        const strings = options.filter((o): o is string => typeof o === 'string');
        const guesses = typeof given === 'string' ? suggest(given, strings) : [];
        return [
          {
            path,
            message: `expected ${texts.length === 1 ? texts[0] : `one of ${joinWords(texts)}`}, got ${describeGiven(given)}${didYouMean(guesses)}`,
          },
        ];
      }
      const index = likelyBranch(issue.errors, given);
      if (index !== undefined) {
        const inner = intoBranch(ctx, path, index, issue.errors.length);
        return issue.errors[index]!.flatMap((sub) => formatIssue(sub, path, inner));
      }
      return [expectedGot(path, given, ctx, issue.message)];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const at = ctx.schemaFor(path);
        const fields = Object.keys((at && objectBranch(ctx.root, at, given)?.properties) ?? {});
        const guess = closest(
          key,
          fields.filter((f) => f !== key),
        );
        const known = fields.length
          ? ` (the fields${path.length ? ` of ${where}` : ''} are: ${fields.join(', ')})`
          : '';
        return {
          path: [...path, key],
          message: `unknown field${known}, got ${describeGiven(valueAt(ctx.input, [...path, key]))}${guess ? `; did you mean "${guess}"?` : ''}`,
        };
      });
    case 'custom':
      return [
        { path, message: path.length ? `${issue.message}, got ${describeGiven(given)}` : issue.message },
      ];
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.map((sub) => ({ path, message: sub.message }));
    case 'invalid_value': {
      const instead = typeof given === 'string' ? workedOut(ctx, path)[given] : undefined;
      if (instead) return [{ path, message: workedOutMessage(given as string, instead) }];
      const problem = expectedGot(path, given, ctx, issue.message);
      const options = issue.values.filter((v): v is string => typeof v === 'string');
      const node = ctx.schemaFor(path);
      const descriptions = (node && deref(ctx.root, node)['x-descriptions']) ?? {};
      const guesses = typeof given === 'string' ? suggest(given, options, descriptions) : [];
      return [guesses.length ? { path, message: `${problem.message}${didYouMean(guesses)}` } : problem];
    }
    default:
      return [expectedGot(path, given, ctx, issue.message)];
  }
}

function expectedGot(path: readonly PropertyKey[], given: unknown, ctx: Context, fallback: string): Problem {
  const node = ctx.schemaFor(path);
  const expected = node
    ? describeSchema(node, {
        root: ctx.root,
        mode: 'error',
        ...(ctx.moreValues === undefined ? {} : { moreValues: ctx.moreValues }),
      })
    : undefined;
  const got = `got ${describeGiven(given)}${given === undefined && path.length ? ' (the field is required)' : ''}`;
  return { path, message: expected ? `expected ${expected}, ${got}` : `${lowerFirst(fallback)}, ${got}` };
}

/** The values a field refuses because Muster works them out, each with the fact to give instead. */
function workedOut(ctx: Context, path: readonly PropertyKey[]): Readonly<Record<string, string>> {
  const node = ctx.schemaFor(path);
  const found = node ? deref(ctx.root, node)['x-worked-out'] : undefined;
  return found !== null && typeof found === 'object' ? (found as Record<string, string>) : {};
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The union branch the input was meant for: drop branches that rejected the input's type outright,
 * then those that rejected a discriminating value; one left is the one.
 */
function likelyBranch(branches: readonly (readonly Issue[])[], given: unknown): number | undefined {
  const kind = kindOf(given);
  const rejectsType = (i: Issue) =>
    i.path.length === 0 &&
    (i.code === 'invalid_type' || (i.code === 'invalid_value' && !i.values.some((v) => kindOf(v) === kind)));
  let candidates = branches.flatMap((issues, i) => (issues.some(rejectsType) ? [] : [i]));
  if (candidates.length > 1) {
    const narrowed = candidates.filter(
      (i) => !branches[i]!.some((issue) => issue.path.length === 1 && issue.code === 'invalid_value'),
    );
    if (narrowed.length > 0) candidates = narrowed;
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The object schema at `node` that `given` was meant for: itself, or the union branch sharing most keys. */
function objectBranch(root: JsonSchema, node: JsonSchema, given: unknown): JsonSchema | undefined {
  const n = deref(root, node);
  if (n.properties) return n;
  const record = given !== null && typeof given === 'object' ? (given as Record<string, unknown>) : {};
  const keys = Object.keys(record);
  let best: JsonSchema | undefined;
  let bestShared = -1;
  for (const b of n.anyOf ?? n.oneOf ?? []) {
    const candidate = objectBranch(root, b, given);
    if (!candidate?.properties) continue;
    const props = candidate.properties;
    // A branch whose discriminating constant differs from the given value is not the one meant.
    const mismatch = Object.entries(props).some(
      ([k, p]) => 'const' in p && k in record && record[k] !== p.const,
    );
    if (mismatch) continue;
    const shared = keys.filter((k) => k in props).length;
    if (shared > bestShared) {
      best = candidate;
      bestShared = shared;
    }
  }
  return best;
}
