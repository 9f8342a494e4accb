import { describe, expect, it } from 'vitest';
import { checkCarriedFacts } from '../../src/game/john-company/carried-facts.ts';
import { battleTitle, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * The facts carried from one state to the next (docs/ARCHITECTURE.md) agree with fresh ones after every
 * command: seeded battles of every scenario, the computer against the computer and against the random
 * player (each cut at `MAX_COMMANDS`). `node --import tsx bench/carried-facts.ts` plays hundreds.
 */
const MAX_COMMANDS = 160;

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const problems: string[] = [];
  let known = 0;
  let knownInViews = 0;
  let knownFires = 0;
  let steps = 0;
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, (state, index) => {
    const check = checkCarriedFacts(state);
    steps++;
    known += check.known;
    knownInViews += check.knownInViews;
    knownFires += check.knownFires;
    for (const p of check.problems) problems.push(`after command ${index}: ${p}`);
  });
  return { problems, known, knownInViews, knownFires, steps };
}

describe('facts carried from one state to the next', () => {
  it('finds the scenarios', () => {
    expect(SCENARIO_IDS).toContain('assaye-1803');
  });

  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        const { problems, known, knownInViews, knownFires, steps } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(20);
        expect(known, 'some facts are already known when the next state is asked').toBeGreaterThan(0);
        expect(knownInViews, 'and some of the views').toBeGreaterThan(0);
        expect(knownFires, 'some fires are known, and checked').toBeGreaterThan(0);
      });
});
