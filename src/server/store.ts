import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { GameRecord, RecordedCommand, SecretDice } from '../game/engine/record.ts';
import { DEFAULT_RULE_SET, PLAYABLE_RULE_SETS } from '../game/registry.ts';
import { validateScenario } from '../game/scenario/format.ts';
import type { Scenario } from '../game/scenario/schema.ts';
import type {
  CreatedGame,
  GameDice,
  GameOutcome,
  GameSummary,
  SavedGame,
  SeatKind,
} from '../protocol/api.ts';
import {
  commitmentOf,
  DICE_SCHEME,
  diceDigestOf,
  isSeedState,
  missingEntropy,
  SecretDiceSchema,
  SeedStateSchema,
  seedStateOf,
} from '../protocol/fair-dice.ts';
import type { Problem } from '../protocol/issues.ts';
import { describeGiven, joinWords } from '../protocol/text.ts';
import { checkBody, SEED_SCHEMA } from './answers.ts';
import type { ScenarioCatalog } from './scenarios.ts';
import { lockOf, newSeatKey } from './seat-keys.ts';

/**
 * Saved games: the contract every store keeps (`GameStore`), whatever holds the games (SQLite, the
 * embedded default, sqlite-store.ts; PostgreSQL for several server processes, postgres-store.ts). A game
 * is its scenario (a copy, taken when the game is created), its seed and its ordered command log: that
 * record is the source of truth, as `GameRecord` says; states are the engine's business. Every method
 * validates untrusted input with zod and throws `StoreError` for bad input, unknown games and stale
 * commands. A write is committed before its promise resolves, so whatever the server acknowledges
 * survives a crash; but for `appendGrouped`, the server's way to append, whose command is stored once
 * its `committed` resolves (a store may commit several commands together).
 *
 * The store judges no command and calls nobody back. The referee (src/server/referee.ts) parses a
 * command at the boundary and has the game apply it; the store then appends the command with the
 * game's status after it (turn, decider, result) at the index the referee judged it for, and refuses it
 * ('conflict') when its log has moved on meanwhile (optimistic concurrency: the one guard that holds
 * across processes sharing a database). A new or imported game is made in two steps the same way:
 * `newGame`/`newImport` check the request and give the record to judge, `insert` stores it with the
 * status the referee found.
 */
/** Where a game stands after its last command, as the engine says: kept with the game for the list. */
export interface GameStatus {
  readonly turn: number;
  readonly decider?: string;
  readonly result?: GameOutcome;
}

/** A command the game accepted, to append to a game's log. */
export interface NewCommand {
  readonly side: string;
  readonly command: unknown;
  /** The index it takes: the length of the log the game judged it against. */
  readonly seq: number;
  /** The game's status after it; absent, the game stays unjudged (the referee judges it when it replays). */
  readonly status?: GameStatus;
}

/**
 * A game checked and ready to store (`newGame`, `newImport`), not yet stored: `insert` saves it. `record`
 * is what the game is judged by; absent while its secret dice wait for a seat's entropy.
 */
export interface NewGame {
  readonly ruleSet: string;
  readonly scenario: Scenario;
  /** The seed column (unused for secret dice). */
  readonly seed: number;
  readonly title: string;
  readonly commands: readonly RecordedCommand<unknown>[];
  readonly players: Readonly<Record<string, SeatKind>>;
  readonly dice: StoredDice;
  readonly record?: GameRecord<unknown>;
}

/** Why a store operation was refused: bad input (400), an unknown game (404) or a stale command (409). */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: 'invalid' | 'not-found' | 'conflict',
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}

/** What any store is told at open, besides where its games are. */
export interface GameStoreOptions {
  /** The scenarios new games may be created from. */
  readonly scenarios: ScenarioCatalog;
  /** The rule sets whose games it keeps (default: PLAYABLE_RULE_SETS, every rule set Muster plays). */
  readonly playable?: readonly { readonly id: string }[];
  readonly now?: () => Date;
  /** Picks the seed of a game created without one. */
  readonly randomSeed?: () => number;
  /** Draws the secret of a game with secret dice (default: 32 bytes of node:crypto, hex). */
  readonly newSecret?: () => string;
  readonly newId?: () => string;
  /** Makes a seat key (default: 128 random bits, seat-keys.ts). */
  readonly newSeatKey?: () => string;
}

