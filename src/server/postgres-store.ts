import { randomUUID } from 'node:crypto';
import pg from 'pg';
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
 * Saved games in PostgreSQL (store.ts says the contract), for a host whose players one process cannot
 * serve: several server processes share one database. The tables are SQLite's (sqlite-store.ts), so the
 * rows read the same; each write is a transaction committed before its promise resolves (PostgreSQL's
 * own group commit lets concurrent commits share a sync of its log). Appending a command locks its
 * game's row (`FOR UPDATE`) before it counts the log, and the log's key is (game, index): two commands
 * racing for one index through two processes cannot both be stored, the later one is refused
 * ('conflict'). Every change of a game's log, entropy or existence is announced on the channel
 * `muster_games` (NOTIFY, sent at commit) with the writer's origin; `watch` hears the other processes'.
 */
export interface PostgresGameStoreOptions extends GameStoreOptions {
  /** postgres://user:password@host:port/database (pg's connection string). */
  readonly url: string;
  /** The most connections the store opens at once, besides its listening one (default 10). */
  readonly connections?: number;
}

/** The channel on which every store announces the games it changed: `<origin> <game id>`. */
export const CHANGES_CHANNEL = 'muster_games';

/** Schema versions, in order: applied at open to a database that lacks them (table muster_migrations). */
export const PG_MIGRATIONS: readonly string[] = [
  `CREATE TABLE games (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     rule_set TEXT NOT NULL,
     scenario_id TEXT NOT NULL,
     scenario_title TEXT NOT NULL,
     scenario_json TEXT NOT NULL,
     sides_json TEXT NOT NULL,
     players_json TEXT,
     seat_locks_json TEXT,
     seed BIGINT NOT NULL,
     dice_json TEXT,
     turn INTEGER,
     decider TEXT,
     result_json TEXT,
     status_seq INTEGER,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE commands (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     side TEXT NOT NULL,
     command_json TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (game_id, seq)
   );
   CREATE INDEX games_updated ON games (updated_at DESC, id);`,
];

/** How long the store waits before it listens again on a lost connection, ms. */
const RELISTEN_MS = 1000;

/** The key of the advisory lock that keeps two processes from migrating the same database at once. */
const MIGRATION_LOCK = 0x6d757374;

