import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentBuild } from '../bin/current-build.mjs';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * Every core (issue 13): `muster compare` as a user runs it (the build made by `npm install`, John
 * Company, the computer on both sides, on the practice ford), with `--workers 1` and `--workers 2`
 * alternating (1, 2, 2, 1, ...), the same seeded battles each run. Prints battles/s of each (the whole
 * call: start-up, worker start-up and the battles), the speed-up (target >= 1.8x on 2 cores) and
 * whether the two printed the same table. On Linux also the CPU time of each call (user + system, every
 * thread: the battles, and V8's compiling them again in each worker), which a loaded machine inflates
 * far less than the wall time: a speed-up short of 2x with twice the CPU time is work the second worker
 * adds, not a lack of cores.
 *
 * And what the machine allows: the same battles split between two `--workers 1` calls run at once
 * (the first half's seeds in one, the second half's in the other), each a process of its own that
 * shares nothing with the other. Their battles/s, against one call alone, bound what any pool of two
 * workers can reach here: each worker, like each process, warms up its own V8 (its first few dozen
 * battles run two to three times slower while the optimising compiler works on a helper thread, which
 * then wants the other core), and two busy processes slow each other down through what the cores share.
 *
 * Usage: `USAGE` below, also printed by `--help`.
 */

const USAGE = `node --import tsx bench/workers.ts [--battles N (default 192)] [--rounds R (default 2)]`;

const { values } = benchArgs(USAGE, { options: { battles: { type: 'string' }, rounds: { type: 'string' } } });
const battles = wholeNumber(values.battles, '--battles', 192, USAGE, 2);
const rounds = wholeNumber(values.rounds, '--rounds', 2, USAGE);
const bin = fileURLToPath(new URL('../bin/muster.mjs', import.meta.url));
const root = fileURLToPath(new URL('../', import.meta.url));

if (!currentBuild(new URL('../', import.meta.url))) {
  const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('could not build the command line (scripts/build-cli.mjs)');
}

/** Seconds of CPU the waited-for children have used so far (Linux), or NaN. */
function childrenCpu(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The arguments of a `muster compare` call of `count` battles from seed `seed`. */
const compareArgs = (workers: 1 | 2, seed = 1, count = battles) => [
  bin,
  'compare',
  'training-village-ford',
  '--rulesets',
  'john-company',
  '--battles',
  String(count),
  '--seed',
  String(seed),
  '--workers',
  String(workers),
  '--json',
];

function compare(workers: 1 | 2): { seconds: number; cpu: number; table: string } {
  const start = performance.now();
  const cpuBefore = childrenCpu();
  const run = spawnSync(process.execPath, compareArgs(workers), { cwd: root, encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`muster compare --workers ${workers} failed: ${run.stderr}`);
  return { seconds, cpu: childrenCpu() - cpuBefore, table: run.stdout };
}

/**
 * The battles split between two `--workers 1` calls started together: the seconds until both have
 * finished, and their CPU time.
 */
async function twoAtOnce(): Promise<{ seconds: number; cpu: number }> {
  const start = performance.now();
  const cpuBefore = childrenCpu();
  const half = Math.ceil(battles / 2);
  const one = (seed: number, count: number) =>
    new Promise<void>((done, fail) => {
      const args = compareArgs(1, seed, count);
      const call = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      call.stderr.on('data', (chunk) => {
        err += chunk;
      });
      call.on('error', fail);
      call.on('close', (code) =>
        code === 0 ? done() : fail(new Error(`muster compare --workers 1 failed: ${err}`)),
      );
    });
  await Promise.all([one(1, half), one(1 + half, battles - half)]);
  return { seconds: (performance.now() - start) / 1000, cpu: childrenCpu() - cpuBefore };
}

const seconds: Record<1 | 2 | 'two calls', number[]> = { 1: [], 2: [], 'two calls': [] };
const cpu: Record<1 | 2 | 'two calls', number[]> = { 1: [], 2: [], 'two calls': [] };
const tables = new Set<string>();
for (let r = 0; r < rounds; r++)
  for (const run of r % 2 === 0 ? ([1, 2, 'two calls'] as const) : (['two calls', 2, 1] as const)) {
    if (run === 'two calls') {
      const measured = await twoAtOnce();
      seconds[run].push(measured.seconds);
      cpu[run].push(measured.cpu);
    } else {
      const measured = compare(run);
      seconds[run].push(measured.seconds);
      cpu[run].push(measured.cpu);
      tables.add(measured.table);
    }
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const rate = (w: 1 | 2) => battles / median(seconds[w]);
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`Worker threads - node ${process.version}`);
say(
  `muster compare, ${battles} John Company battles a call, medians of ${rounds} alternating calls: --workers 1 ${rate(1).toFixed(2)} battles/s, --workers 2 ${rate(2).toFixed(2)} battles/s: ${(rate(2) / rate(1)).toFixed(2)}x (target 1.8x on 2 cores); tables ${tables.size === 1 ? 'the same' : 'DIFFERENT'} on 1 and 2 workers`,
);
if (!Number.isNaN(median(cpu[1])))
  say(
    `CPU time a call (user + system, medians): --workers 1 ${median(cpu[1]).toFixed(1)} s, --workers 2 ${median(cpu[2]).toFixed(1)} s: ${(median(cpu[2]) / median(cpu[1])).toFixed(2)}x the work for the same battles`,
  );
const together = battles / median(seconds['two calls']);
say(
  `what the machine allows: the same battles split between two --workers 1 calls at once, nothing shared, ${together.toFixed(2)} battles/s: ${(together / rate(1)).toFixed(2)}x one call alone (the most two workers can expect here)`,
);
if (!Number.isNaN(median(cpu['two calls'])))
  say(
    `  their CPU time: ${median(cpu['two calls']).toFixed(1)} s: ${(median(cpu['two calls']) / median(cpu[1])).toFixed(2)}x the work of one call`,
  );
