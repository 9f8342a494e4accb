import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, type SqliteGameStore } from '../../src/server/sqlite-store.ts';
import { type GameStore, StoreError } from '../../src/server/store.ts';
import { openStore, REPO, tempDir } from './fixtures.ts';
import { POSTGRES_TESTED } from './postgres-cluster.ts';
import {
  openPostgresStore,
  postgresCluster,
  STORE_KINDS,
  type StorePlace,
  stopPostgres,
} from './store-kinds.ts';

afterAll(stopPostgres);

/**
 * The store's contract without HTTP, run against every kind of store (store-kinds.ts: SQLite in a
 * temporary folder, PostgreSQL on a throwaway cluster), each test on a place of its own, reopened as a
 * restarted server would.
 */
describe.each(STORE_KINDS)('saved games store: $name', (kind) => {
  let place: StorePlace;
  let store: GameStore;

  beforeEach(async () => {
    place = await kind.place();
    store = await place.open();
  });
  afterEach(async () => {
    await store.close();
    await place.cleanup();
  });

  /** The StoreError a call throws (the test fails if it throws none or something else). */
  async function refusal(run: () => unknown): Promise<StoreError> {
    try {
      await run();
    } catch (error) {
      if (error instanceof StoreError) return error;
      throw error;
    }
    throw new Error('expected a StoreError');
  }

  /** A game made and stored as the referee does it, unjudged. */
  const create = (input: unknown) => store.insert(store.newGame(input));

  const importRecord = (input: unknown) => store.insert(store.newImport(input));

  it('creates a game from a scenario id and a seed', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 7 });
    expect(game).toMatchObject({
      title: 'Training: the village by the ford',
      ruleSet: 'john-company',
      scenario: { id: 'training-village-ford', title: 'Training: the village by the ford' },
      seed: 7,
      commands: 0,
      createdAt: '2026-01-01T12:00:00.000Z',
    });
    const { seatKeys, ...summary } = game;
    expect(await store.list()).toEqual([summary]);
    // A key for each human seat, given only here: the list and the summary never hold one.
    expect(Object.keys(seatKeys)).toEqual(['company', 'maratha']);
    for (const key of Object.values(seatKeys)) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(seatKeys['company']).not.toBe(seatKeys['maratha']);
    expect(JSON.stringify([await store.list(), await store.get(game.id)])).not.toContain(seatKeys['company']);
  });

  it('picks a seed when none is given, and takes a title', async () => {
    const game = await create({ scenario: 'plassey-1757', title: 'Thursday club', dice: 'seeded' });
    expect(game.seed).toBe(4242);
    expect(game.dice).toEqual({ kind: 'seeded' });
    expect(game.title).toBe('Thursday club');
    const alone = await create({ scenario: 'plassey-1757', players: { nawab: 'computer' } });
    expect([alone.seed, alone.dice]).toEqual([4242, { kind: 'seeded' }]);
  });

  it('gives a game of two human seats and no seed secret dice: a commitment, no seed, no secret', async () => {
    const game = await create({ scenario: 'plassey-1757' });
    expect(game.seed).toBeUndefined();
    expect(game.dice).toMatchObject({
      kind: 'secret',
      scheme: 'muster-dice-v1',
      contributors: ['company', 'nawab'],
      entropy: {},
      waitingFor: ['company', 'nawab'],
    });
    expect(game.dice.kind === 'secret' && game.dice.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await store.list())).not.toMatch(/"secret"\s*:/);
    const seeded = await refusal(() => create({ scenario: 'plassey-1757', seed: 5, dice: 'secret' }));
    expect(seeded.problems.map((p) => p.path.join('.'))).toEqual(['seed']);
  });

  it('appends commands in order and keeps them across a restart (the log is the source of truth)', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 1 });
    expect(
      (await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 })).commands,
    ).toBe(1);
    const second = await store.append(game.id, {
      side: 'maratha',
      command: { type: 'place-order', unit: 'u1', order: 'advance' },
      seq: 1,
    });
    expect(second.commands).toBe(2);
    store = await place.reopen(store);
    const reopened = (await store.get(game.id))!;
    expect(reopened.commands).toBe(2);
    expect(reopened.record.commands).toEqual([
      { side: 'company', command: { type: 'finish-orders' } },
      { side: 'maratha', command: { type: 'place-order', unit: 'u1', order: 'advance' } },
    ]);
    expect(
      (await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 2 })).commands,
    ).toBe(3);
  });

  it('refuses a command given against a stale log', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 1 });
    await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    for (const seq of [0, 2]) {
      const stale = await refusal(() =>
        store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq }),
      );
      expect(stale.code).toBe('conflict');
      expect(stale.message).toMatch(/has 1 commands/);
    }
    expect((await store.get(game.id))!.commands).toBe(1);
  });

  it('lists the most recently changed game first', async () => {
    const a = await create({ scenario: 'training-village-ford', seed: 1 });
    const b = await create({ scenario: 'assaye-1803', seed: 2 });
    expect((await store.list()).map((g) => g.id)).toEqual([b.id, a.id]);
    await store.append(a.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    expect((await store.list()).map((g) => g.id)).toEqual([a.id, b.id]);
  });

  it('deletes a game and its log', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 1 });
    await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    expect(await store.delete(game.id)).toBe(true);
    expect(await store.delete(game.id)).toBe(false);
    expect(await store.get(game.id)).toBeUndefined();
    expect(await store.list()).toEqual([]);
    expect(await store.exportRecord(game.id)).toBeUndefined();
  });

  it('exports the GameRecord (scenario copy, seed, commands) and imports it back as a new game', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 99 });
    await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    const record = (await store.exportRecord(game.id))!;
    const scenario = JSON.parse(readFileSync(join(REPO, 'scenarios/training-village-ford.json'), 'utf8'));
    expect(record).toEqual({
      format: 'muster-game',
      version: 1,
      ruleSet: 'john-company',
      scenario,
      seed: 99,
      commands: [{ side: 'company', command: { type: 'finish-orders' } }],
    });
    const copy = await importRecord(JSON.parse(JSON.stringify(record)));
    expect(copy.id).not.toBe(game.id);
    expect(copy).toMatchObject({ seed: 99, commands: 1, scenario: { id: 'training-village-ford' } });
    expect(await store.exportRecord(copy.id)).toEqual(record);
    expect(await store.exportRecord('no-such-game')).toBeUndefined();
  });

  it('rejects bad input, naming each field, what was expected and what was given', async () => {
    const bad = await refusal(() => create({ scenario: 'waterloo', seed: -1, colour: 'red' }));
    expect(bad.code).toBe('invalid');
    expect(bad.problems.map((p) => [p.path.join('.'), p.message])).toEqual([
      ['seed', 'expected an integer from 0 to 4294967295, got -1 (a number)'],
      [
        'colour',
        'unknown field (the fields are: scenario, seed, dice, title, players), got "red" (a string)',
      ],
    ]);
    const unknown = await refusal(() => create({ scenario: 'waterloo' }));
    expect(unknown.problems[0]!.message).toMatch(
      /^expected the id of a scenario \(.*"plassey-1757".*\), got "waterloo"/,
    );

    // A command's side, shape and size are the referee's to check (test/web/check-once.test.ts).
    expect(
      (await refusal(() => store.append('no-such-game', { side: 'company', command: { type: 'x' }, seq: 0 })))
        .code,
    ).toBe('not-found');
  });

  it('rejects a record whose scenario or commands do not hold, and saves nothing', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 1 });
    const record = (await store.exportRecord(game.id))!;
    const scenario = record.scenario as { units: { id: string }[] };
    const broken = {
      ...record,
      ruleSet: 'napoleonic',
      scenario: { ...scenario, units: [{ ...scenario.units[0], id: '' }, ...scenario.units.slice(1)] },
    };
    const refused = await refusal(() => importRecord(broken));
    expect(refused.code).toBe('invalid');
    const paths = refused.problems.map((p) => p.path.join('.'));
    expect(paths).toContain('ruleSet');
    expect(paths.some((p) => p.startsWith('scenario.units.0'))).toBe(true);

    const wrongSide = { ...record, commands: [{ side: 'prussia', command: { type: 'x' } }] };
    expect((await refusal(() => importRecord(wrongSide))).problems.map((p) => p.path.join('.'))).toEqual([
      'commands.0.side',
    ]);
    expect((await refusal(() => importRecord({ format: 'other' }))).problems.length).toBeGreaterThan(1);
    expect(await store.list()).toHaveLength(1);
  });

  it('keeps seats, and the status it is given with each write', async () => {
    const game = await store.insert(
      store.newGame({ scenario: 'training-village-ford', seed: 2, players: { maratha: 'computer' } }),
      { turn: 1, decider: 'company' },
    );
    expect(game).toMatchObject({
      players: { company: 'human', maratha: 'computer' },
      turn: 1,
      decider: 'company',
    });
    const badSeat = await refusal(() =>
      create({ scenario: 'training-village-ford', players: { prussia: 'human', company: 'robot' } }),
    );
    expect(badSeat.problems.map((p) => p.path.join('.'))).toEqual(['players.company']);
    const unknownSide = await refusal(() =>
      create({ scenario: 'training-village-ford', players: { prussia: 'human' } }),
    );
    expect(unknownSide.problems).toEqual([
      {
        path: ['players', 'prussia'],
        message:
          'expected a side of training-village-ford as the key ("company" or "maratha"), got "prussia"',
      },
    ]);
    const finish = { side: 'company', command: { type: 'finish-orders' } };
    const appended = await store.append(game.id, {
      ...finish,
      seq: 0,
      status: { turn: 1, decider: 'maratha' },
    });
    expect(appended).toMatchObject({ commands: 1, decider: 'maratha' });
    // A command judged against a log that has moved on is not stored, its status not saved.
    const stale = await refusal(() => store.append(game.id, { ...finish, seq: 0, status: { turn: 5 } }));
    expect(stale.code).toBe('conflict');
    expect(await store.summary(game.id)).toMatchObject({ commands: 1, turn: 1, decider: 'maratha' });
    const ended = await store.append(game.id, {
      side: 'maratha',
      command: { type: 'finish-orders' },
      seq: 1,
      status: { turn: 9, result: { winner: 'company', reason: 'the village held' } },
    });
    expect(ended).toMatchObject({ turn: 9, result: { winner: 'company', reason: 'the village held' } });
    expect(ended.decider).toBeUndefined();
  });
});

