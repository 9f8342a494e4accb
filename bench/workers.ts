import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { currentBuild } from '../bin/current-build.mjs';

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
 *   node --import tsx bench/workers.ts [--battles N (default 96: each worker warms up its engine once)] [--rounds R (default 2)]
 */

const { values } = parseArgs({ options: { battles: { type: 'string' }, rounds: { type: 'string' } } });
const battles = Number(values.battles ?? 96);
const rounds = Number(values.rounds ?? 2);
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

function compare(workers: 1 | 2): { seconds: number; cpu: number; table: string } {
  const args = [bin, 'compare', 'training-village-ford', '--rulesets', 'john-company'];
  args.push('--battles', String(battles), '--workers', String(workers), '--json');
  const start = performance.now();
  const cpuBefore = childrenCpu();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`muster compare --workers ${workers} failed: ${run.stderr}`);
  return { seconds, cpu: childrenCpu() - cpuBefore, table: run.stdout };
}

const seconds: Record<1 | 2, number[]> = { 1: [], 2: [] };
const cpu: Record<1 | 2, number[]> = { 1: [], 2: [] };
const tables = new Set<string>();
for (let r = 0; r < rounds; r++)
  for (const workers of r % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
    const run = compare(workers);
    seconds[workers].push(run.seconds);
    cpu[workers].push(run.cpu);
    tables.add(run.table);
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
