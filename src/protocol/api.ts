import type { RollRecord } from '../core/random/dice.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import type { RollDoc } from '../core/rules/procedure.ts';
import type { RuleRef, TraceStep } from '../core/rules/trace.ts';
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
   * 'not-found', 'conflict' or 'internal'; the browser adds 'network' and 'bad-response'.
   */
  readonly error: string;
  readonly message: string;
  readonly issues?: readonly ApiIssue[];
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
}

/** GET /api/games */
export interface GameList {
  readonly games: readonly GameSummary[];
}

/** GET /api/games/:id: the summary and the record (scenario, seed and commands: the source of truth). */
export interface SavedGame extends GameSummary {
  readonly record: GameRecord<unknown>;
}

/** POST /api/games */
export interface CreateGameRequest {
  readonly scenario: string;
  readonly seed?: number;
  readonly title?: string;
}

/** POST /api/games/:id/commands */
export interface AppendCommandRequest {
  readonly side: string;
  readonly command: { readonly type: string; readonly [key: string]: unknown };
  /** The index the command must take in the log: a command given against a stale view is refused (409). */
  readonly seq?: number;
}

export interface AppendCommandResponse {
  readonly seq: number;
  readonly game: GameSummary;
}
