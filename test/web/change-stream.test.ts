import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { CreatedGame, GamePlay, GameSummary } from '../../src/protocol/api.ts';
import { buildApp } from '../../src/server/app.ts';
import { openStore, SCENARIOS, seatKeyClient, serverForTests, tempDir } from './fixtures.ts';

/**
 * The change stream (GET /api/games/:id/changes, src/server/change-stream.ts), over a real socket: a
 * page waiting for a player on another screen hears of each command as it is stored, with no key and
 * nothing but the public summary; a deleted game's stream says so and ends; the server closes with
 * streams open.
 */

interface StreamEvent {
  readonly event: string;
  readonly data: unknown;
}

/** Reads server-sent events from a response body, one at a time (comments and `retry` skipped). */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const comments: string[] = [];
  async function next(): Promise<StreamEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        for (const l of lines) if (l.startsWith(':')) comments.push(l);
        const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length);
        const data = lines.find((l) => l.startsWith('data: '))?.slice('data: '.length);
        if (event !== undefined && data !== undefined) return { event, data: JSON.parse(data) };
        continue;
      }
      const chunk = await reader.read();
      if (chunk.done) return undefined;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }
  /** The next event, which must be a summary. */
  async function nextSummary(): Promise<GameSummary> {
    const e = await next();
    expect(e?.event).toBe('summary');
    return e!.data as GameSummary;
  }
  return { next, nextSummary, comments, cancel: () => reader.cancel() };
}

describe('the change stream', () => {
  const server = serverForTests('change-stream', { listen: true, app: { heartbeatMs: 50 } });
  const base = () => server.url;

  const client = seatKeyClient(() => server.app);

  async function newGame(): Promise<CreatedGame> {
    const r = await client.post<CreatedGame>('/api/games', {
      scenario: 'training-village-ford',
      seed: 7,
      players: { company: 'human', maratha: 'human' },
    });
    expect(r.status).toBe(201);
    return r.body;
  }

  async function firstOrder(game: CreatedGame): Promise<JcCommand> {
    const play = await client.get<GamePlay>(`/api/games/${game.id}/play?viewer=company`);
    return (play.body.legal as JcCommand[]).find((c) => c.type === 'place-order')!;
  }

  it('gives the summary at once and again after each command, to a listener without a key', async () => {
    const game = await newGame();
    const response = await fetch(`${base()}/api/games/${game.id}/changes`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(response.body!);

    const first = await events.nextSummary();
    expect(first.commands).toBe(0);
    expect(first.decider).toBe('company');

    const command = await firstOrder(game);
    const given = await client.post(`/api/games/${game.id}/commands`, { side: 'company', command, seq: 0 });
    expect(given.status).toBe(201);
    const summary = await events.nextSummary();
    expect(summary.commands).toBe(1);
    // The public summary and nothing else: no order, no view, no key.
    const publicSummary = await client.get<GameSummary>(`/api/games/${game.id}/summary`, []);
    expect(summary).toEqual(publicSummary.body);

    // A refused command changes nothing and says nothing.
    const refused = await client.post(`/api/games/${game.id}/commands`, { side: 'company', command, seq: 0 });
    expect(refused.status).toBe(409);
    const heartbeatSeen = events.comments.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    const third = client.post(`/api/games/${game.id}/commands`, {
      side: 'company',
      command: { type: 'finish-orders' },
      seq: 1,
    });
    expect((await third).status).toBe(201);
    expect((await events.nextSummary()).commands).toBe(2);
    // Heartbeats kept coming while nothing happened.
    expect(events.comments.length).toBeGreaterThan(heartbeatSeen);
    await events.cancel();
  });

  it('says when the game is deleted and ends', async () => {
    const game = await newGame();
    const response = await fetch(`${base()}/api/games/${game.id}/changes`);
    const events = eventReader(response.body!);
    expect((await events.next())?.event).toBe('summary');
    expect((await client.delete(`/api/games/${game.id}`)).status).toBe(204);
    expect(await events.next()).toEqual({ event: 'deleted', data: { id: game.id } });
    expect(await events.next()).toBeUndefined();
  });

  it('answers 404 for a game there is not', async () => {
    const response = await fetch(`${base()}/api/games/no-such-game/changes`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe('not-found');
  });

  it('lets the server close while streams are open', async () => {
    const { dir, cleanup: done } = tempDir('change-stream-close');
    const own = openStore(join(dir, 'muster.sqlite'));
    const other = await buildApp({ store: own, scenarios: SCENARIOS });
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const created = await other.inject({
      method: 'POST',
      url: '/api/games',
      payload: { scenario: 'training-village-ford', seed: 1 },
    });
    const id = (created.json() as CreatedGame).id;
    const events = eventReader((await fetch(`${url}/api/games/${id}/changes`)).body!);
    expect((await events.next())?.event).toBe('summary');
    await other.close();
    expect(await events.next()).toBeUndefined();
    own.close();
    done();
  });
});
