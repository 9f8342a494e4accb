import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedGame, GamePlay, GameSummary } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { type RunningServer, startServer } from './browser.ts';
import { tempDir } from './fixtures.ts';
import { POSTGRES_TESTED, type PostgresCluster, startPostgres } from './postgres-cluster.ts';

/** How long writers race through both processes, ms. */
const WRITING_MS = 1500;
const WRITERS_PER_PROCESS = 3;

/** One real server process's API, by fetch. */
function client(server: RunningServer) {
  const base = server.url.replace('localhost', '127.0.0.1');
  return async <T>(method: string, path: string, keys: readonly string[], body?: unknown) => {
    const r = await fetch(new URL(path, base), {
      method,
      headers: {
        [SEAT_KEY_HEADER]: keys.join(', '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, body: (await r.json()) as T };
  };
}

type Ask = ReturnType<typeof client>;

/**
 * Several server processes on one PostgreSQL database (postgres-store.ts): two real `npm start`
 * processes with `--database`, on a throwaway cluster. A command given through one is heard at once on
 * the other's change stream; writers racing on one game through both never fork it (each command
 * acknowledged is in the log at the index its answer gave, every other answer a 409); kill -9 of one
 * process loses no command it acknowledged.
 */
describe.skipIf(!POSTGRES_TESTED)('several server processes on one PostgreSQL database', () => {
  const temp = tempDir('processes');
  const web = join(temp.dir, 'web');
  mkdirSync(web);
  let cluster: PostgresCluster;
  const servers: RunningServer[] = [];
  let ask: [Ask, Ask];

  beforeAll(async () => {
    cluster = await startPostgres();
    const url = await cluster.newDatabase();
    // Two processes, each with a data folder of its own: what they share is the database.
    for (const name of ['a', 'b'])
      servers.push(await startServer(join(temp.dir, name), web, undefined, ['--database', url]));
    ask = [client(servers[0]!), client(servers[1]!)];
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    cluster?.stop();
    temp.cleanup();
  });

  /** A seeded game of two human seats made through process A, its keys and the company's units. */
  async function newGame(seed: number) {
    const game = (
      await ask[0]('POST', '/api/games', [], { scenario: 'training-village-ford', seed, dice: 'seeded' })
    ).body as CreatedGame;
    const keys = Object.values(game.seatKeys);
    const play = (await ask[0]<GamePlay>('GET', `/api/games/${game.id}/play?viewer=company`, keys)).body;
    const units = [
      ...new Set(
        (play.legal as { type: string; unit?: string }[])
          .filter((c) => c.type === 'place-order')
          .map((c) => c.unit!),
      ),
    ];
    return { id: game.id, keys, units };
  }

  /** The game's log as the store holds it, read through `through`. */
  async function logOf(through: Ask, game: { id: string; keys: string[] }) {
    const r = await through<{ commands: { side: string; command: unknown }[] }>(
      'GET',
      `/api/games/${game.id}/export`,
      game.keys,
    );
    expect(r.status).toBe(200);
    return r.body.commands;
  }

  it('tells the change stream of one process of a command given through the other, at once', async () => {
    const game = await newGame(1);
    // Process B has the game in memory before A moves it on.
    const before = await ask[1]<GamePlay>('GET', `/api/games/${game.id}/play?viewer=company`, game.keys);
    expect(before.body.total).toBe(0);
    const stream = await fetch(new URL(`/api/games/${game.id}/changes`, servers[1]!.url));
    const reader = stream.body!.getReader();
    const heard: GameSummary[] = [];
    const hearing = (async () => {
      let text = '';
      while (!heard.some((s) => s.commands === 1)) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        for (const m of text.matchAll(/event: summary\ndata: (.*)\n\n/g))
          heard.push(JSON.parse(m[1]!) as GameSummary);
        text = text.slice(text.lastIndexOf('\n\n') + 2);
      }
    })();
    const given = await ask[0]('POST', `/api/games/${game.id}/commands`, game.keys, {
      side: 'company',
      command: { type: 'place-order', unit: game.units[0], order: 'blank' },
      seq: 0,
    });
    expect(given.status).toBe(201);
    const at = Date.now();
    await hearing;
    expect(Date.now() - at).toBeLessThan(2000);
    await reader.cancel();
    expect(heard.at(-1)).toMatchObject({ id: game.id, commands: 1 });
    // B's own picture follows: the game it held was dropped and replayed from the database.
    const after = await ask[1]<GamePlay>('GET', `/api/games/${game.id}/play?viewer=company`, game.keys);
    expect(after.body.total).toBe(1);
  }, 15_000);

  /**
   * Writers on one game through both processes, each command given at the index its process knows, until
   * `until` resolves; the commands acknowledged, by index, and the answers' statuses.
   */
  async function race(game: Awaited<ReturnType<typeof newGame>>, until: Promise<void>) {
    const acknowledged = new Map<number, unknown>();
    const statuses = new Map<number, number>();
    let over = false;
    until.then(() => {
      over = true;
    });
    const writer = async (through: Ask, n: number) => {
      for (let i = 0; !over; i++) {
        const command = {
          type: 'place-order',
          unit: game.units[(n + i) % game.units.length],
          order: 'blank',
        };
        try {
          const r = await through<{ seq: number }>('POST', `/api/games/${game.id}/commands`, game.keys, {
            side: 'company',
            command,
          });
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status === 201) {
            // Two acknowledgements of one index would be a forked game.
            expect(acknowledged.has(r.body.seq), `index ${r.body.seq} acknowledged twice`).toBe(false);
            acknowledged.set(r.body.seq, command);
          }
        } catch {
          return; // the process is gone: this command was never acknowledged
        }
      }
    };
    await Promise.all(
      ask.flatMap((through) => Array.from({ length: WRITERS_PER_PROCESS }, (_, n) => writer(through, n))),
    );
    return { acknowledged, statuses };
  }

  it('keeps one game whole under writers racing through both processes: one command stored, the other 409', async () => {
    const game = await newGame(2);
    const { acknowledged, statuses } = await race(
      game,
      new Promise((resolve) => setTimeout(resolve, WRITING_MS)),
    );
    expect(
      [...statuses.keys()].every((s) => s === 201 || s === 409),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(201)).toBeGreaterThan(WRITERS_PER_PROCESS);
    const log = await logOf(ask[1], game);
    // Every index of the log was acknowledged to exactly one writer, with the command stored there.
    expect(log.length).toBe(acknowledged.size);
    for (const [seq, command] of acknowledged) expect(log[seq]?.command, `command ${seq}`).toEqual(command);
    // A 409 answer leaves the loser's process with the game as stored: its next picture is the log's.
    const picture = await ask[0]<GamePlay>('GET', `/api/games/${game.id}/play?viewer=company`, game.keys);
    expect(picture.body.total).toBe(log.length);
  });

  it('loses no acknowledged command when one process is killed with SIGKILL while both take commands', async () => {
    const game = await newGame(3);
    const killing = new Promise<void>((resolve) =>
      setTimeout(async () => {
        await servers[0]!.kill();
        setTimeout(resolve, 300);
      }, WRITING_MS),
    );
    const { acknowledged } = await race(game, killing);
    const log = await logOf(ask[1], game);
    for (const [seq, command] of acknowledged) expect(log[seq]?.command, `command ${seq}`).toEqual(command);
    expect(acknowledged.size).toBeGreaterThan(WRITERS_PER_PROCESS);
    // The survivor takes the next command at the end of the log as stored.
    const next = await ask[1]<{ seq: number }>('POST', `/api/games/${game.id}/commands`, game.keys, {
      side: 'company',
      command: { type: 'place-order', unit: game.units[0], order: 'blank' },
    });
    expect(next).toMatchObject({ status: 201, body: { seq: log.length } });
  });
});
