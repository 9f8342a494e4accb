import type { z } from 'zod';
import { formatIssues as formatProblems, problemLine } from '../protocol/issues.ts';
import type { JsonSchema } from '../protocol/json-schema.ts';

/**
 * Turns zod's issues for `input` into one line each, naming the field path, what was expected (read
 * from the JSON Schema of the facts, so bounds and allowed values are spelled out) and what was given:
 * `resolveLevel: expected an integer from 1 to 30, got "high" (a string)`. The wording is the
 * protocol's (src/protocol/issues.ts); a long list of allowed values points to `--help`.
 */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  schema: JsonSchema,
): string[] {
  return formatProblems(issues, input, schema, { moreValues: 'see --help' }).map(problemLine);
}