/** The longest command, as JSON; a game's longest log. */
export const MAX_COMMAND_CHARS = 64 * 1024;
export const MAX_COMMANDS = 100_000;

/** How a game's dice are seeded, as the store keeps them (dice_json). */
export type StoredDice = { readonly kind: 'seeded' } | ({ readonly kind: 'secret' } & SecretDice);

/** A game's record when its secret dice still wait for a seat's entropy: it cannot be set up yet. */
export class WaitingForEntropy extends Error {
  override readonly name = 'WaitingForEntropy';
  constructor(readonly waitingFor: readonly string[]) {
    super(
      `the dice wait for the entropy of ${joinWords(waitingFor)}'s seat: no die is thrown until every human seat has been opened`,
    );
  }
}

const CommandSchema = z
  .looseObject({ type: z.string().min(1).max(100).describe('What the command does, e.g. "place-order"') })
  .describe('A command of the game: a JSON object with a "type"');

const SEAT_KINDS = ['human', 'computer'] as const satisfies readonly SeatKind[];

/** What a new game is made of, besides its rule set (the caller's to say: `create`'s `ruleSet`). */
export const CreateGameSchema = z.strictObject({
  scenario: z.string().min(1).max(200).describe('The id of a scenario'),
  seed: SEED_SCHEMA.optional(),
  dice: z
    .enum(['secret', 'seeded'])
    .optional()
    .describe(
      'Secret dice (the default for two or more human seats and no seed: a network game) or a seed anyone may read',
    ),
  title: z.string().trim().min(1).max(200).optional(),
  players: z
    .record(z.string().min(1).max(100), z.enum(SEAT_KINDS))
    .optional()
    .describe('Who plays each side, by side id: "human" (the default) or "computer"'),
});

const RecordSchema = z.strictObject({
  format: z.literal('muster-game'),
  version: z.literal(1),
  ruleSet: z.string().min(1).max(100),
  scenario: z.record(z.string(), z.unknown()).describe('The scenario, as a scenario file holds it'),
  seed: z.union([SEED_SCHEMA, SeedStateSchema]),
  dice: SecretDiceSchema.optional(),
  result: z.strictObject({ winner: z.string().optional(), reason: z.string() }).optional(),
  commands: z
    .array(z.strictObject({ side: z.string().min(1).max(100), command: CommandSchema }))
    .max(MAX_COMMANDS),
});

/** A game's row, as every store's summary query selects it (`SUMMARY_COLUMNS`). */
export interface GameRow {
  id: string;
  title: string;
  rule_set: string;
  scenario_id: string;
  scenario_title: string;
  seed: number;
  created_at: string;
  updated_at: string;
  commands: number;
  sides_json: string;
  players_json: string | null;
  turn: number | null;
  decider: string | null;
  result_json: string | null;
  seat_locks_json: string | null;
  dice_json: string | null;
}

