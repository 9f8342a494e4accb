import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import type { MdCommand } from '../../src/game/macduff/commands.ts';
import { macduffPlayable } from '../../src/game/macduff/index.ts';
import type { MdView } from '../../src/game/macduff/view.ts';

const { game, computer } = macduffPlayable;

it('the computer beats the random player in most seeded battles of Plassey, from either side', () => {
  const scenario: unknown = JSON.parse(readFileSync('scenarios/plassey-1757.json', 'utf8'));
  const sides = game.setup(scenario, 1).scenario.sides;
  let wins = 0;
  let games = 0;
  for (const seed of [11, 12, 13]) {
    for (const side of sides) {
      const players = Object.fromEntries(
        sides.map((s) => [s, s === side ? computer(seed) : randomPlayer<MdView, MdCommand>(seed * 31)]),
      );
      const battle = playBattle(game, scenario, seed, players);
      games += 1;
      if (game.result(battle.state)?.winner === side) wins += 1;
    }
  }
  expect(wins).toBeGreaterThanOrEqual(Math.ceil((2 * games) / 3));
});
