import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computerPlayer, playBattle, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { checkCarriedFacts } from '../../src/game/john-company/carried-facts.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';

/**
 * The facts carried from one state to the next (docs/ARCHITECTURE.md) agree with fresh ones after every
 * command: seeded battles of every scenario, the computer against the computer and against the random
 * player (each cut at `MAX_COMMANDS`). `node --import tsx bench/carried-facts.ts` plays hundreds.
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
  let known = 0;
  let knownInViews = 0;
  let knownFires = 0;
  let steps = 0;
  playBattle(
    game,
    scenario,
    seed,
    { [a]: computerPlayer(seed), [b]: random ? randomPlayer(seed) : computerPlayer(seed + 1) },
    {
      maxCommands: MAX_COMMANDS,
      onStep: ({ index }, state) => {
        const check = checkCarriedFacts(state);
        steps++;
        known += check.known;
        knownInViews += check.knownInViews;
        knownFires += check.knownFires;
        for (const p of check.problems) problems.push(`after command ${index}: ${p}`);
      },
    },
  );
  return { problems, known, knownInViews, knownFires, steps };
}

describe('facts carried from one state to the next', () => {
  it('finds the scenarios', () => {
    expect(scenarios).toContain('assaye-1803');
  });

  for (const scenario of scenarios)
    for (const [seed, random] of [
      [1, false],
      [2, true],
    ] as const)
      it(`${scenario}, seed ${seed}, the computer against ${random ? 'the random player' : 'itself'}`, () => {
        const { problems, known, knownInViews, knownFires, steps } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(20);
        expect(known, 'some facts are already known when the next state is asked').toBeGreaterThan(0);
        expect(knownInViews, 'and some of the views').toBeGreaterThan(0);
        expect(knownFires, 'some fires are known, and checked').toBeGreaterThan(0);
      });
});
