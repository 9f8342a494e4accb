import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { GameRecord } from '../game/engine/record.ts';
import type { CreatedGame, GameSummary, SavedGame } from '../protocol/api.ts';
import { missingEntropy } from '../protocol/fair-dice.ts';
import {
  diceWithEntropy,
  GameMaker,
  type GameRow,
  type GameStatus,
  type GameStore,
  type GameStoreOptions,
  MAX_COMMANDS,
  type NewCommand,
  type NewGame,
  notFound,
  recordOf,
  StoreError,
  SUMMARY_SELECT,
  staleLog,
  staleTakeBack,
  summaryOf,
} from './store.ts';

/**
 * Saved games in SQLite (store.ts says the contract), the embedded default: one file, one server
 * process. Writes are synchronous and committed (WAL, synchronous=FULL) before a method returns; but for
 * `appendGrouped`: commands given in the same turn of the event loop go into one transaction, committed
 * (one sync of the file) once that turn is over, and each says it is stored only then (`committed`). Any
 * other write commits the open group first; `settled()` waits for it.
 */
export interface SqliteGameStoreOptions extends GameStoreOptions {
  /** The SQLite file; its folder is created if missing. */
  readonly file: string;
}

/** Schema versions, in order: the store applies those the file lacks at open (PRAGMA user_version). */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE games (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     rule_set TEXT NOT NULL,
     scenario_id TEXT NOT NULL,
     scenario_title TEXT NOT NULL,
     scenario_json TEXT NOT NULL,
     sides_json TEXT NOT NULL,
     seed INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE commands (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     side TEXT NOT NULL,
     command_json TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (game_id, seq)
   ) STRICT, WITHOUT ROWID;`,
  // Seats, and the engine's status after `status_seq` commands (NULL: not judged yet, e.g. a game saved
  // before this migration; the server judges it by replaying its log). NULL seats: every side human.
  `ALTER TABLE games ADD COLUMN players_json TEXT;
   ALTER TABLE games ADD COLUMN turn INTEGER;
   ALTER TABLE games ADD COLUMN decider TEXT;
   ALTER TABLE games ADD COLUMN result_json TEXT;
   ALTER TABLE games ADD COLUMN status_seq INTEGER;`,
  // Seat keys: the SHA-256 of each human seat's key, by side (seat-keys.ts); NULL for a game saved
  // before this migration, which has no keys and stays open to every request, as it was.
  `ALTER TABLE games ADD COLUMN seat_locks_json TEXT;`,
  // How the dice are seeded (StoredDice): {"kind":"seeded"} (the seed column, public) or a game's secret
  // dice (fair-dice.ts: the secret, its commitment, the seats' entropy; the seed column unused); NULL for
  // a game saved before secret dice existed, whose seed was public.
  `ALTER TABLE games ADD COLUMN dice_json TEXT;`,
];

export class SqliteGameStore implements GameStore {
  private readonly db: Database.Database;
  private readonly maker: GameMaker;
  private readonly statements = new Map<string, Database.Statement>();
  /** The group of commands being written (`appendGrouped`): committed when the event loop's turn ends. */
  private group:
    | { readonly committed: Promise<void>; readonly settle: (error?: unknown) => void }
    | undefined;

  constructor(options: SqliteGameStoreOptions) {
    mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.maker = new GameMaker(options);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
      this.db.pragma('foreign_keys = ON');
      this.db.pragma('busy_timeout = 5000');
      migrate(this.db, options.file);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  newGame(input: unknown, ruleSet?: string): NewGame {
    return this.maker.newGame(input, ruleSet);
  }

  newImport(input: unknown): NewGame {
    return this.maker.newImport(input);
  }

  async append(gameId: string, entry: NewCommand): Promise<GameSummary> {
    this.commitGroup();
    return this.appendInTransaction(gameId, entry);
  }

  /**
   * As `append`, into the group of commands being written: stored once `committed` resolves (it rejects,
   * and none of the group is stored, when the commit fails). Commands arriving while a group is open join
   * it; it is committed when the event loop's turn ends, so concurrent commands cost one sync of the file
   * together. A command refused is rolled back alone (a savepoint), the group goes on.
   */
  async appendGrouped(
    gameId: string,
    entry: NewCommand,
  ): Promise<{ game: GameSummary; committed: Promise<void> }> {
    if (!this.group) {
      this.db.exec('BEGIN IMMEDIATE');
      let settle!: (error?: unknown) => void;
      const committed = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      this.group = { committed, settle };
      setImmediate(() => this.commitGroup());
    }
    const { committed } = this.group;
    return { game: this.appendInTransaction(gameId, entry), committed };
  }

  /** Resolves once the group of commands being written (if any) is committed or given up. */
  async settled(): Promise<void> {
    return this.group ? this.group.committed.catch(() => undefined) : Promise.resolve();
  }

  /** The prepared statement of `sql`, prepared once per store. */
  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Commits the open group of commands now (a no-op when none is open). */
  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      this.db.exec('COMMIT');
      group.settle();
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      group.settle(error ?? new Error('the commit failed'));
    }
  }

  private appendInTransaction(gameId: string, entry: NewCommand): GameSummary {
    const { side, command, seq, status } = entry;
    return this.db.transaction(() => {
      if (!this.statement('SELECT 1 FROM games WHERE id = ?').get(gameId)) throw notFound(gameId);
      const count = this.commandCount(gameId);
      if (count >= MAX_COMMANDS)
        throw new StoreError('conflict', `game ${gameId} has ${count} commands, the most a game may have`);
      if (seq !== count) throw staleLog(seq, count);
      const at = this.maker.now().toISOString();
      this.statement(
        'INSERT INTO commands (game_id, seq, side, command_json, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(gameId, count, side, JSON.stringify(command), at);
      this.statement('UPDATE games SET updated_at = ? WHERE id = ?').run(at, gameId);
      if (status) this.writeStatus(gameId, status, count + 1);
      return this.summaryNow(gameId)!;
    })();
  }

  /** Every saved game, the most recently changed first. */
  async list(): Promise<GameSummary[]> {
    const rows = this.statement(`${SUMMARY_SELECT} ORDER BY g.updated_at DESC, g.id`).all() as GameRow[];
    return rows.map(summaryOf);
  }

  async get(gameId: string): Promise<SavedGame | undefined> {
    const summary = this.summaryNow(gameId);
    if (!summary) return undefined;
    return { ...summary, record: this.recordNow(gameId)! };
  }

  /** The games whose status was not judged after their last command (saved before seats existed). */
  async unjudged(): Promise<string[]> {
    const rows = this.db
      .prepare(
        `SELECT g.id FROM games g WHERE g.status_seq IS NULL
           OR g.status_seq <> (SELECT count(*) FROM commands c WHERE c.game_id = g.id)`,
      )
      .all() as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Saves a game's status as judged after its first `seq` commands. */
  async saveStatus(gameId: string, status: GameStatus, seq: number): Promise<void> {
    this.writeStatus(gameId, status, seq);
  }

  /**
   * Takes back the last command of a game's log (undo), which must hold exactly `count` commands (else a
   * 'conflict': the log moved on meanwhile), and saves `status`, the game's after the shorter log, in one
   * transaction. The game's summary after it.
   */
  async removeLast(gameId: string, count: number, status: GameStatus): Promise<GameSummary> {
    this.commitGroup();
    return this.db.transaction(() => {
      if (!this.summaryNow(gameId)) throw notFound(gameId);
      const now = this.commandCount(gameId);
      if (now !== count || count === 0) throw staleTakeBack(count, now);
      this.statement('DELETE FROM commands WHERE game_id = ? AND seq = ?').run(gameId, count - 1);
      this.statement('UPDATE games SET updated_at = ? WHERE id = ?').run(
        this.maker.now().toISOString(),
        gameId,
      );
      this.writeStatus(gameId, status, count - 1);
      return this.summaryNow(gameId)!;
    })();
  }

  /** Deletes a game and its log; false if there was none. */
  async delete(gameId: string): Promise<boolean> {
    this.commitGroup();
    return this.statement('DELETE FROM games WHERE id = ?').run(gameId).changes > 0;
  }

  async exportRecord(gameId: string): Promise<GameRecord<unknown> | undefined> {
    return this.recordNow(gameId);
  }

  async addEntropy(
    gameId: string,
    side: string,
    entropy: string,
  ): Promise<{ game: GameSummary; record?: GameRecord<unknown> }> {
    this.commitGroup();
    return this.db.transaction(() => {
      const row = this.statement('SELECT dice_json FROM games WHERE id = ?').get(gameId) as
        | { dice_json: string | null }
        | undefined;
      if (!row) throw notFound(gameId);
      const next = diceWithEntropy(gameId, row.dice_json, side, entropy);
      this.statement('UPDATE games SET dice_json = ?, updated_at = ? WHERE id = ?').run(
        JSON.stringify(next),
        this.maker.now().toISOString(),
        gameId,
      );
      if (missingEntropy(next).length > 0) return { game: this.summaryNow(gameId)! };
      this.statement('UPDATE games SET status_seq = NULL WHERE id = ?').run(gameId);
      return { game: this.summaryNow(gameId)!, record: this.recordNow(gameId)! };
    })();
  }

  async close(): Promise<void> {
    this.commitGroup();
    this.db.close();
  }

  async insert(game: NewGame, status?: GameStatus): Promise<CreatedGame> {
    const { ruleSet, scenario, seed, title, commands, players, dice } = game;
    const saved = game.record ? status : { turn: 1 };
    const id = this.maker.newId();
    const { seatKeys, locks } = this.maker.seatKeysFor(players);
    const at = this.maker.now().toISOString();
    this.commitGroup();
    this.db.transaction(() => {
      this.statement(
        `INSERT INTO games (id, title, rule_set, scenario_id, scenario_title, scenario_json, sides_json, players_json, seat_locks_json, seed, dice_json, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        title,
        ruleSet,
        scenario.id,
        scenario.title,
        JSON.stringify(scenario),
        JSON.stringify(scenario.sides.map((s) => s.id)),
        JSON.stringify(players),
        JSON.stringify(locks),
        seed,
        JSON.stringify(dice),
        at,
        at,
      );
      const add = this.statement(
        'INSERT INTO commands (game_id, seq, side, command_json, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      commands.forEach((c, i) => {
        add.run(id, i, c.side, JSON.stringify(c.command), at);
      });
      if (saved) this.writeStatus(id, saved, commands.length);
    })();
    return { ...this.summaryNow(id)!, seatKeys };
  }

  async seatLocks(gameId: string): Promise<Readonly<Record<string, string>> | undefined | null> {
    const row = this.statement('SELECT seat_locks_json FROM games WHERE id = ?').get(gameId) as
      | { seat_locks_json: string | null }
      | undefined;
    if (!row) return null;
    return row.seat_locks_json === null
      ? undefined
      : (JSON.parse(row.seat_locks_json) as Record<string, string>);
  }

  async summary(gameId: string): Promise<GameSummary | undefined> {
    return this.summaryNow(gameId);
  }

  private summaryNow(gameId: string): GameSummary | undefined {
    const row = this.statement(`${SUMMARY_SELECT} WHERE g.id = ?`).get(gameId) as GameRow | undefined;
    return row && summaryOf(row);
  }

  private recordNow(gameId: string): GameRecord<unknown> | undefined {
    const game = this.statement(
      'SELECT rule_set, scenario_json, seed, dice_json FROM games WHERE id = ?',
    ).get(gameId) as
      | { rule_set: string; scenario_json: string; seed: number; dice_json: string | null }
      | undefined;
    if (!game) return undefined;
    const commands = this.statement(
      'SELECT side, command_json FROM commands WHERE game_id = ? ORDER BY seq',
    ).all(gameId) as { side: string; command_json: string }[];
    return recordOf(game, commands);
  }

  private writeStatus(gameId: string, status: GameStatus, seq: number): void {
    this.statement(
      'UPDATE games SET turn = ?, decider = ?, result_json = ?, status_seq = ? WHERE id = ?',
    ).run(
      status.turn,
      status.decider ?? null,
      status.result ? JSON.stringify(status.result) : null,
      seq,
      gameId,
    );
  }

  private commandCount(gameId: string): number {
    return (
      this.statement('SELECT count(*) AS n FROM commands WHERE game_id = ?').get(gameId) as { n: number }
    ).n;
  }
}

/** Brings the file's schema up to date; refuses a file written by a newer Muster. */
function migrate(db: Database.Database, file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `${file} has schema version ${current}, newer than this Muster knows (${MIGRATIONS.length}): upgrade Muster`,
    );
  }
  if (current === MIGRATIONS.length) return;
  db.transaction(() => {
    for (let v = current; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
}
