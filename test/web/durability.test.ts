import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedGame, GamePlay, GameSummary, SavedGame } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { REPO, tempDir } from './fixtures.ts';

/**
 * Durability: the real server process (src/server/main.ts) is killed with SIGKILL while concurrent
 * writers give commands, then started again on the same data folder; every command it acknowledged
 * (a 201) is in the stored log, at the place its answer gave, as it was sent.
 */
describe('an acknowledged command survives kill -9', () => {
  let dir: string;
  let cleanup: () => void;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('durability'));
    mkdirSync(join(dir, 'web'));
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    cleanup();
  });

  /** Starts the server on the data folder (API only: the web folder is empty); its URL once it listens. */
  function startServer(): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/main.ts',
        ...['--port', '0', '--data', join(dir, 'data'), '--web', join(dir, 'web')],
        ...['--no-open', '--log-level', 'warn'],
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = /Muster is running at (\S+)/.exec(out)?.[1];
        if (url) resolve({ child, url: url.replace(/\/$/, '') });
      });
      child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${err}`)));
    });
  }

  interface Ack {
    readonly game: string;
    readonly seq: number;
    readonly side: string;
    readonly command: unknown;
  }

  it('keeps every command acknowledged before the kill, in order', async () => {
    const first = await startServer();
    const call = async <T>(path: string, keys: readonly string[], body?: unknown) => {
      const r = await fetch(`${first.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          [SEAT_KEY_HEADER]: keys.join(', '),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as T };
    };
    const games: { id: string; keys: string[] }[] = [];
    for (const scenario of ['plassey-1757', 'training-village-ford']) {
      const created = await call<CreatedGame>('/api/games', [], { scenario, seed: 5 });
      expect(created.status).toBe(201);
      games.push({ id: created.body.id, keys: Object.values(created.body.seatKeys) });
    }

    const acks: Ack[] = [];
    let refusals = 0;
    let killed = false;
    /** Gives the decider's commands on one game until the server dies; two writers share each game. */
    const writer = async (game: { id: string; keys: string[] }, w: number) => {
      for (let n = 0; !killed; n++) {
        try {
          const summary = await call<GameSummary>(`/api/games/${game.id}/summary`, []);
          const side = summary.body.decider;
          if (side === undefined) return;
          const play = await call<GamePlay>(`/api/games/${game.id}/play?viewer=${side}`, game.keys);
          if (play.body.legal.length === 0) continue;
          const command = play.body.legal[(n * 7 + w) % play.body.legal.length];
          const r = await call<{ seq: number }>(`/api/games/${game.id}/commands`, game.keys, {
            side,
            command,
            seq: play.body.total,
          });
          if (r.status === 201) acks.push({ game: game.id, seq: r.body.seq, side, command });
          else refusals++;
        } catch {
          return; // the server is gone
        }
      }
    };
    let running = 4;
    const writers = games
      .flatMap((game, g) => [writer(game, 2 * g), writer(game, 2 * g + 1)])
      .map((w) => w.finally(() => running--));
    // Kill once enough commands are acknowledged, while the writers are still at it.
    while (acks.length < 40 && running === 4) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running).toBe(4);
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    expect(
      first.child.signalCode ?? (await new Promise((r) => first.child.once('exit', (_c, s) => r(s)))),
    ).toBe('SIGKILL');

    const second = await startServer();
    for (const game of games) {
      const r = await fetch(`${second.url}/api/games/${game.id}`, {
        headers: { [SEAT_KEY_HEADER]: game.keys.join(', ') },
      });
      expect(r.status).toBe(200);
      const stored = ((await r.json()) as SavedGame).record.commands;
      const mine = acks.filter((a) => a.game === game.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const ack of mine) expect(stored[ack.seq]).toEqual({ side: ack.side, command: ack.command });
    }
    // Both writers of a game raced: some commands were refused as stale (409), none stored twice.
    expect(refusals).toBeGreaterThan(0);
    second.child.kill('SIGKILL');
  }, 120_000);
});
