import type { FastifyInstance } from 'fastify';
import { formatPath } from '../protocol/text.ts';

/**
 * The API's JSON body parser, which every route's body goes through before anything reads it. It bounds
 * what the code after it may have to recurse over, and refuses what could poison objects built from it:
 *
 * - size: at most MAX_BODY_BYTES (fastify's `bodyLimit`; more is a 413 `too-large` saying the limit);
 * - depth: objects and arrays nested at most MAX_BODY_DEPTH deep, counted by one pass over the text
 *   before it is parsed (more is a 400 `too-deep` saying the limit): the messages that quote a given
 *   value, zod and the engine all walk a body recursively, and no request of the API nests nearly as
 *   deep (a game record, the deepest, nests about 10);
 * - a `__proto__` key, or a `constructor` key holding a `prototype`, anywhere: a 400 `forbidden-key`
 *   naming where and why. Such keys are valid JSON, but copying them into an object can replace its
 *   prototype (prototype poisoning), and no request of the API has one.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const MAX_BODY_DEPTH = 64;

/** A body refused by the parser: its HTTP status, `error` code and message (see app.ts's error handler). */
export class BodyError extends Error {
  override readonly name = 'BodyError';
  constructor(
    readonly statusCode: number,
    readonly code: 'invalid-json' | 'too-deep' | 'forbidden-key',
    message: string,
  ) {
    super(message);
  }
}

/** Replaces fastify's JSON parser (application/json, with or without parameters) with `parseJsonBody`. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => {
      try {
        done(null, parseJsonBody(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

/** Parses a request body as JSON within the limits above; throws a `BodyError` saying what is wrong. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '')
    throw new BodyError(400, 'invalid-json', 'the body is empty: expected JSON (or send no content-type)');
  checkDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BodyError(400, 'invalid-json', `the body is not valid JSON: ${(error as Error).message}`);
  }
  checkKeys(value);
  return value;
}

/** Refuses text whose objects and arrays nest deeper than MAX_BODY_DEPTH (strings are skipped). */
function checkDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_BODY_DEPTH)
        throw new BodyError(
          400,
          'too-deep',
          `the body nests objects and arrays more than ${MAX_BODY_DEPTH} deep (at character ${i}): the limit is ${MAX_BODY_DEPTH} levels`,
        );
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

/** Refuses a `__proto__` key, or a `constructor` key holding a `prototype`, at any depth (see above). */
function checkKeys(root: unknown): void {
  const pending: { value: object; path: PropertyKey[] }[] = [];
  const visit = (child: unknown, path: PropertyKey[], key: PropertyKey) => {
    if (typeof child === 'object' && child !== null) pending.push({ value: child, path: [...path, key] });
  };
  if (typeof root === 'object' && root !== null) pending.push({ value: root, path: [] });
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value[i], path, i);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__' || (key === 'constructor' && hasPrototypeKey(child))) {
        const what = key === '__proto__' ? 'a "__proto__" key' : 'a "constructor" key holding a "prototype"';
        throw new BodyError(
          400,
          'forbidden-key',
          `the body has ${what} (at ${formatPath([...path, key])}): refused, since copying it into an object could change the prototype of every object (prototype poisoning); no request of the API has such a key`,
        );
      }
      visit(child, path, key);
    }
  }
}

function hasPrototypeKey(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype');
}
