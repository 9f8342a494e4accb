import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { RULE_SETS } from '../../src/game/registry.ts';
import type { CreatedGame, GamePlay } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { buildApp } from '../../src/server/app.ts';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '../../src/server/json-body.ts';
import { SqliteGameStore } from '../../src/server/sqlite-store.ts';
import { SCENARIOS, tempDir } from './fixtures.ts';

/**
 * A seeded fuzzer of every route of the HTTP API and the static app: requests made from the routes'
 * own paths and bodies, then broken (malformed, oversized, deeply nested, wrong-typed, hostile bodies;
 * odd content types, seat-key headers, methods and paths), sent through fastify's inject(). Every answer
 * must be below 500, carry the security headers, and every error be the documented `{ error, message }`.
 * `npm test` runs a sample (test/web/fuzz.test.ts); `npm run bench:fuzz` at least 100,000 (bench/fuzz.ts).
 */

export interface FuzzRequest {
  readonly method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'HEAD' | 'OPTIONS';
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The raw body text (undefined: none). */
  readonly body?: string;
}

/** A finding: an answer that broke a promise, and the request that got it. */
export interface FuzzFinding {
  readonly request: FuzzRequest;
  readonly status: number;
  readonly problem: string;
  readonly body: string;
}

/** The server under fuzz, with games to aim at: their ids, seat keys and a few of their legal commands. */
export interface FuzzTarget {
  readonly app: FastifyInstance;
  readonly games: readonly { id: string; keys: readonly string[]; sides: readonly string[] }[];
  readonly commands: readonly unknown[];
  readonly record: unknown;
  close(): Promise<void>;
}

export async function fuzzTarget(): Promise<FuzzTarget> {
  const temp = tempDir('fuzz');
  const webRoot = join(temp.dir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'export {};\n');
  writeFileSync(join(webRoot, '.hidden'), 'not for the web\n');
  let seed = 0;
  const store = new SqliteGameStore({ file: ':memory:', scenarios: SCENARIOS, randomSeed: () => seed++ });
  const app = await buildApp({ store, scenarios: SCENARIOS, webRoot, randomSeed: () => 7 });
  const games: { id: string; keys: string[]; sides: string[] }[] = [];
  const commands: unknown[] = [];
  let record: unknown;
  for (const [scenario, players] of [
    ['plassey-1757', undefined],
    ['plassey-1757', { company: 'human', nawab: 'computer' }],
    ['training-village-ford', undefined],
  ] as const) {
    const created = (
      await app.inject({ method: 'POST', url: '/api/games', payload: { scenario, seed: 11, players } })
    ).json<CreatedGame>();
    const keys = Object.values(created.seatKeys ?? {});
    const sides = Object.keys(created.players);
    games.push({ id: created.id, keys, sides });
    for (const side of sides) {
      const play = (
        await app.inject({
          url: `/api/games/${created.id}/play?viewer=${side}`,
          headers: { [SEAT_KEY_HEADER]: keys.join(', ') },
        })
      ).json<GamePlay>();
      commands.push(...play.legal.slice(0, 20).map((command) => ({ side, command })));
    }
    record ??= (
      await app.inject({
        url: `/api/games/${created.id}/export`,
        headers: { [SEAT_KEY_HEADER]: keys.join(', ') },
      })
    ).json();
  }
  return {
    app,
    games,
    commands,
    record,
    close: async () => {
      await app.close();
      await store.close();
      temp.cleanup();
    },
  };
}

/** Strings that have broken servers: traversal, encodings, prototypes, control characters, lengths. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%zz',
  '%',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '9007199254740993',
  '<script>alert(1)</script>',
  "'; DROP TABLE games; --",
  '\u202e\u0000\ufeff',
  '😀'.repeat(40),
  'x'.repeat(5000),
  '.hidden',
  'index.html',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
);

/** A path segment: valid, unknown, or hostile (URL-encoded or raw). */
function segment(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom('no-such-thing', 'x') },
    { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(s)) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  );
}

