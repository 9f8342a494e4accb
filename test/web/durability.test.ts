import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppendCommandResponse, CreatedGame, GamePlay } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { type RunningServer, startServer } from './browser.ts';
import { tempDir } from './fixtures.ts';

const GAMES = 4;
const WRITERS_PER_GAME = 4;
const WRITING_MS = 1500;

/**
 * Durability with group commits (store.ts `appendGrouped`): writers give commands to several games at
 * once against a real server process, which is killed with SIGKILL while they write; after a restart on
 * the same data folder, every command the server acknowledged (201) is in its game's log, at the index
 * its answer gave.
 */
describe('an acknowledged command survives kill -9', () => {
  const temp = tempDir('durability');
  const data = join(temp.dir, 'data');
  const web = join(temp.dir, 'web');
  mkdirSync(web);
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    temp.cleanup();
  });

  it('keeps every acknowledged command of writers racing on four games through a SIGKILL', async () => {
    server = await startServer(data, web);
    const base = server.url.replace('localhost', '127.0.0.1');
    const ask = async <T>(method: string, path: string, keys: readonly string[], body?: unknown) => {
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
    const games: { game: CreatedGame; keys: string[]; units: string[] }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const game = (
        await ask<CreatedGame>('POST', '/api/games', [], { scenario: 'training-village-ford', seed: i })
      ).body;
      const keys = Object.values(game.seatKeys);
      const play = (await ask<GamePlay>('GET', `/api/games/${game.id}/play?viewer=company`, keys)).body;
      const units = [
        ...new Set(
          (play.legal as { type: string; unit?: string }[])
            .filter((c) => c.type === 'place-order')
            .map((c) => c.unit!),
        ),
      ];
      games.push({ game, keys, units });
    }
    const acknowledged = new Map<string, Map<number, unknown>>(games.map((g) => [g.game.id, new Map()]));
    let killed = false;
    const writer = async (g: (typeof games)[number], n: number) => {
      for (let i = 0; !killed; i++) {
        const command = { type: 'place-order', unit: g.units[(n + i) % g.units.length], order: 'blank' };
        try {
          const r = await ask<AppendCommandResponse>('POST', `/api/games/${g.game.id}/commands`, g.keys, {
            side: 'company',
            command,
          });
          expect(r.status).toBe(201);
          acknowledged.get(g.game.id)!.set(r.body.seq, command);
        } catch {
          return; // the server is gone: this command was never acknowledged
        }
      }
    };
    const writing = games.flatMap((g) => Array.from({ length: WRITERS_PER_GAME }, (_, n) => writer(g, n)));
    await new Promise((resolve) => setTimeout(resolve, WRITING_MS));
    await server.kill();
    killed = true;
    await Promise.all(writing);

    server = await startServer(data, web);
    const again = server.url.replace('localhost', '127.0.0.1');
    let total = 0;
    for (const g of games) {
      const r = await fetch(new URL(`/api/games/${g.game.id}/export`, again), {
        headers: { [SEAT_KEY_HEADER]: g.keys.join(', ') },
      });
      const record = (await r.json()) as { commands: { command: unknown }[] };
      for (const [seq, command] of acknowledged.get(g.game.id)!) {
        expect(record.commands[seq]?.command, `game ${g.game.id} command ${seq}`).toEqual(command);
        total++;
      }
    }
    expect(total).toBeGreaterThan(GAMES * WRITERS_PER_GAME);
  });
});
