import { describe, expect, it } from 'vitest';
import { computerPlayer, playBattle, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { game, scenarioJson } from './invariants.ts';

/**
 * The computer opponent beats a player choosing uniformly among the legal commands: a lower bound on
 * a small sample, so that the tests stay fast (a regression to the random player's level fails them).
 * The full measurement (100 seeds a side) is `node --import tsx bench/ai-rates.ts 100` (bench/ai-rates.ts);
 * docs/ai.md has its figures.
 */
function wins(scenario: string, side: string, other: string, seeds: readonly number[]): number {
  let won = 0;
  for (const seed of seeds) {
    const battle = playBattle(game, scenarioJson(scenario), seed, {
      [side]: computerPlayer(seed),
      [other]: randomPlayer(seed + 1000),
    });
    if (battle.state.result?.winner === side) won++;
  }
  return won;
}

const SEEDS = [1, 2, 3, 4, 5];

describe('the computer opponent against random play', () => {
  it('wins Assaye as the British', () => {
    expect(wins('assaye-1803', 'british', 'maratha', SEEDS)).toBeGreaterThanOrEqual(4);
  });
  it('wins Assaye as the Marathas', () => {
    // The harder side (about 92% over 200 seeds): 7 of 8.
    expect(wins('assaye-1803', 'maratha', 'british', [...SEEDS, 6, 7, 8])).toBeGreaterThanOrEqual(7);
  });
  it('wins the training battle as the Company', () => {
    expect(wins('training-village-ford', 'company', 'maratha', SEEDS)).toBeGreaterThanOrEqual(4);
  });
});