/** What only the SQLite file has: its folder, its schema versions, files from older Musters. */
describe('saved games store: the SQLite file', () => {
  let dir: string;
  let cleanup: () => void;
  let file: string;
  let store: SqliteGameStore;

  beforeEach(() => {
    ({ dir, cleanup } = tempDir('store'));
    file = join(dir, 'nested', 'muster.sqlite');
    store = openStore(file);
  });
  afterEach(async () => {
    await store.close();
    cleanup();
  });

  /** A game made and stored as the referee does it, unjudged. */
  const create = (input: unknown) => store.insert(store.newGame(input));

  it("makes its folder, and deletes a game's log with it", async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 1 });
    await store.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
    expect(await store.delete(game.id)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM commands').get()).toEqual({ n: 0 });
    db.close();
  });

  it('migrates a new file to the current schema and refuses one from a newer Muster', async () => {
    await store.close();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.pragma('user_version = 99');
    db.close();
    expect(() => openStore(file)).toThrow(
      new RegExp(`schema version 99, newer than this Muster knows \\(${MIGRATIONS.length}\\)`),
    );
    store = openStore(join(dir, 'other.sqlite'));
  });

  it('opens a file from before seats: its games keep their log, every side human, not yet judged', async () => {
    await store.close();
    const old = join(dir, 'version-1.sqlite');
    const db = new Database(old);
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    const scenario = readFileSync(join(REPO, 'scenarios', 'training-village-ford.json'), 'utf8');
    db.prepare(
      `INSERT INTO games (id, title, rule_set, scenario_id, scenario_title, scenario_json, sides_json, seed, created_at, updated_at)
       VALUES ('old', 'Old game', 'john-company', 'training-village-ford', 'Training', ?, '["company","maratha"]', 5, 't', 't')`,
    ).run(scenario);
    db.prepare(
      `INSERT INTO commands (game_id, seq, side, command_json, created_at) VALUES ('old', 0, 'company', '{"type":"finish-orders"}', 't')`,
    ).run();
    db.close();
    store = openStore(old);
    expect(await store.get('old')).toMatchObject({
      commands: 1,
      players: { company: 'human', maratha: 'human' },
      turn: 1,
      record: { commands: [{ side: 'company', command: { type: 'finish-orders' } }] },
    });
    expect(await store.unjudged()).toEqual(['old']);
    await store.saveStatus('old', { turn: 1, decider: 'maratha' }, 1);
    expect(await store.unjudged()).toEqual([]);
    expect((await store.summary('old'))!.decider).toBe('maratha');
  });

  it('opens a file from before seat keys: its games have none and stay open; new games get locks', async () => {
    const game = await create({ scenario: 'training-village-ford', seed: 3 });
    expect(await store.seatLocks(game.id)).toEqual({
      company: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      maratha: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect((await store.seatLocks(game.id))!['company']).not.toBe(game.seatKeys['company']);
    expect(await store.seatLocks('no-such-game')).toBeNull();
    await store.close();
    const old = join(dir, 'version-2.sqlite');
    const db = new Database(old);
    db.exec(MIGRATIONS[0]!);
    db.exec(MIGRATIONS[1]!);
    db.pragma('user_version = 2');
    const scenario = readFileSync(join(REPO, 'scenarios', 'training-village-ford.json'), 'utf8');
    db.prepare(
      `INSERT INTO games (id, title, rule_set, scenario_id, scenario_title, scenario_json, sides_json, players_json, seed, created_at, updated_at)
       VALUES ('old', 'Old game', 'john-company', 'training-village-ford', 'Training', ?, '["company","maratha"]', '{"company":"human","maratha":"human"}', 5, 't', 't')`,
    ).run(scenario);
    db.close();
    store = openStore(old);
    expect(await store.seatLocks('old')).toBeUndefined();
    expect(await store.summary('old')).toMatchObject({ id: 'old', open: true });
    const fresh = await create({ scenario: 'training-village-ford', seed: 3 });
    expect(fresh.open).toBeUndefined();
    expect(Object.keys((await store.seatLocks(fresh.id))!)).toEqual(['company', 'maratha']);
  });
});

