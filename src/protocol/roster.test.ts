import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { johnCompanyGame } from '../game/john-company/game.ts';
import { validateScenario } from '../game/scenario/validate.ts';
import { rosterOf, rosterRuleSets } from './roster.ts';

const SCENARIOS = resolve(import.meta.dirname, '../../scenarios');
const FILES = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json'));

function load(file: string) {
  const json: unknown = JSON.parse(readFileSync(join(SCENARIOS, file), 'utf8'));
  const r = validateScenario(json);
  if (!r.ok) throw new Error(`${file} is invalid`);
  return { json, scenario: r.scenario };
}

describe.each(FILES)('the roster of %s', (file) => {
  it('lists every unit and General, rated for each rule set that has a mapping', () => {
    const { scenario } = load(file);
    for (const ruleSet of rosterRuleSets()) {
      const roster = rosterOf(scenario, ruleSet)!;
      expect(roster.units.map((u) => u.id)).toEqual(scenario.units.map((u) => u.id));
      expect(roster.generals.map((g) => g.id)).toEqual(scenario.generals.map((g) => g.id));
      for (const u of roster.units) expect(u.ratings.length).toBeGreaterThan(0);
    }
  });

  it('gives John Company units the Resolve Level the game gives them (one mapping for both)', () => {
    const { json, scenario } = load(file);
    const state = johnCompanyGame.setup(json, 1);
    for (const u of rosterOf(scenario, 'john-company')!.units) {
      const level = u.ratings.find((r) => r.label === 'Resolve Level')?.value;
      expect(level).toBe(String(state.units[u.id]!.profile.resolveLevel));
    }
  });
});

it('has no roster for a rule set without a mapping', () => {
  expect(rosterOf(load(FILES[0]!).scenario, 'chess')).toBeUndefined();
});
