import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CreatedGame, GamePlay, GameSummary, PlayChange } from '../../src/protocol/api.ts';
import { applyPlayChange } from '../../src/protocol/play-change.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { type AppOptions, buildApp } from '../../src/server/app.ts';
import { loadScenarios, type ScenarioCatalog } from '../../src/server/scenarios.ts';
import { SqliteGameStore } from '../../src/server/sqlite-store.ts';
import type { GameStore, GameStoreOptions } from '../../src/server/store.ts';

/** The repository's root and its scenarios, read once for every server test. */
export const REPO = resolve(import.meta.dirname, '../..');
export const SCENARIOS: ScenarioCatalog = loadScenarios(join(REPO, 'scenarios'));
/** How many scenarios Muster ships (scenarios/*.json): the cards the Battles page shows. */
export const SHIPPED_SCENARIOS = SCENARIOS.list().scenarios.length;

/** A fresh temporary folder; `cleanup` removes it. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `muster-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A store on `file` with a fixed clock (advancing a second per call) and seed. */
export function openStore(file: string, extra: Partial<GameStoreOptions> = {}): SqliteGameStore {
  let tick = 0;
  return new SqliteGameStore({
    file,
    scenarios: SCENARIOS,
    now: () => new Date(Date.UTC(2026, 0, 1, 12, 0, tick++)),
    randomSeed: () => 4242,
    ...extra,
  });
}

/** The server of a `describe` block (see `serverForTests`). */
export interface TestServer {
  readonly app: FastifyInstance;
  readonly store: GameStore;
  /** The store's SQLite file. */
  readonly file: string;
  /** Where it listens (with `listen`), e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** Closes the app and the store, and opens new ones on the same file (a restart of the server). */
  restart(): Promise<void>;
}

/**
 * The API server of a `describe` block, on a store of its own in a temporary folder: built before its
 * tests (listening on a free port with `listen`; else for inject() only), closed and removed after them.
 * Its fields are there once the block's `beforeAll` has run.
 */
export function serverForTests(
  prefix: string,
  options: {
    readonly listen?: boolean;
    readonly app?: Partial<AppOptions>;
    readonly store?: Partial<GameStoreOptions>;
  } = {},
): TestServer {
  let cleanup = () => {};
  const start = async () => {
    server.store = openStore(server.file, options.store);
    server.app = await buildApp({ store: server.store, scenarios: SCENARIOS, ...options.app });
    if (options.listen) server.url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  };
  const stop = async () => {
    await server.app.close();
    await server.store.close();
  };
  const server = {
    url: '',
    restart: async () => {
      await stop();
      await start();
    },
  } as { -readonly [K in keyof TestServer]: TestServer[K] };
  beforeAll(async () => {
    const temp = tempDir(prefix);
    cleanup = temp.cleanup;
    server.file = join(temp.dir, 'muster.sqlite');
    await start();
  });
  afterAll(async () => {
    await stop();
    cleanup();
  });
  return server;
}

/** An answer of `SeatKeyClient`. */
export interface Injected<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Record<string, unknown>;
}

/**
 * fastify's inject() as a client that keeps the seat keys the server gives when it creates or imports a
 * game (as the browser of a hot-seat game does) and sends every key it holds for a game with each
 * request about that game; `keys` replaces them for one request ([]: none).
 */
export function seatKeyClient(app: () => FastifyInstance) {
  const held = new Map<string, string[]>();
  const gameOf = (url: string) => /^\/api\/games\/([^/?]+)/.exec(url)?.[1];
  async function send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    keys?: readonly string[],
  ): Promise<Injected<T>> {
    const game = gameOf(url);
    const sent = keys ?? (game ? (held.get(game) ?? []) : []);
    const r = await app().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(sent.length ? { headers: { [SEAT_KEY_HEADER]: sent.join(', ') } } : {}),
    });
    const body = (r.body === '' ? undefined : r.json()) as T;
    const created = body as Partial<CreatedGame> | undefined;
    if (r.statusCode === 201 && created?.seatKeys && created.id)
      held.set(created.id, Object.values(created.seatKeys));
    return { status: r.statusCode, body, headers: r.headers };
  }
  return {
    /** The keys held for each game, by game id. */
    held,
    get: <T>(url: string, keys?: readonly string[]) => send<T>('GET', url, undefined, keys),
    post: <T>(url: string, payload: unknown, keys?: readonly string[]) => send<T>('POST', url, payload, keys),
    delete: <T>(url: string, keys?: readonly string[]) => send<T>('DELETE', url, undefined, keys),
  };
}

/**
 * The play a client holds after an answer's change, as the browser keeps it: the change applied to the
 * play it held, and the legal commands asked for (`full`, a GET /play) when the change leaves them out.
 * It must be exactly what a full GET /play gives: checked here.
 */
export async function playAfter(
  held: GamePlay | undefined,
  answer: { readonly game: GameSummary; readonly change: PlayChange },
  full: () => Promise<GamePlay>,
): Promise<GamePlay> {
  const applied = applyPlayChange(held, answer.game, answer.change);
  expect(applied, 'the change applies to the play held').toBeDefined();
  const now = await full();
  const play = answer.change.legalToFetch
    ? { ...applied!, legal: now.legal, legalText: now.legalText }
    : applied!;
  expect(play).toEqual(now);
  return play;
}