export interface GameStore {
  /** A new game checked from a request body, ready to `insert` (`GameMaker.newGame`). */
  newGame(input: unknown, ruleSet?: string): NewGame;
  /** An exported record checked as a new game, ready to `insert` (`GameMaker.newImport`). */
  newImport(input: unknown): NewGame;
  /**
   * Saves a new game with `status`, its status as judged from its `record` (a game whose secret dice
   * wait for entropy has none yet: turn 1, nobody to decide). The answer holds each human seat's key
   * (`seatKeys`): the only time it is given.
   */
  insert(game: NewGame, status?: GameStatus): Promise<CreatedGame>;
  /**
   * Appends a command to a game's log at `entry.seq`, with the status after it; refuses it ('conflict')
   * unless the log has exactly `seq` commands. The game's summary after it.
   */
  append(gameId: string, entry: NewCommand): Promise<GameSummary>;
  /**
   * As `append`, but the command is stored once `committed` resolves (it rejects, and the command is not
   * stored, when the commit fails): a store may write concurrent commands together. A refusal
   * ('conflict', 'not-found') rejects the call itself.
   */
  appendGrouped(gameId: string, entry: NewCommand): Promise<{ game: GameSummary; committed: Promise<void> }>;
  /** Resolves once every command appended so far is committed or given up. */
  settled(): Promise<void>;
  /** Every saved game, the most recently changed first. */
  list(): Promise<GameSummary[]>;
  get(gameId: string): Promise<SavedGame | undefined>;
  /** The games whose status was not judged after their last command (saved before seats existed). */
  unjudged(): Promise<string[]>;
  /** Saves a game's status as judged after its first `seq` commands. */
  saveStatus(gameId: string, status: GameStatus, seq: number): Promise<void>;
  /**
   * Takes back the last command of a game's log (undo), which must hold exactly `count` commands (else a
   * 'conflict': the log moved on meanwhile), and saves `status`, the game's after the shorter log, in one
   * transaction. The game's summary after it.
   */
  removeLast(gameId: string, count: number, status: GameStatus): Promise<GameSummary>;
  /** Deletes a game and its log; false if there was none. */
  delete(gameId: string): Promise<boolean>;
  /**
   * The game as a `GameRecord`: the file a player downloads, and what `importRecord` takes back. A game
   * with secret dice holds its secret (the referee gives it to nobody before the end) and the seed derived
   * from it; one still waiting for a seat's entropy has no seed yet: `WaitingForEntropy`.
   */
  exportRecord(gameId: string): Promise<GameRecord<unknown> | undefined>;
  /**
   * Records a human seat's entropy in a game with secret dice (once: a second is a 'conflict'). The
   * game's summary after it, and when it was the last one missing, the game's record, now that its dice
   * are seeded: the game is unjudged until its status is saved (`saveStatus`).
   */
  addEntropy(
    gameId: string,
    side: string,
    entropy: string,
  ): Promise<{ game: GameSummary; record?: GameRecord<unknown> }>;
  /**
   * A game's seat locks (the SHA-256 of each human seat's key, by side): undefined for a game saved
   * before seat keys (open to everyone); null for no such game.
   */
  seatLocks(gameId: string): Promise<Readonly<Record<string, string>> | undefined | null>;
  /** A game's summary, without its record. */
  summary(gameId: string): Promise<GameSummary | undefined>;
  /**
   * Calls `listener` with the id of each game another process changed (a command, an undo, entropy, a
   * deletion), for stores that several processes share; with undefined when changes may have gone
   * unheard (any game may have changed). Returns the unsubscribe.
   */
  watch?(listener: (gameId: string | undefined) => void): () => void;
  close(): Promise<void>;
}

/**
 * What every store does alike before it writes: checks a new game's request or an imported record and
 * draws its seed or secret, its id and its seat keys.
 */
export class GameMaker {
  readonly now: () => Date;
  readonly newId: () => string;
  private readonly randomSeed: () => number;
  private readonly newSecret: () => string;
  private readonly newSeatKey: () => string;
  private readonly scenarios: ScenarioCatalog;
  private readonly ruleSets: readonly string[];

  constructor(options: GameStoreOptions) {
    this.now = options.now ?? (() => new Date());
    this.randomSeed = options.randomSeed ?? (() => randomInt(0, 2 ** 32));
    this.newSecret = options.newSecret ?? (() => randomBytes(32).toString('hex'));
    this.newId = options.newId ?? randomUUID;
    this.newSeatKey = options.newSeatKey ?? newSeatKey;
    this.scenarios = options.scenarios;
    this.ruleSets = (options.playable ?? PLAYABLE_RULE_SETS).map((r) => r.id);
  }

