import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { randomPlayer } from '../../src/game/engine/battle.ts';
import { playCheckedBattle } from '../../src/game/engine/invariants.ts';
import { replay } from '../../src/game/engine/record.ts';
import type { MdCommand } from '../../src/game/macduff/commands.ts';
import { macduffGame } from '../../src/game/macduff/game.ts';
import { macduffPlayable } from '../../src/game/macduff/index.ts';
import { invariantProblems, isPlainJson } from '../../src/game/macduff/testing.ts';
import type { MdView } from '../../src/game/macduff/view.ts';

const SCENARIOS = ['training-village-ford', 'plassey-1757', 'assaye-1803', 'meeanee-1843'];
const load = (id: string): unknown => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
const fast = macduffPlayable.simulationGame!;

/**
 * MacDuff's whole battles, random v random, with the checks every rule set's battles keep
 * (engine/invariants.ts, every fifth command: offered commands accepted, views blind to the PRNG, the
 * deck's order and concealed enemies; the record replayed to the same state and events) and MacDuff's
 * own invariants; the battle played without traces replays to the same state with them.
 */
describe('MacDuff whole battles, random v random', () => {
  for (const [i, id] of SCENARIOS.entries()) {
    it(`plays ${id} to the end, every invariant holding after every command, and replays exactly`, () => {
      const scenario = load(id);
      const seed = 40 + i;
      const sides = fast.setup(scenario, seed).scenario.sides;
      const players = {
        [sides[0]]: randomPlayer<MdView, MdCommand>(seed),
        [sides[1]]: randomPlayer<MdView, MdCommand>(seed + 100),
      };
      const { battle, problems } = playCheckedBattle(macduffPlayable, scenario, seed, players, {
        every: 5,
        problemsAfter: (state) =>
          state.seq % 5 === 0 || state.node.phase === 'over' ? invariantProblems(state) : [],
      });
      expect(problems).toEqual([]);
      expect(isPlainJson(battle.state)).toBe(true);
      expect(battle.state.node.phase).toBe('over');
      expect(fast.result(battle.state)?.reason).toBeTruthy();
      expect(battle.state.turn).toBeLessThanOrEqual(battle.state.scenario.turnLimit);
      const traced = replay(macduffGame, battle.record);
      expect(traced.ok && JSON.stringify(traced.replayed.state)).toBe(JSON.stringify(battle.state));
    });
  }
});
