/**
 * `npm run bench:server`: the game server's throughput on this machine, over loopback. It starts the real
 * server (`npm start`'s main.ts) on 127.0.0.1 with a data folder of its own, prepares its games by import
 * (the long Assaye battle of long-game.ts at 1,000 commands, and a new game), and runs bounded load
 * loops, each CONCURRENCY clients on kept-alive connections for SECONDS seconds, every request as a
 * browser makes it (gzip accepted):
 * - GET summary, GET play (the whole play of a game at 1,000 commands);
 * - POST command on one game at 0 and at 1,000 commands, CONCURRENCY clients at once (each puts a blank
 *   counter on a unit, always legal in the orders phase; no `seq`, so the clients never conflict);
 * - POST command spread over CONCURRENCY games of 1,000 commands, one client each (with `seq`).
 * Each run is preceded by a warm-up of a fifth of its length. Prints requests/s, p50, p99 and max
 * latency, the server's CPU time per request (from /proc: on a busy machine the rates fall, this does
 * not) and the mean answer on the wire, then the POST-command
 * rates as ratios of the GET-summary rate of the same run, against the goals of issue 11: the spread
 * rate >= 25% of the summary rate; p99 <= 50 ms on one game of 1,000 commands. Stops the server and
 * removes its folder at the end.
 */

import { mkdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import type { CreatedGame, GamePlay } from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { startServer } from './browser.ts';
import { tempDir } from './fixtures.ts';
import { longGameRecord } from './long-game.ts';

const CONCURRENCY = 32;
const SECONDS = Number(process.env['MUSTER_BENCH_SECONDS'] ?? 3);
const LONG = 1000;

interface Measured {
  readonly name: string;
  readonly requests: number;
  readonly failures: number;
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly bytes: number;
  /** The server process's CPU time (user + system) per request, ms. */
  readonly cpu: number;
}

/** A process's CPU time so far (user + system), ms, from /proc/<pid>/stat. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command's name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly keys?: readonly string[];
  readonly body?: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request: its status, its answer's bytes on the wire and, when asked, its body as text. */
function call(base: URL, c: Call, read = false): Promise<{ status: number; bytes: number; text: string }> {
  const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(c.path, base),
      {
        method: c.method,
        agent,
        headers: {
          ...(read ? {} : { 'accept-encoding': 'gzip' }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(c.keys ? { [SEAT_KEY_HEADER]: c.keys.join(', ') } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (read) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function json<T>(base: URL, c: Call): Promise<T> {
  const r = await call(base, c, true);
  if (r.status >= 300) throw new Error(`${c.method} ${c.path}: ${r.status} ${r.text}`);
  return JSON.parse(r.text) as T;
}

/**
 * CONCURRENCY clients, each giving `next(client)`'s requests one after another for SECONDS seconds
 * (after a warm-up of a fifth of that); `pid` is the server's.
 */
async function load(base: URL, pid: number, name: string, next: (client: number) => Call): Promise<Measured> {
  await loop(base, next, SECONDS * 200);
  const cpu = cpuOf(pid);
  const measured = await loop(base, next, SECONDS * 1000);
  return { name, ...measured, cpu: (cpuOf(pid) - cpu) / measured.requests };
}

async function loop(
  base: URL,
  next: (client: number) => Call,
  ms: number,
): Promise<Omit<Measured, 'name' | 'cpu'>> {
  const times: number[] = [];
  let failures = 0;
  let bytes = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (performance.now() < end) {
        const t = performance.now();
        const r = await call(base, next(client));
        times.push(performance.now() - t);
        bytes += r.bytes;
        if (r.status >= 300) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return {
    requests: times.length,
    failures,
    rate: times.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1)!,
    bytes: bytes / times.length,
  };
}

function row(m: Measured): string {
  const cells = [
    m.name.padEnd(44),
    `${m.rate.toFixed(0).padStart(6)}/s`,
    `p50 ${m.p50.toFixed(1).padStart(6)} ms`,
    `p99 ${m.p99.toFixed(1).padStart(6)} ms`,
    `max ${m.max.toFixed(1).padStart(6)} ms`,
    `server CPU ${m.cpu.toFixed(2).padStart(5)} ms/request`,
    `${(m.bytes / 1024).toFixed(1).padStart(6)} KiB`,
    m.failures ? `${m.failures} failed` : '',
  ];
  return cells.join('  ');
}

async function main(): Promise<void> {
  const temp = tempDir('bench-server');
  const web = join(temp.dir, 'web');
  mkdirSync(web);
  let t = performance.now();
  const record = longGameRecord(LONG, true);
  process.stdout.write(
    `Muster server bench - node ${process.version}, ${new Date().toISOString()}, ${CONCURRENCY} clients, ${SECONDS} s a run\n`,
  );
  process.stdout.write(
    `the long Assaye battle played to ${record.commands.length} commands in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
  );
  const server = await startServer(join(temp.dir, 'data'), web);
  try {
    const base = new URL(server.url);
    base.hostname = '127.0.0.1';
    t = performance.now();
    const long: CreatedGame[] = [];
    for (let i = 0; i < CONCURRENCY; i++)
      long.push(await json<CreatedGame>(base, { method: 'POST', path: '/api/games/import', body: record }));
    const fresh = await json<CreatedGame>(base, {
      method: 'POST',
      path: '/api/games',
      body: { scenario: 'assaye-1803', seed: 1 },
    });
    process.stdout.write(
      `imported ${CONCURRENCY} games of ${record.commands.length} commands in ${((performance.now() - t) / 1000).toFixed(1)} s\n\n`,
    );
    const url = (g: CreatedGame) => `/api/games/${g.id}`;
    const keysOf = (g: CreatedGame) => Object.values(g.seatKeys);
    /** Who decides in a game now, the units it may put a counter on, and the commands in its log. */
    const orders = async (g: CreatedGame) => {
      const summary = await json<{ decider: string; commands: number }>(base, {
        method: 'GET',
        path: `${url(g)}/summary`,
      });
      const side = summary.decider;
      const play = await json<GamePlay>(base, {
        method: 'GET',
        path: `${url(g)}/play?viewer=${side}&from=${summary.commands}`,
        keys: keysOf(g),
      });
      const units = [
        ...new Set(
          (play.legal as { type: string; unit?: string }[])
            .filter((c) => c.type === 'place-order' || c.type === 'remove-order')
            .map((c) => c.unit!),
        ),
      ];
      if (units.length === 0) throw new Error(`${side} has no counter to put down in game ${g.id}`);
      return { side, units, seq: play.total };
    };
    const blank = (
      g: CreatedGame,
      o: { side: string; units: string[] },
      client: number,
      seq?: number,
    ): Call => ({
      method: 'POST',
      path: `${url(g)}/commands`,
      keys: keysOf(g),
      body: {
        side: o.side,
        command: { type: 'place-order', unit: o.units[client % o.units.length], order: 'blank' },
        ...(seq === undefined ? {} : { seq }),
      },
    });

    const results: Measured[] = [];
    const run = async (m: Promise<Measured>) => {
      const measured = await m;
      results.push(measured);
      process.stdout.write(`${row(measured)}\n`);
      return measured;
    };
    const one = long[0]!;
    const summary = await run(
      load(base, server.pid, `GET summary (${LONG} commands)`, () => ({
        method: 'GET',
        path: `${url(one)}/summary`,
      })),
    );
    const side = (await orders(one)).side;
    await run(
      load(base, server.pid, `GET play, whole (${LONG} commands)`, () => ({
        method: 'GET',
        path: `${url(one)}/play?viewer=${side}`,
        keys: keysOf(one),
      })),
    );
    const freshOrders = await orders(fresh);
    await run(
      load(base, server.pid, 'POST command, one game at 0 commands', (client) =>
        blank(fresh, freshOrders, client),
      ),
    );
    const oneOrders = await orders(one);
    const oneGame = await run(
      load(base, server.pid, `POST command, one game at ${LONG} commands`, (client) =>
        blank(one, oneOrders, client),
      ),
    );
    const spreadOrders = await Promise.all(long.slice(1).map(orders));
    spreadOrders.unshift(await orders(one));
    const seqs = spreadOrders.map((o) => o.seq);
    const spread = await run(
      load(base, server.pid, `POST command, ${CONCURRENCY} games of ${LONG} commands`, (client) =>
        blank(long[client]!, spreadOrders[client]!, client, seqs[client]!++),
      ),
    );
    process.stdout.write('\n');
    const ratio = (m: Measured) => `${((100 * m.rate) / summary.rate).toFixed(1)}% of the GET-summary rate`;
    const cpuRatio = (m: Measured) => `${((100 * summary.cpu) / m.cpu).toFixed(1)}%`;
    process.stdout.write(`POST command, ${CONCURRENCY} games: ${ratio(spread)} (goal >= 25%)\n`);
    process.stdout.write(
      `by the server's CPU per request: ${cpuRatio(spread)} spread over ${CONCURRENCY} games, ${cpuRatio(oneGame)} on one game\n`,
    );
    process.stdout.write(
      `POST command, one game at ${LONG}: ${ratio(oneGame)}; p99 ${oneGame.p99.toFixed(1)} ms (goal <= 50 ms)\n`,
    );
    process.stdout.write(
      `${JSON.stringify(Object.fromEntries(results.map((m) => [m.name, { rate: Math.round(m.rate), p50: +m.p50.toFixed(2), p99: +m.p99.toFixed(2), cpu: +m.cpu.toFixed(3), failures: m.failures }])))}\n`,
    );
  } finally {
    agent.destroy();
    await server.stop();
    temp.cleanup();
  }
}

await main();
