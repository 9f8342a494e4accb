import { type BattleOutcome, type ComparisonColumn, tallyOutcomes } from '../game/compare.ts';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { inWords, scenarioWords } from '../game/engine/verdict.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';
import {
  type BattleRunner,
  defaultWorkers,
  Interrupted,
  inProcessRunner,
  MAX_WORKERS,
} from './battle-pool.ts';
import type { BattleTask } from './battle-worker.ts';
import { parseSeed } from './input.ts';
import { UsageError } from './registry.ts';
import { type CliOutcome, EXIT_OK } from './resolve.ts';
import { checkedScenario, readScenarioArg } from './scenario.ts';

/**
 * `muster compare <scenario>`: the same battle under several rule sets, the computer playing both
 * sides, N seeded battles each; prints the outcome distributions side by side. Battle i is seeded
 * `seed + i` under every rule set, so a comparison is reproducible.
 */

export interface CompareOptions {
  readonly rulesets?: string;
  readonly battles?: string;
  readonly seed?: string;
  readonly json?: boolean;
  /** `--workers`, as typed (default: the machine's cores). */
  readonly workers?: string;
}

export interface CompareEnv {
  readInput(file: string): Promise<string>;
  /** Progress as battles finish (the shell draws a bar on a terminal). */
  progress?(done: number, total: number, ruleSet: string): void;
  /** Where the battles run: on `workers` worker threads (the shell's pool); default: this thread. */
  battleRunner?(workers: number): BattleRunner;
}

/** The most battles a comparison plays per rule set. */
export const MAX_COMPARE_BATTLES = 100_000;

export async function compareCommand(
  arg: string,
  opts: CompareOptions,
  env: CompareEnv,
): Promise<CliOutcome> {
  const ruleSets = chosenRuleSets(opts.rulesets ?? 'all');
  const battles = battleCount(opts.battles ?? '20');
  const seed = opts.seed === undefined ? 1 : seedOf(opts.seed);
  const { json, source } = await readScenarioArg(arg, env.readInput);
  const scenario = checkedScenario(json, source);
  const sides = scenario.sides.map((s) => s.id);
  const workers = opts.workers === undefined ? defaultWorkers() : workerCount(opts.workers);
  const tasks: BattleTask[] = ruleSets.flatMap((ruleSet) =>
    Array.from({ length: battles }, (_, i) => ({
      kind: 'compare' as const,
      ruleSet: ruleSet.id,
      scenario: json,
      sides,
      seed: (seed + i) >>> 0,
    })),
  );
  const run = env.battleRunner?.(workers) ?? inProcessRunner;
  let answers: Awaited<ReturnType<BattleRunner>>;
  try {
    answers = await run(tasks, (done, task) =>
      env.progress?.(done, tasks.length, task.kind === 'compare' ? task.ruleSet : ''),
    );
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    return {
      stdout: '',
      stderr: `Interrupted: ${error.done} of ${error.total} battles were played (${workers} worker${workers === 1 ? '' : 's'} stopped); no table printed.\n`,
      code: EXIT_INTERRUPTED,
    };
  }
  // The answers come in the tasks' order: each rule set's battles, seed by seed.
  const columns: ComparisonColumn[] = ruleSets.map((ruleSet, r) => {
    const outcomes: BattleOutcome[] = [];
    for (let i = 0; i < battles; i++) {
      const answer = answers[r * battles + i]!;
      if (answer.kind === 'compare') outcomes.push(answer.outcome);
    }
    return tallyOutcomes(ruleSet, sides, outcomes);
  });
  // The names of its sides and objectives: the endings are told in them, not in ids.
  const names = Object.fromEntries(scenarioWords(scenario));
  const stdout = opts.json
    ? `${JSON.stringify({ scenario: scenario.id, seed, battles, sides, columns }, null, 2)}\n`
    : comparisonTable(scenario.title, seed, battles, sides, names, columns);
  return { stdout, stderr: '', code: EXIT_OK };
}

function chosenRuleSets(list: string): AnyPlayableRuleSet[] {
  if (list === 'all') return [...PLAYABLE_RULE_SETS];
  const known = PLAYABLE_RULE_SETS.map((r) => r.id).join(', ');
  return list.split(',').map((id) => {
    const found = PLAYABLE_RULE_SETS.find((r) => r.id === id.trim());
    if (!found)
      throw new UsageError(`--rulesets: no rule set "${id.trim()}" (the rule sets are: ${known}, or all)`);
    return found;
  });
}

function battleCount(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_COMPARE_BATTLES)
    throw new UsageError(
      `--battles: expected a whole number from 1 to ${MAX_COMPARE_BATTLES}, got ${JSON.stringify(text)}`,
    );
  return n;
}

function workerCount(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new UsageError(
      `--workers: expected a whole number from 1 to ${MAX_WORKERS}, got ${JSON.stringify(text)}`,
    );
  return n;
}

/** The exit code of a comparison stopped by Ctrl-C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

function seedOf(text: string): number {
  const parsed = parseSeed(text);
  if (!parsed.ok) throw new UsageError(parsed.errors.join('\n'));
  return parsed.value;
}

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((100 * part) / whole)}%`);

/** The comparison as a text table: a row per figure, a column per rule set. */
export function comparisonTable(
  title: string,
  seed: number,
  battles: number,
  sides: readonly string[],
  names: Readonly<Record<string, string>>,
  columns: readonly ComparisonColumn[],
): string {
  const rows: string[][] = [['', ...columns.map((c) => c.title)]];
  for (const side of sides)
    rows.push([
      `Won by ${names[side] ?? side}`,
      ...columns.map((c) => percent(c.results[side] ?? 0, c.battles)),
    ]);
  rows.push(['Drawn', ...columns.map((c) => percent(c.results['draw'] ?? 0, c.battles))]);
  if (columns.some((c) => (c.results['unfinished'] ?? 0) > 0))
    rows.push(['Not finished', ...columns.map((c) => percent(c.results['unfinished'] ?? 0, c.battles))]);
  rows.push([
    'Turns: mean (range)',
    ...columns.map((c) => `${c.turns.mean.toFixed(1)} (${c.turns.min}-${c.turns.max})`),
  ]);
  for (const side of sides)
    rows.push([
      `Stands lost by ${names[side] ?? side}`,
      ...columns.map((c) => `${Math.round(100 * (c.standsLost[side] ?? 0))}%`),
    ]);
  rows.push(['Commands a battle', ...columns.map((c) => c.meanCommands.toFixed(0))]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('   ')
      .trimEnd();
  const out = [
    `${title}: ${battles} battle${battles === 1 ? '' : 's'} per rule set, the computer on both sides, seeds ${seed} to ${seed + battles - 1}`,
    '',
    ...rows.map(line),
    '',
    'How the battles ended:',
  ];
  for (const c of columns) {
    out.push(`  ${c.title}:`);
    const endings = Object.entries(c.endings).sort((a, b) => b[1] - a[1]);
    for (const [ending, n] of endings)
      out.push(
        `    ${percent(n, c.battles).padStart(4)}  ${inWords(ending, new Map(Object.entries(names)))}`,
      );
  }
  return `${out.join('\n')}\n`;
}
