import { join } from 'node:path';
import { PostgresGameStore } from '../../src/server/postgres-store.ts';
import type { GameStore } from '../../src/server/store.ts';
import { openStore, SCENARIOS, tempDir } from './fixtures.ts';
import { POSTGRES_TESTED, type PostgresCluster, startPostgres } from './postgres-cluster.ts';

/** Where one test's games are kept: opened, reopened (a restarted server) and removed after. */
export interface StorePlace {
  open(): Promise<GameStore>;
  /** Closes `store` and opens a new one on the same games. */
  reopen(store: GameStore): Promise<GameStore>;
  cleanup(): Promise<void>;
}

/** A kind of store the store's contract is run against (store.test.ts). */
export interface StoreKind {
  readonly name: string;
  /** A place of its own for one test. */
  place(): Promise<StorePlace>;
}

const SQLITE: StoreKind = {
  name: 'SQLite',
  async place() {
    const { dir, cleanup } = tempDir('store');
    const file = join(dir, 'muster.sqlite');
    return {
      open: async () => openStore(file),
      reopen: async (store) => {
        await store.close();
        return openStore(file);
      },
      cleanup: async () => cleanup(),
    };
  },
};

let cluster: Promise<PostgresCluster> | undefined;

/** The test file's PostgreSQL cluster, started when first needed. */
export function postgresCluster(): Promise<PostgresCluster> {
  cluster ??= startPostgres();
  return cluster;
}

/** Stops the test file's cluster, if one was started (its `afterAll`). */
export async function stopPostgres(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  if (started) (await started).stop();
}

/** A store on `url` with the fixed clock and seed of `openStore`. */
export function openPostgresStore(url: string): Promise<PostgresGameStore> {
  let tick = 0;
  return PostgresGameStore.open({
    url,
    scenarios: SCENARIOS,
    now: () => new Date(Date.UTC(2026, 0, 1, 12, 0, tick++)),
    randomSeed: () => 4242,
  });
}

const POSTGRES: StoreKind = {
  name: 'PostgreSQL',
  async place() {
    const postgres = await postgresCluster();
    const url = await postgres.newDatabase();
    return {
      open: () => openPostgresStore(url),
      reopen: async (store) => {
        await store.close();
        return openPostgresStore(url);
      },
      cleanup: () => postgres.dropDatabase(url),
    };
  },
};

/** SQLite always; PostgreSQL where it is installed, and in CI (where a missing one fails: postgres-cluster.ts). */
export const STORE_KINDS: readonly StoreKind[] = POSTGRES_TESTED ? [SQLITE, POSTGRES] : [SQLITE];