/** What only the PostgreSQL store has: telling each store of the others' changes (NOTIFY). */
describe.skipIf(!POSTGRES_TESTED)('saved games store: PostgreSQL across processes', () => {
  it("hears another store's changes and not its own; after its listening connection is cut, says so and hears again", async () => {
    const cluster = await postgresCluster();
    const url = await cluster.newDatabase();
    const [here, there] = [await openPostgresStore(url), await openPostgresStore(url)];
    const heard: (string | undefined)[] = [];
    here.watch((gameId) => heard.push(gameId));
    const until = async (what: () => boolean) => {
      for (let i = 0; i < 100 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(what()).toBe(true);
    };
    try {
      const game = await there.insert(there.newGame({ scenario: 'training-village-ford', seed: 1 }));
      await here.append(game.id, { side: 'company', command: { type: 'finish-orders' }, seq: 0 });
      await there.append(game.id, { side: 'maratha', command: { type: 'finish-orders' }, seq: 1 });
      await until(() => heard.length > 0);
      expect(heard).toEqual([game.id]);

      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      await admin.end();
      await until(() => heard.includes(undefined));
      // Listening again (within RELISTEN_MS): a change made now is heard.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      heard.length = 0;
      await there.removeLast(game.id, 2, { turn: 1, decider: 'maratha' });
      await until(() => heard.includes(game.id));
    } finally {
      await here.close();
      await there.close();
      await cluster.dropDatabase(url);
    }
  }, 20_000);
});
