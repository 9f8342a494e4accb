import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { decide } from '../src/game/john-company/ai/opponent.ts';
import { practiceScenario } from '../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../src/game/john-company/game.ts';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * What the warm engine still costs beside the battles themselves (issue 13): the computer's battles of
 * `bench/battles.ts` (12 units a side on the practice table, the computer on both sides), played in one
 * process after `--warm-up` battles of seeds of their own, and for the measured ones the wall and CPU
 * time, the collections by kind, and on request:
 * - `--compiles`: the same call again under V8's `--trace-opt --trace-deopt`, with the optimised
 *   compiles and the deoptimisations (by reason and by function) that came during the measured battles.
 *   Once warm there should be few: each compile costs CPU time on V8's helper threads, and each
 *   deoptimisation runs a function unoptimised until it is compiled again.
 * - `--allocation F`: a sampled allocation profile of the measured battles, written to F (open it in
 *   Chrome's DevTools, Memory), with the total and the functions that allocate the most.
 * No `gc()` is called between the warm-up and the measured battles: a full collection throws away
 * optimised code, which the measured battles would then compile again.
 *
 * Usage: `USAGE` below, also printed by `--help`.
 */

const USAGE = `node --import tsx bench/warm.ts [--warm-up W (48)] [--battles N (48)] [--compiles] [--allocation F]
  [--top K (15)]`;

const { values } = benchArgs(USAGE, {
  options: {
    'warm-up': { type: 'string' },
    battles: { type: 'string' },
    compiles: { type: 'boolean' },
    allocation: { type: 'string' },
    top: { type: 'string' },
    traced: { type: 'boolean' },
  },
});
const warmUp = wholeNumber(values['warm-up'], '--warm-up', 48, USAGE);
const battles = wholeNumber(values.battles, '--battles', 48, USAGE);
const top = wholeNumber(values.top, '--top', 15, USAGE);
/** Printed before the measured battles, so that a trace can be cut there. */
const MARK = '-- the measured battles start here --';

const game = makeJohnCompanyGame({ traces: false });
const scenario = practiceScenario({ unitsPerSide: 12 });

/** One computer-v-computer battle, as `bench/battles.ts` plays it; how many commands it took. */
function battle(seed: number): number {
  let state = game.setup(scenario, seed);
  let commands = 0;
  for (;;) {
    const side = game.decider(state);
    if (side === undefined) return commands;
    const legal = game.legalCommands(state, side);
    const command = decide(game.viewFor(state, side), legal);
    const applied = game.applyParsed!(state, side, command);
    if (!applied.ok) throw new Error(`seed ${seed}: ${applied.rejection.message}`);
    state = applied.state;
    commands++;
  }
}

/** Plays `count` battles from seed `first` on; battles that fail (none should) are counted apart. */
function play(first: number, count: number): { commands: number; failed: number } {
  let commands = 0;
  let failed = 0;
  for (let seed = first; seed < first + count; seed++) {
    try {
      commands += battle(seed);
    } catch {
      failed++;
    }
  }
  return { commands, failed };
}

/** The collections V8 reports while `run` runs, by kind. */
async function collections<T>(
  run: () => T,
): Promise<{ result: T; byKind: Map<string, { n: number; ms: number }> }> {
  const kinds: Record<number, string> = {
    1: 'scavenge',
    2: 'minor mark-compact',
    4: 'mark-compact',
    8: 'weak callbacks',
  };
  const byKind = new Map<string, { n: number; ms: number }>();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[(entry as PerformanceEntry & { detail: { kind: number } }).detail.kind] ?? 'other';
      const seen = byKind.get(kind) ?? { n: 0, ms: 0 };
      byKind.set(kind, { n: seen.n + 1, ms: seen.ms + entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const result = run();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the observer hears of the last ones
  observer.disconnect();
  return { result, byKind };
}

/** Sums a sampled allocation profile's bytes by function: the total and the largest. */
function allocationByFunction(head: AllocationNode): { total: number; largest: [string, number][] } {
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: AllocationNode) => {
    const { functionName, url } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}`;
    bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(head);
  return { total, largest: [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

interface AllocationNode {
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly selfSize: number;
  readonly children: readonly AllocationNode[];
}

/** A function's name as the trace gives it: an anonymous one shows its shared info, "(sfi". */
function functionName(traced: string): string {
  return traced === '' || traced.startsWith('(') ? '(anonymous)' : traced;
}

/** Counts a V8 trace's optimised compiles and deoptimisations after `MARK`, by function and reason. */
function summariseTrace(trace: string): string[] {
  const measured = trace.slice(trace.indexOf(MARK));
  const compiles = new Map<string, number>();
  const deopts = new Map<string, number>();
  const reasons = new Map<string, number>();
  const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  let compileMs = 0;
  for (const line of measured.split('\n')) {
    const compiled =
      /^\[completed compiling 0x[0-9a-f]+ <JSFunction ([^ >]*).*took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(
        line,
      );
    if (compiled) {
      count(compiles, functionName(compiled[1]!));
      compileMs += Number(compiled[2]) + Number(compiled[3]) + Number(compiled[4]);
    }
    const deopt =
      /^\[bailout \(kind: ([^,]+), reason: ([^)]*)\): begin\. deoptimizing 0x[0-9a-f]+ <JSFunction ([^ >]*)/.exec(
        line,
      );
    if (deopt) {
      count(reasons, `${deopt[1]}: ${deopt[2]}`);
      count(deopts, functionName(deopt[3]!));
    }
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const largest = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
  return [
    `optimised compiles in the measured battles: ${sum(compiles)} (${compileMs.toFixed(0)} ms on the compiling threads, wall time there, which a loaded machine inflates)`,
    `  by function: ${largest(compiles)}`,
    `deoptimisations: ${sum(deopts)}`,
    `  by reason: ${largest(reasons)}`,
    `  by function: ${largest(deopts)}`,
  ];
}

play(2000, warmUp);
console.log(MARK);
const session = values.allocation === undefined ? undefined : new Session();
if (session) {
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
const cpuBefore = process.cpuUsage();
const start = performance.now();
const { result, byKind } = await collections(() => play(1, battles));
const ms = performance.now() - start - 20;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;

if (!values.traced) {
  console.log(
    `Warm battles - node ${process.version}, ${battles} computer-v-computer battles after ${warmUp} of warm-up`,
  );
  console.log(
    `wall ${ms.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms (${(cpuMs / ms).toFixed(2)}x the wall: V8's helper threads), ${(ms / result.commands).toFixed(3)} ms a command${result.failed ? `, ${result.failed} failed` : ''}`,
  );
  const kinds = [...byKind].map(([kind, { n, ms: t }]) => `${n} ${kind} (${t.toFixed(0)} ms)`).join(', ');
  console.log(`collections on the battles' thread: ${kinds || 'none'}`);
}
if (session) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  writeFileSync(values.allocation!, JSON.stringify(profile));
  const { total, largest } = allocationByFunction(profile.head as AllocationNode);
  console.log(
    `allocated (sampled): ${(total / 1e6).toFixed(0)} MB, ${(total / 1e6 / battles).toFixed(1)} MB a battle; the most:`,
  );
  for (const [name, n] of largest) console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)}% ${name}`);
}
if (values.compiles) {
  const traced = spawnSync(
    process.execPath,
    [
      '--trace-opt',
      '--trace-deopt',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--traced',
      '--warm-up',
      String(warmUp),
      '--battles',
      String(battles),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (traced.status !== 0) throw new Error(`the traced call failed: ${traced.stderr.slice(0, 400)}`);
  for (const line of summariseTrace(traced.stdout)) console.log(line);
}
