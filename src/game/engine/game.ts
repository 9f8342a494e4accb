import type { RngState, SeedMaterial } from '../../core/random/prng.ts';

/**
 * The contract between a rule set's game (its state machine) and everything that drives it: the CLI,
 * the server, the computer opponent, replays and tests. A game is pure: `apply` returns a new state and
 * the events it caused, never throws for bad input (it returns a `Rejection`), and draws its dice only from
 * the PRNG state inside the game state.
 *
 * Hidden information has one choke point: `viewFor` and `eventFor` say what a viewer may see. Nothing else
 * may be sent to a player.
 */
export interface GameDefinition<State extends GameStateBase, Command, Event extends GameEventBase, View> {
  readonly ruleSet: string;
  /** The starting state of a scenario (already validated) with a seed for its dice. */
  setup(scenario: unknown, seed: SeedMaterial): State;
  /** The side that must decide now, or undefined when the game is over. */
  decider(state: State): string | undefined;
  /** Every command the deciding side may give now (the UI, the computer and the tests use it). */
  legalCommands(state: State, side: string): Command[];
  /**
   * Applies a command from `side`: the new state and the events, or why it was refused. It guards itself
   * against any caller: whatever is not a command of the game is refused, not thrown on.
   */
  apply(state: State, side: string, command: Command): Applied<State, Event>;
  /**
   * `apply` for a command the rule set's command schema has parsed already (at a shell's boundary, or a
   * computer player's pick among `legalCommands`): the same answer, without parsing it again. A game
   * without it parses in `apply` whatever it is given.
   */
  applyParsed?(state: State, side: string, command: Command): Applied<State, Event>;
  /**
   * The rule set's command schema alone: `input` as `applyParsed` takes it, or undefined when the schema
   * refuses it (then `apply` says why). For every state and side, `apply(state, side, input)` is
   * `applyParsed(state, side, parseCommand(input))` whenever the latter is defined; a replay parses a
   * record's commands with it before it applies any.
   */
  parseCommand?(input: unknown): Command | undefined;
  /** The outcome once the game is over. */
  result(state: State): GameResult | undefined;
  /** What `viewer` may see of the state ('spectator' sees only what is public). */
  viewFor(state: State, viewer: Viewer): View;
  /** What `viewer` may see of an event, or undefined if nothing of it. */
  eventFor(event: Event, viewer: Viewer): Event | undefined;
}

export type Viewer = string | 'spectator';

/** What every game state carries, whatever the rule set. Plain JSON. */
export interface GameStateBase {
  readonly format: { readonly ruleSet: string; readonly version: number };
  readonly rng: RngState;
  /** Counts applied commands: a command given against a stale state can be refused. */
  readonly seq: number;
}

export interface GameEventBase {
  readonly type: string;
  /** Who may see it: everyone, or only these sides (and, after the game, everyone). */
  readonly visibleTo: 'all' | readonly string[];
}

export interface Rejection {
  /** A stable code, e.g. 'not-your-turn', 'illegal-order', 'out-of-range'. */
  readonly code: string;
  /** What was wrong and what was expected, for a person. */
  readonly message: string;
}

export type Applied<State, Event> =
  | { readonly ok: true; readonly state: State; readonly events: readonly Event[] }
  | { readonly ok: false; readonly rejection: Rejection };

export interface GameResult {
  /** The winning side; absent for a draw (so the result stays plain JSON). */
  readonly winner?: string;
  readonly reason: string;
}
