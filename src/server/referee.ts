import { z } from 'zod';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import type { GameEventBase, GameStateBase } from '../game/engine/game.ts';
import { ANY_COMMAND_SCHEMA } from '../game/engine/hosting.ts';
import type { GameRecord, RecordedCommand } from '../game/engine/record.ts';
import { isResignation } from '../game/engine/resign.ts';
import { mayTakeBack } from '../game/engine/undo.ts';
import {
  announcedResult,
  inWords,
  type ScenarioWords,
  scenarioWordsOf,
  verdictInWords,
} from '../game/engine/verdict.ts';
import { DEFAULT_RULE_SET, PLAYABLE_RULE_SETS } from '../game/registry.ts';
import type {
  AppendCommandResponse,
  CommandOddsResponse,
  ComputerPlayResponse,
  CreatedGame,
  EntropyRequest,
  GameLogEntry,
  GamePlay,
  GameSummary,
  MovePlan,
  PlayChange,
  PlayPicture,
  SavedGame,
  SeatKind,
  UndoResponse,
} from '../protocol/api.ts';
import { computerSeedOf, diceDigestOf, Hex32Schema } from '../protocol/fair-dice.ts';
import type { Problem } from '../protocol/issues.ts';
import { orderedOutcomes } from '../protocol/odds.ts';
import { diffJson, type JsonPatch } from '../protocol/patch.ts';
import { describeGiven, joinWords } from '../protocol/text.ts';
import { checkBody } from './answers.ts';
import { GameChanges } from './changes.ts';
import { type AnyPlayRules, playRulesFor } from './play-rules.ts';
import { SeatAccess } from './seat-keys.ts';
import {
  CreateGameSchema,
  type GameStatus,
  type GameStore,
  MAX_COMMAND_CHARS,
  type NewGame,
  StoreError,
  staleLog,
  staleTakeBack,
  WaitingForEntropy,
} from './store.ts';

/**
 * The engine over the saved games: every command is judged by the game before it is stored, each
 * player's picture is built only through the game's `viewFor`/`eventFor`, and the computer plays its
 * seats through the same commands. The store keeps the record (the source of truth); the referee keeps,
 * per game, the latest state and every command's events in memory, so that appending a command costs
 * one `apply` and a view none; a log is replayed only when a game is first touched, and the scrubber
 * (`at` < total) replays from the nearest snapshot (one every SNAPSHOT_EVERY commands).
 *
 * A command's path (POST /commands): its body is parsed once, here, at the boundary (the side one of
 * the game's, the command by the rule set's schema, at most MAX_COMMAND_CHARS of JSON); the seat key is
 * checked; the game's `apply` computes the new state once (the engine refuses a command out of turn or
 * against the rules: 422); then the store appends the command with the game's status after it, at the
 * log's length the game judged it against, and refuses it (409) if its log moved on meanwhile. The store
 * judges nothing and calls nobody back; new and imported games are judged here, then inserted.
 *
 * Any rule set of its registry (PLAYABLE_RULE_SETS unless told otherwise) is hosted through its play rules
 * (play-rules.ts): the game's own hosting members, or the generic defaults.
 *
 * `GET /api/games/:id` and the export (the store's `get`/`exportRecord`) are the full record, the
 * owner's save file with every hidden order and the seed: they are not for an opponent over a network.
 *
 * Secret dice (src/protocol/fair-dice.ts): a network game's dice come from the server's secret and the
 * entropy each human seat gives when first opened (`entropy`); nothing answers with the secret, the
 * derived seed, the generator state or the computer's tie-break seeds before the game is over (views
 * leave the generator out; the full record is refused until then, whatever keys come with the request).
 * Until every seat's entropy is in, the game cannot be set up: it answers 'waiting-for-entropy' (409).
 * Undo takes back only commands that left the generator as it was, and nothing once such a game is over.
 *
 * Seat keys (seat-keys.ts): every method that shows a side's picture or hidden information, or acts for
 * a side, takes the keys the request carried and refuses (PlayError 'forbidden', 403) unless they open
 * that side; the spectator's picture needs none.
 */

/**
 * Why the game refused what was asked: 422 ('not-your-turn', 'illegal-command'), 409 ('unplayable') or
 * 403 ('forbidden': the request lacks the seat key it needs).
 */
