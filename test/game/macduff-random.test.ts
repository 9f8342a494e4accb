import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import { replay } from '../../src/game/engine/record.ts';
import { macduffGame, makeMacduffGame } from '../../src/game/macduff/game.ts';
import { invariantProblems, isPlainJson } from '../../src/game/macduff/testing.ts';

const SCENARIOS = ['training-village-ford', 'plassey-1757', 'assaye-1803', 'meeanee-1843'];
const load = (id: string): unknown => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
const fast = makeMacduffGame({ traces: false });

describe('MacDuff whole battles, random v random', () => {
  for (const [i, id] of SCENARIOS.entries()) {
    it(`plays ${id} to the end, every invariant holding after every command, and replays exactly`, () => {
      const scenario = load(id);
      const seed = 40 + i;
      const sides = fast.setup(scenario, seed).scenario.sides;
      const problems: string[] = [];
      let seq = 0;
      const battle = playBattle(
        fast,
        scenario,
        seed,
        { [sides[0]]: randomPlayer(seed), [sides[1]]: randomPlayer(seed + 100) },
        {
          onStep: (step, state) => {
            seq += 1;
            if (state.seq !== seq) problems.push(`seq ${state.seq} after command ${step.index}`);
            if (step.index % 5 === 0 || state.node.phase === 'over')
              problems.push(...invariantProblems(state));
          },
        },
      );
      expect(problems).toEqual([]);
      expect(isPlainJson(battle.state)).toBe(true);
      const hidden = JSON.stringify(battle.events.map((e) => fast.eventFor(e, 'spectator')));
      expect(hidden).not.toContain('xoshiro');
      expect(battle.state.node.phase).toBe('over');
      expect(fast.result(battle.state)?.reason).toBeTruthy();
      expect(battle.state.turn).toBeLessThanOrEqual(battle.state.scenario.turnLimit);
      const again = replay(macduffGame, battle.record);
      expect(again.ok).toBe(true);
      if (again.ok) expect(again.replayed.state).toEqual(battle.state);
    });
  }
});
