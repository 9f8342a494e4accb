import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultWorkers, Interrupted, poolRunner } from '../src/cli/battle-pool.ts';
import type { BattleTask } from '../src/cli/battle-worker.ts';
import { benchArgs, wholeNumber } from './args.ts';

/**
 * How often John Company's computer opponent beats a player choosing uniformly among the legal commands, from
 * each side of each scenario in scenarios/ (src/game/computer-rates.ts): seeds 1..n, the
 * computer's tie-breaking PRNG seeded with the seed and the random player's with seed + 1000. A win is
 * the scenario's victory for the computer's side; draws and losses are not wins. A battle the engine
 * fails to finish (it throws) is counted under Errors, with its seed on stderr. The battles run on
 * worker threads; the table is the same whatever their number.
 *
 * Usage: `USAGE` below, also printed by `--help`; e.g. `bench/ai-rates.ts 200 assaye-1803:maratha` measures one side of one scenario.
 */

const USAGE = `node --import tsx bench/ai-rates.ts [seeds per side, default 50] [scenario id or id:side ...]
  [--workers N (default: the machine's cores)]`;

const { values, positionals } = benchArgs(USAGE, {
  options: { workers: { type: 'string' } },
  allowPositionals: true,
});
const workers = wholeNumber(values.workers, '--workers', defaultWorkers(), USAGE);
const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const n = wholeNumber(positionals[0], 'the number of seeds per side', 50, USAGE);
const only = positionals.slice(1).map((arg) => {
  const [id, side] = arg.split(':');
  return { id, side };
});
const ids = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .filter((id) => only.length === 0 || only.some((o) => o.id === id))
  .sort();
/** Whether the computer's side `side` of scenario `id` is to be measured. */
const measured = (id: string, side: string) =>
  only.length === 0 || only.some((o) => o.id === id && (o.side === undefined || o.side === side));

/** Each row of the table: a scenario and the computer's side, with its battles' tasks. */
const rows: { id: string; side: string; tasks: BattleTask[] }[] = [];
for (const id of ids) {
  const scenario = JSON.parse(readFileSync(`${dir}${id}.json`, 'utf8')) as { sides: { id: string }[] };
  const sides = scenario.sides.map((s) => s.id);
  for (const side of sides)
    if (measured(id, side))
      rows.push({
        id,
        side,
        tasks: Array.from({ length: n }, (_, i) => ({
          kind: 'rate' as const,
          ruleSet: 'john-company',
          scenario,
          sides,
          computerSide: side,
          seed: i + 1,
        })),
      });
}

const tasks = rows.flatMap((r) => r.tasks);
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const started = performance.now();
let lastLine = 0;
let answers: Awaited<ReturnType<ReturnType<typeof poolRunner>>>;
try {
  answers = await poolRunner(workers, controller.signal)(tasks, (done) => {
    const now = performance.now();
    if (done === tasks.length || now - lastLine > 5000) {
      lastLine = now;
      process.stderr.write(`${done}/${tasks.length} battles played\n`);
    }
  });
} catch (error) {
  if (!(error instanceof Interrupted)) throw error;
  process.stderr.write(
    `Interrupted: ${error.done} of ${error.total} battles were played; no table printed.\n`,
  );
  process.exit(130);
}
const seconds = (performance.now() - started) / 1000;

process.stdout.write(`The computer opponent against random play: ${n} battles per side, seeds 1-${n}\n`);
process.stdout.write(
  '| Scenario | Computer plays | Wins | Draws | Losses | Errors | Win rate | ms per battle |\n',
);
process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
let at = 0;
for (const row of rows) {
  const count = { win: 0, draw: 0, loss: 0, error: 0 };
  let ms = 0;
  for (const task of row.tasks) {
    const answer = answers[at++]!;
    if (answer.kind !== 'rate') continue;
    count[answer.result]++;
    ms += answer.ms;
    if (answer.error !== undefined)
      process.stderr.write(`${row.id}, computer ${row.side}, seed ${task.seed}: ${answer.error}\n`);
  }
  process.stdout.write(
    `| ${row.id} | ${row.side} | ${count.win} | ${count.draw} | ${count.loss} | ${count.error} | ${((100 * count.win) / n).toFixed(0)}% | ${(ms / n).toFixed(0)} |\n`,
  );
}
process.stderr.write(
  `${tasks.length} battles in ${seconds.toFixed(1)} s on ${workers} worker${workers === 1 ? '' : 's'}\n`,
);
