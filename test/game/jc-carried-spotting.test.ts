import { describe, expect, it } from 'vitest';
import { checkCarriedSpotting } from '../../src/game/john-company/carried-spotting.ts';
import { battleTitle, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * Spotting carried from one table to the next (`TableSpotting`, docs/ARCHITECTURE.md) agrees with
 * spotting traced afresh: seeded battles of every scenario, the computer against the computer and
 * against the random player (each cut at `MAX_COMMANDS`), every side's verdict on every unit on the
 * table, after every command; and again after every `SPARSE_EVERY`th command only, so that the
 * verdicts asked are carried (when asked) over the tables between, where the game asked few.
 */
const MAX_COMMANDS = 160;
const SPARSE_EVERY = 5;

function checkBattle(scenarioId: string, seed: number, random: boolean, every = 1) {
  const problems: string[] = [];
  let carried = 0;
  let verdicts = 0;
  let steps = 0;
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, (state, index) => {
    if (index % every !== 0) return;
    const check = checkCarriedSpotting(state);
    steps++;
    carried += check.carried;
    verdicts += check.verdicts;
    for (const p of check.problems) problems.push(`after command ${index}: ${p}`);
  });
  return { problems, carried, verdicts, steps };
}

describe('spotting carried from one table to the next', () => {
  it('finds the scenarios', () => {
    expect(SCENARIO_IDS).toContain('assaye-1803');
  });

  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        const { problems, carried, verdicts, steps } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(20);
        expect(carried, 'some verdicts are carried from the table before, and checked').toBeGreaterThan(0);
        expect(verdicts).toBeGreaterThan(0);
      });

  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(`${battleTitle(scenario, seed, random)}, every ${SPARSE_EVERY}th command`, () => {
        const { problems, carried, steps } = checkBattle(scenario, seed, random, SPARSE_EVERY);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(4);
        expect(carried, 'some verdicts are carried over the tables between, and checked').toBeGreaterThan(0);
      });
});
