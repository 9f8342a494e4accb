import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentBuild } from '../bin/current-build.mjs';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * How long a `muster` call takes from the shell (issue 13: <= 0.3 s), against `node -e 0` in the same
 * run: each command run in turn, round after round, the median wall time of each, and on Linux the
 * median CPU time of the child (user + system, /proc/self/stat's cutime and cstime, in 10 ms ticks),
 * which a loaded machine inflates far less than the wall time. The build made by `npm install`
 * (dist/cli) is measured, built first if a source is newer; and, with `MUSTER_FROM_SOURCES=1`, the
 * sources under tsx.
 *
 * Usage: `USAGE` below, also printed by `--help`.
 */

const USAGE = `node --import tsx bench/startup.ts [--rounds R (default 7)]`;

const { values } = benchArgs(USAGE, { options: { rounds: { type: 'string' } } });
const rounds = wholeNumber(values.rounds, '--rounds', 7, USAGE);
const bin = fileURLToPath(new URL('../bin/muster.mjs', import.meta.url));
const situation = JSON.stringify({
  resolveLevel: 20,
  origin: 'european',
  formation: 'close-order-line',
  orders: 'advance',
  positive: ['flanks-and-rear-secure', 'close-order', 'uncommitted-friends-flank-or-rear'],
  negative: ['target-of-artillery-fire', { id: 'stands-lost-since-last-check', count: 3 }],
  dice: [3, 3],
});

const commands: { label: string; args: string[]; input?: string; env?: Record<string, string> }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'muster resolve reaction-test --help', args: [bin, 'resolve', 'reaction-test', '--help'] },
  {
    label: 'muster resolve reaction-test (one situation)',
    args: [bin, 'resolve', 'reaction-test'],
    input: situation,
  },
  {
    label: 'the same from the sources under tsx',
    args: [bin, 'resolve', 'reaction-test'],
    input: situation,
    env: { MUSTER_FROM_SOURCES: '1' },
  },
];

process.stdout.write(`Start-up - node ${process.version}\n`);
// The built command is what a call runs while it is current; build it first if a source is newer.
if (!currentBuild(new URL('../', import.meta.url))) {
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url))],
    {
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`building the command failed:\n${build.stderr}`);
  process.stdout.write('(the built command was out of date: built it first)\n');
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

const times = commands.map(() => [] as number[]);
const cpu = commands.map(() => [] as number[]);
for (let r = 0; r < rounds; r++)
  commands.forEach((c, i) => {
    const start = performance.now();
    const cpuBefore = childrenCpu();
    const run = spawnSync(process.execPath, c.args, {
      input: c.input ?? '',
      encoding: 'utf8',
      env: { ...process.env, ...c.env },
    });
    times[i]!.push((performance.now() - start) / 1000);
    cpu[i]!.push(childrenCpu() - cpuBefore);
    if (run.status !== 0) throw new Error(`${c.label} failed:\n${run.stderr}`);
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const base = median(times[0]!);
for (const [i, c] of commands.entries()) {
  const m = median(times[i]!);
  const against = i === 0 ? '' : `  (${(m / base).toFixed(1)}x node -e 0; target <= 0.3 s)`;
  const used = median(cpu[i]!);
  const cpuText = Number.isNaN(used) ? '' : `, CPU ${used.toFixed(2)} s`;
  process.stdout.write(`${c.label.padEnd(50)} ${`${m.toFixed(3)} s`.padStart(9)}${cpuText}${against}\n`);
}
