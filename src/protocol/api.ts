import type { RollRecord } from '../core/random/dice.ts';
import type { RollDoc } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import type { RuleRef, TraceStep } from '../core/rules/trace.ts';
import type { TerrainFeature } from '../core/table/model.ts';
import type { GameRecord } from '../game/engine/record.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * The HTTP API's bodies (JSON): what the server (src/server) sends and accepts is what the browser app
 * (src/web) reads and sends. Types only. docs/web.md lists the routes.
 */

/** Every error: a stable code, a sentence, and for bad input every problem with the field it is about. */
export interface ApiError {
  /**
   * 'invalid-input' (with `issues`), 'invalid-json', 'too-large', 'unsupported-media-type', 'bad-request',
   * 'not-found', 'forbidden' (403: the request lacks the seat key the route asks for, see
   * seat-keys.ts), 'conflict', 'not-your-turn' (422: the side is not the one to decide), 'illegal-command'
   * (422: the game's rules refuse the command; `code` says why) or 'internal'; the browser adds 'network'
   * and 'bad-response'.
   */
  readonly error: string;
  readonly message: string;
  readonly issues?: readonly ApiIssue[];
  /** For 'illegal-command': the engine's stable rejection code, e.g. 'order-not-allowed', 'illegal-move'. */
  readonly code?: string;
}

export interface ApiIssue {
  /** The field within the request body, e.g. `facts.negative[1].count`, `dice.randomFactor`; '' for the body. */
  readonly path: string;
  /** What was expected and what was given: `expected an integer from 1 to 30, got 40 (a number)`. */
  readonly message: string;
}

/** GET /api/rulesets */
export interface RuleSetList {
  readonly ruleSets: readonly RuleSetInfo[];
}

export interface RuleSetInfo {
  readonly id: string;
  readonly title: string;
  readonly default: boolean;
  /** Whether the server hosts its whole battles (the virtual table), not only its procedures. */
  readonly playable: boolean;
  readonly procedures: readonly ProcedureSummary[];
  /** The turn as the referee's checklist (src/core/rules/referee.ts). */
  readonly sequence: readonly SequenceStep[];
  /** What the referee tracks per unit. */
  readonly roster: RosterVocabulary;
}

export interface ProcedureSummary {
  readonly id: string;
  readonly title: string;
  /** One sentence: what it decides. */
  readonly summary: string;
  readonly rule: RuleRef;
}

/** GET /api/rulesets/:ruleSet/procedures/:procedure (and each of GET .../procedures). */
export interface ProcedureDetail extends ProcedureSummary {
  readonly ruleSet: string;
  /** The JSON Schema (draft 2020-12, input side) of the facts; enums carry `x-descriptions`. */
  readonly schema: JsonSchema;
  /** The rolls it makes, in throw order, by key: the typed-in dice are given by these keys. */
  readonly rolls: readonly RollDoc[];
  readonly examples: readonly ProcedureExampleInfo[];
  /** The names of its odds views, in the order the odds are reported. */
  readonly oddsViews: readonly string[];
}

export interface ProcedureExampleInfo {
  readonly title: string;
  readonly facts: unknown;
  /** Typed-in dice in throw order, if the example gives them. */
  readonly dice?: readonly number[];
}

/** POST .../resolve: the facts, and typed-in dice or a seed (neither: Muster picks a seed and says which). */
export interface ResolveRequest {
  readonly facts: unknown;
  /** Faces in throw order, or lists of faces by roll key. */
  readonly dice?: readonly number[] | Readonly<Record<string, readonly number[]>>;
  /** 0 to 4294967295: throws the dice not typed in. */
  readonly seed?: number;
}

/** POST .../odds: only the facts. */
export interface OddsRequest {
  readonly facts: unknown;
}

/** The exact distribution of one odds view; `happened` is the outcome of this resolution, if any. */
export interface OddsChart {
  readonly name: string;
  /** Outcomes as the dice first reach them; probabilities are exact up to floating point. */
  readonly outcomes: readonly { readonly outcome: string | number; readonly probability: number }[];
  readonly happened?: string | number;
}

export interface OddsResponse {
  readonly ruleSet: string;
  readonly procedure: string;
  readonly odds: readonly OddsChart[];
}

export interface ResolveResponse extends OddsResponse {
  /** The seed of the dice not typed in (absent when every die was typed in). */
  readonly seed?: number;
  readonly result: unknown;
  /** The result in a few readable lines. */
  readonly describe: readonly string[];
  readonly trace: readonly TraceStep[];
  readonly rolls: readonly RollRecord[];
}

/** GET /api/scenarios */
export interface ScenarioList {
  readonly scenarios: readonly ScenarioSummary[];
  /** Scenario files that failed validation, with every problem. */
  readonly problems: readonly { readonly file: string; readonly errors: readonly string[] }[];
}