  /**
   * A game of `ruleSet` (one of the store's `playable`) from a scenario of the catalogue (body:
   * `{ scenario, seed?, dice?, title?, players? }`; sides left out of `players` are human), ready to
   * `insert`. Secret dice (the default for two or more human seats given no seed) draw the server's
   * secret here; the game can be judged once every human seat has given its entropy (`addEntropy`).
   */
  newGame(input: unknown, ruleSet: string = DEFAULT_RULE_SET): NewGame {
    const checked = checkBody(CreateGameSchema, input);
    if (!checked.ok) throw invalid('the game to create is not valid', checked.problems);
    const { scenario: id, seed, dice: asked, title, players = {} } = checked.value;
    const unknownRuleSet = this.ruleSetProblem(ruleSet);
    if (unknownRuleSet) throw invalid('the game to create is not valid', [unknownRuleSet]);
    const scenario = this.scenarios.get(id);
    if (!scenario) {
      const ids = this.scenarios.list().scenarios.map((s) => s.id);
      throw invalid('the game to create is not valid', [
        {
          path: ['scenario'],
          message: `expected the id of a scenario (${joinWords(ids.map((s) => JSON.stringify(s)))}), got ${describeGiven(id)}`,
        },
      ]);
    }
    const sides = scenario.sides.map((s) => s.id);
    const unknownSides = Object.keys(players).filter((side) => !sides.includes(side));
    if (unknownSides.length > 0) {
      throw invalid(
        'the game to create is not valid',
        unknownSides.map((side) => ({
          path: ['players', side],
          message: `expected a side of ${scenario.id} as the key (${joinWords(sides.map((s) => JSON.stringify(s)))}), got ${JSON.stringify(side)}`,
        })),
      );
    }
    const seats = Object.fromEntries(sides.map((side) => [side, players[side] ?? 'human']));
    const humans = sides.filter((side) => seats[side] === 'human');
    const kind = asked ?? (humans.length >= 2 && seed === undefined ? 'secret' : 'seeded');
    if (kind === 'secret' && seed !== undefined) {
      throw invalid('the game to create is not valid', [
        {
          path: ['seed'],
          message: `expected no seed with secret dice (nobody may know their seed before the end), got ${seed}`,
        },
      ]);
    }
    const named = { ruleSet, scenario, title: title ?? scenario.title, commands: [], players: seats };
    if (kind === 'seeded') return newGame({ ...named, seed: seed ?? this.randomSeed(), dice: { kind } });
    const secret = this.newSecret();
    const dice: StoredDice = {
      kind,
      scheme: DICE_SCHEME,
      commitment: commitmentOf(secret),
      secret,
      contributors: humans,
      entropy: {},
    };
    return newGame({ ...named, seed: 0, dice });
  }

  /**
   * An exported `GameRecord` as a new game (every side human), ready to `insert`. The record's scenario
   * is validated as a scenario file is, and each command's side and size; whether the game accepts the
   * commands is the referee's to judge from the new game's `record`.
   */
  newImport(input: unknown): NewGame {
    const what = 'the game record is not valid';
    const checked = checkBody(RecordSchema, input);
    if (!checked.ok) throw invalid(what, checked.problems);
    const record = checked.value;
    const problems: Problem[] = [];
    const unknownRuleSet = this.ruleSetProblem(record.ruleSet);
    if (unknownRuleSet) problems.push(unknownRuleSet);
    const scenario = validateScenario(record.scenario);
    if (!scenario.ok) {
      for (const issue of scenario.errors) {
        problems.push({ path: ['scenario', ...pathKeys(issue.path)], message: issue.message });
      }
      throw invalid(what, problems);
    }
    const sides = scenario.scenario.sides.map((s) => s.id);
    record.commands.forEach((c, i) => {
      if (!sides.includes(c.side)) {
        problems.push({
          path: ['commands', i, 'side'],
          message: `expected one of the scenario's sides, ${joinWords(sides.map((s) => JSON.stringify(s)))}, got ${describeGiven(c.side)}`,
        });
      }
      const chars = JSON.stringify(c.command).length;
      if (chars > MAX_COMMAND_CHARS) {
        problems.push({
          path: ['commands', i, 'command'],
          message: `expected at most ${MAX_COMMAND_CHARS} characters of JSON, got ${chars}`,
        });
      }
    });
    const dice = record.dice ? { kind: 'secret' as const, ...record.dice } : ({ kind: 'seeded' } as const);
    problems.push(...importedDiceProblems(record.seed, dice, sides));
    if (problems.length > 0) throw invalid(what, problems);
    const seats = Object.fromEntries(sides.map((side) => [side, 'human' as const]));
    return newGame({
      ruleSet: record.ruleSet,
      scenario: scenario.scenario,
      seed: typeof record.seed === 'number' ? record.seed : 0,
      title: scenario.scenario.title,
      commands: record.commands,
      players: seats,
      dice,
    });
  }