/** BIGINT (the seed) and count(*) as numbers: every value they hold here is below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Query = (sql: string, values?: readonly unknown[]) => Promise<pg.QueryResult>;

export class PostgresGameStore implements GameStore {
  private readonly maker: GameMaker;
  /** This store's mark on what it announces, so that it does not hear its own changes as another's. */
  private readonly origin = randomUUID();
  private readonly listeners = new Set<(gameId: string | undefined) => void>();
  /** The connection that listens for the other processes' changes (`listen`). */
  private listener: pg.Client | undefined;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    options: PostgresGameStoreOptions,
  ) {
    this.maker = new GameMaker(options);
  }

  /** Connects, brings the schema up to date and listens for other processes' changes. */
  static async open(options: PostgresGameStoreOptions): Promise<PostgresGameStore> {
    const config = { connectionString: options.url, types: TYPES };
    const pool = new pg.Pool({ ...config, max: options.connections ?? 10 });
    // An idle connection that fails (the server restarted) is dropped by the pool; a query then reconnects.
    pool.on('error', () => undefined);
    const store = new PostgresGameStore(pool, config, options);
    try {
      await migrate(pool, options.url);
      await store.listen();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  /**
   * Opens the listening connection. Should it fail later (the database restarted), changes may have gone
   * unheard: the listeners are told so (undefined: any game) and it is opened again, a second after.
   */
  private async listen(): Promise<void> {
    const listener = new pg.Client(this.config);
    this.listener = listener;
    let lost = false;
    const onLost = () => {
      if (lost || this.closed) return;
      lost = true;
      listener.end().catch(() => undefined);
      for (const listen of [...this.listeners]) listen(undefined);
      setTimeout(() => this.relisten(), RELISTEN_MS).unref();
    };
    listener.on('error', onLost);
    listener.on('end', onLost);
    listener.on('notification', (message) => {
      const [origin, gameId] = (message.payload ?? '').split(' ');
      if (origin === this.origin || !gameId) return;
      for (const listen of [...this.listeners]) listen(gameId);
    });
    await listener.connect();
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
  }

  private relisten(): void {
    if (this.closed) return;
    this.listen().catch(() => {
      // The listener's 'error' or 'end' schedules the next try.
    });
  }

  newGame(input: unknown, ruleSet?: string): NewGame {
    return this.maker.newGame(input, ruleSet);
  }

  newImport(input: unknown): NewGame {
    return this.maker.newImport(input);
  }

  watch(listener: (gameId: string | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async insert(game: NewGame, status?: GameStatus): Promise<CreatedGame> {
    const { ruleSet, scenario, seed, title, commands, players, dice } = game;
    const saved = game.record ? status : { turn: 1 };
    const id = this.maker.newId();
    const { seatKeys, locks } = this.maker.seatKeysFor(players);
    const at = this.maker.now().toISOString();
    const summary = await this.transaction(async (query) => {
      await query(
        `INSERT INTO games (id, title, rule_set, scenario_id, scenario_title, scenario_json, sides_json, players_json, seat_locks_json, seed, dice_json, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
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
        ],
      );
      if (commands.length > 0) {
        await query(
          `INSERT INTO commands (game_id, seq, side, command_json, created_at)
           SELECT $1, c.seq - 1, c.side, c.command_json, $2
           FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS c(side, command_json, seq)`,
          [id, at, commands.map((c) => c.side), commands.map((c) => JSON.stringify(c.command))],
        );
      }
      if (saved) await writeStatus(query, id, saved, commands.length);
      return summaryIn(query, id);
    });
    return { ...summary!, seatKeys };
  }

  async append(gameId: string, entry: NewCommand): Promise<GameSummary> {
    const { side, command, seq, status } = entry;
    return this.transaction(async (query) => {
      // The game's row locked: appends to one game, from any process, wait for each other here.
      const game = await query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      if (game.rowCount === 0) throw notFound(gameId);
      const count = await commandCount(query, gameId);
      if (count >= MAX_COMMANDS)
        throw new StoreError('conflict', `game ${gameId} has ${count} commands, the most a game may have`);
      if (seq !== count) throw staleLog(seq, count);
      const at = this.maker.now().toISOString();
      await query(
        'INSERT INTO commands (game_id, seq, side, command_json, created_at) VALUES ($1, $2, $3, $4, $5)',
        [gameId, count, side, JSON.stringify(command), at],
      );
      await query('UPDATE games SET updated_at = $1 WHERE id = $2', [at, gameId]);
      if (status) await writeStatus(query, gameId, status, count + 1);
      await this.announce(query, gameId);
      return (await summaryIn(query, gameId))!;
    });
  }

  /** As `append`: each command is its own transaction, committed when the promise resolves. */
  async appendGrouped(
    gameId: string,
    entry: NewCommand,
  ): Promise<{ game: GameSummary; committed: Promise<void> }> {
    return { game: await this.append(gameId, entry), committed: Promise.resolve() };
  }

  /** Every append is committed before it resolves: nothing waits. */
  async settled(): Promise<void> {}

  async list(): Promise<GameSummary[]> {
    const rows = await this.pool.query<GameRow>(`${SUMMARY_SELECT} ORDER BY g.updated_at DESC, g.id`);
    return rows.rows.map(summaryOf);
  }

  async get(gameId: string): Promise<SavedGame | undefined> {
    return this.transaction(async (query) => {
      const summary = await summaryIn(query, gameId);
      if (!summary) return undefined;
      return { ...summary, record: (await recordIn(query, gameId))! };
    });
  }

  async unjudged(): Promise<string[]> {
    const rows = await this.pool.query<{ id: string }>(
      `SELECT g.id FROM games g WHERE g.status_seq IS NULL
         OR g.status_seq <> (SELECT count(*) FROM commands c WHERE c.game_id = g.id)`,
    );
    return rows.rows.map((r) => r.id);
  }

  async saveStatus(gameId: string, status: GameStatus, seq: number): Promise<void> {
    await writeStatus((sql, values) => this.pool.query(sql, values as unknown[]), gameId, status, seq);
  }

  async removeLast(gameId: string, count: number, status: GameStatus): Promise<GameSummary> {
    return this.transaction(async (query) => {
      const game = await query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      if (game.rowCount === 0) throw notFound(gameId);
      const now = await commandCount(query, gameId);
      if (now !== count || count === 0) throw staleTakeBack(count, now);
      await query('DELETE FROM commands WHERE game_id = $1 AND seq = $2', [gameId, count - 1]);
      await query('UPDATE games SET updated_at = $1 WHERE id = $2', [this.maker.now().toISOString(), gameId]);
      await writeStatus(query, gameId, status, count - 1);
      await this.announce(query, gameId);
      return (await summaryIn(query, gameId))!;
    });
  }

  async delete(gameId: string): Promise<boolean> {
    return this.transaction(async (query) => {
      const deleted = await query('DELETE FROM games WHERE id = $1', [gameId]);
      if (deleted.rowCount === 0) return false;
      await this.announce(query, gameId);
      return true;
    });
  }

  async exportRecord(gameId: string): Promise<GameRecord<unknown> | undefined> {
    return this.transaction((query) => recordIn(query, gameId));
  }

  async addEntropy(
    gameId: string,
    side: string,
    entropy: string,
  ): Promise<{ game: GameSummary; record?: GameRecord<unknown> }> {
    return this.transaction(async (query) => {
      const row = await query('SELECT dice_json FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      if (row.rowCount === 0) throw notFound(gameId);
      const next = diceWithEntropy(gameId, row.rows[0].dice_json, side, entropy);
      await query('UPDATE games SET dice_json = $1, updated_at = $2 WHERE id = $3', [
        JSON.stringify(next),
        this.maker.now().toISOString(),
        gameId,
      ]);
      await this.announce(query, gameId);
      if (missingEntropy(next).length > 0) return { game: (await summaryIn(query, gameId))! };
      await query('UPDATE games SET status_seq = NULL WHERE id = $1', [gameId]);
      return { game: (await summaryIn(query, gameId))!, record: (await recordIn(query, gameId))! };
    });
  }

  async seatLocks(gameId: string): Promise<Readonly<Record<string, string>> | undefined | null> {
    const row = await this.pool.query<{ seat_locks_json: string | null }>(
      'SELECT seat_locks_json FROM games WHERE id = $1',
      [gameId],
    );
    const locks = row.rows[0];
    if (!locks) return null;
    return locks.seat_locks_json === null
      ? undefined
      : (JSON.parse(locks.seat_locks_json) as Record<string, string>);
  }

  async summary(gameId: string): Promise<GameSummary | undefined> {
    return summaryIn((sql, values) => this.pool.query(sql, values as unknown[]), gameId);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /** Tells the other processes (at commit) that a game changed. */
  private async announce(query: Query, gameId: string): Promise<void> {
    await query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${this.origin} ${gameId}`]);
  }

  /** Runs `work` in a transaction on one connection: committed if it resolves, rolled back if not. */
  private async transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const query: Query = (sql, values) => client.query(sql, values as unknown[]);
    try {
      await client.query('BEGIN');
      const result = await work(query);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

async function summaryIn(query: Query, gameId: string): Promise<GameSummary | undefined> {
  const row = (await query(`${SUMMARY_SELECT} WHERE g.id = $1`, [gameId])).rows[0] as GameRow | undefined;
  return row && summaryOf(row);
}

async function recordIn(query: Query, gameId: string): Promise<GameRecord<unknown> | undefined> {
  const game = (
    await query('SELECT rule_set, scenario_json, seed, dice_json FROM games WHERE id = $1', [gameId])
  ).rows[0] as
    | { rule_set: string; scenario_json: string; seed: number; dice_json: string | null }
    | undefined;
  if (!game) return undefined;
  const commands = await query('SELECT side, command_json FROM commands WHERE game_id = $1 ORDER BY seq', [
    gameId,
  ]);
  return recordOf(game, commands.rows as { side: string; command_json: string }[]);
}

async function commandCount(query: Query, gameId: string): Promise<number> {
  return (await query('SELECT count(*) AS n FROM commands WHERE game_id = $1', [gameId])).rows[0].n as number;
}

async function writeStatus(query: Query, gameId: string, status: GameStatus, seq: number): Promise<void> {
  await query('UPDATE games SET turn = $1, decider = $2, result_json = $3, status_seq = $4 WHERE id = $5', [
    status.turn,
    status.decider ?? null,
    status.result ? JSON.stringify(status.result) : null,
    seq,
    gameId,
  ]);
}

/**
 * Brings the database's schema up to date, one version per transaction, holding an advisory lock so that
 * processes starting together migrate it once; refuses a database written by a newer Muster.
 */
async function migrate(pool: pg.Pool, url: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS muster_migrations (
         version INTEGER PRIMARY KEY,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
    const applied = await client.query('SELECT coalesce(max(version), 0) AS v FROM muster_migrations');
    const current = applied.rows[0].v as number;
    if (current > PG_MIGRATIONS.length) {
      throw new Error(
        `the database at ${withoutPassword(url)} has schema version ${current}, newer than this Muster knows (${PG_MIGRATIONS.length}): upgrade Muster`,
      );
    }
    for (let v = current; v < PG_MIGRATIONS.length; v++) {
      await client.query('BEGIN');
      try {
        await client.query(PG_MIGRATIONS[v]!);
        await client.query('INSERT INTO muster_migrations (version) VALUES ($1)', [v + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** A connection string as it may be shown: its password left out. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}