export interface ScenarioSummary {
  readonly id: string;
  readonly title: string;
  readonly kind: string;
  readonly date?: string;
  readonly place: string;
  readonly description: string;
  readonly sides: readonly { readonly id: string; readonly name: string; readonly army: string }[];
  readonly units: number;
  /** The table and its ground, for a small picture of it: inches, as the table model draws them. */
  readonly table: { readonly width: number; readonly depth: number };
  readonly terrain: readonly TerrainFeature[];
  readonly objectives: readonly {
    readonly id: string;
    readonly name: string;
    readonly position: { readonly x: number; readonly y: number };
    readonly radius: number;
  }[];
}

/** Who plays a side: a person at a browser, or Muster's computer opponent. */
export type SeatKind = 'human' | 'computer';

/** How a game ended: the winning side (absent for a draw) and why. */
export interface GameOutcome {
  readonly winner?: string;
  readonly reason: string;
}

/** A saved game as listed. */
export interface GameSummary {
  readonly id: string;
  readonly title: string;
  readonly ruleSet: string;
  readonly scenario: { readonly id: string; readonly title: string };
  readonly seed: number;
  /** Commands in its log. */
  readonly commands: number;
  /** ISO 8601 times. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Who plays each side, by side id (every side of the scenario). */
  readonly players: Readonly<Record<string, SeatKind>>;
  /** The game's turn after its last command. */
  readonly turn: number;
  /** The side that must decide now; absent once the game is over. */
  readonly decider?: string;
  /** Once the game is over. */
  readonly result?: GameOutcome;
  /**
   * True for a game saved before seat keys existed: it has none, and every side's view and commands
   * are open to any request, as they were. Absent for every game created or imported since.
   */
  readonly open?: true;
}

/**
 * POST /api/games and POST /api/games/import (201): the summary and the secret key of each human seat,
 * by side id. The only answer that ever holds the keys: keep them (the browser keeps them in
 * localStorage) and send a side's key with every request for its view or on its behalf.
 */
export interface CreatedGame extends GameSummary {
  readonly seatKeys: Readonly<Record<string, string>>;
}

/** GET /api/games */
export interface GameList {
  readonly games: readonly GameSummary[];
}

/**
 * GET /api/games/:id: the summary and the full record (scenario, seed and every command: the owner's save
 * file, hidden orders included). Not for an opponent over a network: a player's picture is `GamePlay`.
 */
export interface SavedGame extends GameSummary {
  readonly record: GameRecord<unknown>;
}

/** POST /api/games */
export interface CreateGameRequest {
  readonly scenario: string;
  /** The id of a rule set whose whole games the server plays (`PLAYABLE_RULE_SETS`); default 'john-company'. */
  readonly ruleSet?: string;
  readonly seed?: number;
  readonly title?: string;
  /** Who plays each side, by the scenario's side ids; sides left out are human (the default for all). */
  readonly players?: Readonly<Record<string, SeatKind>>;
}

/** POST /api/games/:id/commands */
export interface AppendCommandRequest {
  readonly side: string;
  readonly command: { readonly type: string; readonly [key: string]: unknown };
  /** The index the command must take in the log: a command given against a stale view is refused (409). */
  readonly seq?: number;
}

/** 201: the command's index in the log, the game after it, and the game as the side that gave it sees it. */
export interface AppendCommandResponse {
  readonly seq: number;
  readonly game: GameSummary;
  readonly play: GamePlay;
}

/**
 * POST /api/games/:id/undo: takes back the side's last command (src/game/engine/undo.ts: it threw no
 * dice, showed nothing hidden, and no other side has given a command since). `seq`: the commands in the
 * log as the giver knows it (409 when the log has moved on).
 */
export interface UndoRequest {
  readonly side: string;
  readonly seq: number;
}

/** The game after the command was taken back, and as the side sees it. */
export interface UndoResponse {
  readonly game: GameSummary;
  readonly play: GamePlay;
}

/**
 * GET /api/games/:id/play?viewer=<side id|spectator>&at=<n>&from=<n>: the game as one viewer may see it
 * after its first `at` commands (default: all of them). Built only through the game's `viewFor` and
 * `eventFor`: nothing hidden from the viewer is in it.
 */
