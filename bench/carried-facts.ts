import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computerPlayer, playBattle, randomPlayer } from '../src/game/john-company/ai/players.ts';
import { checkCarriedFacts } from '../src/game/john-company/carried-facts.ts';
import { checkCarriedSpotting } from '../src/game/john-company/carried-spotting.ts';
import { makeJohnCompanyGame } from '../src/game/john-company/game.ts';

/**
 * The facts carried from one state to the next (docs/ARCHITECTURE.md) against fresh ones, after every
 * command of many more battles than `npm test` plays (test/game/jc-carried-facts.test.ts): John Company
 * battles on every scenario in scenarios/, seeds `from` to `from + count - 1`, the computer against
 * itself (odd seeds) or against the random player (even seeds), to the end.
 *
 *   node --import tsx bench/carried-facts.ts [count=100] [from=1]
 *
 * Prints, per scenario, the battles, the commands checked, how many units' facts were already known
 * when a state was asked (carried over or worked out before), how many fires were known and checked,
 * the share of spotting verdicts carried settled from the table before (each checked against one traced
 * afresh: test/game/jc-carried-spotting.test.ts), and each problem with the first seed
 * that shows it. Exits 1 when it found any.
 */
const [count = 100, from = 1] = process.argv.slice(2).map(Number);
const dir = fileURLToPath(new URL('../scenarios', import.meta.url));
const game = makeJohnCompanyGame({ traces: false });
let failed = false;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const scenario = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
  const [a, b] = (scenario.sides as { id: string }[]).map((s) => s.id) as [string, string];
  const problems = new Map<string, number>();
  let commands = 0;
  let known = 0;
  let knownInViews = 0;
  let knownFires = 0;
  let units = 0;
  let carriedSpotting = 0;
  let spottingVerdicts = 0;
  const start = performance.now();
  for (let seed = from; seed < from + count; seed++) {
    const second = seed % 2 === 0 ? randomPlayer(seed) : computerPlayer(seed + 1);
    playBattle(
      game,
      scenario,
      seed,
      { [a]: computerPlayer(seed), [b]: second },
      {
        onStep: (_step, state) => {
          const check = checkCarriedFacts(state);
          commands++;
          known += check.known;
          knownInViews += check.knownInViews;
          knownFires += check.knownFires;
          units += check.units;
          for (const p of check.problems) if (!problems.has(p)) problems.set(p, seed);
          const spotting = checkCarriedSpotting(state);
          carriedSpotting += spotting.carried;
          spottingVerdicts += spotting.verdicts;
          for (const p of spotting.problems) if (!problems.has(p)) problems.set(p, seed);
        },
      },
    );
  }
  const seconds = ((performance.now() - start) / 1000).toFixed(0);
  const share = (n: number) => `${((100 * n) / Math.max(1, units)).toFixed(0)}%`;
  console.log(
    `${file.replace(/\.json$/, '')}: ${count} battles, ${commands} commands checked in ${seconds} s; facts known before asking: ${share(known)} of the state's units, ${share(knownInViews / 2)} of the views' (a side each); ${(knownFires / Math.max(1, commands)).toFixed(1)} fires known a command (the state's and the views'); spotting carried settled: ${((100 * carriedSpotting) / Math.max(1, spottingVerdicts)).toFixed(0)}% of the sides' verdicts on the units`,
  );
  for (const [p, seed] of problems) console.log(`  seed ${seed}: ${p}`);
  if (problems.size > 0) failed = true;
}
process.exit(failed ? 1 : 0);
