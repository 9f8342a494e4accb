import { join } from 'node:path';
import type { GameStore } from '../../src/server/store.ts';
import { openStore, tempDir } from './fixtures.ts';

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

export const STORE_KINDS: readonly StoreKind[] = [SQLITE];