export class PlayError extends Error {
  override readonly name = 'PlayError';
  constructor(
    readonly kind: 'not-your-turn' | 'illegal-command' | 'unplayable' | 'forbidden',
    message: string,
    /** The engine's rejection code, for 'illegal-command'. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Games whose states are kept in memory (the most recently used). */
const CACHED_GAMES = 32;
/** A snapshot of the state every this many commands, for the scrubber. */
const SNAPSHOT_EVERY = 64;
/** The computer's commands per request: by default, and at most. */
const COMPUTER_DEFAULT = 200;
const COMPUTER_MAX = 2000;
/**
 * The most characters of JSON a change may spend on the legal commands: beyond it (a new phase of the
 * turn, with a new list), the change leaves them for the client to ask (`PlayChange.legalToFetch`).
 */
const LEGAL_IN_CHANGE = 3000;

/** One command of the log as the referee keeps it: who gave it, in which turn, what it caused. */
interface Logged {
  readonly side: string;
  readonly command: unknown;
  readonly turn: number;
  readonly events: readonly GameEventBase[];
  /** The sides that may read the command itself ('all': spectators too). */
  readonly seenBy: 'all' | readonly string[];
  /** It threw no dice and showed nothing hidden: its side may take it back (engine/undo.ts). */
  readonly reversible: boolean;
}

/** A game in play: its rules, the latest state, its log and snapshots. Mutated only by `admit`. */
interface InPlay {
  readonly rules: AnyPlayRules;
  readonly record: Omit<GameRecord<unknown>, 'commands'>;
  /** Who plays each side (fixed when the game is made). */
  readonly players: Readonly<Record<string, SeatKind>>;
  readonly log: Logged[];
  /** snapshots[k]: the state after k × SNAPSHOT_EVERY commands. */
  readonly snapshots: GameStateBase[];
  state: GameStateBase;
  /**
   * The latest picture built for each viewer, at the end of the log: the base of the viewer's next change,
   * unless the log has moved on (a picture is only taken as the base at its own `total`). Cleared by undo,
   * after which a position may be reached again by another command.
   */
  readonly pictures: Map<string, PlayPicture>;
}

/** POST /api/games: the store's new game, and the rule set it is played under. */
const CreateSchema = CreateGameSchema.extend({
  ruleSet: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(`The id of a rule set whose whole games Muster plays (default ${DEFAULT_RULE_SET})`),
});

const ViewerQuery = z.strictObject({
  viewer: z.string().min(1).max(100).default('spectator'),
  at: z.coerce.number().int().min(0).optional(),
  from: z.coerce.number().int().min(0).optional(),
});

const ComputerSchema = z.strictObject({
  viewer: z.string().min(1).max(100).optional(),
  max: z.int().min(1).max(COMPUTER_MAX).optional().describe('How many commands the computer may give'),
  from: z
    .int()
    .min(0)
    .optional()
    .describe('The commands in the log as the client knows it: the answer says what changed since'),
});

const PlanMoveSchema = z.strictObject({
  side: z.string().min(1).max(100),
  unit: z.string().min(1).max(100),
  manoeuvres: z.array(z.unknown()).min(1).max(8),
});

const UndoSchema = z.strictObject({
  side: z.string().min(1).max(100),
  seq: z
    .int()
    .min(1)
    .describe('The commands in the log as the giver knows it: the last is the one taken back'),
});

const EntropySchema = z.strictObject({
  side: z.string().min(1).max(100),
  entropy: Hex32Schema,
}) satisfies z.ZodType<EntropyRequest>;

/** POST /commands: who gives the command, and the log's length as the giver knows it. */
const CommandInputSchema = z.strictObject({
  side: z.string().min(1).max(100),
  // Of any game's shape here; the rule set's command schema reads it once the seat's key is checked.
  command: ANY_COMMAND_SCHEMA,
  seq: z.int().min(0).optional().describe('The index the command must take in the log'),
});

const OddsSchema = z.strictObject({
  side: z.string().min(1).max(100),
  command: z.unknown(),
});

/**
 * The seed of the computer's tie-breaking PRNG for the command at `index` of a game: derived from the
 * game's seed, so a game with computer seats is reproducible from its record.
 */
export function computerSeed(gameSeed: number, index: number): number {
  return (gameSeed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
}

export class Referee {
  private readonly games = new Map<string, InPlay>();
  /** Games whose log the engine refuses (saved before commands were judged): not judged again. */
  private readonly unplayable = new Set<string>();
  /** Per game, the end of the queue of work on it (`exclusive`). */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly unwatch: (() => void) | undefined;

  constructor(
    private readonly store: GameStore,
    /** The rule sets whose games it hosts. */
    private readonly playable: readonly AnyPlayableRuleSet[] = PLAYABLE_RULE_SETS,
    /** Told of every command stored and every game deleted (the change stream listens). */
    readonly changes: GameChanges = new GameChanges(),
  ) {
    this.unwatch = store.watch?.((gameId) => {
      if (gameId === undefined) this.games.clear();
      else this.changedElsewhere(gameId).catch(() => undefined);
    });
  }

  /** Stops hearing of other processes' changes (the server is closing). */
  close(): void {
    this.unwatch?.();
  }

  /** Every saved game, its status judged (games saved before seats existed are judged once, here). */
  async list(): Promise<GameSummary[]> {
    await this.judgeUnjudged();
    return this.store.list();
  }

  /**
   * The full record: for the keys of every human seat (once the game is over, of any one). A game with
   * secret dice gives it only once it is over (it holds the secret), with the result it ended with.
   */
  async get(gameId: string, keys: readonly string[]): Promise<SavedGame | undefined> {
    await this.judgeUnjudged();
    const summary = await this.store.summary(gameId);
    if (!summary) return undefined;
    await this.checkRecord(summary, keys);
    if (summary.dice.kind === 'secret' && !summary.result)
      throw new PlayError(
        'forbidden',
        `the full record of a game with secret dice holds their secret: it is given to nobody before the game is over (each side's picture is GET /api/games/${gameId}/play)`,
      );
    const game = await this.store.get(gameId);
    if (!game) return undefined;
    if (summary.dice.kind !== 'secret') return game;
    return { ...game, record: { ...game.record, ...(summary.result ? { result: summary.result } : {}) } };
  }

  /** The game's `GameRecord`, as `get` allows it. */
  async exportRecord(gameId: string, keys: readonly string[]): Promise<GameRecord<unknown> | undefined> {
    return (await this.get(gameId, keys))?.record;
  }

  /** A game's summary (public: no key). */
  async summary(gameId: string): Promise<GameSummary> {
    await this.judgeUnjudged();
    const summary = await this.store.summary(gameId);
    if (!summary) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
    return summary;
  }

  /** A new game (body: `{ scenario, ruleSet?, seed?, title?, players? }`), judged from its start. */
  async create(input: unknown): Promise<CreatedGame> {
    const checked = checkBody(CreateSchema, input);
    if (!checked.ok) throw invalid('the game to create is not valid', checked.problems);
    const { ruleSet, ...game } = checked.value;
    return this.insert(this.store.newGame(game, ruleSet));
  }

  /**
   * Saves an exported record as a new game once the game accepts its every command; a game with secret
   * dice only once it is over (whoever holds its secret could foresee its dice).
   */
  async importRecord(input: unknown): Promise<CreatedGame> {
    return this.insert(this.store.newImport(input), (judged) => {
      if (judged.record.dice && !judged.rules.game.result(judged.state))
        throw invalid('the game record is not valid', [
          {
            path: ['dice'],
            message:
              'expected the record of a finished game: a game with secret dice is imported only once it is over (whoever holds its secret could foresee its dice)',
          },
        ]);
    });
  }

  /**
   * Judges a new game by replaying its record (when its dice are seeded), `accept` may refuse it, then
   * the store saves it with its status; the game replayed stays in memory.
   */
  private async insert(game: NewGame, accept?: (judged: InPlay) => void): Promise<CreatedGame> {
    const judged = game.record && this.judgeRecord(game.record, game.players);
    if (judged) accept?.(judged);
    const created = await this.store.insert(game, judged && statusOf(judged.rules, judged.state));
    if (judged) this.touch(created.id, judged);
    return created;
  }

  /**
   * Records a human seat's share of a game's secret dice (body: `{ side, entropy }`, for a request
   * carrying the side's key), once; the game's summary after it (the last share seeds the dice and the
   * game begins).
   */
  async entropy(gameId: string, input: unknown, keys: readonly string[]): Promise<GameSummary> {
    const checked = checkBody(EntropySchema, input);
    if (!checked.ok) throw invalid('the entropy is not valid', checked.problems);
    const { side, entropy } = checked.value;
    return this.exclusive(gameId, async () => {
      const summary = await this.store.summary(gameId);
      if (!summary) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
      if (summary.players[side] === 'human') await this.checkAccess(gameId, side, keys, summary);
      const added = await this.store.addEntropy(gameId, side, entropy);
      let game = added.game;
      if (added.record) {
        // The last share seeds the dice: the game is judged from its start, and kept in memory.
        const judged = this.judgeRecord(added.record, game.players);
        await this.store.saveStatus(gameId, statusOf(judged.rules, judged.state), 0);
        this.touch(gameId, judged);
        game = (await this.store.summary(gameId)) ?? game;
      }
      this.changes.publish(gameId, game);
      return game;
    });
  }

  /** Deletes a game, for a player of it (any one human seat's key); false if there was none. */
  async delete(gameId: string, keys: readonly string[]): Promise<boolean> {
    return this.exclusive(gameId, async () => {
      const summary = await this.store.summary(gameId);
      if (!summary) return false;
      const access = await this.access(summary, keys);
      if (!access.mayDelete()) throw new PlayError('forbidden', access.deleteRefusal());
      this.games.delete(gameId);
      this.unplayable.delete(gameId);
      const deleted = await this.store.delete(gameId);
      if (deleted) this.changes.publish(gameId, undefined);
      return deleted;
    });
  }

  /**
   * Appends a command the game accepts (body: `{ side, command, seq? }`, for a request carrying the
   * side's key), and the giver's picture.
   */
  async command(gameId: string, input: unknown, keys: readonly string[]): Promise<AppendCommandResponse> {
    const checked = checkBody(CommandInputSchema, input);
    if (!checked.ok) throw invalid('the command is not valid', checked.problems);
    const { side, command, seq: given } = checked.value;
    // The game is held until the store has the command, not until it is committed: commands given
    // together to several games (or one after another to one) still share a write group.
    const { seq, game, change, committed } = await this.exclusive(gameId, async () => {
      const p = await this.inPlay(gameId);
      this.checkSide(p, side, 'the command is not valid');
      await this.checkAccess(gameId, side, keys);
      if (given !== undefined && given !== p.log.length) throw staleLog(given, p.log.length);
      const entry = { side, command: commandOf(p.rules, command) };
      // The giver's picture before the command (the log as it knew it), for the change.
      const base = this.presentPicture(p, side);
      const admitted = await this.admit(gameId, p, entry, !isResignation(entry.command));
      return { ...admitted, change: this.change(p, side, base, admitted.seq) };
    });
    await committed;
    return { seq, game, change };
  }

  /**
   * Takes back `side`'s last command (body: `{ side, seq }`, for a request carrying the side's key) when
   * the rule set allows it (engine/undo.ts: no dice thrown, nothing hidden shown, no other side's command
   * since), and the side's picture after it.
   */
  async undo(gameId: string, input: unknown, keys: readonly string[]): Promise<UndoResponse> {
    const checked = checkBody(UndoSchema, input);
    if (!checked.ok) throw invalid('the request is not valid', checked.problems);
    const { side, seq } = checked.value;
    return this.exclusive(gameId, async () => {
      const p = await this.inPlay(gameId);
      this.checkSide(p, side);
      await this.checkAccess(gameId, side, keys);
      if (seq !== p.log.length) throw staleTakeBack(seq, p.log.length);
      const base = this.presentPicture(p, side);
      if (!mayUndo(p, side))
        throw new PlayError('illegal-command', nothingToTakeBack(p, side), 'nothing-to-undo');
      const previous = this.stateAt(p, p.log.length - 1);
      let game: GameSummary;
      try {
        game = await this.store.removeLast(gameId, seq, statusOf(p.rules, previous));
      } catch (error) {
        this.dropWhenStale(gameId, error);
        throw error;
      }
      p.log.pop();
      if (p.snapshots.length > Math.floor(p.log.length / SNAPSHOT_EVERY) + 1) p.snapshots.pop();
      p.state = previous;
      p.pictures.clear();
      this.touch(gameId, p);
      this.changes.publish(gameId, game);
      return { game, change: this.change(p, side, base, p.log.length) };
    });
  }

  /**
   * Lets the computer give the commands of its seats while it decides (body: `{ viewer?, max? }`), each
   * judged and stored as any other, at most `max`; the viewer's picture after them.
   */
  async computer(gameId: string, input: unknown, keys: readonly string[]): Promise<ComputerPlayResponse> {
    const checked = checkBody(ComputerSchema, input ?? {});
    if (!checked.ok) throw invalid('the request is not valid', checked.problems);
    const viewer = checked.value.viewer ?? 'spectator';
    const max = checked.value.max ?? COMPUTER_DEFAULT;
    const { from } = checked.value;
    // The client's picture before the computer plays: the base of the answer's change.
    const base = await this.exclusive(gameId, async () => {
      const start = await this.inPlay(gameId);
      this.checkViewer(start, viewer, ['viewer']);
      await this.checkAccess(gameId, viewer, keys);
      if (from !== undefined && from > start.log.length)
        throw invalid('the request is not valid', [
          {
            path: ['from'],
            message: `expected 0 to ${start.log.length} (the commands in the log), got ${from}`,
          },
        ]);
      return from === undefined ? undefined : this.pictureWhen(start, viewer, from);
    });
    let played = 0;
    while (played < max) {
      // An object, not the promise itself: the game is held until the store has the command, not its commit.
      const admitted = await this.exclusive(gameId, async () => {
        const p = await this.inPlay(gameId);
        const side = p.rules.game.decider(p.state);
        if (side === undefined || p.players[side] !== 'computer') return undefined;
        const player = p.rules.computer(computerSeedFor(p.record, p.log.length));
        const command = player(
          p.rules.game.viewFor(p.state, side),
          p.rules.game.legalCommands(p.state, side),
        );
        try {
          return await this.admit(gameId, p, { side, command }, false);
        } catch (error) {
          // Another request moved the game on meanwhile: it decides what happens next.
          if (error instanceof StoreError && error.code === 'conflict') return undefined;
          throw error;
        }
      });
      if (!admitted) break;
      played++;
      // Other requests are answered between the computer's commands, each command stored before the next.
      await admitted.committed;
    }
    return this.exclusive(gameId, async () => {
      const p = await this.inPlay(gameId);
      const game = await this.store.summary(gameId);
      if (!game) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
      return { played, game, change: this.change(p, viewer, base, from ?? 0) };
    });
  }

  /**
   * The game as `viewer` may see it after its first `at` commands (query: `viewer`, `at`, `from`): the
   * view, the legal commands when the viewer decides at the end of the log, and the log from `from`.
   */
  async play(gameId: string, query: unknown, keys: readonly string[]): Promise<GamePlay> {
    const checked = checkBody(ViewerQuery, query ?? {});
    if (!checked.ok) throw invalid('the query is not valid', checked.problems);
    return this.exclusive(gameId, () => this.playNow(gameId, checked.value, keys));
  }

  /** `play`, the game held. */
  private async playNow(
    gameId: string,
    query: z.infer<typeof ViewerQuery>,
    keys: readonly string[],
  ): Promise<GamePlay> {
    const p = await this.inPlay(gameId);
    const game = await this.store.summary(gameId);
    if (!game) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
    const { viewer } = query;
    this.checkViewer(p, viewer, ['viewer']);
    await this.checkAccess(gameId, viewer, keys, game);
    const total = p.log.length;
    const at = query.at ?? total;
    const from = query.from ?? 0;
    if (at > total)
      throw invalid('the query is not valid', [
        { path: ['at'], message: `expected 0 to ${total} (the commands in the log), got ${at}` },
      ]);
    if (from > at)
      throw invalid('the query is not valid', [
        { path: ['from'], message: `expected 0 to ${at} (the view's position), got ${from}` },
      ]);
    const picture =
      at === total
        ? this.presentPicture(p, viewer)
        : pictureAt(p, viewer, this.stateAt(p, at), total, p.log, at);
    return { game, ...picture, log: this.logFor(p, viewer, from, at), from };
  }

  /** The log entries from `from` to `at` as `viewer` may see them. */
  private logFor(p: InPlay, viewer: string, from: number, at: number): GameLogEntry[] {
    const words = scenarioWordsOf(p.record.scenario);
    return p.log
      .slice(from, at)
      .map((entry, i) => logEntry(p.rules, p.state, entry, from + i, viewer, words));
  }

  /** `viewer`'s picture at the end of the log, built once per position (and kept as its next change's base). */
  private presentPicture(p: InPlay, viewer: string): PlayPicture {
    const total = p.log.length;
    const kept = p.pictures.get(viewer);
    if (kept && kept.at === total && kept.total === total) return kept;
    const picture = pictureAt(p, viewer, p.state, total, p.log);
    p.pictures.set(viewer, picture);
    return picture;
  }

  /**
   * `viewer`'s picture as it was when the log had `total` commands (legal commands and undo as they were
   * then): the picture of a client that knows that much of the log.
   */
  private pictureWhen(p: InPlay, viewer: string, total: number): PlayPicture {
    if (total === p.log.length) return this.presentPicture(p, viewer);
    return pictureAt(p, viewer, this.stateAt(p, total), total, p.log.slice(0, total));
  }

  /**
   * What changed in `viewer`'s picture from `base` (the client's, undefined: it holds none) to the end of
   * the log, with the log entries from `from`: the answer of commands, undo and the computer.
   */
  private change(p: InPlay, viewer: string, base: PlayPicture | undefined, from: number): PlayChange {
    const now = this.presentPicture(p, viewer);
    const log = this.logFor(p, viewer, base === undefined ? 0 : from, now.at);
    if (base === undefined) return { viewer, patch: [now], log, from: 0 };
    let patch = diffJson(base, now);
    let legalToFetch = false;
    if (patch !== undefined && legalSize(patch) > LEGAL_IN_CHANGE) {
      patch = diffJson(base, { ...now, legal: [], legalText: [] });
      legalToFetch = true;
    }
    return {
      viewer,
      base: base.at,
      ...(patch !== undefined ? { patch } : {}),
      log,
      from,
      ...(legalToFetch ? { legalToFetch: true as const } : {}),
    };
  }

  /**
   * What a move would do, without making it (body: `{ side, unit, manoeuvres }`); not found (404) when
   * the game's rule set has no move planner.
   */
  async planMove(gameId: string, input: unknown, keys: readonly string[]): Promise<MovePlan> {
    const checked = checkBody(PlanMoveSchema, input);
    if (!checked.ok) throw invalid('the move to plan is not valid', checked.problems);
    const p = await this.exclusive(gameId, () => this.inPlay(gameId));
    const planner = p.rules.planMove;
    if (!planner)
      throw new StoreError('not-found', `${p.rules.title} has no move planner: plan-move is not offered`);
    const { side, unit, manoeuvres } = checked.value;
    this.checkSide(p, side);
    await this.checkAccess(gameId, side, keys);
    const parsed = checkBody(planner.manoeuvres, manoeuvres);
    if (!parsed.ok) throw invalid('the move to plan is not valid', prefixed('manoeuvres', parsed.problems));
    const plan = planner.plan(p.state, side, unit, parsed.value) as MovePlan | undefined;
    if (!plan) {
      throw invalid('the move to plan is not valid', [
        { path: ['unit'], message: `expected a unit of ${side} on the table, got ${describeGiven(unit)}` },
      ]);
    }
    return plan;
  }

  /**
   * The exact odds of what a command would resolve, before any dice (body: `{ side, command }`); not
   * found (404) when the game's rule set has no odds preview.
   */
  async odds(gameId: string, input: unknown, keys: readonly string[]): Promise<CommandOddsResponse> {
    const checked = checkBody(OddsSchema, input);
    if (!checked.ok) throw invalid('the odds request is not valid', checked.problems);
    const p = await this.exclusive(gameId, () => this.inPlay(gameId));
    const commandOdds = p.rules.commandOdds;
    if (!commandOdds)
      throw new StoreError('not-found', `${p.rules.title} has no odds preview: odds are not offered`);
    const { side, command } = checked.value;
    this.checkSide(p, side);
    await this.checkAccess(gameId, side, keys);
    const parsed = checkBody(p.rules.commandSchema, command);
    if (!parsed.ok) throw invalid('the odds request is not valid', prefixed('command', parsed.problems));
    return {
      odds: commandOdds(p.state, side, parsed.value).map((o) => ({
        procedure: o.procedure,
        title: o.title,
        charts: o.charts.map((chart) => ({ name: chart.name, outcomes: orderedOutcomes(chart) })),
      })),
    };
  }

  /** Resolves once every command judged so far is stored (or given up): answers wait for it. */
  settled(): Promise<void> {
    return this.store.settled();
  }

  /**
   * Has the game apply a command (parsed already) to its latest state, then the store append it with the
   * status after it at the log's length (refused, 409, if the store's log moved on: the game is dropped
   * from memory, to be replayed from what the store holds). Refused by the game: nothing is stored. The
   * game in memory moves on at once (the next command is judged against it); the command is stored when
   * `committed` resolves, with the others of its group (store.ts `appendGrouped`). Should the commit
   * fail, the game is dropped from memory too.
   */
  private async admit(
    gameId: string,
    p: InPlay,
    entry: RecordedCommand<unknown>,
    parsed: boolean,
  ): Promise<{ seq: number; game: GameSummary; committed: Promise<void> }> {
    const { state, logged } = step(p, entry, parsed);
    const seq = p.log.length;
    let stored: Awaited<ReturnType<GameStore['appendGrouped']>>;
    try {
      stored = await this.store.appendGrouped(gameId, { ...entry, seq, status: statusOf(p.rules, state) });
    } catch (error) {
      this.dropWhenStale(gameId, error);
      throw error;
    }
    p.log.push(logged);
    p.state = state;
    if (p.log.length % SNAPSHOT_EVERY === 0) p.snapshots.push(state);
    this.touch(gameId, p);
    const committed = stored.committed.then(
      () => this.changes.publish(gameId, stored.game),
      (error: unknown) => {
        this.games.delete(gameId);
        throw error;
      },
    );
    return { seq, game: stored.game, committed };
  }

  /**
   * Runs `work` once the work on the same game before it is done, alone on that game: what it reads of
   * the game in memory and of its log stays as it was until it returns. Every use of `inPlay` runs so.
   */
  private async exclusive<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(gameId) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.queues.set(gameId, done);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.queues.get(gameId) === done) this.queues.delete(gameId);
    }
  }