/** Nested arrays and objects `depth` deep, as text (JSON.stringify would recurse). */
function nested(depth: number, object: boolean): string {
  return object
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A JSON value with its fields broken: one replaced, removed, added or retyped, or the whole wrapped. */
function broken(good: unknown): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constantFrom(null, true, -1, 0.5, 1e308, '', 'x', [], {}, [[]], 2 ** 32, -(2 ** 53)),
    hostileString,
    fc.jsonValue({ maxDepth: 3 }),
  );
  if (typeof good !== 'object' || good === null || Array.isArray(good)) return wrong;
  const keys = Object.keys(good);
  if (keys.length === 0)
    return fc.oneof(
      wrong,
      fc.tuple(hostileString, wrong).map(([k, v]) => ({ [k]: v })),
    );
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), wrong).map(([k, v]) => ({ ...good, [k]: v })),
    fc.constantFrom(...keys).map((k) => {
      const { [k]: _gone, ...rest } = good as Record<string, unknown>;
      return rest;
    }),
    fc.tuple(hostileString, wrong).map(([k, v]) => ({ ...good, [k]: v })),
    fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...keys))
      .map(([k, into]) => ({ ...good, [into]: { [k]: (good as Record<string, unknown>)[k] } })),
    fc.constant([good]),
  );
}

