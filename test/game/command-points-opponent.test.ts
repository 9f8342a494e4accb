import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computerPlayer } from '../../src/game/command-points/ai.ts';
import type { CpCommand } from '../../src/game/command-points/commands.ts';
import { commandPointsGame as game } from '../../src/game/command-points/game.ts';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';

/**
 * The computer opponent against the random player from both sides of Plassey 1757: it must win most
 * seeded battles. It wins every one of these seeds; over seeds 1-10 it won all 20 (measured when
 * written; the test asks for most, not all, so that a change of tactics may cost a game).
 */

const PLASSEY = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../scenarios/plassey-1757.json'), 'utf8'),
);
const SEEDS = [1, 2, 3];

function winner(computerSide: string, seed: number): string | undefined {
  const other = computerSide === 'company' ? 'nawab' : 'company';
  const battle = playBattle(game, PLASSEY, seed, {
    [computerSide]: computerPlayer(seed),
    [other]: randomPlayer<unknown, CpCommand>(seed + 7),
  });
  return battle.state.result?.winner;
}

describe('the command-point computer opponent beats the random player at Plassey', () => {
  for (const side of ['company', 'nawab'])
    it(`as ${side}`, () => {
      const wins = SEEDS.filter((seed) => winner(side, seed) === side).length;
      expect(wins).toBeGreaterThanOrEqual(SEEDS.length - 1);
    });
});