  /**
   * Another process sharing the store changed a game: the game in memory is dropped (replayed from the
   * store when next touched) and the game's listeners hear of its summary now (undefined: deleted).
   */
  private async changedElsewhere(gameId: string): Promise<void> {
    const summary = await this.exclusive(gameId, async () => {
      this.games.delete(gameId);
      this.unplayable.delete(gameId);
      return this.store.summary(gameId);
    });
    this.changes.publish(gameId, summary);
  }

  /** A store's 'conflict' means its log moved on without this game in memory: it is dropped. */
  private dropWhenStale(gameId: string, error: unknown): void {
    if (error instanceof StoreError && error.code === 'conflict') this.games.delete(gameId);
  }

  /** The game in memory, replaying its log when it is first touched (the game held: `exclusive`). */
  private async inPlay(gameId: string): Promise<InPlay> {
    const cached = this.games.get(gameId);
    if (cached) {
      this.touch(gameId, cached);
      return cached;
    }
    let record: GameRecord<unknown> | undefined;
    try {
      record = await this.store.exportRecord(gameId);
    } catch (error) {
      if (error instanceof WaitingForEntropy)
        throw new PlayError('unplayable', error.message, 'waiting-for-entropy');
      throw error;
    }
    if (!record) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
    const rules = playRulesFor(record.ruleSet, this.playable);
    if (!rules) throw new PlayError('unplayable', `Muster does not play ${record.ruleSet} games`);
    const p = replayed(rules, record, (await this.store.summary(gameId))?.players ?? {});
    if ('refused' in p) {
      const { at, error } = p.refused;
      throw new PlayError('unplayable', `the game's log does not replay: command ${at}: ${error.message}`);
    }
    // The status as replaying says: it keeps the list right for games saved before statuses existed.
    await this.store.saveStatus(gameId, statusOf(p.rules, p.state), p.log.length);
    this.touch(gameId, p);
    return p;
  }

