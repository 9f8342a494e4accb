import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CreatedGame, ServerInfo } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { buildApp } from '../../src/server/app.ts';
import { MAX_BODY_DEPTH } from '../../src/server/json-body.ts';
import { openStore, SCENARIOS, serverForTests, tempDir } from './fixtures.ts';

/**
 * Bad input and operations (issue 11, part 3): deep and poisoned bodies refused before anything recurses,
 * every error as { error, message } (the static app's too), the security headers on every answer, the
 * log of each request and of every 5xx, and where the server listens.
 */
describe('bad input and operations', () => {
  const server = serverForTests('bad-input', {
    app: { listen: { host: '0.0.0.0', networkAddresses: ['192.168.1.20'] } },
  });
  let webRoot: string;
  let cleanup: () => void;
  let game: CreatedGame;
  let keys: string;
  beforeAll(async () => {
    const temp = tempDir('bad-input-web');
    cleanup = temp.cleanup;
    webRoot = temp.dir;
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><script type="module" src="/assets/a.js"></script>',
    );
    writeFileSync(join(webRoot, 'assets', 'a.js'), 'export {};\n');
    game = (
      await server.app.inject({ method: 'POST', url: '/api/games', payload: { scenario: 'plassey-1757' } })
    ).json();
    keys = Object.values(game.seatKeys).join(', ');
  });
  afterAll(() => cleanup());
  const send = async (url: string, payload: string, method: 'POST' | 'DELETE' = 'POST') => {
    const r = await server.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', [SEAT_KEY_HEADER]: keys },
    });
    return { status: r.statusCode, body: r.json<ApiError>() };
  };
  const routes = () => [
    '/api/rulesets/john-company/procedures/reaction-test/resolve',
    '/api/rulesets/john-company/procedures/reaction-test/odds',
    '/api/games',
    '/api/games/import',
    `/api/games/${game.id}/commands`,
    `/api/games/${game.id}/undo`,
    `/api/games/${game.id}/odds`,
    `/api/games/${game.id}/plan-move`,
    `/api/games/${game.id}/computer`,
  ];

  it('refuses a body nested 5,000 deep on every route with a 400 that says the limit', async () => {
    for (const url of routes()) {
      for (const deep of [
        '['.repeat(5000) + ']'.repeat(5000),
        `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      ]) {
        const r = await send(url, deep);
        expect(r, url).toMatchObject({ status: 400, body: { error: 'too-deep' } });
        expect(r.body.message).toBe(
          `the body nests objects and arrays more than ${MAX_BODY_DEPTH} deep (at character ${deep[0] === '[' ? 64 : 320}): the limit is ${MAX_BODY_DEPTH} levels`,
        );
      }
    }
    // At the limit the body is read, and judged as any other.
    const atLimit = await send('/api/games', '['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH));
    expect(atLimit.body.error).toBe('invalid-input');
  });

  it('refuses a __proto__ key, or a constructor holding a prototype, saying what and why', async () => {
    const proto = await send(
      '/api/games',
      '{"scenario":"plassey-1757","players":{"__proto__":{"company":"computer"}}}',
    );
    expect(proto).toEqual({
      status: 400,
      body: {
        error: 'forbidden-key',
        message:
          'the body has a "__proto__" key (at players.__proto__): refused, since copying it into an object could change the prototype of every object (prototype poisoning); no request of the API has such a key',
      },
    });
    const escaped = await send(`/api/games/${game.id}/commands`, '[{"\\u005f_proto__":1}]');
    expect(escaped.body.message).toMatch(/^the body has a "__proto__" key \(at \[0\]\.__proto__\)/);
    const ctor = await send('/api/games/import', '{"constructor":{"prototype":{"x":1}}}');
    expect(ctor.body).toMatchObject({ error: 'forbidden-key' });
    expect(ctor.body.message).toMatch(
      /^the body has a "constructor" key holding a "prototype" \(at constructor\)/,
    );
    // A "constructor" that is only a name is a name.
    expect((await send('/api/games', '{"scenario":"constructor"}')).body.error).toBe('invalid-input');
  });

  it('says what is wrong with a body that is not JSON, empty, too large or of another type', async () => {
    expect((await send('/api/games', '{"scenario":')).body).toEqual({
      error: 'invalid-json',
      message: expect.stringMatching(/^the body is not valid JSON: /),
    });
    expect((await send('/api/games', '')).body.error).toBe('invalid-json');
    const big = await send('/api/games', `"${'x'.repeat(8 * 1024 * 1024)}"`);
    expect(big).toEqual({
      status: 413,
      body: { error: 'too-large', message: 'the body is larger than the limit of 8 MiB' },
    });
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/games',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({
      error: 'unsupported-media-type',
      message: expect.stringMatching(/application\/json/),
    });
  });

  it('answers every refusal as { error, message }, the static app’s and fastify’s own too', async () => {
    const app = await buildApp({ store: server.store, scenarios: SCENARIOS, webRoot });
    const expectations: [string, number, string][] = [
      ['/no-such-page.js', 404, 'not-found'],
      ['/assets/../../etc/passwd', 404, 'not-found'],
      ['/.hidden', 404, 'not-found'],
      ['/%zz', 400, 'bad-request'],
      ['/api/games/%zz', 400, 'bad-request'],
      ['/api/nothing', 404, 'not-found'],
    ];
    for (const [url, status, error] of expectations) {
      const r = await app.inject({ url });
      expect([url, r.statusCode, r.json().error], url).toEqual([url, status, error]);
      expect(typeof r.json().message).toBe('string');
    }
    await app.close();
  });

  it('sends the security headers with every page and answer', async () => {
    const app = await buildApp({ store: server.store, scenarios: SCENARIOS, webRoot });
    for (const url of ['/', '/assets/a.js', '/api/rulesets', '/api/nothing', '/nothing', '/%zz']) {
      const r = await app.inject({ url });
      expect(r.headers['content-security-policy'], url).toBe(
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    await app.close();
  });

  it('logs each request’s outcome, and a 5xx with its stack and request id, on a log of its own', async () => {
    const lines: string[] = [];
    const { dir, cleanup } = tempDir('bad-input-log');
    const store = openStore(join(dir, 'muster.sqlite'));
    const app = await buildApp({
      store,
      scenarios: SCENARIOS,
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    await app.inject({ url: '/api/rulesets' });
    await store.close(); // every query now throws: a failure of the server
    const failed = await app.inject({ url: '/api/games' });
    expect(failed.statusCode).toBe(500);
    const id = failed.headers['x-request-id'] as string;
    // The answer names the request and keeps the failure's own words for the log.
    expect(failed.json()).toEqual({
      error: 'internal',
      message: `internal error: the server's log tells what happened (request ${id})`,
    });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/rulesets',
      status: 200,
    });
    const error = logged.find((l) => l['msg'] === 'internal error');
    expect(error).toMatchObject({
      level: 50,
      requestId: id,
      err: { message: expect.stringMatching(/not open/) },
    });
    expect((error!['err'] as { stack: string }).stack).toMatch(/at .*store\.ts/);
    expect(logged.at(-1)).toMatchObject({ msg: 'request', requestId: id, status: 500 });
    await app.close();
    cleanup();
  });

  it('takes a name of Object.prototype for the name it is (found by the fuzzer: it was a 500)', async () => {
    for (const ruleset of ['__proto__', 'toString', 'constructor']) {
      const r = await server.app.inject({ url: `/api/scenarios/assaye-1803/roster?ruleset=${ruleset}` });
      expect(r.statusCode, ruleset).toBe(400);
      expect(r.json<ApiError>().message).toMatch(
        new RegExp(`^ruleset: expected one of .*, got "${ruleset}"$`),
      );
    }
  });

  it('says where it listens (GET /api/server)', async () => {
    const r = await server.app.inject({ url: '/api/server' });
    expect(r.json<ServerInfo>()).toEqual({
      host: '0.0.0.0',
      localOnly: false,
      networkAddresses: ['192.168.1.20'],
    });
    const store = openStore(':memory:');
    const local = await buildApp({ store, scenarios: SCENARIOS });
    expect((await local.inject({ url: '/api/server' })).json()).toEqual({
      host: '127.0.0.1',
      localOnly: true,
      networkAddresses: [],
    });
    await local.close();
    await store.close();
  });
});
