import { Prng, seedRng } from '../../../core/random/prng.ts';
import type { GameRecord } from '../../engine/record.ts';
import type { JcCommand } from '../commands.ts';
import type { JcEvent } from '../events.ts';
import type { JohnCompanyGame } from '../game.ts';
import type { JcGameState } from '../state.ts';
import type { JcView } from '../view.ts';
import { decide } from './opponent.ts';

/**
 * Players and whole battles between them. A player sees only its side's view and the legal commands,
 * and returns one of them; `playBattle` asks the deciding side's player at each step and applies its
 * command through the game's `apply`, exactly as a shell would.
 */
export type Player = (view: JcView, legal: readonly JcCommand[]) => JcCommand;

/** The computer opponent (opponent.ts); `seed` seeds the PRNG that breaks its ties. */
export function computerPlayer(seed: number): Player {
  const rng = new Prng(seedRng(seed));
  return (view, legal) => decide(view, legal, rng);
}

/** Picks uniformly among the legal commands, from a seeded PRNG: the baseline the computer must beat. */
export function randomPlayer(seed: number): Player {
  const rng = new Prng(seedRng(seed));
  return (_view, legal) => {
    if (legal.length === 0) throw new Error('no legal command to choose from');
    return legal[rng.int(legal.length)]!;
  };
}

export interface Battle {
  readonly record: GameRecord<JcCommand>;
  readonly state: JcGameState;
  readonly events: readonly JcEvent[];
}

export interface BattleOptions {
  /** Stop after this many commands even if the battle is not over (default 100,000). */
  readonly maxCommands?: number;
  /** Sees each command, the state after it and its events (for invariants and logs). */
  readonly onStep?: (
    step: { readonly side: string; readonly command: JcCommand; readonly index: number },
    state: JcGameState,
    events: readonly JcEvent[],
  ) => void;
}

/**
 * Plays a battle from a scenario and seed, each side by its player, until it is over (or
 * `maxCommands`). A command the game refuses is a bug in the player or in `legalCommands`: it throws.
 */
export function playBattle(
  game: JohnCompanyGame,
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player>>,
  options: BattleOptions = {},
): Battle {
  let state = game.setup(scenario, seed);
  const commands: { side: string; command: JcCommand }[] = [];
  const events: JcEvent[] = [];
  const max = options.maxCommands ?? 100_000;
  for (let index = 0; index < max; index++) {
    const side = game.decider(state);
    if (side === undefined) break;
    const player = players[side];
    if (!player) throw new Error(`no player for side ${side}`);
    const command = player(game.viewFor(state, side), game.legalCommands(state, side));
    const applied = game.apply(state, side, command);
    if (!applied.ok)
      throw new Error(
        `${side}'s command was refused: ${JSON.stringify(command)}: ${applied.rejection.message}`,
      );
    state = applied.state;
    commands.push({ side, command });
    events.push(...applied.events);
    options.onStep?.({ side, command, index }, state, applied.events);
  }
  return {
    record: { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario, seed, commands },
    state,
    events,
  };
}