  private touch(gameId: string, p: InPlay): void {
    this.games.delete(gameId);
    this.games.set(gameId, p);
    if (this.games.size > CACHED_GAMES) this.games.delete(this.games.keys().next().value!);
  }

  /** What the request's keys open in a game. */
  private async access(summary: GameSummary, keys: readonly string[]): Promise<SeatAccess> {
    return new SeatAccess(summary.players, (await this.store.seatLocks(summary.id)) ?? undefined, keys);
  }

  /** Refuses (403) unless the keys open `viewer`'s picture and commands (a side, or 'spectator'). */
  private async checkAccess(
    gameId: string,
    viewer: string,
    keys: readonly string[],
    known?: GameSummary,
  ): Promise<void> {
    if (viewer === 'spectator') return;
    const summary = known ?? (await this.store.summary(gameId));
    if (!summary) throw new StoreError('not-found', `there is no saved game "${gameId}"`);
    const access = await this.access(summary, keys);
    if (!access.mayPlay(viewer)) throw new PlayError('forbidden', access.playRefusal(viewer));
  }

  /** Refuses (403) the full record unless the keys open it. */
  private async checkRecord(game: GameSummary, keys: readonly string[]): Promise<void> {
    const access = await this.access(game, keys);
    if (!access.mayReadRecord(game.result !== undefined))
      throw new PlayError('forbidden', access.recordRefusal());
  }

