import type { z } from 'zod';
import { Prng, seedRng } from '../../core/random/prng.ts';
import type { OddsReport } from '../../core/rules/run.ts';
import type { GameDefinition, GameEventBase, GameStateBase, Viewer } from './game.ts';
import type { GameRecord } from './record.ts';
import type { Names } from './words.ts';

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
    const view = game.viewFor(state, side);
    const legal = game.legalCommands(state, side);
    const command = player(view, legal);
    // A pick among the legal commands is the game's own command, parsed already; anything else is parsed.
    const applied =
      game.applyParsed && legal.includes(command)
        ? game.applyParsed(state, side, command)
        : game.apply(state, side, command);
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
 * opponent, and what hosting its games needs beyond them (the server's API, `muster play`/`replay`).
 * The hosting members are optional: `hostingOf` (hosting.ts) gives every one left out a generic default,
 * so registering a rule set's module (src/game/registry.ts) is enough for the shells to host its games.
 */
export interface PlayableRuleSet<State extends GameStateBase, Command, Event extends GameEventBase, View> {
  readonly id: string;
  readonly title: string;
  /** The game as people play it (its events carry what a player reads, e.g. procedure traces). */
  readonly game: GameDefinition<State, Command, Event, View>;
  /**
   * The same game without what only people read: identical states, dice and results, faster. For
   * simulations (`muster compare`); `game` when absent.
   */
  readonly simulationGame?: GameDefinition<State, Command, Event, View>;
  /**
   * The state with everything `viewer` may not see altered (the PRNG state always; a deck's order,
   * concealed units, face-down orders where the rules hide them): `viewFor` must give the same view of
   * both. The invariant checks of every set's whole battles use it (engine/invariants.ts).
   */
  readonly scrambleHidden: (state: State, viewer: Viewer) => State;
  /** The computer opponent; `seed` seeds the PRNG that breaks its ties. */
  readonly computer: (seed: number) => Player<View, Command>;
  /** How far a battle got and what it cost each side, for comparisons (`muster compare`). */
  readonly summary: (state: State) => BattleSummary;
  /**
   * Every unit of the scenario as it stands in `state`, in the rule set's words: for the after-action
   * report (engine/report.ts), which reads it after every command of a replay.
   */
  readonly standing: (state: State) => readonly UnitStanding[];
  /**
   * The set's commands: untrusted input is parsed by it before `apply` sees it (default: any JSON object
   * with a string `type`, which leaves the rest to `apply`'s rejections).
   */
  readonly commandSchema?: z.ZodType<Command>;
  /** The turn a state is in (default: `state.turn` when it is a number, else 0). */
  readonly turnOf?: (state: State) => number;
  /**
   * A command in one line of the battle log's words; `state`, when given, is the game's latest state, for
   * names (default: its `type` and scalar fields, "fire: unit 33rd-foot, target maratha-guns");
   * `scenarioNames` as for `describeEvent`.
   */
  readonly describeCommand?: (command: Command, state?: State, scenarioNames?: Names) => string;
  /**
   * A command offered now, in the words of the list a player chooses from; `state` is the state it is
   * offered in (default: as `describeCommand`). It may say what only holds now, such as how far a ride
   * goes from where the General stands. `scenarioNames` as for `describeEvent`.
   */
  readonly describeOffer?: (command: Command, state: State, scenarioNames?: Names) => string;
  /**
   * An event in one line, or undefined for bookkeeping nobody needs to read (default: as commands).
   * `scenarioNames`: the scenario's names of its sides and objectives by id (verdict.ts,
   * `scenarioWordsOf`), which a shell holding the game's record gives so that no side or place is named
   * by its id.
   */
  readonly describeEvent?: (event: Event, state?: State, scenarioNames?: Names) => string | undefined;
  /** A side's view as text for a terminal, from the view alone (default: its fields, one per line). */
  readonly describeView?: (view: View) => string;
  /**
   * The situation a side decides in, for a terminal (`muster play`): from its view, with `latest` (the
   * game's latest state) for names only and `sideName` naming a side as the scenario does. Default: the
   * turn, the deciding side and `describeView`.
   */
  readonly describeSituation?: (view: View, latest: State, sideName: (id: string) => string) => string;
  /**
   * The sides that may read a command `side` gave, judged on the state after it: the giver always, others
   * only when it reveals nothing hidden ('all': spectators too). Default: its side only, unless its type
   * is one of `publicCommands`.
   */
  readonly commandSeenBy?: (after: State, side: string, command: Command) => 'all' | readonly string[];
  /** Command types every side may read whatever the state (used only by the default `commandSeenBy`). */
  readonly publicCommands?: readonly string[];
  /** What a viewer who may not read a command sees of it, beside the side that gave it (default: "a command not shown to this side"). */
  readonly unseenCommandText?: (side: string, command: Command) => string;
  /** What a move would do, without making it; absent: the set has no move planner. */
  readonly planMove?: MovePlanner<State>;
  /** The exact odds of what a command would resolve, before any dice; absent: no odds preview. */
  readonly commandOdds?: (state: State, side: string, command: Command) => readonly CommandOdds[];
  /**
   * Whether a command that took the game from `before` to `after` with `events` may be taken back (undo,
   * engine/undo.ts): it threw no dice and showed nothing hidden. Absent: the set's commands are never
   * taken back.
   */
  readonly reversible?: (before: State, after: State, events: readonly Event[]) => boolean;
}

/** A rule set's move planner: a move judged as its move command would be, on the state as it is. */
export interface MovePlanner<State> {
  /** A move's manoeuvres as the move command takes them: a request's manoeuvres are parsed by it first. */
  readonly manoeuvres: z.ZodType<readonly unknown[]>;
  /**
   * The plan (a JSON object: for John Company a `JcMovePlan`), or undefined when `unit` is not a unit of
   * `side` that could move.
   */
  readonly plan: (
    state: State,
    side: string,
    unit: string,
    manoeuvres: readonly unknown[],
  ) => object | undefined;
}

/** The odds of one procedure a command would resolve. */
export interface CommandOdds {
  /** The procedure's id. */
  readonly procedure: string;
  /** What is rolled for, e.g. "33rd Foot fires at Maratha horse". */
  readonly title: string;
  readonly charts: readonly OddsReport[];
  /**
   * Present when the charts are estimated, not exact: the number of seeded plays of the engine's steps
   * they were counted from (core/odds/estimate.ts).
   */
  readonly estimatedFrom?: number;
}

/** A battle's figures in terms every rule set shares. */
export interface BattleSummary {
  /** The turn the battle ended in (or stopped at). */
  readonly turn: number;
  /** Each side's stands at the start and those still fighting (on the table, not routing). */
  readonly stands: Readonly<Record<string, { readonly start: number; readonly now: number }>>;
}

/** One unit as it stands at a moment of a battle, for the after-action report. */
export interface UnitStanding {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Its stands at the start, and those it has now (counted as `summary` counts them). */
  readonly startStands: number;
  readonly stands: number;
  /** Still fighting: on the table, neither routing nor broken (its stands count in `summary`). */
  readonly fighting: boolean;
  /** Its state in the rule set's words ("Steady", "Falling back", "Shattered", "Routed off the table"). */
  readonly state: string;
  /** What else the rule set marks on it, in its words ("2 D-points", "disordered"). */
  readonly detail?: string;
  /** Where it stands on the table (inches), absent once it has left it. */
  readonly at?: { readonly x: number; readonly y: number };
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rule sets of different state types
export type AnyPlayableRuleSet = PlayableRuleSet<any, any, any, any>;
