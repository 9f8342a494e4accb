import type { GameStateBase } from './game.ts';

/**
 * Undo, for every rule set that says which of its commands may be taken back (`PlayableRuleSet.reversible`):
 * a command that threw no dice and showed nothing hidden. Taking it back replays nothing to come: the game
 * goes back to the state before it, as if it had never been given. A player takes back only their own last
 * command, one at a time, and only until another side has answered it; so in a game over the network or
 * against the computer nothing the other side has seen or done is undone.
 */

/** A command of a game's log as undo sees it. */
export interface GivenCommand {
  /** The side that gave it. */
  readonly side: string;
  /** It threw no dice and showed nothing hidden (the rule set's `reversible`). */
  readonly reversible: boolean;
}

/** Whether `side` may take back the last command of `log` now. */
export function mayTakeBack(log: readonly GivenCommand[], side: string): boolean {
  const last = log[log.length - 1];
  return last !== undefined && last.side === side && last.reversible;
}

/**
 * Whether going from `before` to `after` threw no dice: the PRNG state is unchanged. Enough for a rule set
 * whose views hide nothing but the dice to come (Honour & Fortitude, the command-point rules).
 */
export function threwNoDice(before: GameStateBase, after: GameStateBase): boolean {
  const a = before.rng.words;
  const b = after.rng.words;
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}
