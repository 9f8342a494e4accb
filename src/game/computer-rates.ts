import { type AnyPlayableRuleSet, playBattle, randomPlayer } from './engine/battle.ts';

/** How a battle of the computer against random play ended, for the computer's side. */
export type RateResult = 'win' | 'draw' | 'loss';

/**
 * One battle of `npm run ai:rates` under a rule set: its computer plays `computerSide` (its tie-breaking
 * PRNG seeded with `seed`), every other side chooses uniformly among the legal commands (seeded
 * `seed + 1000`), in the game without what only people read. A win is the scenario's victory for the
 * computer's side; a battle without a winner is a draw. Throws when the engine fails to finish the battle.
 */
export function rateBattle(
  ruleSet: AnyPlayableRuleSet,
  scenario: unknown,
  sides: readonly string[],
  computerSide: string,
  seed: number,
): RateResult {
  const players = Object.fromEntries(
    sides.map((s) => [s, s === computerSide ? ruleSet.computer(seed) : randomPlayer(seed + 1000)]),
  );
  const game = ruleSet.simulationGame ?? ruleSet.game;
  const winner = game.result(playBattle(game, scenario, seed, players).state)?.winner;
  return winner === computerSide ? 'win' : winner === undefined ? 'draw' : 'loss';
}
