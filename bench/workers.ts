import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BattleRunner, poolRunner } from '../src/cli/battle-pool.ts';
import type { BattleAnswer, BattleTask } from '../src/cli/battle-worker.ts';

/**
 * Every core (issue 13): the battles of `muster compare` (John Company, the computer on both sides, on
 * the practice ford) played on one worker thread and on two, alternating (1, 2, 2, 1, ...), each run the
 * same seeded battles; prints battles/s of each, the speed-up (target >= 1.8x on 2 cores), and whether
 * the answers were the same.
 *
 *   node --import tsx bench/workers.ts [--battles N (default 8)] [--rounds R (default 2)]
 */

const { values } = parseArgs({ options: { battles: { type: 'string' }, rounds: { type: 'string' } } });
const battles = Number(values.battles ?? 8);
const rounds = Number(values.rounds ?? 2);
const scenarioFile = fileURLToPath(new URL('../scenarios/training-village-ford.json', import.meta.url));
const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8')) as { sides: { id: string }[] };
const sides = scenario.sides.map((s) => s.id);
const tasks: BattleTask[] = Array.from({ length: battles }, (_, i) => ({
  kind: 'compare',
  ruleSet: 'john-company',
  scenario,
  sides,
  seed: i + 1,
}));

async function timed(run: BattleRunner): Promise<{ seconds: number; answers: BattleAnswer[] }> {
  const start = performance.now();
  const answers = await run(tasks, () => {});
  return { seconds: (performance.now() - start) / 1000, answers };
}

const seconds: Record<1 | 2, number[]> = { 1: [], 2: [] };
const outcomes = new Set<string>();
for (let r = 0; r < rounds; r++)
  for (const workers of r % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
    const t = await timed(poolRunner(workers));
    seconds[workers].push(t.seconds);
    outcomes.add(JSON.stringify(t.answers.map((a) => (a.kind === 'compare' ? a.outcome : a.result))));
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const rate = (w: 1 | 2) => battles / median(seconds[w]);
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`Worker threads - node ${process.version}`);
say(
  `muster compare's battles (John Company, ${battles} a run, medians of ${rounds} alternating runs): 1 worker ${rate(1).toFixed(2)} battles/s, 2 workers ${rate(2).toFixed(2)} battles/s: ${(rate(2) / rate(1)).toFixed(2)}x (target 1.8x on 2 cores); answers ${outcomes.size === 1 ? 'the same' : 'DIFFERENT'} on 1 and 2 workers`,
);
