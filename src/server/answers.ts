import { z } from 'zod';
import type { ApiError, ApiIssue } from '../protocol/api.ts';
import { formatIssues, type Problem } from '../protocol/issues.ts';
import type { JsonSchema } from '../protocol/json-schema.ts';
import { inputJsonSchemaOf } from '../protocol/procedure-schema.ts';
import { formatPath } from '../protocol/text.ts';

/** A response body and its HTTP status: what the API's logic returns, before fastify sends it. */
export type Answer<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly status: number; readonly body: ApiError };

/** A seed of Muster's dice: 0 to 4294967295. */
export const SEED_SCHEMA = z.int().min(0).max(0xffffffff);

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

/**
 * Checks untrusted input against a zod schema. Problems are worded as for a procedure's facts: the
 * field path, what was expected (read from the schema's JSON Schema) and what was given.
 */
export function checkBody<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; problems: Problem[] } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = inputJsonSchemaOf(schema);
    jsonSchemas.set(schema, json);
  }
  return { ok: false, problems: formatIssues(parsed.error.issues, body, json) };
}

/** A 400 for bad input, every problem with its field path in the request body. */
export function invalidInput(what: string, problems: readonly Problem[]): Answer<never> {
  return { ok: false, status: 400, body: invalidInputBody(what, problems) };
}

export function invalidInputBody(what: string, problems: readonly Problem[]): ApiError {
  const n = problems.length;
  return {
    error: 'invalid-input',
    message: `${what} (${n} ${n === 1 ? 'problem' : 'problems'})`,
    issues: problems.map(toIssue),
  };
}

function toIssue(problem: Problem): ApiIssue {
  return { path: formatPath(problem.path), message: problem.message };
}