  /** The state after the first `at` commands: from the nearest snapshot, replaying the rest. */
  private stateAt(p: InPlay, at: number): GameStateBase {
    const k = Math.min(Math.floor(at / SNAPSHOT_EVERY), p.snapshots.length - 1);
    let state = p.snapshots[k]!;
    for (let i = k * SNAPSHOT_EVERY; i < at; i++) {
      const { side, command } = p.log[i]!;
      const applied = p.rules.game.apply(state, side, command);
      if (!applied.ok)
        throw new PlayError('unplayable', `command ${i} no longer replays: ${applied.rejection.message}`);
      state = applied.state;
    }
    return state;
  }

  /**
   * Judges a new or imported game by replaying it: the game in play, or (400) the first command the game
   * refuses.
   */
  private judgeRecord(record: GameRecord<unknown>, players: Readonly<Record<string, SeatKind>>): InPlay {
    const rules = playRulesFor(record.ruleSet, this.playable);
    if (!rules) {
      const known = this.playable.map((r) => JSON.stringify(r.id));
      throw invalid('the game is not valid', [
        {
          path: ['ruleSet'],
          message: `expected a rule set Muster plays (${joinWords(known)}), got ${describeGiven(record.ruleSet)}`,
        },
      ]);
    }
    const replay = replayed(rules, record, players);
    if ('refused' in replay) {
      const { at, error } = replay.refused;
      throw invalid('the game record is not valid', [
        {
          path: ['commands', at],
          message: `the game refuses this command: ${error.message} (${error.code})`,
        },
      ]);
    }
    return replay;
  }

