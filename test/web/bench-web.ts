/**
 * `npm run bench:web`: the browser app's budgets on this machine.
 * - Size: every JavaScript and CSS file of a production build, raw and gzipped (level 9).
 * - First load: a fresh browser context (empty cache) opens the referee's assistant from the local
 *   server, in Debian's chromium; timed from navigation start to DOMContentLoaded, to the load event,
 *   and to "ready": the procedure's form and its exact odds drawn (the first odds chart on screen).
 *   Median, minimum and maximum of RUNS loads after one warm-up.
 * Prints a table and, last, one JSON line with the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildWebApp, launchChromium, startServer } from './browser.ts';
import { tempDir } from './fixtures.ts';

const RUNS = 9;
const PAGE = '#/referee/reaction-test';

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

    const server = await startServer(join(temp.dir, 'data'), web);
    const browser = await launchChromium();
    const loads: { domContentLoaded: number; load: number; ready: number }[] = [];
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
    };
    const lines = [
      `Web app budgets (${RUNS} cold loads of /${PAGE} from the local server, chromium)`,
      `  build (vite)             ${figures.buildMs} ms`,
      ...assets.map(
        (a) => `  ${a.file.padEnd(24)} ${kib(a.raw).padStart(9)} raw  ${kib(a.gzip).padStart(8)} gzip`,
      ),
      `  JavaScript in all        ${kib(jsRaw).padStart(9)} raw  ${kib(jsGzip).padStart(8)} gzip`,
      ...(['domContentLoaded', 'load', 'ready'] as const).map((k) => {
        const s = figures.firstLoadMs[k];
        return `  first load: ${k.padEnd(16)} median ${s.median.toFixed(0).padStart(4)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
      }),
    ];
    process.stdout.write(`${lines.join('\n')}\n${JSON.stringify(figures)}\n`);
  } finally {
    temp.cleanup();
  }
}

await main();
