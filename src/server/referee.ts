import type { z } from 'zod';
import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import type { GameStateBase } from '../game/engine/game.ts';
import type { GameRecord, RecordedCommand } from '../game/engine/record.ts';
import { isResignation } from '../game/engine/resign.ts';
import { scenarioWordsOf } from '../game/engine/verdict.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';
import type {
  AppendCommandResponse,
  CommandOddsResponse,
  ComputerPlayResponse,
  CreatedGame,
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
import { orderedOutcomes } from '../protocol/odds.ts';
import { diffJson } from '../protocol/patch.ts';
import { describeGiven, joinWords } from '../protocol/text.ts';
import { checkBody } from './answers.ts';
import { GameChanges } from './changes.ts';
import {
  computerSeedFor,
  type InPlay,
  mayUndo,
  nothingToTakeBack,
  PlayError,
  replayed,
  SNAPSHOT_EVERY,
  sidesOf,
  statusOf,
  step,
} from './in-play.ts';
import { LEGAL_IN_CHANGE, legalSize, logEntry, pictureAt } from './pictures.ts';
import { playRulesFor } from './play-rules.ts';
import {
  COMPUTER_DEFAULT,
  CommandInputSchema,
  ComputerSchema,
  CreateSchema,
  commandOf,
  EntropySchema,
  invalid,
  OddsSchema,
  PlanMoveSchema,
  prefixed,
  UndoSchema,
  ViewerQuery,
} from './requests.ts';
import { SeatAccess } from './seat-keys.ts';
import {
  type GameStore,
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

/** Games whose states are kept in memory (the most recently used). */
const CACHED_GAMES = 32;

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
        ...(o.estimatedFrom === undefined ? {} : { estimatedFrom: o.estimatedFrom }),
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