  /** Judges the games saved before seats and statuses existed (or with a log the engine cannot replay). */
  private async judgeUnjudged(): Promise<void> {
    for (const gameId of await this.store.unjudged()) {
      if (this.unplayable.has(gameId)) continue;
      try {
        await this.exclusive(gameId, () => this.inPlay(gameId));
      } catch (error) {
        if (!(error instanceof PlayError)) throw error;
        if (error.code === 'waiting-for-entropy') continue;
        this.unplayable.add(gameId);
      }
    }
  }

  private checkSide(p: InPlay, side: string, what = 'the request is not valid'): void {
    const sides = sidesOf(p);
    if (!sides.includes(side))
      throw invalid(what, [
        {
          path: ['side'],
          message: `expected one of the scenario's sides, ${joinWords(sides.map((s) => JSON.stringify(s)))}, got ${describeGiven(side)}`,
        },
      ]);
  }

  private checkViewer(p: InPlay, viewer: string, path: PropertyKey[]): void {
    const viewers = [...sidesOf(p), 'spectator'];
    if (!viewers.includes(viewer))
      throw invalid('the request is not valid', [
        {
          path,
          message: `expected a side of the game or "spectator" (${joinWords(viewers.map((s) => JSON.stringify(s)))}), got ${describeGiven(viewer)}`,
        },
      ]);
  }
}

