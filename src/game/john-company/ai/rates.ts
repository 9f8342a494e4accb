import type { JohnCompanyGame } from '../game.ts';
import { computerPlayer, playBattle, randomPlayer } from './players.ts';

/** How a battle of the computer against random play ended, for the computer's side. */
export type RateResult = 'win' | 'draw' | 'loss';

/**
 * One battle of `npm run ai:rates`: the computer plays `computerSide` (its tie-breaking PRNG seeded
 * with `seed`), every other side chooses uniformly among the legal commands (seeded `seed + 1000`). A
 * win is the scenario's victory for the computer's side; a battle without a winner is a draw. Throws
 * when the engine fails to finish the battle.
 */
export function rateBattle(
  game: JohnCompanyGame,
  scenario: unknown,
  sides: readonly string[],
  computerSide: string,
  seed: number,
): RateResult {
  const players = Object.fromEntries(
    sides.map((s) => [s, s === computerSide ? computerPlayer(seed) : randomPlayer(seed + 1000)]),
  );
  const winner = playBattle(game, scenario, seed, players).state.result?.winner;
  return winner === computerSide ? 'win' : winner === undefined ? 'draw' : 'loss';
}