export interface GamePlay {
  readonly game: GameSummary;
  /** A side id, or 'spectator' (sees only what every side may see). */
  readonly viewer: string;
  /** Commands applied in this view: the replay scrubber's position, 0 to `total`. */
  readonly at: number;
  /** Commands in the log. */
  readonly total: number;
  /** The game's `viewFor(state, viewer)`: for John Company a `JcView` (src/game/john-company/view.ts). */
  readonly view: unknown;
  /** The side that must decide in this view; absent once the game is over. */
  readonly decider?: string;
  /** Who plays that side. */
  readonly deciderSeat?: SeatKind;
  /**
   * The viewer's legal commands (a finite, representative list; the game accepts any valid command) when
   * the viewer decides and `at === total`; otherwise empty.
   */
  readonly legal: readonly unknown[];
  /** The same commands in words, index for index. */
  readonly legalText: readonly string[];
  /** The log up to `at`, from entry `from` (the query's `from`, default 0: send it to fetch only what is new). */
  readonly log: readonly GameLogEntry[];
  /** The index of the first entry of `log`. */
  readonly from: number;
  /** Once the game is over (in this view). */
  readonly result?: GameOutcome;
  /** At the end of the log, when the viewer may take back the last command (POST /api/games/:id/undo). */
  readonly undoable?: true;
}

/** One command of the log as a viewer may see it. */
export interface GameLogEntry {
  /** Its index in the log (0-based). */
  readonly index: number;
  readonly side: string;
  /** The turn it was given in. */
  readonly turn: number;
  /**
   * The command itself: only the viewer's own commands, and other sides' commands that reveal nothing
   * (never a counter placed, taken back or changed, nor one about a unit the viewer cannot see).
   */
  readonly command?: unknown;
  /** One readable line for the command as the viewer may see it. */
  readonly text: string;
  /** What it caused that the viewer may see (`eventFor`), in order. */
  readonly events: readonly GameLogEvent[];
}

export interface GameLogEvent {
  readonly type: string;
  /** A readable line; '' for bookkeeping nobody needs to read (a shuffle, an activation's end). */
  readonly text: string;
  /** The event as `eventFor(event, viewer)` returns it. */
  readonly event: unknown;
}

/** POST /api/games/:id/computer: the computer plays while it decides. */
export interface ComputerPlayRequest {
  /** Whose picture comes back (default 'spectator'). */
  readonly viewer?: string;
  /** At most this many commands (default 200, at most 2000). */
  readonly max?: number;
}

export interface ComputerPlayResponse {
  /** Commands the computer gave (0 when a human decides or the game is over). */
  readonly played: number;
  readonly play: GamePlay;
}

/** POST /api/games/:id/plan-move: what a move would do, without making it. */
export interface PlanMoveRequest {
  readonly side: string;
  readonly unit: string;
  /** As the `move` command's manoeuvres (John Company: `ManoeuvreSchema`). */
  readonly manoeuvres: readonly unknown[];
}

/** A stand where a planned move leaves it. */
export interface PlannedStand {
  readonly id: string;
  readonly kind: string;
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly width: number;
  readonly depth: number;
}

export interface MoveProblem {
  /**
   * A stable code: 'not-your-turn', 'not-active' (not the unit whose card is drawn), the engine's
   * refusals of a move ('already-moved', 'order-forbids-move', 'mandatory-move', 'no-movement-allowed',
   * 'rally-or-end', 'choose-order-first'), the table's violation codes (John Company: `VIOLATION_CODES`,
   * e.g. 'exceeds-allowance', 'outside-arc', 'closest-approach', 'passes-through-enemy',
   * 'impassable-terrain'), 'move-limit' (a light company's 12", inches an event took, having fired) and
   * 'depends-on-dice'.
   */
  readonly code: string;
  readonly message: string;
}

export interface MovePlan {
  /** The engine would accept this move as it stands (no problem). */
  readonly ok: boolean;
  /** Inches the move costs (terrain included). */
  readonly inchesUsed: number;
  /** Inches the unit may use for it. */
  readonly allowance: number;
  /** Where it ends: the unit's formation, facing (degrees) and stands. */
  readonly end: {
    readonly formation: string;
    readonly facing: number;
    readonly stands: readonly PlannedStand[];
  };
  /** The unit's centre where it starts and after each manoeuvre carried out. */
  readonly path: readonly { readonly x: number; readonly y: number }[];
  /** Anything that breaks a rule, each with what it is. */
  readonly problems: readonly MoveProblem[];
  /** What the move would throw dice for, or would cause, that a plan cannot tell (it rolls nothing). */
  readonly notes: readonly string[];
}

/** POST /api/games/:id/odds: the exact odds of what a command would resolve, before any dice. */
export interface CommandOddsRequest {
  readonly side: string;
  readonly command: { readonly type: string; readonly [key: string]: unknown };
}

export interface CommandOdds {
  /** The procedure's id: 'small-arms-fire', 'artillery-fire', 'counter-battery', 'rally-test', 'charge-test'. */
  readonly procedure: string;
  /** What is rolled for, in words ("The European regiment fires at Matchlockmen"). */
  readonly title: string;
  readonly charts: readonly OddsChart[];
}

/** Empty when the command rolls nothing (or the side may not know what it would roll against). */
export interface CommandOddsResponse {
  readonly odds: readonly CommandOdds[];
}
