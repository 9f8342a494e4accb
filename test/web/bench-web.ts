/**
 * `npm run bench:web`: the browser app's budgets on this machine.
 * - Size: every JavaScript and CSS file of a production build, raw and gzipped (level 9); the
 *   JavaScript must stay under JS_GZIP_BUDGET (the bench exits with 1 when it does not).
 * - First load: a fresh browser context (empty cache) opens the referee's assistant from the local
 *   server, in Debian's chromium; timed from navigation start to DOMContentLoaded, to the load event,
 *   and to "ready": the procedure's form and its exact odds drawn (the first odds chart on screen).
 *   Median, minimum and maximum of RUNS loads after one warm-up.
 * - Panning the virtual table: a generated battle with TABLE_UNITS units on the table, opened at
 *   `#/play/<id>`; the table is panned by a key press on every animation frame for PAN_MS, and the
 *   frames chromium draws meanwhile are counted (requestAnimationFrame): frames per second, and the
 *   longest frame.
 * Prints a table and, last, one JSON line with the figures.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { invitationHash } from '../../src/web/invitation.ts';
import { buildWebApp, launchChromium, startServer } from './browser.ts';
import { REPO, tempDir } from './fixtures.ts';

const RUNS = 9;
const PAGE = '#/referee/reaction-test';
const JS_GZIP_BUDGET = 400 * 1024;
const TABLE_UNITS = 300;
const PAN_MS = 4000;

interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * The training scenario grown to `units` units on a 240" x 160" table: its terrain in the middle, its
 * Generals behind their armies, the Company's battalions in ranks (a viewer sees every unit of its own
 * side) and a few Maratha battalions in plain view across the stream.
 */
function crowdedScenario(units: number): unknown {
  const training = JSON.parse(readFileSync(join(REPO, 'scenarios/training-village-ford.json'), 'utf8'));
  const shift = (p: Point) => ({ x: p.x + 84, y: p.y + 56 });
  const moved = (f: Record<string, unknown>) => ({
    ...f,
    ...(f['path'] ? { path: (f['path'] as Point[]).map(shift) } : {}),
    ...(f['outline'] ? { outline: (f['outline'] as Point[]).map(shift) } : {}),
    ...(f['crest'] ? { crest: (f['crest'] as Point[]).map(shift) } : {}),
    ...(f['buildings'] ? { buildings: (f['buildings'] as Point[][]).map((b) => b.map(shift)) } : {}),
  });
  type Unit = { id: string; side: string; arm: string; commander: string };
  const company = (training.units as Unit[]).find((u) => u.id === '1st-native-infantry')!;
  const maratha = (training.units as Unit[]).find((u) => u.side === 'maratha' && u.arm === 'infantry')!;
  const enemies = 8;
  const columns = 21;
  const generals = (training.generals as { side: string }[]).map((g, i) => ({
    ...g,
    position: g.side === 'company' ? { x: 30 + 30 * i, y: 56 } : { x: 30 + 30 * i, y: 150 },
  }));
  const zone = (id: string, side: string, y0: number, y1: number) => ({
    id,
    side,
    outline: [
      { x: 0, y: y0 },
      { x: 240, y: y0 },
      { x: 240, y: y1 },
      { x: 0, y: y1 },
    ],
  });
  return {
    ...training,
    id: 'bench-crowded',
    title: `Bench: ${units} units`,
    table: { ...training.table, width: 240, depth: 160 },
    terrain: (training.terrain as Record<string, unknown>[]).map(moved),
    generals,
    units: [
      ...Array.from({ length: units - enemies }, (_, i) => ({
        ...company,
        id: `company-${i}`,
        name: `Company battalion ${i + 1}`,
        position: { x: 8 + 11 * (i % columns), y: 4 + 3.5 * Math.floor(i / columns) },
        facing: 90,
      })),
      ...Array.from({ length: enemies }, (_, i) => ({
        ...maratha,
        id: `maratha-${i}`,
        name: `Maratha battalion ${i + 1}`,
        position: { x: 20 + 28 * i, y: 112 },
        facing: 270,
      })),
    ],
    deployment: [zone('company-zone', 'company', 0, 60), zone('maratha-zone', 'maratha', 108, 160)],
    victory: {
      ...training.victory,
      objectives: training.victory.objectives.map((o: { position: Point }) => ({
        ...o,
        position: shift(o.position),
      })),
    },
  };
}

interface PanFigures {
  /** Frames per second while panning, and the longest frame (ms). */
  readonly fps: number;
  readonly longestFrameMs: number;
  /** Frames per second of the same page left still: what the machine allows at the time. */
  readonly stillFps: number;
  readonly units: number;
}

/**
 * Frames drawn while the table is panned on every frame, and while it is left still (the machine's
 * ceiling at the moment: chromium draws at most 60); the game is opened as the Company.
 */
