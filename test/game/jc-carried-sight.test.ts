import { describe, expect, it } from 'vitest';
import { sightOf } from '../../src/game/john-company/caches.ts';
import { groundOfState } from '../../src/game/john-company/view.ts';
import { battleTitle, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * Line-of-sight verdicts a sight keeps (`JohnCompanySight`: a line traced one way kept for the other
 * way when its verdict cannot depend on the direction, and the verdicts shared by a sight over the very
 * same stands and town defence as a recent one) agree with the lines traced afresh: after every command
 * of seeded battles of every scenario, every verdict the state's sight knows, stand to stand and unit to
 * unit, is traced again.
 */
const MAX_COMMANDS = 120;

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const problems: string[] = [];
  let known = 0;
  let steps = 0;
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, (state, index) => {
    const ground = groundOfState(state);
    const sight = sightOf(ground.table, ground.townDefenders);
    const check = sight.knownVerdictsAfresh();
    steps++;
    known += check.known;
    for (const pair of check.differing) problems.push(`after command ${index}: ${pair} differs`);
  });
  return { problems, known, steps };
}

describe('line-of-sight verdicts a sight keeps', () => {
  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        const { problems, known, steps } = checkBattle(scenario, seed, random);
        expect(problems.slice(0, 5)).toEqual([]);
        expect(steps).toBeGreaterThan(20);
        expect(known).toBeGreaterThan(0);
      });
});
