import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadScenarios, type ScenarioCatalog } from '../../src/server/scenarios.ts';
import { GameStore, type GameStoreOptions } from '../../src/server/store.ts';

/** The repository's root and its scenarios, read once for every server test. */
export const REPO = resolve(import.meta.dirname, '../..');
export const SCENARIOS: ScenarioCatalog = loadScenarios(join(REPO, 'scenarios'));

/** A fresh temporary folder; `cleanup` removes it. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `muster-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A store on `file` with a fixed clock (advancing a second per call) and seed. */
export function openStore(file: string, extra: Partial<GameStoreOptions> = {}): GameStore {
  let tick = 0;
  return new GameStore({
    file,
    scenarios: SCENARIOS,
    now: () => new Date(Date.UTC(2026, 0, 1, 12, 0, tick++)),
    randomSeed: () => 4242,
    ...extra,
  });
}