async function panFramesPerSecond(browser: Browser, url: string): Promise<PanFigures> {
  const created = await fetch(new URL('/api/games', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      scenario: 'bench-crowded',
      seed: 1,
      players: { company: 'human', maratha: 'computer' },
    }),
  });
  if (!created.ok) throw new Error(`the bench battle was refused: ${await created.text()}`);
  const game = (await created.json()) as { id: string; seatKeys: Record<string, string> };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The invitation to the Company's seat: the page keeps its key and plays it.
  await page.goto(new URL(`/${invitationHash(game.id, game.seatKeys)}`, url).href);
  await page.locator('.table-frame').waitFor({ timeout: 120_000 });
  const units = await page.locator('.units-layer .unit').count();
  const frames = (panning: boolean) =>
    page.evaluate<{ frames: number; ms: number; longest: number }>(`(async () => {
    const panning = ${panning};
    const frame = document.querySelector('.table-frame');
    frame.focus();
    const press = (key) => frame.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    let frames = 0;
    let longest = 0;
    let last = performance.now();
    const start = last;
    await new Promise((done) => {
      const tick = (now) => {
        frames++;
        longest = Math.max(longest, now - last);
        last = now;
        // Right for half a second, then left: the table stays in view.
        if (panning) press(Math.floor((now - start) / 500) % 2 ? 'ArrowLeft' : 'ArrowRight');
        if (now - start < ${PAN_MS}) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    return { frames, ms: performance.now() - start, longest };
  })()`);
  const still = await frames(false);
  const panned = await frames(true);
  await context.close();
  return {
    fps: (panned.frames * 1000) / panned.ms,
    longestFrameMs: panned.longest,
    stillFps: (still.frames * 1000) / still.ms,
    units,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const temp = tempDir('bench-web');
  try {
    const web = join(temp.dir, 'web');
    const started = performance.now();
    await buildWebApp(web);
    const buildMs = performance.now() - started;

    const assets = readdirSync(join(web, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f))
      .map((file) => {
        const bytes = readFileSync(join(web, 'assets', file));
        return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      });
    const js = assets.filter((a) => a.file.endsWith('.js'));
    const jsGzip = js.reduce((s, a) => s + a.gzip, 0);
    const jsRaw = js.reduce((s, a) => s + a.raw, 0);

    const scenarios = join(temp.dir, 'scenarios');
    mkdirSync(scenarios);
    writeFileSync(join(scenarios, 'bench-crowded.json'), JSON.stringify(crowdedScenario(TABLE_UNITS)));
    const server = await startServer(join(temp.dir, 'data'), web, scenarios);
    const browser = await launchChromium();
    const loads: { domContentLoaded: number; load: number; ready: number }[] = [];
    let pan: PanFigures;
    try {
      for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(new URL(`/${PAGE}`, server.url).href);
        await page.locator('figure.odds-chart').first().waitFor();
        const timing = await page.evaluate<{
          domContentLoaded: number;
          load: number;
          ready: number;
        }>(`(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, ready: performance.now() };
        })()`);
        if (run > 0) loads.push(timing);
        await context.close();
      }
      pan = await panFramesPerSecond(browser, server.url);
    } finally {
      await browser.close();
      await server.stop();
    }

    const stat = (key: 'domContentLoaded' | 'load' | 'ready') => {
      const values = loads.map((l) => l[key]);
      return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
    };
    const figures = {
      buildMs: Math.round(buildMs),
      jsRawBytes: jsRaw,
      jsGzipBytes: jsGzip,
      assets,
      firstLoadMs: { domContentLoaded: stat('domContentLoaded'), load: stat('load'), ready: stat('ready') },
      runs: RUNS,
      tablePan: pan,
    };
    const lines = [
      `Web app budgets (${RUNS} cold loads of /${PAGE} from the local server, chromium)`,
      `  build (vite)             ${figures.buildMs} ms`,
      ...assets.map(
        (a) => `  ${a.file.padEnd(24)} ${kib(a.raw).padStart(9)} raw  ${kib(a.gzip).padStart(8)} gzip`,
      ),
      `  JavaScript in all        ${kib(jsRaw).padStart(9)} raw  ${kib(jsGzip).padStart(8)} gzip (budget ${kib(JS_GZIP_BUDGET)}${jsGzip > JS_GZIP_BUDGET ? ': OVER' : ''})`,
      ...(['domContentLoaded', 'load', 'ready'] as const).map((k) => {
        const s = figures.firstLoadMs[k];
        return `  first load: ${k.padEnd(16)} median ${s.median.toFixed(0).padStart(4)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
      }),
    ];
    lines.push(
      `  table pan, ${pan.units} units   ${pan.fps.toFixed(1)} frames/s over ${PAN_MS / 1000} s (longest frame ${pan.longestFrameMs.toFixed(0)} ms; ${pan.stillFps.toFixed(1)} frames/s left still)`,
    );
    process.stdout.write(`${lines.join('\n')}\n${JSON.stringify(figures)}\n`);
    if (jsGzip > JS_GZIP_BUDGET) process.exitCode = 1;
  } finally {
    temp.cleanup();
  }
}

await main();
