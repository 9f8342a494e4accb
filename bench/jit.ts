import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { currentBuild } from '../bin/current-build.mjs';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * What the optimising compiler (TurboFan) costs the battles of `muster compare` (issue 13, Every core):
 * each worker thread is an isolate of its own and compiles the engine again, on V8's background
 * threads, which compete with the battles for the cores. One call of the build, John Company on the
 * practice ford, under `--trace-opt --trace-deopt`, and the trace summed: the optimised compiles, their
 * time (the sum of the three phases V8 prints, wall time on the compiling thread, so a loaded machine
 * inflates it), the deoptimisations by reason, and the functions that cost the most. Then the same
 * call untraced, printing the CPU time of its threads at exit (Linux): the whole process, the thread
 * that drew the table, and V8's helpers still alive at exit (compiler and garbage collector); the
 * battle threads are the rest, as they are gone by then.
 *
 * Usage: `USAGE` below, also printed by `--help`.
 */

const USAGE = `node --import tsx bench/jit.ts [--battles N (default 48)] [--workers W (default 1)] [--top K (default 15)]
  [--v8="<flags>" (V8 flags for both calls, e.g. --v8=--single-threaded-gc to leave only the compiler on
  the helpers)] [--untraced (skip the trace)]`;

const { values } = benchArgs(USAGE, {
  options: {
    battles: { type: 'string' },
    workers: { type: 'string' },
    top: { type: 'string' },
    v8: { type: 'string' },
    untraced: { type: 'boolean' },
  },
});
const battles = wholeNumber(values.battles, '--battles', 48, USAGE);
const workers = wholeNumber(values.workers, '--workers', 1, USAGE);
const top = wholeNumber(values.top, '--top', 15, USAGE);
const v8Flags = (values.v8 ?? '').split(' ').filter((flag) => flag !== '');
const bin = fileURLToPath(new URL('../bin/muster.mjs', import.meta.url));
const root = fileURLToPath(new URL('../', import.meta.url));

if (!currentBuild(new URL('../', import.meta.url))) {
  const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('could not build the command line (scripts/build-cli.mjs)');
}

/**
 * Loaded first into the measured process: at exit it writes to stderr one line, `thread-cpu <json>`,
 * the user CPU seconds of the process (every thread, those gone included), of the main thread and of
 * every other thread still alive (/proc/self/task; clock ticks of 1/100 s, Linux's USER_HZ).
 */
export const THREAD_CPU_PROBE = `data:text/javascript,${encodeURIComponent(`
import { readdirSync, readFileSync } from 'node:fs';
process.on('exit', () => {
  const user = (task) => Number(readFileSync('/proc/self/task/' + task + '/stat', 'utf8').split(') ')[1].split(' ')[11]) / 100;
  let helpers = 0;
  for (const task of readdirSync('/proc/self/task')) if (Number(task) !== process.pid) helpers += user(task);
  const process_ = process.resourceUsage().userCPUTime / 1e6;
  process.stderr.write('thread-cpu ' + JSON.stringify({ process: process_, main: user(process.pid), helpers }) + '\\n');
});`)}`;

export interface ThreadCpu {
  /** The whole process. */
  readonly process: number;
  readonly main: number;
  /** V8's helper threads alive at exit: the optimising compiler and the garbage collector's. */
  readonly helpers: number;
}

export function threadCpuOf(stderr: string): ThreadCpu {
  const line = stderr.split('\n').find((l) => l.startsWith('thread-cpu '));
  if (!line) throw new Error(`no thread-cpu line in:\n${stderr}`);
  return JSON.parse(line.slice('thread-cpu '.length)) as ThreadCpu;
}

function compare(traceFlags: readonly string[]) {
  const args = [
    ...v8Flags,
    ...traceFlags,
    '--import',
    THREAD_CPU_PROBE,
    bin,
    'compare',
    'training-village-ford',
  ];
  args.push('--rulesets', 'john-company', '--battles', String(battles), '--workers', String(workers));
  args.push('--json');
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`muster compare failed: ${run.stderr}`);
  return { stdout: run.stdout, cpu: threadCpuOf(run.stderr), seconds: (performance.now() - start) / 1000 };
}

/** One function's optimised compiles and deoptimisations in the trace. */
interface FunctionCost {
  compiles: number;
  ms: number;
  deopts: number;
}

const traced = values.untraced ? undefined : compare(['--trace-opt', '--trace-deopt']);
const costs = new Map<string, FunctionCost>();
const costOf = (name: string) => {
  let cost = costs.get(name);
  if (cost) return cost;
  cost = { compiles: 0, ms: 0, deopts: 0 };
  costs.set(name, cost);
  return cost;
};
const reasons = new Map<string, number>();
let compiles = 0;
let compileMs = 0;
let deopts = 0;
const COMPILED = /^\[completed compiling \S+ <JSFunction (.*?) \(sfi.*took ([\d.]+), ([\d.]+), ([\d.]+) ms/;
const DEOPT = /^\[bailout \(kind: [^,]+, reason: (.*?)\): begin\. deoptimizing \S+ <JSFunction (.*?) \(sfi/;
for (const line of traced?.stdout.split('\n') ?? []) {
  const compiled = COMPILED.exec(line);
  if (compiled) {
    const ms = Number(compiled[2]) + Number(compiled[3]) + Number(compiled[4]);
    const cost = costOf(compiled[1]!);
    cost.compiles++;
    cost.ms += ms;
    compiles++;
    compileMs += ms;
    continue;
  }
  const deopt = DEOPT.exec(line);
  if (deopt) {
    costOf(deopt[2]!).deopts++;
    reasons.set(deopt[1]!, (reasons.get(deopt[1]!) ?? 0) + 1);
    deopts++;
  }
}
const untraced = compare([]);

const say = (line: string) => process.stdout.write(`${line}\n`);
const s = (x: number) => `${x.toFixed(1)} s`;
say(`The optimising compiler - node ${process.version}`);
say(
  `muster compare training-village-ford, ${battles} John Company battles, ${workers} worker(s)${v8Flags.length > 0 ? `, V8 flags ${v8Flags.join(' ')}` : ''}`,
);
if (traced) {
  say(
    `traced: ${compiles} optimised compiles, ${(compileMs / 1000).toFixed(2)} s of compiling (wall on the compiler's threads), ${deopts} deoptimisations`,
  );
  say(
    `  by reason: ${[...reasons]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ')}`,
  );
  say(`  the ${top} costliest functions (compile ms / compiles / deopts):`);
  for (const [name, cost] of [...costs].sort((a, b) => b[1].ms - a[1].ms).slice(0, top))
    say(
      `    ${cost.ms.toFixed(0).padStart(6)} ms ${String(cost.compiles).padStart(3)} ${String(cost.deopts).padStart(3)}  ${name}`,
    );
}
const { cpu } = untraced;
say(
  `untraced: wall ${s(untraced.seconds)}, user CPU ${s(cpu.process)} = battle threads ${s(cpu.process - cpu.main - cpu.helpers)} + V8's helpers (compiler, garbage collector) ${s(cpu.helpers)} + main thread ${s(cpu.main)}`,
);
