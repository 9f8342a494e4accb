import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyPlayableRuleSet } from '../../src/game/engine/battle.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';
import type {
  ApiError,
  AppendCommandResponse,
  ComputerPlayResponse,
  GamePlay,
  GameSummary,
  SavedGame,
} from '../../src/protocol/api.ts';
import { joinWords } from '../../src/protocol/text.ts';
import { buildApp } from '../../src/server/app.ts';
import type { GameStore } from '../../src/server/store.ts';
import { HIDE_AND_SEEK, type HsCommand, type HsView, hideAndSeekPlayable } from '../game/hide-and-seek.ts';
import { openStore, playAfter, SCENARIOS, seatKeyClient, tempDir } from './fixtures.ts';

/**
 * The server hosts any rule set of its registry: a game of hide and seek (test/game/hide-and-seek.ts, a
 * rule set with no hosting members but `publicCommands`) played over the API through the generic
 * defaults, beside John Company: creation, commands, refusals, the computer's seats, hidden
 * information, the scrubber, the absent previews, import and a restart.
 */
describe('hosting any playable rule set over the API', () => {
  const registry: readonly AnyPlayableRuleSet[] = [...PLAYABLE_RULE_SETS, hideAndSeekPlayable];
  let dir: string;
  let cleanup: () => void;
  let file: string;
  let store: GameStore;
  let app: FastifyInstance;

  const open = async () => {
    store = openStore(file, { playable: registry });
    app = await buildApp({ store, scenarios: SCENARIOS, playable: registry });
  };
  beforeAll(async () => {
    ({ dir, cleanup } = tempDir('hosting'));
    file = join(dir, 'muster.sqlite');
    await open();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    cleanup();
  });

  // A client that keeps the seat keys of the games it creates and sends them (a hot-seat browser).
  const client = seatKeyClient(() => app);
  const { get, post } = client;
  const play = async (id: string, query: string) => {
    const r = await get<GamePlay>(`/api/games/${id}/play?${query}`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const command = (id: string, side: string, c: unknown, seq?: number) =>
    post<AppendCommandResponse & ApiError>(`/api/games/${id}/commands`, {
      side,
      command: c,
      ...(seq === undefined ? {} : { seq }),
    });
  const newGame = async (body: object) => {
    const created = await post<GameSummary>('/api/games', {
      scenario: 'training-village-ford',
      ruleSet: HIDE_AND_SEEK,
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('creates a game of the rule set asked for (John Company by default), and names the known ones', async () => {
    const game = await newGame({ seed: 1, players: { maratha: 'computer' } });
    expect(game).toMatchObject({
      ruleSet: HIDE_AND_SEEK,
      players: { company: 'human', maratha: 'computer' },
      turn: 1,
      decider: 'company',
    });
    const jc = await post<GameSummary>('/api/games', { scenario: 'training-village-ford', seed: 1 });
    expect(jc.body.ruleSet).toBe('john-company');
    const unknown = await post<ApiError>('/api/games', {
      scenario: 'training-village-ford',
      ruleSet: 'chess',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      {
        path: 'ruleSet',
        message: `expected one of ${joinWords(registry.map((r) => JSON.stringify(r.id)))}, got "chess" (a string)`,
      },
    ]);
    const typo = await post<ApiError>('/api/games', { scenario: 'training-village-ford', rules: 'chess' });
    expect(typo.body.issues![0]!.message).toMatch(
      /the fields are: scenario, seed, dice, title, players, ruleSet/,
    );
  });

  it('plays commands through the game, refuses what it refuses, and hides the hidden choice', async () => {
    const { id } = await newGame({ seed: 2 });
    const company = await play(id, 'viewer=company');
    expect(company.legal).toEqual([
      { type: 'hide', spot: 'left' },
      { type: 'hide', spot: 'right' },
    ]);
    expect(company.legalText).toEqual(['hide: spot left', 'hide: spot right']);

    expect(await command(id, 'maratha', { type: 'seek', spot: 'left' })).toMatchObject({
      status: 422,
      body: { error: 'not-your-turn' },
    });
    expect(await command(id, 'company', { type: 'seek', spot: 'left' })).toMatchObject({
      status: 422,
      body: { error: 'illegal-command', code: 'wrong-step' },
    });
    expect(await command(id, 'company', { type: 'hide', spot: 'up' })).toMatchObject({
      status: 422,
      body: { error: 'illegal-command', code: 'no-such-spot' },
    });
    const shapeless = await command(id, 'company', { spot: 'left' });
    expect(shapeless.status).toBe(400);
    expect(shapeless.body.issues!.map((i) => i.path)).toEqual(['command.type']);
    expect((await play(id, 'viewer=company')).total).toBe(0);

    const hid = await command(id, 'company', { type: 'hide', spot: 'right' }, 0);
    expect(hid.status).toBe(201);
    const afterHiding = await playAfter(company, hid.body, () => play(id, 'viewer=company'));
    expect(hid.body.change.log).toEqual(afterHiding.log);
    expect((afterHiding.view as HsView).hidden).toBe('right');
    expect(afterHiding.log).toEqual([
      {
        index: 0,
        side: 'company',
        turn: 1,
        command: { type: 'hide', spot: 'right' },
        text: 'hide: spot right',
        events: [
          {
            type: 'token-hidden',
            text: 'token-hidden: side company, spot right',
            event: { type: 'token-hidden', visibleTo: ['company'], side: 'company', spot: 'right' },
          },
        ],
      },
    ]);
    // The seeker and a spectator learn that company acted, and nothing of where.
    for (const viewer of ['maratha', 'spectator']) {
      const p = await play(id, `viewer=${viewer}`);
      expect(p.log).toEqual([
        { index: 0, side: 'company', turn: 1, text: 'a command not shown to this side', events: [] },
      ]);
      expect(p.view).toEqual({ viewer, turn: 1, scores: { company: 0, maratha: 0 } });
    }

    const sought = await command(id, 'maratha', { type: 'seek', spot: 'left' }, 1);
    expect(sought.status).toBe(201);
    // A seek is public: every viewer reads it, with what it found.
    const spectator = await play(id, 'viewer=spectator');
    expect(spectator.log[1]).toMatchObject({
      command: { type: 'seek', spot: 'left' },
      text: 'seek: spot left',
      events: [{ type: 'token-sought', text: 'token-sought: side maratha, spot left, found false' }],
    });
    expect(spectator.game).toMatchObject({ turn: 2, decider: 'maratha', commands: 2 });
    expect((spectator.view as HsView).scores).toEqual({ company: 1, maratha: 0 });
  });

  it('lets the computer play its seats to the end, the same game again from the same seed', async () => {
    const both = { company: 'computer', maratha: 'computer' };
    const first = await newGame({ seed: 3, players: both });
    const played = await post<ComputerPlayResponse>(`/api/games/${first.id}/computer`, {});
    expect(played.status).toBe(200);
    const turns = SCENARIOS.get('training-village-ford')!.victory.turnLimit;
    expect(played.body.played).toBe(2 * turns);
    // Asked without `from`: the whole picture.
    const whole = await playAfter(undefined, played.body, () => play(first.id, 'viewer=spectator'));
    expect(whole.result?.reason).toMatch(/finds to .* after \d+ turns/);
    expect(whole.decider).toBeUndefined();
    expect(whole.game.result).toEqual(whole.result);

    const second = await newGame({ seed: 3, players: both });
    await post(`/api/games/${second.id}/computer`, {});
    const records = await Promise.all(
      [first, second].map(async (g) => (await get<SavedGame>(`/api/games/${g.id}`)).body.record),
    );
    expect(records[1]!.commands).toEqual(records[0]!.commands);
    expect(records[0]!.ruleSet).toBe(HIDE_AND_SEEK);
  });

  it('scrubs back through the log', async () => {
    const { id } = await newGame({ seed: 4, players: { company: 'computer', maratha: 'computer' } });
    await post(`/api/games/${id}/computer`, { max: 5 });
    const start = await play(id, 'viewer=maratha&at=0');
    expect(start).toMatchObject({ at: 0, total: 5, log: [], legal: [], decider: 'company' });
    const middle = await play(id, 'viewer=company&at=3&from=1');
    expect(middle.log.map((e) => [e.index, e.turn])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect((middle.view as HsView).turn).toBe(2);
    // At 3, maratha has hidden the token: company, the seeker now, does not see where.
    expect((middle.view as HsView).hidden).toBeUndefined();
    expect(middle.log[1]!.text).toBe('a command not shown to this side');
    expect((await play(id, 'viewer=maratha&at=3')).view).toMatchObject({ hidden: expect.any(String) });
  });

  it('says the rule set has no move planner and no odds preview (404)', async () => {
    const { id } = await newGame({ seed: 5 });
    const plan = await post<ApiError>(`/api/games/${id}/plan-move`, {
      side: 'company',
      unit: 'european-regiment',
      manoeuvres: [{ kind: 'advance', inches: 2 }],
    });
    expect(plan).toMatchObject({
      status: 404,
      body: { error: 'not-found', message: 'Hide and seek has no move planner: plan-move is not offered' },
    });
    const odds = await post<ApiError>(`/api/games/${id}/odds`, {
      side: 'company',
      command: { type: 'hide', spot: 'left' },
    });
    expect(odds).toMatchObject({
      status: 404,
      body: { error: 'not-found', message: 'Hide and seek has no odds preview: odds are not offered' },
    });
  });

  it('imports a record of the rule set, judged by its game, and resumes after a restart', async () => {
    const { id } = await newGame({ seed: 6, players: { maratha: 'computer' } });
    await command(id, 'company', { type: 'hide', spot: 'left' });
    await post(`/api/games/${id}/computer`, {});
    const record = (await get<SavedGame>(`/api/games/${id}`)).body.record;
    expect(record.commands).toHaveLength(3);

    const refused = await post<ApiError>('/api/games/import', {
      ...record,
      commands: [...record.commands, { side: 'maratha', command: { type: 'seek', spot: 'left' } }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      {
        path: 'commands[3]',
        message: "the game refuses this command: it is company's decision, not maratha's (not-your-turn)",
      },
    ]);
    const imported = await post<GameSummary>('/api/games/import', record);
    expect(imported.body).toMatchObject({ ruleSet: HIDE_AND_SEEK, commands: 3, turn: 2, decider: 'company' });
    const unknown = await post<ApiError>('/api/games/import', { ...record, ruleSet: 'chess' });
    expect(unknown.body.issues!.map((i) => i.path)).toEqual(['ruleSet']);

    const before = await play(id, 'viewer=company');
    await app.close();
    await store.close();
    await open();
    const after = await play(id, 'viewer=company');
    expect(after.view).toEqual(before.view);
    expect(after.log).toEqual(before.log);
    expect(after.legal).toEqual(before.legal);
    const next = await command(
      id,
      'company',
      { type: 'seek', spot: 'right' } satisfies HsCommand,
      after.total,
    );
    expect(next.status).toBe(201);
  });
});
