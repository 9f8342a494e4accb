import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computerPlayer, playBattle, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { checkCarriedSpotting } from '../../src/game/john-company/carried-spotting.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';

/**
 * Spotting carried from one table to the next (`TableSpotting`, docs/ARCHITECTURE.md) agrees with
 * spotting traced afresh after every command: seeded battles of every scenario, the computer against
 * the computer and against the random player (each cut at `MAX_COMMANDS`), every side's verdict on
 * every unit on the table.
 */
const SCENARIOS = join(import.meta.dirname, '../../scenarios');
const scenarios = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const MAX_COMMANDS = 160;
const game = makeJohnCompanyGame({ traces: false });

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const scenario = JSON.parse(readFileSync(join(SCENARIOS, `${scenarioId}.json`), 'utf8'));
  const [a, b] = (scenario.sides as { id: string }[]).map((s) => s.id) as [string, string];
  const problems: string[] = [];
  let carried = 0;
  let verdicts = 0;
  let steps = 0;
  playBattle(
    game,
    scenario,
    seed,
    { [a]: computerPlayer(seed), [b]: random ? randomPlayer(seed) : computerPlayer(seed + 1) },
    {
      maxCommands: MAX_COMMANDS,
      onStep: ({ index }, state) => {
        const check = checkCarriedSpotting(state);
        steps++;
        carried += check.carried;
        verdicts += check.verdicts;
        for (const p of check.problems) problems.push(`after command ${index}: ${p}`);
      },
    },
  );
  return { problems, carried, verdicts, steps };
}

describe('spotting carried from one table to the next', () => {
  it('finds the scenarios', () => {
    expect(scenarios).toContain('assaye-1803');
  });

  for (const scenario of scenarios)
    for (const [seed, random] of [
      [1, false],
      [2, true],
    ] as const)
      it(`${scenario}, seed ${seed}, the computer against ${random ? 'the random player' : 'itself'}`, () => {
        const { problems, carried, verdicts, steps } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(20);
        expect(carried, 'some verdicts are carried from the table before, and checked').toBeGreaterThan(0);
        expect(verdicts).toBeGreaterThan(0);
      });
});