/**
 * Whether `side` may take back the last command (engine/undo.ts); never once a game with secret dice is
 * over, its secret revealed.
 */
function mayUndo(p: InPlay, side: string): boolean {
  if (p.record.dice && p.rules.game.result(p.state)) return false;
  return mayTakeBack(p.log, side);
}

/**
 * The computer's tie-break seed for the command at `index`: from the public seed (`computerSeed`), or
 * for secret dice from their digest (fair-dice.ts), as secret as the dice.
 */
function computerSeedFor(record: Omit<GameRecord<unknown>, 'commands'>, index: number): number {
  return record.dice
    ? computerSeedOf(diceDigestOf(record.dice), index)
    : computerSeed(record.seed as number, index);
}

/** Why `side` may not take back the last command now. */
function nothingToTakeBack(p: InPlay, side: string): string {
  const last = p.log[p.log.length - 1];
  if (!p.rules.reversible) return `${p.rules.title} commands cannot be taken back`;
  if (p.record.dice && p.rules.game.result(p.state))
    return 'the game is over and its secret dice are revealed: nothing can be taken back';
  if (!last) return 'nothing has been done yet';
  if (last.side !== side) return `the last command was ${last.side}'s: only its side may take it back`;
  return 'the last command threw dice or showed something hidden: it cannot be taken back';
}

function sidesOf(p: InPlay): string[] {
  return (p.record.scenario as { sides: { id: string }[] }).sides.map((s) => s.id);
}

function invalid(message: string, problems: readonly Problem[]): StoreError {
  return new StoreError('invalid', message, problems);
}

/**
 * A command as the rule set's schema parses it (a resignation is every game's, engine/resign.ts), at most
 * MAX_COMMAND_CHARS of JSON; refused (400) with each problem's path from the request body.
 */
function commandOf(rules: AnyPlayRules, command: unknown): unknown {
  const chars = JSON.stringify(command)?.length ?? 0;
  if (chars > MAX_COMMAND_CHARS)
    throw invalid('the command is not valid', [
      {
        path: ['command'],
        message: `expected at most ${MAX_COMMAND_CHARS} characters of JSON, got ${chars}`,
      },
    ]);
  if (isResignation(command)) return command;
  const parsed = checkBody(rules.commandSchema, command);
  if (!parsed.ok) throw invalid('the command is not valid', prefixed('command', parsed.problems));
  return parsed.value;
}

function prefixed(key: string, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => ({ path: [key, ...p.path], message: p.message }));
}

/**
 * The game's status for its summary: data, as the record states it (`muster verify` compares the result
 * with the replay's); the picture tells how it ended in the scenario's words.
 */
function statusOf(rules: AnyPlayRules, state: GameStateBase): GameStatus {
  const decider = rules.game.decider(state);
  const result = rules.game.result(state);
  return {
    turn: rules.turnOf(state),
    ...(decider !== undefined ? { decider } : {}),
    ...(result ? { result } : {}),
  };
}

/**
 * Applies one command to a game in play (without keeping it): the new state and the command logged.
 * `parsed`: the rule set's command schema has parsed it already (the boundary, `commandOf`), so the game
 * need not parse it again (`applyParsed`); any other command (replayed, the computer's) the game parses.
 */
