import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProcedure } from '../../src/core/rules/run.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import type {
  ApiError,
  GameList,
  GameSummary,
  OddsResponse,
  ProcedureDetail,
  ResolveResponse,
  RuleSetList,
  SavedGame,
  ScenarioList,
} from '../../src/protocol/api.ts';
import { buildApp } from '../../src/server/app.ts';
import type { GameStore } from '../../src/server/store.ts';
import { openStore, SCENARIOS, seatKeyClient, tempDir } from './fixtures.ts';

/** The HTTP API through fastify's inject(): no sockets, a store in a temporary folder. */
describe('HTTP API', () => {
  let app: FastifyInstance;
  let store: GameStore;
  let cleanup: () => void;
  let webRoot: string;

  beforeAll(async () => {
    const temp = tempDir('api');
    cleanup = temp.cleanup;
    webRoot = join(temp.dir, 'web');
    mkdirSync(join(webRoot, 'assets'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Muster</title>');
    writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)');
    store = openStore(join(temp.dir, 'muster.sqlite'));
    app = await buildApp({ store, scenarios: SCENARIOS, webRoot, randomSeed: () => 123 });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    cleanup();
  });

  // A client that keeps the seat keys of the games it creates and sends them (a hot-seat browser).
  const client = seatKeyClient(() => app);
  const { get, post } = client;
  const RT = '/api/rulesets/john-company/procedures/reaction-test';
  const FACTS = {
    resolveLevel: 17,
    origin: 'indian',
    formation: 'close-order-column',
    orders: 'advance',
    positive: ['flanks-and-rear-secure', 'close-order'],
    negative: ['target-of-artillery-fire', { id: 'stands-lost-since-last-check', count: 3 }],
  };

  describe('rule sets and procedures', () => {
    it('lists the rule sets with their procedures', async () => {
      const { status, body } = await get<RuleSetList>('/api/rulesets');
      expect(status).toBe(200);
      const jc = body.ruleSets.find((r) => r.id === 'john-company')!;
      expect(jc.default).toBe(true);
      expect(jc.procedures.map((p) => p.id)).toEqual(RULE_SETS[0]!.procedures.map((p) => p.id));
      expect(jc.procedures.find((p) => p.id === 'reaction-test')!.rule.source).toBe('John Company Part 4');
    });

    it('gives every procedure with its JSON Schema, rolls, examples and odds views', async () => {
      const { body } = await get<{ procedures: ProcedureDetail[] }>('/api/rulesets/john-company/procedures');
      expect(body.procedures).toHaveLength(RULE_SETS[0]!.procedures.length);
      for (const p of body.procedures) {
        expect(p.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(p.schema.type === 'object' || Array.isArray(p.schema.oneOf ?? p.schema.anyOf)).toBe(true);
        expect(p.examples.length).toBeGreaterThan(0);
        expect(p.oddsViews.length).toBeGreaterThan(0);
      }
      const rt = await get<ProcedureDetail>(RT);
      expect(rt.body.rolls.map((r) => r.key)).toContain('randomFactor');
      const positive = rt.body.schema.properties!['positive']!;
      expect(JSON.stringify(positive)).toContain('"x-descriptions"');
    });

    it('answers an unknown rule set or procedure with a 404 that suggests the name', async () => {
      const r = await get<ApiError>('/api/rulesets/john-company/procedures/reaction-tst');
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('not-found');
      expect(r.body.message).toMatch(/Did you mean "reaction-test"\?$/);
      expect((await get<ApiError>('/api/rulesets/napoleon/procedures')).status).toBe(404);
      expect((await get<ApiError>('/api/nothing-here')).body.error).toBe('not-found');
    });
  });

  describe('resolving', () => {
    it('resolves with typed-in dice exactly as the rules core does, with describe lines and the odds', async () => {
      const { status, body } = await post<ResolveResponse>(`${RT}/resolve`, { facts: FACTS, dice: [4, 4] });
      expect(status).toBe(200);
      const def = RULE_SETS[0]!.procedures.find((p) => p.id === 'reaction-test')!;
      const expected = resolveProcedure(def, def.facts.parse(FACTS), { dice: [4, 4] });
      expect(body.result).toEqual(expected.result);
      expect(body.trace).toEqual(expected.trace);
      expect(body.rolls).toEqual(expected.rolls);
      expect(body.seed).toBeUndefined();
      expect(body.describe).toEqual(def.describe(expected.result));
      expect(body.odds.map((o) => o.name)).toEqual(expected.odds.map((o) => o.name));
      for (const chart of body.odds) {
        expect(chart.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
        expect(chart.outcomes.map((o) => o.outcome)).toContain(chart.happened);
      }
      expect(body.odds[0]!.happened).toBe('Steady');
    });

    it('throws the dice from a seed (reproducibly), or from one it picks and reports', async () => {
      const a = await post<ResolveResponse>(`${RT}/resolve`, { facts: FACTS, seed: 42 });
      const b = await post<ResolveResponse>(`${RT}/resolve`, { facts: FACTS, seed: 42 });
      expect(a.body.seed).toBe(42);
      expect(a.body.rolls).toEqual(b.body.rolls);
      expect(a.body.rolls[0]!.source).toBe('prng');
      const picked = await post<ResolveResponse>(`${RT}/resolve`, { facts: FACTS });
      expect(picked.body.seed).toBe(123);
      const rest = await post<ResolveResponse>(`${RT}/resolve`, {
        facts: { ...FACTS, orders: 'without-orders' },
        dice: { randomFactor: [6, 1] },
        seed: 5,
      });
      expect(rest.status).toBe(200);
      expect(rest.body.rolls.map((r) => r.source)).toEqual(['supplied', 'prng']);
    });

    it('resolves every example of every procedure', async () => {
      for (const def of RULE_SETS[0]!.procedures) {
        for (const example of def.examples) {
          const r = await post<ResolveResponse>(`/api/rulesets/john-company/procedures/${def.id}/resolve`, {
            facts: example.facts,
            ...(example.dice ? { dice: example.dice } : { seed: 1 }),
          });
          expect(r.status, `${def.id}: ${example.title}`).toBe(200);
          expect(r.body.describe.length).toBeGreaterThan(0);
        }
      }
    });

    it('rejects bad facts with a 400 naming each field, what was expected and what was given', async () => {
      const r = await post<ApiError>(`${RT}/resolve`, {
        facts: { ...FACTS, resolveLevel: 40, origin: 'indain', colour: 'red' },
        dice: { randomFactr: [1] },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid-input');
      expect(r.body.issues).toEqual([
        { path: 'facts.resolveLevel', message: 'expected an integer from 1 to 30, got 40 (a number)' },
        {
          path: 'facts.origin',
          message: 'expected one of "european" or "indian", got "indain" (a string); did you mean "indian"?',
        },
        {
          path: 'facts.colour',
          message: expect.stringMatching(
            /^unknown field \(the fields are: resolveLevel, .*\), got "red" \(a string\)$/,
          ),
        },
        {
          path: 'dice.randomFactr',
          message: expect.stringMatching(/^unknown roll key .*; did you mean "randomFactor"\?$/),
        },
      ]);
    });

    it('rejects dice that do not fit, saying which die was needed', async () => {
      const few = await post<ApiError>(`${RT}/resolve`, { facts: FACTS, dice: [4] });
      expect(few.status).toBe(400);
      expect(few.body.issues![0]!.path).toBe('dice');
      expect(few.body.issues![0]!.message).toMatch(
        /^not enough dice: .*; type in the missing dice, or give a seed/,
      );
      const many = await post<ApiError>(`${RT}/resolve`, { facts: FACTS, dice: [4, 4, 4] });
      expect(many.body.issues![0]!.message).toMatch(/^too many dice/);
      const range = await post<ApiError>(`${RT}/resolve`, { facts: FACTS, dice: [9, 4] });
      expect(range.body.issues![0]!.message).toMatch(/^die out of range/);
    });

    it('rejects a malformed request: not JSON, unknown fields, a bad seed', async () => {
      const r = await app.inject({
        method: 'POST',
        url: `${RT}/resolve`,
        headers: { 'content-type': 'application/json' },
        payload: '{"facts": {',
      });
      expect(r.statusCode).toBe(400);
      expect((r.json() as ApiError).error).toBe('invalid-json');
      const text = await app.inject({
        method: 'POST',
        url: `${RT}/resolve`,
        headers: { 'content-type': 'application/xml' },
        payload: '<facts resolveLevel="17"/>',
      });
      expect(text.statusCode).toBe(415);
      expect((text.json() as ApiError).error).toBe('unsupported-media-type');
      const extra = await post<ApiError>(`${RT}/resolve`, { facts: FACTS, seed: -3, luck: true });
      expect(extra.body.issues).toEqual([
        { path: 'seed', message: 'expected an integer from 0 to 4294967295, got -3 (a number)' },
        { path: 'luck', message: 'unknown field (the fields are: facts, dice, seed), got true (a boolean)' },
      ]);
      const none = await post<ApiError>(`${RT}/resolve`, {});
      expect(none.body.issues).toEqual([
        { path: 'facts', message: 'expected an object, got nothing (the field is required)' },
      ]);
    });

    it('gives the exact odds for facts before any dice, and rejects bad facts', async () => {
      const r = await post<OddsResponse>(`${RT}/odds`, { facts: FACTS });
      expect(r.status).toBe(200);
      expect(r.body.odds[0]!.name).toBe('Resolve Status');
      expect(r.body.odds.every((o) => o.happened === undefined)).toBe(true);
      const bad = await post<ApiError>(`${RT}/odds`, { facts: { ...FACTS, formation: 'phalanx' } });
      expect(bad.status).toBe(400);
      expect(bad.body.issues![0]!.path).toBe('facts.formation');
    });
  });

  describe('scenarios', () => {
    it('lists the validated scenarios and gives each one', async () => {
      const { body } = await get<ScenarioList>('/api/scenarios');
      expect(body.problems).toEqual([]);
      expect(body.scenarios.map((s) => s.id).sort()).toEqual([
        'assaye-1803',
        'buxar-1764',
        'gujrat-1849',
        'meeanee-1843',
        'plassey-1757',
        'porto-novo-1781',
        'training-village-ford',
      ]);
      const plassey = body.scenarios.find((s) => s.id === 'plassey-1757')!;
      expect(plassey).toMatchObject({ kind: 'historical', date: '1757-06-23' });
      expect(plassey.sides).toHaveLength(2);
      expect((await get<{ id: string }>('/api/scenarios/plassey-1757')).body.id).toBe('plassey-1757');
      expect((await get<ApiError>('/api/scenarios/waterloo')).status).toBe(404);
    });
  });

  describe('saved games', () => {
    it('creates, lists, appends to, exports, imports and deletes games', async () => {
      const created = await post<GameSummary>('/api/games', { scenario: 'training-village-ford', seed: 3 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        players: { company: 'human', maratha: 'human' },
        turn: 1,
        decider: 'company',
      });
      const id = created.body.id;
      expect((await get<GameList>('/api/games')).body.games.map((g) => g.id)).toContain(id);

      const appended = await post<{ seq: number }>(`/api/games/${id}/commands`, {
        side: 'company',
        command: { type: 'finish-orders' },
        seq: 0,
      });
      expect(appended).toMatchObject({ status: 201, body: expect.objectContaining({ seq: 0 }) });
      const stale = await post<ApiError>(`/api/games/${id}/commands`, {
        side: 'company',
        command: { type: 'finish-orders' },
        seq: 0,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('conflict');

      const saved = await get<SavedGame>(`/api/games/${id}`);
      expect(saved.body.record.commands).toEqual([{ side: 'company', command: { type: 'finish-orders' } }]);
      const exported = await get<SavedGame['record']>(`/api/games/${id}/export`);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="muster-game-${id}.json"`);
      expect(exported.body).toEqual(saved.body.record);

      const imported = await post<GameSummary>('/api/games/import', exported.body);
      expect(imported.status).toBe(201);
      expect(imported.body).toMatchObject({ seed: 3, commands: 1 });

      expect((await client.delete<ApiError>(`/api/games/${id}`, [])).status).toBe(403);
      const del = await client.delete(`/api/games/${id}`);
      expect(del.status).toBe(204);
      expect((await get<ApiError>(`/api/games/${id}`)).status).toBe(404);
      expect((await client.delete(`/api/games/${id}`)).status).toBe(404);
      expect((await get<ApiError>(`/api/games/${id}/export`)).status).toBe(404);
    });

    it('rejects bad games and commands with a 400 naming the fields', async () => {
      const bad = await post<ApiError>('/api/games', { scenario: 'waterloo' });
      expect(bad.status).toBe(400);
      expect(bad.body.issues![0]!.path).toBe('scenario');
      const game = (await post<GameSummary>('/api/games', { scenario: 'plassey-1757', dice: 'seeded' })).body;
      expect(game.seed).toBe(4242);
      const cmd = await post<ApiError>(`/api/games/${game.id}/commands`, {
        side: 'company',
        command: 'advance!',
      });
      expect(cmd.status).toBe(400);
      expect(cmd.body.issues).toEqual([
        { path: 'command', message: 'expected an object with the fields type, got "advance!" (a string)' },
      ]);
      expect(
        (await post<ApiError>('/api/games/nope/commands', { side: 'a', command: { type: 'x' } })).status,
      ).toBe(404);
      const record = await post<ApiError>('/api/games/import', { format: 'muster-game' });
      expect(record.status).toBe(400);
      expect(record.body.issues!.map((i) => i.path)).toEqual([
        'version',
        'ruleSet',
        'scenario',
        'seed',
        'commands',
      ]);
      expect(record.body.issues![2]!.message).toBe('expected an object, got nothing (the field is required)');
    });
  });

  describe('the web app', () => {
    it('serves the built app, its hashed assets cached for good and the page revalidated', async () => {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('says how to build the app when there is none', async () => {
      const bare = await buildApp({ store, scenarios: SCENARIOS });
      const page = await bare.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toMatch(/npm run build:web/);
      await bare.close();
    });
  });
});
