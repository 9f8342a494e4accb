import type { RollRecord } from '../core/random/dice.ts';
import type { RollDoc } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import type { RuleRef, TraceStep } from '../core/rules/trace.ts';
import type { TerrainFeature } from '../core/table/model.ts';
import type { GameRecord } from '../game/engine/record.ts';
import type { JsonSchema } from './json-schema.ts';
import type { JsonPatch } from './patch.ts';

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
  /** A player's scenario, saved from the editor (false: shipped with Muster). */
  readonly saved: boolean;
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
  /**
   * The seed of its dice, when everyone may know it (`dice.kind` 'seeded': a game of one owner, or one
   * saved before secret dice existed). Absent for a game with secret dice.
   */
  readonly seed?: number;
  /** How its dice are seeded, and for secret dice the commitment, the seats' entropy and the reveal. */
  readonly dice: GameDice;
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

/** How a game's dice are seeded (docs/web.md, Secret dice). */
export type GameDice = SeededDice | SecretDiceSummary;

/**
 * Dice from a seed anyone may read (`GameSummary.seed`): the seed is its owner's (hot seat, against the
 * computer, a seed asked for, an import), so whoever reads it can foresee every die.
 */
export interface SeededDice {
  readonly kind: 'seeded';
  /** Saved before secret dice existed: its seed was public, whoever played it. */
  readonly savedBefore?: true;
}

/**
 * Secret dice (scheme `muster-dice-v1`, src/protocol/fair-dice.ts): the server's secret, committed to at
 * creation, mixed with the entropy each human seat's browser gave when it first opened the seat. The
 * secret is revealed once the game is over.
 */
export interface SecretDiceSummary {
  readonly kind: 'secret';
  readonly scheme: 'muster-dice-v1';
  /** SHA-256("muster-dice-commitment-v1" ‖ 0x00 ‖ secret), hex: given to every seat at creation. */
  readonly commitment: string;
  /** The human seats whose entropy is mixed in, in the scenario's side order. */
  readonly contributors: readonly string[];
  /** The entropy each contributor has given (32 bytes, hex), by side. */
  readonly entropy: Readonly<Record<string, string>>;
  /** The contributors still to give their entropy: no die is thrown, no command taken, until none is. */
  readonly waitingFor: readonly string[];
  /** The server's secret (32 bytes, hex): only once the game is over. */
  readonly secret?: string;
}

/**
 * POST /api/games/:id/entropy: a human seat's share of the dice (32 bytes its browser drew, hex), given
 * once, with the seat's key, when the seat is first opened.
 */
export interface EntropyRequest {
  readonly side: string;
  readonly entropy: string;
}

/**
 * POST /api/games and POST /api/games/import (201): the summary and the secret key of each human seat,
 * by side id. The only answer that ever holds the keys: keep them (the browser keeps them in
 * localStorage) and send a side's key with every request for its view or on its behalf.
 */
export interface CreatedGame extends GameSummary {
  readonly seatKeys: Readonly<Record<string, string>>;
}

/**
 * GET /api/server: where the server listens, so that the page showing an invitation link can say whether
 * another machine can open it.
 */
export interface ServerInfo {
  /** The address it listens on (`--host`), e.g. "127.0.0.1" or "0.0.0.0" (every interface). */
  readonly host: string;
  /** It listens on this machine's loopback only: a link to it opens on no other machine. */
  readonly localOnly: boolean;
  /** Its addresses on the network when it listens on every interface, e.g. ["192.168.1.20"]. */
  readonly networkAddresses: readonly string[];
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
  /** The id of a rule set whose whole games the server plays (src/game/registry.ts); default: the registry's first. */
  readonly ruleSet?: string;
  readonly seed?: number;
  /**
   * 'secret' (the default for a game of two or more human seats given no seed: a network game) or
   * 'seeded' (the default otherwise: the seed given, or one picked, is the owner's and public).
   */
  readonly dice?: 'secret' | 'seeded';
  readonly title?: string;
  /** Who plays each side, by the scenario's side ids; sides left out are human (the default for all). */
  readonly players?: Readonly<Record<string, SeatKind>>;
}

/** POST /api/games/:id/commands */
export interface AppendCommandRequest {
  readonly side: string;
  readonly command: { readonly type: string; readonly [key: string]: unknown };
  /**
   * The index the command must take in the log, which is the commands the giver knows of: a command given
   * against a stale view is refused (409).
   */
  readonly seq?: number;
}

/**
 * 201: the command's index in the log, the game after it, and what changed in the giver's picture: a
 * `PlayChange` from the picture at `seq` (the log as the giver knew it) to the picture after the command.
 */
export interface AppendCommandResponse {
  readonly seq: number;
  readonly game: GameSummary;
  readonly change: PlayChange;
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

/** The game after the command was taken back, and what changed in the side's picture (from `seq` on). */
export interface UndoResponse {
  readonly game: GameSummary;
  readonly change: PlayChange;
}

/**
 * A viewer's picture of the play, as a client keeps it between answers: a `GamePlay` without its summary
 * and its log (each answer carries the summary whole, and the log grows only at its end).
 */
export type PlayPicture = Omit<GamePlay, 'game' | 'log' | 'from'>;

/**
 * What changed in a viewer's picture since the client's last known position (docs/web.md, "What
 * changed"): the answer of commands, undo and the computer, which does not grow with the battle.
 * `applyPlayChange` (src/protocol/play-change.ts) turns the play a client holds into the play after it,
 * equal to what `GET /play` would give.
 */
export interface PlayChange {
  /** Whose picture it is: a side id or 'spectator'. */
  readonly viewer: string;
  /**
   * The position (commands in the log) of the picture `patch` applies to: the one the client said it
   * knows, where its play must be present (`at === total === base`) and of the same viewer. Absent: the
   * patch is a whole picture (`[picture]`) and `log` starts at 0.
   */
  readonly base?: number;
  /** `diffJson(picture at base, picture now)` (src/protocol/patch.ts); absent when nothing changed. */
  readonly patch?: JsonPatch;
  /** The log entries from `from` to the picture's `at`: the client keeps its entries before `from`. */
  readonly log: readonly GameLogEntry[];
  readonly from: number;
  /**
   * The viewer decides and its legal commands changed more than an answer should carry: the patch
   * leaves them empty, and the client asks `GET /play` for them (once, at a new phase of the turn).
   */
  readonly legalToFetch?: true;
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
  /** The game's `viewFor(state, viewer)`: the rule set's own view type (its game/<set>/view.ts). */
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
  /**
   * The commands in the log as the client knows it (its play's `total`): the answer's change is from the
   * picture there. Absent: the answer's change is the whole picture.
   */
  readonly from?: number;
}

export interface ComputerPlayResponse {
  /** Commands the computer gave (0 when a human decides or the game is over). */
  readonly played: number;
  readonly game: GameSummary;
  readonly change: PlayChange;
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
  /** Present when the charts are estimated from this many seeded plays of the engine, not exact. */
  readonly estimatedFrom?: number;
}

/** Empty when the command rolls nothing (or the side may not know what it would roll against). */
export interface CommandOddsResponse {
  readonly odds: readonly CommandOdds[];
}
