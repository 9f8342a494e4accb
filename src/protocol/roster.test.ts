import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPointsGame } from '../game/command-points/game.ts';
import { honourAndFortitudeGame } from '../game/honour-and-fortitude/game.ts';
import { johnCompanyGame } from '../game/john-company/game.ts';
import { macduffGame } from '../game/macduff/game.ts';
import { validateScenario } from '../game/scenario/format.ts';
import { type RosterUnit, rosterOf, rosterRuleSets } from './roster.ts';

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

  it('rates every unit for every registered rule set', () => {
    const { scenario } = load(file);
    for (const ruleSet of rosterRuleSets()) {
      for (const u of rosterOf(scenario, ruleSet)!.units) {
        for (const r of u.ratings) expect(r.value, `${ruleSet} ${u.id} ${r.label}`).not.toBe('');
      }
    }
  });

  it('gives the other rule sets’ units the ratings their games give them (one mapping for both)', () => {
    const { json, scenario } = load(file);
    const hf = honourAndFortitudeGame.setup(json, 1);
    for (const u of rosterOf(scenario, 'honour-and-fortitude')!.units) {
      expect(rating(u, 'Morale')).toBe(String(hf.units[u.id]!.ratings.morale));
      expect(rating(u, 'Drill')).toBe(String(hf.units[u.id]!.ratings.drill));
    }
    const cp = commandPointsGame.setup(json, 1);
    for (const u of rosterOf(scenario, 'command-points')!.units) {
      expect(rating(u, 'Training grade')).toMatch(new RegExp(`^${cp.units[u.id]!.ratings.grade} class `));
    }
    const md = macduffGame.setup(json, 1);
    for (const u of rosterOf(scenario, 'macduff')!.units) {
      const unit = md.units[u.id]!;
      expect(rating(u, 'Troop type')).toBe(unit.ratings.troop);
      expect(rating(u, 'Fieldcraft')?.split(' ')[0]).toBe(String(unit.ratings.fieldcraft));
      const figures =
        unit.guns > 0 ? `${unit.guns} guns, ${unit.startFigures} gunners` : String(unit.startFigures);
      expect(rating(u, unit.guns > 0 ? 'Guns and gunners' : 'Figures')).toBe(figures);
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

function rating(unit: RosterUnit, label: string): string | undefined {
  return unit.ratings.find((r) => r.label === label)?.value;
}

/** The first scenario with its first unit (of each arm asked for) given `ratings`, and `overrides`. */
function overridden(
  ratings: (arm: string) => Record<string, unknown> | undefined,
  overrides: Record<string, unknown>,
) {
  const { json } = load(FILES[0]!);
  const copy = structuredClone(json) as {
    units: { arm: string; ratings?: Record<string, unknown> }[];
    overrides?: Record<string, unknown>;
  };
  const seen = new Set<string>();
  for (const u of copy.units) {
    const r = seen.has(u.arm) ? undefined : ratings(u.arm);
    seen.add(u.arm);
    if (r) u.ratings = { ...u.ratings, ...r };
  }
  copy.overrides = { ...copy.overrides, ...overrides };
  const v = validateScenario(copy);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.scenario;
}

describe("the roster honours a scenario's ratings and overrides", () => {
  it('Honour & Fortitude: per-unit Morale, Drill, weapon and state; the state thresholds', () => {
    const scenario = overridden(
      (arm) =>
        arm === 'infantry'
          ? { 'honour-and-fortitude': { morale: 1, drill: 0, weapon: 'rifle', state: 'cowed' } }
          : undefined,
      { 'honour-and-fortitude': { stateThresholds: { aggressive: 100, active: 99, passive: 98 } } },
    );
    const units = rosterOf(scenario, 'honour-and-fortitude')!.units;
    const first = units.find((u) => scenario.units.find((s) => s.id === u.id)!.arm === 'infantry')!;
    expect([rating(first, 'Morale'), rating(first, 'Drill'), rating(first, 'Fires as')]).toEqual([
      '1',
      '0',
      'rifle',
    ]);
    expect(rating(first, 'Starting state')).toBe('Cowed');
    for (const u of units.filter((u) => u !== first))
      expect(rating(u, 'Starting state')).toBe('Cowed (Morale + Drill + d6)');
  });

  it('command points: per-unit grade and arms; the grade factors and gun ranges', () => {
    const scenario = overridden(
      (arm) => (arm === 'infantry' ? { 'command-points': { grade: '5th', smallArm: 'rifle' } } : undefined),
      {
        'command-points': {
          gradeFactors: { '5th': -4 },
          heavyGunRanges: { short: 11, long: 43 },
          lightGunRanges: { short: 7, long: 29 },
        },
      },
    );
    const units = rosterOf(scenario, 'command-points')!.units;
    const first = units.find((u) => scenario.units.find((s) => s.id === u.id)!.arm === 'infantry')!;
    expect(rating(first, 'Training grade')).toBe('5th class (combat -4)');
    expect(rating(first, 'Small arm')).toBe('rifle (0-10")');
    for (const u of units) {
      const guns = rating(u, 'Guns');
      if (guns) expect(['heavy (short 11", long 43")', 'light (short 7", long 29")']).toContain(guns);
    }
  });

  it('MacDuff: per-unit allegiance, figures, fieldcraft and small arm; the small-arms ranges', () => {
    const scenario = overridden(
      (arm) =>
        arm === 'infantry'
          ? { macduff: { allegiance: 'native', figures: 33, fieldcraft: 3, smallArm: 'breechloader' } }
          : undefined,
      { macduff: { smallArmRanges: { breechloader: { close: 9, long: 19 } } } },
    );
    const units = rosterOf(scenario, 'macduff')!.units;
    const first = units.find((u) => scenario.units.find((s) => s.id === u.id)!.arm === 'infantry')!;
    expect(rating(first, 'Cards')).toBe('black (native)');
    expect(rating(first, 'Figures')).toBe('33');
    expect(rating(first, 'Fieldcraft')).toBe('3');
    expect(rating(first, 'Small arm')).toBe('breechloader (close 9", long 19")');
  });
});

it('has no roster for a rule set without a mapping', () => {
  expect(rosterOf(load(FILES[0]!).scenario, 'chess')).toBeUndefined();
});