  /** A key for each human seat (given once, in `insert`'s answer) and the locks kept of them. */
  seatKeysFor(players: Readonly<Record<string, SeatKind>>): {
    seatKeys: Record<string, string>;
    locks: Record<string, string>;
  } {
    const seatKeys: Record<string, string> = {};
    for (const [side, seat] of Object.entries(players))
      if (seat === 'human') seatKeys[side] = this.newSeatKey();
    const locks = Object.fromEntries(Object.entries(seatKeys).map(([side, key]) => [side, lockOf(key)]));
    return { seatKeys, locks };
  }

  /** The problem with a rule set the store does not keep games of, if it is one. */
  private ruleSetProblem(ruleSet: string): Problem | undefined {
    if (this.ruleSets.includes(ruleSet)) return undefined;
    return {
      path: ['ruleSet'],
      message: `expected one of ${joinWords(this.ruleSets.map((r) => JSON.stringify(r)))}, got ${describeGiven(ruleSet)}`,
    };
  }
}

/** The columns of a game's summary (`GameRow`), from `games g`. */
export const SUMMARY_SELECT = `SELECT g.id, g.title, g.rule_set, g.scenario_id, g.scenario_title, g.seed, g.created_at, g.updated_at,
  g.sides_json, g.players_json, g.turn, g.decider, g.result_json, g.seat_locks_json, g.dice_json,
  (SELECT count(*) FROM commands c WHERE c.game_id = g.id) AS commands
  FROM games g`;

/**
 * A game's row as the API lists it. Seats default to human (games saved before seats existed); until the
 * engine has judged a game, its turn is 1 and it has no decider.
 */
export function summaryOf(row: GameRow): GameSummary {
  const sides = JSON.parse(row.sides_json) as string[];
  const seats = row.players_json ? (JSON.parse(row.players_json) as Record<string, SeatKind>) : {};
  return {
    id: row.id,
    title: row.title,
    ruleSet: row.rule_set,
    scenario: { id: row.scenario_id, title: row.scenario_title },
    ...diceOf(row),
    commands: row.commands,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    players: Object.fromEntries(sides.map((side) => [side, seats[side] ?? 'human'])),
    turn: row.turn ?? 1,
    ...(row.decider !== null ? { decider: row.decider } : {}),
    ...(row.result_json !== null ? { result: JSON.parse(row.result_json) as GameOutcome } : {}),
    ...(row.seat_locks_json === null ? { open: true as const } : {}),
  };
}

/**
 * The summary's dice: the public seed, or secret dice without their secret until the game is over (the
 * result is saved in the transaction of the command that ends it, so the reveal comes with the end).
 */
function diceOf(row: GameRow): { seed?: number; dice: GameDice } {
  if (row.dice_json === null) return { seed: row.seed, dice: { kind: 'seeded', savedBefore: true } };
  const stored = JSON.parse(row.dice_json) as StoredDice;
  if (stored.kind === 'seeded') return { seed: row.seed, dice: { kind: 'seeded' } };
  const { kind, scheme, commitment, contributors, entropy, secret } = stored;
  return {
    dice: {
      kind,
      scheme,
      commitment,
      contributors,
      entropy,
      waitingFor: missingEntropy(stored),
      ...(row.result_json !== null ? { secret } : {}),
    },
  };
}

/** A record's seed and dice for secret dice every contributor has given its entropy to. */
function secretSeed(dice: SecretDice): Pick<GameRecord<unknown>, 'seed' | 'dice'> {
  const missing = missingEntropy(dice);
  if (missing.length > 0) throw new WaitingForEntropy(missing);
  const { scheme, commitment, secret, contributors, entropy } = dice;
  return {
    seed: seedStateOf(diceDigestOf(dice)),
    dice: { scheme, commitment, secret, contributors, entropy },
  };
}

/**
 * What is wrong with an imported record's dice: a seed state needs the secret dice it derives from, and
 * those must be whole (the commitment of the secret, every human seat's entropy, the seed they derive).
 */