/** A body: a route's good one, broken, or hostile text (deep, huge, poisoned, malformed). */
function body(goods: readonly unknown[]): fc.Arbitrary<string | undefined> {
  const good = fc.constantFrom(...goods);
  return fc.oneof(
    { weight: 30, arbitrary: good.map((g) => JSON.stringify(g)) },
    { weight: 50, arbitrary: good.chain(broken).map((v) => JSON.stringify(v)) },
    { weight: 15, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(fc.integer({ min: MAX_BODY_DEPTH - 2, max: MAX_BODY_DEPTH + 2 }), fc.boolean())
        .map(([depth, object]) => nested(depth, object)),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(fc.constantFrom(5000, 100_000), fc.boolean()).map(([d, o]) => nested(d, o)),
    },
    {
      weight: 10,
      arbitrary: good.map((g) =>
        JSON.stringify(g).replace(
          /^\{/,
          '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},',
        ),
      ),
    },
    { weight: 5, arbitrary: fc.constant('{"a":{"\\u005f_proto__":{"x":1}}}') },
    // Large bodies, rare: each costs milliseconds.
    {
      weight: 1,
      arbitrary: fc.constantFrom(MAX_BODY_BYTES - 64, MAX_BODY_BYTES + 1).map((n) => `"${'x'.repeat(n)}"`),
    },
    { weight: 1, arbitrary: fc.constant(`[${'1,'.repeat(50_000)}1]`) },
    { weight: 15, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
    {
      weight: 10,
      arbitrary: good.chain((g) => {
        const text = JSON.stringify(g);
        return fc.integer({ min: 0, max: text.length }).map((n) => text.slice(0, n));
      }),
    },
    { weight: 10, arbitrary: fc.constant(undefined) },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.muster+json',
  'garbage',
  'application/json, text/plain',
];

/** Every route as a path (its parameters drawn) with the methods and good bodies it takes. */
function routes(
  target: FuzzTarget,
): fc.Arbitrary<{ method: FuzzRequest['method']; url: string; goods: readonly unknown[] }> {
  const ruleSets = RULE_SETS.map((r) => r.id);
  const procedures = RULE_SETS.flatMap((r) => r.procedures.map((p) => p.id));
  const resolveBodies = RULE_SETS.flatMap((r) =>
    r.procedures.flatMap((p) => p.examples.map((e) => ({ facts: e.facts, seed: 3 }))),
  );
  const scenarios = SCENARIOS.list().scenarios.map((s) => s.id);
  const gameId = segment(target.games.map((g) => g.id));
  const sides = [...new Set(target.games.flatMap((g) => g.sides))];
  const { commands } = target;
  const commandBodies = commands.map((c, i) => ({ ...(c as object), seq: i % 3 }));
  const query = fc.oneof(
    fc.constant(''),
    fc
      .tuple(
        fc.constantFrom('viewer', 'at', 'from', 'ruleset', 'x', '__proto__', 'viewer[]', 'at'),
        fc.oneof(
          fc.constantFrom(...sides, 'spectator', '0', '5', '-1', '1e9', '99999999999999999999'),
          hostileString,
        ),
      )
      .map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
    fc
      .array(fc.constantFrom('viewer=spectator', 'at=1', 'from=0', 'viewer=company', 'at=1&at=2'), {
        maxLength: 4,
      })
      .map((a) => `?${a.join('&')}`),
  );
  const methods = (preferred: FuzzRequest['method']) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constant(preferred) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'GET',
          'POST',
          'DELETE',
          'PUT',
          'PATCH',
          'HEAD',
          'OPTIONS',
        ) as fc.Arbitrary<FuzzRequest['method']>,
      },
    );
  const route = (
    method: FuzzRequest['method'],
    url: fc.Arbitrary<string>,
    goods: readonly unknown[] = [{}],
  ) => fc.record({ method: methods(method), url, goods: fc.constant(goods) });
  const gamePath = (tail: string) => fc.tuple(gameId, query).map(([id, q]) => `/api/games/${id}${tail}${q}`);
  return fc.oneof(
    route('GET', fc.constant('/api/rulesets')),
    route(
      'GET',
      segment(ruleSets).map((r) => `/api/rulesets/${r}/procedures`),
    ),
    route(
      'GET',
      fc.tuple(segment(ruleSets), segment(procedures)).map(([r, p]) => `/api/rulesets/${r}/procedures/${p}`),
    ),
    route(
      'POST',
      fc
        .tuple(segment(ruleSets), segment(procedures), fc.constantFrom('resolve', 'odds'))
        .map(([r, p, what]) => `/api/rulesets/${r}/procedures/${p}/${what}`),
      resolveBodies,
    ),
    route('GET', fc.constant('/api/scenarios')),
    route(
      'GET',
      fc
        .tuple(segment(scenarios), fc.constantFrom('', '/roster'), query)
        .map(([s, t, q]) => `/api/scenarios/${s}${t}${q}`),
    ),
    route('GET', fc.constant('/api/games')),
    route('POST', fc.constant('/api/games'), [
      { scenario: 'plassey-1757' },
      { scenario: 'training-village-ford', ruleSet: 'macduff', seed: 5, title: 'T' },
      { scenario: 'plassey-1757', players: { company: 'human', nawab: 'computer' } },
    ]),
    route('POST', fc.constant('/api/games/import'), [target.record]),
    route('GET', gamePath('')),
    route('DELETE', gamePath('')),
    route('GET', gamePath('/summary')),
    route('GET', gamePath('/play')),
    route('GET', gamePath('/export')),
    route('POST', gamePath('/commands'), commandBodies),
    route(
      'POST',
      gamePath('/undo'),
      sides.map((side) => ({ side, seq: 1 })),
    ),
    route('POST', gamePath('/computer'), [{ viewer: 'company', max: 3 }, { max: 1 }, {}]),
    route('POST', gamePath('/plan-move'), [
      { side: 'company', unit: 'x', manoeuvres: [{ type: 'advance', inches: 3 }] },
    ]),
    route('POST', gamePath('/odds'), commands),
    // The change stream of a game there is not (a game's own stream stays open: not for inject).
    route('GET', fc.constant('/api/games/no-such-game/changes')),
    route(
      'GET',
      fc.tuple(hostileString, query).map(([s, q]) => `/api/${encodeURIComponent(s)}${q}`),
    ),
    route(
      'GET',
      fc.oneof(
        fc.constantFrom(
          '/',
          '/index.html',
          '/assets/app.js',
          '/assets/',
          '/assets',
          '/.hidden',
          '/%2e%2e/%2e%2e/etc/passwd',
          '/assets/../../package.json',
          '//etc/passwd',
          '/index.html/',
          '/%c0%ae%c0%ae/',
        ),
        hostileString.map((s) => `/${encodeURIComponent(s)}`),
        hostileString.map((s) => `/assets/${s}`),
      ),
    ),
  );
}

