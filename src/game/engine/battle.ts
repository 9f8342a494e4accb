import { Prng, seedRng } from '../../core/random/prng.ts';
import type { GameDefinition, GameEventBase, GameStateBase } from './game.ts';
import type { GameRecord } from './record.ts';

/**
 * Players and whole battles between them, for any rule set's game. A player sees only its side's view
 * and the legal commands, and returns one of them; `playBattle` asks the deciding side's player at each
 * step and applies its command through the game's `apply`, exactly as a shell would.
 */
export type Player<View, Command> = (view: View, legal: readonly Command[]) => Command;

/** Picks uniformly among the legal commands, from a seeded PRNG: the baseline a computer opponent must beat. */
export function randomPlayer<View, Command>(seed: number): Player<View, Command> {
  const rng = new Prng(seedRng(seed));
  return (_view, legal) => {
    if (legal.length === 0) throw new Error('no legal command to choose from');
    return legal[rng.int(legal.length)]!;
  };
}

export interface Battle<State, Command, Event> {
  readonly record: GameRecord<Command>;
  readonly state: State;
  readonly events: readonly Event[];
}

export interface BattleOptions<State, Command, Event> {
  /** Stop after this many commands even if the battle is not over (default 100,000). */
  readonly maxCommands?: number;
  /** Sees each command, the state after it and its events (for invariants and logs). */
  readonly onStep?: (
    step: { readonly side: string; readonly command: Command; readonly index: number },
    state: State,
    events: readonly Event[],
  ) => void;
}

/**
 * Plays a battle from a scenario and seed, each side by its player, until it is over (or
 * `maxCommands`). A command the game refuses is a bug in the player or in `legalCommands`: it throws.
 */
export function playBattle<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  game: GameDefinition<State, Command, Event, View>,
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player<View, Command>>>,
  options: BattleOptions<State, Command, Event> = {},
): Battle<State, Command, Event> {
  let state = game.setup(scenario, seed);
  const commands: { side: string; command: Command }[] = [];
  const events: Event[] = [];
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

/**
 * A rule set's whole game as the shells and the comparisons use it: the game definition and its computer
 * opponent.
 */
export interface PlayableRuleSet<State extends GameStateBase, Command, Event extends GameEventBase, View> {
  readonly id: string;
  readonly title: string;
  readonly game: GameDefinition<State, Command, Event, View>;
  /** The computer opponent; `seed` seeds the PRNG that breaks its ties. */
  readonly computer: (seed: number) => Player<View, Command>;
  /** How far a battle got and what it cost each side, for comparisons (`muster compare`). */
  readonly summary: (state: State) => BattleSummary;
}

/** A battle's figures in terms every rule set shares. */
export interface BattleSummary {
  /** The turn the battle ended in (or stopped at). */
  readonly turn: number;
  /** Each side's stands at the start and those still fighting (on the table, not routing). */
  readonly stands: Readonly<Record<string, { readonly start: number; readonly now: number }>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rule sets of different state types
export type AnyPlayableRuleSet = PlayableRuleSet<any, any, any, any>;
