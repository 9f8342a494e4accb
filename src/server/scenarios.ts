import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateScenario } from '../game/scenario/format.ts';
import type { Scenario } from '../game/scenario/schema.ts';
import { formatScenarioIssue, type ScenarioIssue } from '../game/scenario/validate.ts';
import type { ScenarioList, ScenarioSummary } from '../protocol/api.ts';

/**
 * The scenarios a server offers: every `*.json` file of a folder (scenarios/ by default), read and
 * validated once at startup, and the scenarios its players saved from the editor (a folder of their
 * own, `<data>/scenarios`). A file that fails validation is left out and reported with all its
 * problems, never half-loaded.
 */
export interface ScenarioCatalog {
  list(): ScenarioList;
  get(id: string): Scenario | undefined;
  /**
   * Keeps a player's scenario (new, or replacing the saved one of the same id), validated as a scenario
   * file is; refused when invalid, when a shipped scenario has its id, or when the server keeps none.
   */
  save(json: unknown): SaveResult;
  /** Forgets a saved scenario; false if there is no saved scenario of that id (shipped ones stay). */
  remove(id: string): boolean;
}

export type SaveResult =
  | { readonly ok: true; readonly summary: ScenarioSummary; readonly created: boolean }
  | { readonly ok: false; readonly reason: 'invalid'; readonly errors: readonly ScenarioIssue[] }
  | { readonly ok: false; readonly reason: 'shipped' | 'not-kept'; readonly message: string };

export function loadScenarios(dir: string, savedDir?: string): ScenarioCatalog {
  const shipped = new Map<string, Scenario>();
  const saved = new Map<string, Scenario>();
  const problems: { file: string; errors: string[] }[] = [];
  const read = (folder: string, into: Map<string, Scenario>) => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort();
    for (const file of files) {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      } catch (error) {
        problems.push({ file, errors: [error instanceof Error ? error.message : String(error)] });
        continue;
      }
      const checked = validateScenario(json);
      if (!checked.ok) {
        problems.push({ file, errors: checked.errors.map(formatScenarioIssue) });
      } else if (shipped.has(checked.scenario.id) || saved.has(checked.scenario.id)) {
        problems.push({ file, errors: [`id "${checked.scenario.id}" is already used by another file`] });
      } else into.set(checked.scenario.id, checked.scenario);
    }
  };
  read(dir, shipped);
  if (savedDir !== undefined && existsSync(savedDir)) read(savedDir, saved);
  const summaries = () => [
    ...[...shipped.values()].map((s) => summaryOf(s, false)),
    ...[...saved.values()].map((s) => summaryOf(s, true)),
  ];
  return {
    list: () => ({ scenarios: summaries(), problems }),
    get: (id) => shipped.get(id) ?? saved.get(id),
    save(json) {
      if (savedDir === undefined)
        return { ok: false, reason: 'not-kept', message: 'this server keeps no scenarios of its own' };
      const checked = validateScenario(json);
      if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
      const { scenario } = checked;
      if (shipped.has(scenario.id))
        return {
          ok: false,
          reason: 'shipped',
          message: `id: "${scenario.id}" is a scenario shipped with Muster; give yours an id of its own`,
        };
      mkdirSync(savedDir, { recursive: true });
      // Written whole, then renamed: a crash leaves the old file or the new one, never half of one.
      const file = join(savedDir, `${scenario.id}.json`);
      writeFileSync(`${file}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
      const created = !saved.has(scenario.id);
      saved.set(scenario.id, scenario);
      return { ok: true, summary: summaryOf(scenario, true), created };
    },
    remove(id) {
      if (savedDir === undefined || !saved.has(id)) return false;
      rmSync(join(savedDir, `${id}.json`), { force: true });
      saved.delete(id);
      return true;
    },
  };
}

function summaryOf(s: Scenario, isSaved: boolean): ScenarioSummary {
  return {
    saved: isSaved,
    id: s.id,
    title: s.title,
    kind: s.kind,
    ...(s.date === undefined ? {} : { date: s.date }),
    place: s.place,
    description: s.description,
    sides: s.sides.map((side) => ({ id: side.id, name: side.name, army: side.army })),
    units: s.units.length,
    table: { width: s.table.width, depth: s.table.depth },
    terrain: s.terrain,
    objectives: s.victory.objectives,
  };
}
