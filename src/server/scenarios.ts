import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '../game/scenario/schema.ts';
import { formatScenarioIssue, validateScenario } from '../game/scenario/validate.ts';
import type { ScenarioList, ScenarioSummary } from '../protocol/api.ts';

/**
 * The scenarios a server offers: every `*.json` file of a folder (scenarios/ by default), read and
 * validated once at startup. A file that fails validation is left out and reported with all its
 * problems, never half-loaded.
 */
export interface ScenarioCatalog {
  list(): ScenarioList;
  get(id: string): Scenario | undefined;
}

export function loadScenarios(dir: string): ScenarioCatalog {
  const byId = new Map<string, Scenario>();
  const problems: { file: string; errors: string[] }[] = [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push({ file, errors: [error instanceof Error ? error.message : String(error)] });
      continue;
    }
    const checked = validateScenario(json);
    if (!checked.ok) {
      problems.push({ file, errors: checked.errors.map(formatScenarioIssue) });
    } else if (byId.has(checked.scenario.id)) {
      problems.push({ file, errors: [`id "${checked.scenario.id}" is already used by another file`] });
    } else byId.set(checked.scenario.id, checked.scenario);
  }
  const scenarios = [...byId.values()].map(summaryOf);
  return {
    list: () => ({ scenarios, problems }),
    get: (id) => byId.get(id),
  };
}

function summaryOf(s: Scenario): ScenarioSummary {
  return {
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
