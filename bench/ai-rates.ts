import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computerPlayer, playBattle, randomPlayer } from '../src/game/john-company/ai/players.ts';
import { makeJohnCompanyGame } from '../src/game/john-company/game.ts';

/**
 * How often the computer opponent beats a player choosing uniformly among the legal commands, from
 * each side of each scenario in scenarios/: seeds 1..n, the computer's tie-breaking PRNG seeded with
 * the seed and the random player's with seed + 1000. A win is the scenario's victory for the
 * computer's side; draws and losses are not wins. A battle the engine fails to finish (it throws) is
 * counted under Errors, with its seed on stderr.
 *
 *   node --import tsx bench/ai-rates.ts [seeds per side, default 50] [scenario id or id:side ...]
 *
 * e.g. `bench/ai-rates.ts 200 assaye-1803:maratha` measures one side of one scenario.
 */

const game = makeJohnCompanyGame({ traces: false });
const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const n = Number(process.argv[2] ?? 50);
const only = process.argv.slice(3).map((arg) => {
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

process.stdout.write(`The computer opponent against random play: ${n} battles per side, seeds 1-${n}\n`);
process.stdout.write(
  '| Scenario | Computer plays | Wins | Draws | Losses | Errors | Win rate | ms per battle |\n',
);
process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
for (const id of ids) {
  const scenario = JSON.parse(readFileSync(`${dir}${id}.json`, 'utf8')) as { sides: { id: string }[] };
  const sides = scenario.sides.map((s) => s.id);
  for (const side of sides) {
    if (!measured(id, side)) continue;
    let wins = 0;
    let draws = 0;
    let errors = 0;
    const start = performance.now();
    for (let seed = 1; seed <= n; seed++) {
      const players = Object.fromEntries(
        sides.map((s) => [s, s === side ? computerPlayer(seed) : randomPlayer(seed + 1000)]),
      );
      try {
        const winner = playBattle(game, scenario, seed, players).state.result?.winner;
        if (winner === side) wins++;
        else if (winner === undefined) draws++;
      } catch (error) {
        errors++;
        process.stderr.write(`${id}, computer ${side}, seed ${seed}: ${String(error).slice(0, 300)}\n`);
      }
    }
    const ms = (performance.now() - start) / n;
    const losses = n - wins - draws - errors;
    process.stdout.write(
      `| ${id} | ${side} | ${wins} | ${draws} | ${losses} | ${errors} | ${((100 * wins) / n).toFixed(0)}% | ${ms.toFixed(0)} |\n`,
    );
  }
}