function importedDiceProblems(
  seed: GameRecord<unknown>['seed'],
  dice: StoredDice,
  sides: readonly string[],
): Problem[] {
  if (dice.kind === 'seeded') {
    return typeof seed === 'number'
      ? []
      : [
          {
            path: ['seed'],
            message: 'expected a whole number from 0 to 4294967295 (a seed state comes only with "dice")',
          },
        ];
  }
  if (dice.contributors.some((side) => !sides.includes(side)) || missingEntropy(dice).length > 0)
    return [
      {
        path: ['dice', 'entropy'],
        message: "expected the entropy of every contributor, each one of the scenario's sides",
      },
    ];
  if (commitmentOf(dice.secret) !== dice.commitment)
    return [
      {
        path: ['dice', 'commitment'],
        message: 'expected the SHA-256 commitment of the secret: they do not match',
      },
    ];
  const derived = seedStateOf(diceDigestOf(dice));
  if (!isSeedState(seed, derived))
    return [
      { path: ['seed'], message: 'expected the seed the secret and the entropy derive: they do not match' },
    ];
  return [];
}

/** A new game with the record it is judged by, when its dice are seeded. */
function newGame(game: Omit<NewGame, 'record'>): NewGame {
  const { dice } = game;
  const base = { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario: game.scenario } as const;
  const commands = game.commands;
  if (dice.kind === 'seeded') return { ...game, record: { ...base, seed: game.seed, commands } };
  if (missingEntropy(dice).length > 0) return game;
  return { ...game, record: { ...base, ...secretSeed(dice), commands } };
}

/** Undo asked to take back command `count - 1` of a log that has `now` commands: the giver must reload. */
export function staleTakeBack(count: number, now: number): StoreError {
  return new StoreError(
    'conflict',
    `the command to take back was number ${count - 1}, but the game's log has ${now} commands: reload the game`,
  );
}

/** A command given for index `seq` of a log that has `count` commands: the giver must reload. */
export function staleLog(seq: number, count: number): StoreError {
  return new StoreError(
    'conflict',
    `the command was given as number ${seq}, but the game's log has ${count} commands: reload the game`,
  );
}

/**
 * A game's record from its stored columns and commands (in order); `WaitingForEntropy` while its secret
 * dice wait for a seat's entropy.
 */
export function recordOf(
  game: { rule_set: string; scenario_json: string; seed: number; dice_json: string | null },
  commands: readonly { side: string; command_json: string }[],
): GameRecord<unknown> {
  const dice = game.dice_json === null ? undefined : (JSON.parse(game.dice_json) as StoredDice);
  return {
    format: 'muster-game',
    version: 1,
    ruleSet: game.rule_set,
    scenario: JSON.parse(game.scenario_json),
    ...(dice?.kind === 'secret' ? secretSeed(dice) : { seed: game.seed }),
    commands: commands.map((c) => ({ side: c.side, command: JSON.parse(c.command_json) })),
  };
}

/**
 * The dice after a seat's entropy is added (`addEntropy`), or why it is refused: the game has no secret
 * dice (its seed is public), the side is no human seat of it, or its entropy was given already.
 */
export function diceWithEntropy(
  gameId: string,
  diceJson: string | null,
  side: string,
  entropy: string,
): StoredDice & { kind: 'secret' } {
  const dice = diceJson === null ? undefined : (JSON.parse(diceJson) as StoredDice);
  if (dice?.kind !== 'secret')
    throw new StoreError(
      'conflict',
      `game ${gameId} has no secret dice: its seed is public and takes no entropy`,
    );
  if (!dice.contributors.includes(side)) {
    throw invalid('the entropy is not valid', [
      {
        path: ['side'],
        message: `expected a human seat of the game (${joinWords(dice.contributors.map((s) => JSON.stringify(s)))}), got ${describeGiven(side)}`,
      },
    ]);
  }
  if (dice.entropy[side] !== undefined)
    throw new StoreError(
      'conflict',
      `${side}'s entropy was given when its seat was first opened: it is not changed`,
    );
  return { ...dice, entropy: { ...dice.entropy, [side]: entropy } };
}

function invalid(message: string, problems: readonly Problem[]): StoreError {
  return new StoreError('invalid', message, problems);
}

export function notFound(gameId: string): StoreError {
  return new StoreError('not-found', `there is no saved game "${gameId}"`);
}

/** The keys of a scenario issue's path (`units[3].ratings["john-company"]`, as `pathText` writes it). */
function pathKeys(text: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const m of text.matchAll(/\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g)) {
    keys.push(m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]!);
  }
  return keys;
}
