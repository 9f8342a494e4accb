import { describe, expect, it } from 'vitest';
import { computerPlayer, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { playChecked, scenarioJson } from './invariants.ts';

/**
 * Whole historical battles to their end: the computer against itself, and against a random player
 * from the other side, checked after every command (views and logs of both sides, the state's
 * invariants) and replayed exactly from their records.
 */
const HISTORICAL = [
  { id: 'plassey-1757', sides: ['company', 'nawab'] },
  { id: 'assaye-1803', sides: ['british', 'maratha'] },
  { id: 'meeanee-1843', sides: ['british', 'baluchi'] },
] as const;

describe('whole historical battles', () => {
  for (const { id, sides } of HISTORICAL) {
    const [a, b] = sides;
    it(`${id}: computer v computer, to the end`, () => {
      const battle = playChecked(
        scenarioJson(id),
        11,
        { [a]: computerPlayer(1), [b]: computerPlayer(2) },
        { blindEvery: 25 },
      );
      expect(battle.state.result).toBeDefined();
    });
    it(`${id}: random ${a} v computer ${b}, to the end`, () => {
      const battle = playChecked(
        scenarioJson(id),
        12,
        { [a]: randomPlayer(3), [b]: computerPlayer(4) },
        { blindEvery: 25 },
      );
      expect(battle.state.result).toBeDefined();
    });
  }
});