function step(
  p: Pick<InPlay, 'rules' | 'state'>,
  entry: RecordedCommand<unknown>,
  parsed = false,
): { state: GameStateBase; logged: Logged } {
  const turn = p.rules.turnOf(p.state);
  const game = p.rules.game;
  const applied =
    parsed && game.applyParsed
      ? game.applyParsed(p.state, entry.side, entry.command)
      : game.apply(p.state, entry.side, entry.command);
  if (!applied.ok) {
    const { code, message } = applied.rejection;
    throw new PlayError(code === 'not-your-turn' ? 'not-your-turn' : 'illegal-command', message, code);
  }
  return {
    state: applied.state,
    logged: {
      side: entry.side,
      command: entry.command,
      turn,
      events: applied.events,
      seenBy: p.rules.commandSeenBy(applied.state, entry.side, entry.command),
      // Only a command that left the generator as it was: taking it back can never throw a die again.
      reversible:
        sameRng(p.state, applied.state) &&
        (p.rules.reversible?.(p.state, applied.state, applied.events) ?? false),
    },
  };
}

function sameRng(before: GameStateBase, after: GameStateBase): boolean {
  const [a, b] = [before.rng.words, after.rng.words];
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** A game's record replayed into memory, or the first command the game refuses. */
function replayed(
  rules: AnyPlayRules,
  record: GameRecord<unknown>,
  players: Readonly<Record<string, SeatKind>>,
): InPlay | { refused: { at: number; error: PlayError } } {
  const { commands, ...rest } = record;
  const start = rules.game.setup(record.scenario, record.seed);
  const p: InPlay = {
    rules,
    record: rest,
    players,
    log: [],
    snapshots: [start],
    state: start,
    pictures: new Map(),
  };
  for (let i = 0; i < commands.length; i++) {
    let next: ReturnType<typeof step>;
    try {
      next = step(p, commands[i]!);
    } catch (error) {
      if (error instanceof PlayError) return { refused: { at: i, error } };
      throw error;
    }
    p.log.push(next.logged);
    p.state = next.state;
    if (p.log.length % SNAPSHOT_EVERY === 0) p.snapshots.push(next.state);
  }
  return p;
}

/** One command of the log as `viewer` may see it: the command only if it may read it, events by `eventFor`. */
function logEntry(
  rules: AnyPlayRules,
  /** The game's latest state, for names: it has every unit the game ever had. */
  latest: GameStateBase,
  entry: Logged,
  index: number,
  viewer: string,
  words: ScenarioWords,
): GameLogEntry {
  const readable =
    entry.side === viewer ||
    entry.seenBy === 'all' ||
    (viewer !== 'spectator' && entry.seenBy.includes(viewer));
  const events = [];
  for (const event of entry.events) {
    const seen = rules.game.eventFor(event, viewer);
    if (!seen) continue;
    // The end of the battle is told in the scenario's names of its sides and objectives.
    const announced = announcedResult(seen);
    const text = announced ? verdictInWords(announced, words) : rules.describeEvent(seen, latest)?.trim();
    events.push({ type: seen.type, text: text ?? '', event: seen });
  }
  return {
    index,
    side: entry.side,
    turn: entry.turn,
    ...(readable ? { command: entry.command } : {}),
    // The side is the entry's own field (a page names it as the scenario does): the text is the command.
    text: readable
      ? rules.describeCommand(entry.command, latest)
      : rules.unseenCommandText(entry.side, entry.command),
    events,
  };
}

/**
 * A viewer's picture after the first `at` commands of a log of `total` (`log`: its commands), from the
 * state then: legal commands and undo are offered only at the log's end; how the battle ended is told in
 * the scenario's words.
 */
function pictureAt(
  p: InPlay,
  viewer: string,
  state: GameStateBase,
  total: number,
  log: readonly Logged[],
  at: number = total,
): PlayPicture {
  const { rules } = p;
  const decider = rules.game.decider(state);
  const present = at === total;
  const legal = decider === viewer && present ? rules.game.legalCommands(state, viewer) : [];
  const result = rules.game.result(state);
  // A game with secret dice takes nothing back once it is over, its secret revealed (see `mayUndo`).
  const secretDiceOver = p.record.dice !== undefined && result !== undefined;
  return {
    viewer,
    at,
    total,
    view: rules.game.viewFor(state, viewer),
    ...(decider !== undefined ? { decider, deciderSeat: p.players[decider] ?? 'human' } : {}),
    legal,
    legalText: legal.map((c: unknown) => rules.describeOffer(c, state)),
    ...(result
      ? { result: { ...result, reason: inWords(result.reason, scenarioWordsOf(p.record.scenario)) } }
      : {}),
    ...(present && !secretDiceOver && mayTakeBack(log, viewer) ? { undoable: true as const } : {}),
  };
}

/** The characters of JSON a picture's patch spends on the legal commands. */
function legalSize(patch: JsonPatch): number {
  if (Array.isArray(patch)) return JSON.stringify(patch).length;
  const edits = (patch as { o?: Record<string, JsonPatch> }).o ?? {};
  return JSON.stringify(edits.legal ?? null).length + JSON.stringify(edits.legalText ?? null).length;
}
