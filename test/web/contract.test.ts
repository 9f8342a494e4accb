import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { JcMovePlan } from '../../src/game/john-company/plan.ts';
import type * as Web from '../../src/protocol/api.ts';
import { applyPlayChange } from '../../src/protocol/play-change.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Referee } from '../../src/server/referee.ts';
import type { GameStore } from '../../src/server/store.ts';
import { openStore, SCENARIOS, tempDir } from './fixtures.ts';

/**
 * The server and the browser share the API's types (src/protocol/api.ts; shells do not import each
 * other). The type checks run in the type-check (`tsc`): what the referee answers must be those bodies.
 * At run time, the browser's own client
 * (src/web/api.ts: its URLs, methods, bodies and seat-key headers) plays a game against the server
 * (fastify's inject() standing in for fetch, a Map for localStorage): every request it sends is
 * accepted and every answer has what the browser reads of it.
 */
describe('API contract: types', () => {
  it('the referee answers with the protocol’s bodies, and the game’s plans fit them', () => {
    expectTypeOf<Awaited<ReturnType<Referee['play']>>>().toExtend<Web.GamePlay>();
    expectTypeOf<Awaited<ReturnType<Referee['command']>>>().toExtend<Web.AppendCommandResponse>();
    expectTypeOf<Awaited<ReturnType<Referee['computer']>>>().toExtend<Web.ComputerPlayResponse>();
    expectTypeOf<Awaited<ReturnType<Referee['planMove']>>>().toExtend<Web.MovePlan>();
    expectTypeOf<Awaited<ReturnType<Referee['odds']>>>().toExtend<Web.CommandOddsResponse>();
    expectTypeOf<JcMovePlan>().toExtend<Web.MovePlan>();
  });
});

/** An answer of the browser's client (src/web/api.ts `Fetched`). */
type Answer =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly error: Web.ApiError };
/**
 * The browser's client and seat keys, loaded at run time: they are typed for the DOM (src/web's
 * tsconfig), which the Node tests' type-check does not load.
 */
interface BrowserClient {
  readonly api: Readonly<
    Record<
      | 'ruleSets'
      | 'procedure'
      | 'odds'
      | 'resolve'
      | 'scenarios'
      | 'scenario'
      | 'roster'
      | 'games'
      | 'createGame'
      | 'importGame'
      | 'deleteGame'
      | 'exportGame'
      | 'summary'
      | 'play'
      | 'command'
      | 'undo'
      | 'computer'
      | 'commandOdds',
      (...args: unknown[]) => Promise<Answer>
    >
  >;
}
interface BrowserSeatKeys {
  readonly keepKeys: (game: string, keys: Readonly<Record<string, string>>) => void;
  readonly heldKeys: (game: string) => Readonly<Record<string, string>>;
}
const load = async <T>(path: string): Promise<T> => (await import(new URL(path, import.meta.url).href)) as T;

