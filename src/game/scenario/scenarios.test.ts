import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableState, UnitState } from '../../core/table/model.ts';
import { jcUnitProblems, jcUnitRatings } from '../../rulesets/john-company/scenario-ratings.ts';
import { formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { JohnCompanySight } from '../../rulesets/john-company/table/line-of-sight.ts';
import { terrainProblems } from '../../rulesets/john-company/table/terrain.ts';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { validateScenario } from './format.ts';
import type { Scenario } from './schema.ts';
import { scenarioBasing, scenarioTerrain, unitStands } from './table.ts';
import { formatScenarioIssue } from './validate.ts';

const SCENARIOS = resolve(import.meta.dirname, '../../../scenarios');
const FILES = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json'));

/** The scenario's table with its units laid out (generals are the game's business). */
function tableOf(s: Scenario): TableState {
  const units: Record<string, UnitState> = {};
  for (const u of s.units) {
    const { formation } = jcUnitRatings(u);
    units[u.id] = { id: u.id, side: u.side, formation, facing: u.facing, stands: unitStands(u, s.basing) };
  }
  return {
    width: s.table.width,
    depth: s.table.depth,
    basing: scenarioBasing(s.basing),
    units,
    generals: {},
    terrain: scenarioTerrain(s),
  };
}

function load(file: string): Scenario {
  const r = validateScenario(JSON.parse(readFileSync(join(SCENARIOS, file), 'utf8')));
  if (!r.ok) throw new Error(`${file}:\n${r.errors.map(formatScenarioIssue).join('\n')}`);
  return r.scenario;
}

describe('the shipped scenarios', () => {
  it('include the training game and the historical battles', () => {
    expect(FILES).toEqual(
      expect.arrayContaining([
        'training-village-ford.json',
        'plassey-1757.json',
        'assaye-1803.json',
        'meeanee-1843.json',
      ]),
    );
  });

  it.each(FILES)('%s validates, and its id is its file name', (file) => {
    const r = validateScenario(JSON.parse(readFileSync(join(SCENARIOS, file), 'utf8')));
    expect(r.ok ? [] : r.errors.map(formatScenarioIssue)).toEqual([]);
    expect(load(file).id).toBe(file.replace(/\.json$/, ''));
  });

  it.each(FILES)('%s is a size a computer plays quickly (4 to 18 units a side)', (file) => {
    const s = load(file);
    for (const side of s.sides) {
      const n = s.units.filter((u) => u.side === side.id).length;
      expect(n, side.id).toBeGreaterThanOrEqual(s.kind === 'historical' ? 7 : 4);
      expect(n, side.id).toBeLessThanOrEqual(18);
    }
  });

  it('the training game has two brigades a side on a 6 x 4 foot table, with a village, a wood, a hill and a stream', () => {
    const s = load('training-village-ford.json');
    expect([s.table.width, s.table.depth]).toEqual([72, 48]);
    for (const side of s.sides)
      expect(s.generals.filter((g) => g.side === side.id && g.rank === 'brigadier')).toHaveLength(2);
    expect(new Set(s.terrain.map((f) => f.kind))).toEqual(
      new Set(['stream', 'road', 'town', 'light-woods', 'hill']),
    );
  });

  it.each(FILES)('%s makes a table John Company can play on', (file) => {
    const s = load(file);
    const table = tableOf(s);
    expect(terrainProblems(table)).toEqual([]);
    expect(Object.keys(table.terrain)).toHaveLength(s.terrain.length);
    for (const u of s.units) {
      const r = jcUnitRatings(u, s.overrides?.['john-company']);
      expect(countedStands(table.units[u.id]!), u.id).toBe(r.profile.startingStands);
    }
    const sight = new JohnCompanySight(table);
    expect(sight.index.standCount).toBeGreaterThan(s.units.length);
  });

  it.each(FILES)("%s: John Company's ratings are sensible for every unit", (file) => {
    const s = load(file);
    for (const u of s.units) {
      const r = jcUnitRatings(u, s.overrides?.['john-company']);
      const p = r.profile;
      const row = MOVEMENT_RATES.troops[p.troop];
      expect(jcUnitProblems(u), u.id).toEqual([]);
      expect(row.arm, u.id).toBe(u.arm);
      expect(row.regular, u.id).toBe(u.arm === 'artillery' ? true : u.regular);
      if (u.regular && u.arm !== 'artillery') expect(row.army, u.id).toBe(u.army);
      expect(formationAllowed(p, r.formation).allowed, u.id).toBe(true);
      expect(p.resolveLevel, u.id).toBeGreaterThanOrEqual(8);
      expect(p.resolveLevel, u.id).toBeLessThanOrEqual(u.origin === 'european' ? 22 : 20);
      expect(r.chargeBonus, u.id).toBe(
        u.arm === 'artillery' ? 0 : u.arm === 'infantry' ? 4 : row.chargeBonus,
      );
      if (u.arm === 'cavalry') expect(r.chargeBonus, u.id).toBeGreaterThanOrEqual(5);
      expect(p.general, u.id).toBe(u.commander);
      expect(p.startingStands, u.id).toBeGreaterThanOrEqual(1);
    }
  });

  it('rate the battles as the sources tell them: Europeans steadiest, irregulars shakiest', () => {
    const assaye = load('assaye-1803.json');
    const level = (s: Scenario, id: string) =>
      jcUnitRatings(s.units.find((u) => u.id === id)!, s.overrides?.['john-company']).profile.resolveLevel;
    expect(level(assaye, '78th-highlanders')).toBe(20);
    expect(level(assaye, 'madras-1-8')).toBe(17);
    expect(level(assaye, 'pohlmann-1')).toBe(15);
    expect(level(assaye, 'assaye-garrison')).toBe(12);
    const meeanee = load('meeanee-1843.json');
    expect(level(meeanee, '22nd-foot')).toBeGreaterThan(level(meeanee, '25th-bombay'));
    expect(level(meeanee, '25th-bombay')).toBeGreaterThan(level(meeanee, 'baluch-1'));
  });

  it.each(FILES.filter((f) => f !== 'training-village-ford.json'))(
    '%s is historical, dated and cites its order of battle',
    (file) => {
      const s = load(file);
      expect(s.kind).toBe('historical');
      expect(s.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.sources.some((src) => src.orderOfBattle === true)).toBe(true);
      expect(s.table.yardsPerInch).toBeGreaterThan(0);
      expect(s.description).toMatch(/Scale:/);
      expect(s.description).toMatch(/Simplified:/);
    },
  );
});
