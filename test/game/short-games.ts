import { describe, expect, it } from 'vitest';
import { computerPlayer, type Player, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { playChecked, scenarioJson } from './invariants.ts';

/**
 * Short battles on the training scenario (one turn each, so each ends with a verdict), with the
 * invariants, the views and the logs checked after every command and every record replayed exactly.
 * short-games-*.test.ts run 50 seeds of each pairing of random and computer players (200 battles),
 * in two files so that they run in parallel.
 */

const SCENARIO = scenarioJson('training-village-ford', 1);

const PAIRINGS: Readonly<Record<string, (seed: number) => Record<string, Player>>> = {
  'random v random': (seed) => ({ company: randomPlayer(seed), maratha: randomPlayer(seed + 1) }),
  'random v computer': (seed) => ({ company: randomPlayer(seed), maratha: computerPlayer(seed + 1) }),
  'computer v random': (seed) => ({ company: computerPlayer(seed), maratha: randomPlayer(seed + 1) }),
  'computer v computer': (seed) => ({ company: computerPlayer(seed), maratha: computerPlayer(seed + 1) }),
};

export function shortGames(pairing: keyof typeof PAIRINGS, seeds: readonly number[]): void {
  describe(`short battles, ${pairing}`, () => {
    for (const seed of seeds)
      it(`seed ${seed}: one turn, checked after every command, replayed exactly`, () => {
        const battle = playChecked(SCENARIO, seed, PAIRINGS[pairing]!(seed));
        expect(battle.state.result).toBeDefined();
      });
  });
}

/** Seeds `from`, `from + 1`, ... (`count` of them). */
export function seeds(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}
