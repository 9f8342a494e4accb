import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateScenario, watercourseDefaults } from './format.ts';
import { type ScenarioRules, scenarioFormat } from './schema.ts';
import { formatScenarioIssue, pathText, type ScenarioValidation, validateScenarioWith } from './validate.ts';

const TRAINING = resolve(import.meta.dirname, '../../../scenarios/training-village-ford.json');

/** A fresh copy of the training scenario, as plain JSON to break. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document edited freely by the tests
function training(): any {
  return JSON.parse(readFileSync(TRAINING, 'utf8'));
}

function messages(result: ScenarioValidation): string[] {
  if (result.ok) throw new Error('expected the scenario to fail validation');
  return result.errors.map(formatScenarioIssue);
}

describe('validateScenario', () => {
  it('accepts the training scenario', () => {
    const r = validateScenario(training());
    expect(r.ok).toBe(true);
  });

  it('reports every problem of a broken file at once, each with its path', () => {
    const s = training();
    s.units[5].quality = 'superb'; // schema: not a grade (the unit is then left out of the other checks)
    s.units[0].colour = 'red'; // schema: unknown field
    s.units[3].commander = 'gen-wellesley';
    s.units[2].id = 'european-regiment';
    s.units[0].weapon = 'british-field';
    s.units[4].formation = 'square';
    s.units[9].position = { x: 100, y: 36 };
    s.units[7].position = { x: 34, y: 30 };
    s.generals[4].superior = 'gen-ashby';
    s.generals[1].rank = 'commander-in-chief';
    s.terrain[0].width = 8;
    s.terrain[4].outline = [
      { x: 10, y: 32 },
      { x: 24, y: 40 },
      { x: 24, y: 32 },
      { x: 10, y: 44 },
    ];
    s.victory.conditions[2].objectives = ['bridge'];
    expect(messages(validateScenario(s))).toEqual([
      'units[0].colour: unknown field (misspelt, or not part of the format)',
      'units[5].quality: Invalid option: expected one of "elite"|"veteran"|"trained"|"raw"|"levy"',
      'units[2].id: "european-regiment" is already the id of units[0]',
      'generals[1].rank: side "company" already has a commander-in-chief, "gen-ashby" (generals[0])',
      'generals[1].superior: a commander-in-chief answers to no one',
      'generals[4].superior: "gen-ashby" is a general of side "company", not "maratha"',
      'units[0].weapon: "british-field" is a gun; infantry carries a small arm or none',
      'units[3].commander: "gen-wellesley" is not a general of side "company"',
      'units[4].formation: regular cavalry stands in line, open-line, column, open-column, skirmish, not "square"',
      'units[7].position: the unit is not wholly inside a deployment zone of side "maratha" (x 29.3..38.7, y 30.0..30.8)',
      'units[9].position: part of the unit lies off the table (x 98.4..101.6, y 36.0..38.4)',
      'terrain[0].width: John Company: a stream is 3" to 6" wide, not 8"',
      'terrain[4].outline: edges 0 and 2 meet: the outline crosses itself',
      'victory.conditions[2].objectives[0]: "bridge" is not an objective',
    ]);
  });

  it('checks the chain of command', () => {
    const s = training();
    s.generals[2].superior = 'gen-bruce'; // a brigadier under a brigadier
    delete s.generals[5].superior;
    s.generals[3].rank = 'wing';
    s.generals[3].superior = 'gen-nobody';
    expect(messages(validateScenario(s))).toEqual([
      'generals[2].superior: "gen-bruce" is a brigadier and cannot command a brigadier',
      'generals[3].superior: "gen-nobody" is not a general',
      'generals[5].superior: a brigadier needs a superior (only a commander-in-chief has none)',
      'sides[1]: side "maratha" has no commander-in-chief',
    ]);
  });

  it('does not report references to elements that exist but failed the schema', () => {
    const s = training();
    s.generals[1].leadership = 'Brave';
    expect(messages(validateScenario(s))).toEqual([
      'generals[1].leadership: Invalid option: expected one of "Poltroon"|"Dithering"|"Cautious"|"Confident"|"Inspiring"|"Heroic"',
    ]);
  });

  it('checks the description of each unit', () => {
    const s = training();
    s.units[6].weapon = 'zamburek';
    s.units[9].formation = 'line';
    s.units[9].skirmishers = 2;
    s.units[8].weight = 'light';
    s.units[2].lancers = true;
    s.units[0].skirmishers = 7;
    s.units[1].ranks = 2;
    s.units[3].crews = 2;
    s.units[11].weapon = 'flintlock-musket';
    expect(messages(validateScenario(s))).toEqual([
      'units[0].skirmishers: 7 skirmishers in a unit of 6 stands',
      'units[1].ranks: only a column, a mass or skirmishers take ranks, not "line"',
      'units[2].lancers: only cavalry carries lances',
      'units[3].crews: only artillery has gun crews',
      'units[6].weapon: zamburek is a camel gun: make the unit artillery',
      'units[8].weight: artillery has no weight: its gun says horse, field or siege',
      'units[9].formation: irregular infantry stands in mass, not "line"',
      'units[9].skirmishers: only regular infantry has skirmishing companies, not irregular infantry',
      'units[11].weapon: cavalry carries carbine, matchlock, bows, javelin, flintlock-rifle, percussion-rifle, none, not "flintlock-musket"',
    ]);
  });

  it("applies John Company's limits and layouts", () => {
    const s = training();
    s.units[0].ratings = { 'john-company': { troopType: 'british-cavalry' } };
    s.units[1].formation = 'skirmish';
    s.units[1].weight = 'light';
    s.units[1].ratings = { 'john-company': { skirmish: 'none' } };
    s.units[3].ranks = 2; // 6 stands in 2 ranks: 3 files, no more ranks than files
    s.units[6].skirmishers = 1;
    s.units[6].ratings = { 'john-company': { skirmish: 'light-company' } };
    s.terrain[0].crossingDice = 3;
    expect(messages(validateScenario(s))).toEqual([
      'units[0].ratings["john-company"].troopType: John Company: "british-cavalry" is a row for cavalry, but the unit is infantry',
      'units[1].formation: John Company: Its Army List does not let it skirmish (skirmish-order)',
      'units[3].ranks: cannot be laid out: 2 ranks of 3: a column is at most 2 stands wide (road column) or has more ranks than files (field column)',
      'units[6].ratings["john-company"].skirmish: John Company: a light company needs 2 stands able to skirmish, not 1',
      'units[1].position: the unit overlaps units[0] ("The European regiment")',
      'terrain[0].crossingDice: John Company: a stream rolls 2 dice to cross, not 3',
    ]);
  });

  it('checks shapes: repeated points, outlines without area, folds, crests and buildings', () => {
    const s = training();
    s.terrain[1].path = [
      { x: 36, y: 0 },
      { x: 36, y: 0 },
      { x: 36, y: 48 },
    ];
    s.terrain[3].outline = [
      { x: 62, y: 3 },
      { x: 66, y: 3 },
      { x: 70, y: 3 },
    ];
    s.terrain[4].crest = [
      { x: 12, y: 36 },
      { x: 40, y: 36 },
    ];
    s.terrain[2].buildings[0] = [
      { x: 29, y: 25 },
      { x: 33, y: 25 },
      { x: 33, y: 27 },
    ];
    s.deployment.push({
      id: 'folded',
      side: 'company',
      outline: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 5, y: 0 },
        { x: 5, y: 5 },
      ],
    });
    const out = messages(validateScenario(s));
    expect(out).toEqual([
      'deployment[2].outline: edges 0 and 1 fold back along each other',
      'terrain[1].path[1]: repeats the point before it',
      'terrain[2].buildings[0]: the building lies partly outside its town',
      'terrain[3].outline: the outline has no area',
      'terrain[4].crest[1]: the crest leaves the hill',
    ]);
  });

  it('checks the victory conditions and the sources of a historical battle', () => {
    const s = training();
    s.kind = 'historical';
    s.victory.atTurnLimit = 'sepoys';
    s.victory.conditions[0].side = 'french';
    s.victory.objectives[0].position = { x: -3, y: 10 };
    expect(messages(validateScenario(s))).toEqual([
      'victory.objectives[0].position: the objective is off the table',
      'victory.conditions[0].side: "french" is not a side (the sides are "company", "maratha")',
      'victory.atTurnLimit: "sepoys" is neither "draw" nor a side ("company", "maratha")',
      'sources: a historical scenario cites the source of its order of battle (orderOfBattle: true)',
      'date: a historical scenario gives the date of the battle',
    ]);
  });

  it('still checks what it can when a whole section fails the schema', () => {
    const s = training();
    s.table = { width: -1 };
    s.units[3].commander = 'gen-sardar';
    expect(messages(validateScenario(s))).toEqual([
      'table.width: Too small: expected number to be >0',
      'table.depth: required (number)',
      'units[3].commander: "gen-sardar" is not a general of side "company"',
    ]);
  });

  it('reports a document that is not a scenario at all', () => {
    expect(messages(validateScenario(null))).toEqual(['Invalid input: expected object, received null']);
  });
});

describe('pathText', () => {
  it('writes indices in brackets, names with dots and other keys quoted', () => {
    expect(pathText(['units', 3, 'ratings', 'john-company', 'resolveLevel'])).toBe(
      'units[3].ratings["john-company"].resolveLevel',
    );
    expect(pathText([])).toBe('');
    expect(pathText(['$schema'])).toBe('$schema');
  });
});

describe('a rule set brings its part of the format', () => {
  const extra: ScenarioRules = {
    id: 'fifth-set',
    label: 'Fifth',
    unitRatings: z.strictObject({ pluck: z.int().min(1).exactOptional() }),
    overrides: z.strictObject({ turnLength: z.int().exactOptional() }),
    unitProblems: (unit) =>
      unit.arm === 'artillery' ? [{ path: 'arm', message: 'these rules have no guns' }] : [],
    watercourses: {
      nullah: { width: [2, 3], dice: [0, 1] },
      stream: { width: [3, 6], dice: [2] },
      'fordable-river': { width: [6, 12], dice: [4] },
    },
  };

  it('reads its sections, its units and its watercourses, and passes the other sets by', () => {
    const s = training();
    s.units[0].ratings = { 'fifth-set': { pluck: 0 }, elsewhere: { anything: true } };
    s.overrides = { 'fifth-set': { turnLength: 2 } };
    Object.assign(s.terrain[0], { kind: 'fordable-river', width: 6, crossingDice: 3 });
    const guns = s.units.flatMap((u: { arm: string }, i: number) => (u.arm === 'artillery' ? [i] : []));
    expect(guns.length).toBeGreaterThan(0);
    const r = validateScenarioWith(scenarioFormat([extra], 'pass'), s);
    expect(messages(r)).toEqual([
      'units[0].ratings["fifth-set"].pluck: Too small: expected number to be >=1',
      ...guns.map((i: number) => `units[${i}].arm: Fifth: these rules have no guns`),
      'terrain[0].crossingDice: Fifth: a fordable-river rolls 4 dice to cross, not 3',
    ]);
  });

  it('rejects a section no set of the format owns', () => {
    const s = training();
    s.overrides = { 'fifth-set': {} };
    expect(messages(validateScenario(s))).toEqual([
      'overrides["fifth-set"]: unknown field (misspelt, or not part of the format)',
    ]);
  });
});

describe('watercourseDefaults', () => {
  it('gives a new watercourse the narrowest width and fewest dice every registered set allows', () => {
    const s = training();
    for (const kind of ['nullah', 'stream', 'fordable-river'] as const) {
      s.terrain = [
        {
          id: 'water',
          kind,
          path: [
            { x: 1, y: 1 },
            { x: 10, y: 1 },
          ],
          ...watercourseDefaults(kind),
        },
      ];
      expect(validateScenario(s).ok, kind).toBe(true);
    }
    expect(watercourseDefaults('fordable-river')).toEqual({ width: 6, crossingDice: 3 });
  });
});
