import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameSummary } from '../protocol/api.ts';
import type { GameChanges } from './changes.ts';

/**
 * The change stream of a game (GET /api/games/:id/changes), as server-sent events: a `summary` event
 * with the game's public summary at once and after every change, `deleted` when the game is deleted
 * (the stream then ends), and a comment every `heartbeatMs` so that proxies keep the connection open.
 * A page waiting for a player on another screen listens to it and asks for its own view when the
 * summary's `commands` differ from what it shows (src/web/table/useTableSession.ts).
 */
export const CHANGE_STREAM_EVENTS = { summary: 'summary', deleted: 'deleted' } as const;

/** How long a browser waits before it reconnects a dropped stream (the `retry` field), ms. */
const RECONNECT_MS = 2000;

/** The streams open now, so that the server can end them when it closes. */
export class ChangeStreams {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly changes: GameChanges,
    private readonly heartbeatMs = 20_000,
  ) {}

  /** Answers `request` with the stream of game `first.id`, from its summary now. */
  serve(request: FastifyRequest, reply: FastifyReply, first: GameSummary): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      // nginx and its kin would otherwise hold the events back in their buffers.
      'x-accel-buffering': 'no',
    });
    const event = (name: string, data: unknown) =>
      raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
    event(CHANGE_STREAM_EVENTS.summary, first);

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(end);
      raw.end();
    };
    const unsubscribe = this.changes.subscribe(first.id, (summary) => {
      if (summary) event(CHANGE_STREAM_EVENTS.summary, summary);
      else {
        event(CHANGE_STREAM_EVENTS.deleted, { id: first.id });
        end();
      }
    });
    const heartbeat = setInterval(() => raw.write(': still here\n\n'), this.heartbeatMs);
    this.open.add(end);
    request.raw.on('close', end);
  }

  /** Ends every open stream (the server is closing: it would otherwise wait for them). */
  endAll(): void {
    for (const end of [...this.open]) end();
  }
}
