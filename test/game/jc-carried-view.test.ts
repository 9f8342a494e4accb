import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/game/engine/game.ts';
import { situationOf, viewForces } from '../../src/game/john-company/ai/situation.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { viewFor } from '../../src/game/john-company/view.ts';
import { playSeededBattle, SCENARIO_IDS } from './seeded-battles.ts';

/**
 * A view is built from the last one made for its viewer (view.ts `viewFor`: the entries of unchanged
 * units, Generals and cards carried over), and the computer's forces of a view from those of the view
 * before (ai/situation.ts). After every command of seeded battles of every scenario, each viewer's view
 * equals, to the order of its fields, the view of a copy of the state, which shares no object with it
 * and so finds nothing to carry; and the forces the computer keeps of each side's view equal fresh ones.
 */
const MAX_COMMANDS = 120;

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const problems: string[] = [];
  let steps = 0;
  const check = (state: JcGameState, index: number, sides: readonly string[]) => {
    const viewers: Viewer[] = [...sides, 'spectator'];
    const copy = structuredClone(state);
    for (const viewer of viewers) {
      const carried = viewFor(state, viewer);
      if (JSON.stringify(carried) !== JSON.stringify(viewFor(copy, viewer)))
        problems.push(`after command ${index}: ${viewer}'s view differs from a fresh one`);
      if (viewer === 'spectator') continue;
      const forces = situationOf(carried, viewer).facts().forces;
      if (JSON.stringify(forces) !== JSON.stringify(viewForces(viewFor(copy, viewer))))
        problems.push(`after command ${index}: the forces of ${viewer}'s view differ from fresh ones`);
    }
    steps++;
  };
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, check);
  return { problems, steps };
}

describe('views carried from one state to the next', () => {
  it('finds the scenarios', () => {
    expect(SCENARIO_IDS).toContain('assaye-1803');
  });

  SCENARIO_IDS.forEach((scenario, i) => {
    const random = i % 2 === 1;
    it(`${scenario}, the computer against ${random ? 'the random player' : 'itself'}: every viewer's view after every command equals a fresh one`, () => {
      const { problems, steps } = checkBattle(scenario, 3, random);
      expect(problems).toEqual([]);
      expect(steps).toBeGreaterThan(20);
    });
  });
});