/** Requests to every route: a path, a method, headers (content type, seat keys, ...) and a body. */
export function fuzzRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const allKeys = target.games.flatMap((g) => g.keys);
  const seatKeys = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.subarray(allKeys, { minLength: 1 }).map((k) => k.join(', ')) },
    { weight: 1, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.constant(Array.from({ length: 500 }, () => 'AAAAAAAAAAAAAAAAAAAAAA').join(',')),
    },
  );
  return routes(target).chain(({ method, url, goods }) =>
    fc
      .record({
        contentType: fc.oneof(
          { weight: 6, arbitrary: fc.constant('application/json') },
          { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        ),
        seatKeys,
        accept: fc.constantFrom(undefined, 'text/event-stream', 'application/json', '*/*', 'garbage'),
        body:
          method === 'GET' || method === 'HEAD' ? fc.oneof(fc.constant(undefined), body(goods)) : body(goods),
      })
      .map(({ contentType, seatKeys, accept, body }) => {
        const headers: Record<string, string> = {};
        if (body !== undefined) headers['content-type'] = contentType;
        if (seatKeys !== undefined) headers[SEAT_KEY_HEADER.toLowerCase()] = seatKeys;
        if (accept !== undefined) headers['accept'] = accept;
        return { method, url, headers, ...(body === undefined ? {} : { body }) };
      }),
  );
}

/** Sends one request: its answer's status, and what promise the answer broke, if any. */
export async function checkAnswer(
  app: FastifyInstance,
  request: FuzzRequest,
): Promise<{ status: number; finding?: FuzzFinding }> {
  const r = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  const status = r.statusCode;
  const finding = (problem: string) => ({
    status,
    finding: {
      request: { ...request, ...(request.body ? { body: shortened(request.body) } : {}) },
      status,
      problem,
      body: r.body.slice(0, 500),
    },
  });
  if (r.statusCode >= 500) return finding('a 5xx answer');
  if (r.headers['x-content-type-options'] !== 'nosniff' || !r.headers['content-security-policy'])
    return finding('an answer without the security headers');
  if (r.statusCode >= 400 && request.method !== 'HEAD') {
    let error: unknown;
    try {
      error = r.json();
    } catch {
      return finding('an error answer that is not JSON');
    }
    const { error: code, message } = (error ?? {}) as { error?: unknown; message?: unknown };
    if (typeof code !== 'string' || typeof message !== 'string' || message === '')
      return finding('an error answer without { error, message }');
  }
  return { status };
}

function shortened(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text;
}

/** Runs `count` requests drawn from `seed` (in batches, so that memory stays flat); the findings. */
export async function fuzz(
  target: FuzzTarget,
  seed: number,
  count: number,
  onBatch?: (done: number, findings: number) => void,
): Promise<{ findings: FuzzFinding[]; statuses: Map<number, number> }> {
  const requests = fuzzRequests(target);
  const findings: FuzzFinding[] = [];
  const statuses = new Map<number, number>();
  const batch = 500;
  for (let done = 0; done < count; done += batch) {
    const sample = fc.sample(requests, { seed: seed + done, numRuns: Math.min(batch, count - done) });
    for (const request of sample) {
      const { status, finding } = await checkAnswer(target.app, request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (finding) findings.push(finding);
    }
    onBatch?.(Math.min(done + batch, count), findings.length);
  }
  return { findings, statuses };
}