describe('API contract: the browser client against the server', () => {
  let app: FastifyInstance;
  let api: BrowserClient['api'];
  let keepKeys: BrowserSeatKeys['keepKeys'];
  let heldKeys: BrowserSeatKeys['heldKeys'];
  let store: GameStore;
  let cleanup: () => void;

  beforeAll(async () => {
    ({ api } = await load<BrowserClient>('../../src/web/api.ts'));
    ({ keepKeys, heldKeys } = await load<BrowserSeatKeys>('../../src/web/seat-keys.ts'));
    const temp = tempDir('contract');
    cleanup = temp.cleanup;
    store = openStore(join(temp.dir, 'muster.sqlite'));
    app = await buildApp({ store, scenarios: SCENARIOS, randomSeed: () => 5 });
    const storage = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
        removeItem: (k: string) => void storage.delete(k),
      },
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const r = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: init.headers as Record<string, string>,
        ...(init.body === undefined ? {} : { payload: init.body as string }),
      });
      return new Response(r.statusCode === 204 ? null : r.body, {
        status: r.statusCode,
        headers: { 'content-type': String(r.headers['content-type'] ?? 'application/json') },
      });
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
    await store.close();
    cleanup();
  });

  /** The body of an answer the server accepted (else the failure, with the server's error). */
  function accepted<T>(answer: Answer): T {
    if (!answer.ok) expect.fail(`refused: ${answer.error.error}: ${answer.error.message}`);
    return answer.body as T;
  }

  it('the server accepts every request the browser sends, and the browser reads every response', async () => {
    const ruleSets = accepted<Web.RuleSetList>(await api.ruleSets()).ruleSets;
    expect(ruleSets.map((r) => r.id)).toContain('john-company');
    const reaction = accepted<Web.ProcedureDetail>(await api.procedure('john-company', 'reaction-test'));
    expect(reaction.id).toBe('reaction-test');
    const facts = { resolveLevel: 17, origin: 'indian', formation: 'close-order-column', orders: 'advance' };
    const odds = accepted<Web.OddsResponse>(
      await api.odds('john-company', 'reaction-test', { facts }, new AbortController().signal),
    );
    expect(odds.odds.length).toBeGreaterThan(0);
    const resolved = accepted<Web.ResolveResponse>(
      await api.resolve('john-company', 'reaction-test', { facts, seed: 3 }),
    );
    expect(resolved.trace.length).toBeGreaterThan(0);
    expect(accepted<Web.ScenarioList>(await api.scenarios()).scenarios.map((s) => s.id)).toContain(
      'plassey-1757',
    );
    expect(accepted<{ id: string }>(await api.scenario('plassey-1757')).id).toBe('plassey-1757');
    expect(
      accepted<{ units: unknown[] }>(await api.roster('plassey-1757', 'john-company')).units.length,
    ).toBeGreaterThan(0);

    const created = accepted<Web.CreatedGame>(
      await api.createGame({ scenario: 'plassey-1757', seed: 36, title: 'Contract' }),
    );
    expect(Object.keys(created.seatKeys).sort()).toEqual(['company', 'nawab']);
    keepKeys(created.id, created.seatKeys);
    expect(heldKeys(created.id)).toEqual(created.seatKeys);
    expect(accepted<Web.GameList>(await api.games()).games.map((g) => g.id)).toContain(created.id);
    expect(accepted<Web.GameSummary>(await api.summary(created.id)).id).toBe(created.id);

    let play = accepted<Web.GamePlay>(await api.play(created.id, 'company'));
    const side = play.decider!;
    const mine = side === 'company' ? play : accepted<Web.GamePlay>(await api.play(created.id, side));
    expect(mine.legal.length).toBeGreaterThan(0);
    expect(mine.legalText).toHaveLength(mine.legal.length);
    const command = mine.legal[0] as Web.AppendCommandRequest['command'];
    const appended = accepted<Web.AppendCommandResponse>(
      await api.command(created.id, { side, command, seq: mine.total }),
    );
    expect(appended.seq).toBe(mine.total);
    const after = applyPlayChange(mine, appended.game, appended.change);
    expect(after?.total).toBe(mine.total + 1);

    // Placing a counter threw no dice: the side may take it back.
    expect(after?.undoable).toBe(true);
    const undone = accepted<Web.UndoResponse>(await api.undo(created.id, { side, seq: mine.total + 1 }));
    expect(applyPlayChange(after, undone.game, undone.change)?.total).toBe(mine.total);
    play = accepted<Web.GamePlay>(await api.play(created.id, 'spectator', 0, 0));
    expect(play.at).toBe(0);

    // Placing counters rolls nothing: no odds to preview.
    const next = accepted<Web.GamePlay>(await api.play(created.id, play.decider ?? side));
    const oddsOf = accepted<Web.CommandOddsResponse>(
      await api.commandOdds(created.id, { side: next.decider!, command: next.legal[0] }),
    );
    expect(oddsOf.odds).toEqual([]);
    const exported = accepted<{ format: string; commands: unknown[] }>(await api.exportGame(created.id));
    expect(exported.format).toBe('muster-game');

    const computerGame = accepted<Web.CreatedGame>(
      await api.createGame({
        scenario: 'training-village-ford',
        seed: 2,
        players: { company: 'computer', maratha: 'computer' },
      }),
    );
    keepKeys(computerGame.id, computerGame.seatKeys);
    const computer = accepted<Web.ComputerPlayResponse>(
      await api.computer(computerGame.id, { viewer: 'spectator', max: 30 }),
    );
    expect(computer.played).toBe(30);

    const imported = accepted<Web.CreatedGame>(await api.importGame(exported));
    expect(imported.id).not.toBe(created.id);
    keepKeys(imported.id, imported.seatKeys);
    expect(accepted(await api.deleteGame(imported.id))).toBeUndefined();
    expect(await api.summary(imported.id)).toMatchObject({ ok: false, error: { error: 'not-found' } });
  });

  it('the browser reads the server’s errors: a refused command says why, with its code', async () => {
    const created = accepted<Web.CreatedGame>(await api.createGame({ scenario: 'plassey-1757', seed: 4 }));
    keepKeys(created.id, created.seatKeys);
    const play = accepted<Web.GamePlay>(await api.play(created.id, 'spectator'));
    const refused = await api.command(created.id, {
      side: play.decider!,
      command: { type: 'fire', unit: 'nobody', target: 'nobody' },
    });
    expect(refused).toMatchObject({ ok: false, error: { error: 'illegal-command', code: 'wrong-step' } });
    const invalid = await api.command(created.id, { side: play.decider!, command: { type: 'dance' } });
    expect(invalid).toMatchObject({
      ok: false,
      error: { error: 'invalid-input', message: 'the command is not valid (1 problem)' },
    });
    if (!invalid.ok) expect(invalid.error.issues?.[0]?.path).toMatch(/^command/);
  });
});
