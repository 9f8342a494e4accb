import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/game/scenario/format.ts';
import type { Scenario } from '../../src/game/scenario/schema.ts';
import {
  addBuilding,
  addGeneral,
  addObjective,
  addTerrain,
  addUnit,
  addZone,
  blankScenario,
  freshId,
  itemAt,
  itemOf,
  moveBy,
  moveVertex,
  pointsOf,
  removeItem,
  setCrest,
  TERRAIN_TOOLS,
  turnTowards,
  withItem,
} from '../../src/web/editor/edits.ts';

const ford = JSON.parse(
  readFileSync(new URL('../../scenarios/training-village-ford.json', import.meta.url), 'utf8'),
) as Scenario;
const problems = (s: Scenario) => {
  const v = validateScenario(s);
  return v.ok ? [] : v.errors.map((e) => `${e.path}: ${e.message}`);
};

describe("the editor's edits", () => {
  const blank = blankScenario(ford.basing);

  it('starts a blank table that lacks only its armies', () => {
    expect(problems(blank)).toEqual([
      'units: Too small: expected array to have >=2 items',
      'sides[0]: side "south-army" has no units',
      'sides[1]: side "north-army" has no units',
    ]);
  });

  it('makes a valid battle from a blank table: two units, woods, a river, an objective', () => {
    let s = addUnit(blank, 'south-army', { x: 30, y: 6 });
    s = addUnit(s, 'north-army', { x: 40.04, y: 42 });
    s = addTerrain(s, 'heavy-woods', [
      { x: 5, y: 20 },
      { x: 15, y: 20 },
      { x: 15, y: 28 },
    ]);
    s = addTerrain(s, 'stream', [
      { x: 0, y: 24 },
      { x: 72, y: 24 },
    ]);
    s = addObjective(s, { x: 36, y: 24 });
    s = addGeneral(s, 'south-army', { x: 20, y: 4 });
    expect(problems(s)).toEqual([]);
    expect(s.units[1]!.position).toEqual({ x: 40, y: 42 });
    // Each faces the enemy, away from its own base edge.
    expect(s.units.map((u) => u.facing)).toEqual([90, 270]);
    expect(s.generals.at(-1)).toMatchObject({ rank: 'brigadier', superior: 'south-general' });
  });

  it('gives every kind of terrain the table model knows a valid shape', () => {
    for (const tool of TERRAIN_TOOLS) {
      const s = addTerrain(
        addUnit(addUnit(blank, 'south-army', { x: 30, y: 6 }), 'north-army', { x: 30, y: 42 }),
        tool.kind,
        [
          { x: 50, y: 20 },
          { x: 60, y: 20 },
          { x: 60, y: 28 },
        ],
      );
      expect(problems(s), tool.kind).toEqual([]);
    }
  });

  it('never gives two things one id', () => {
    expect(freshId(ford, 'european-regiment')).toBe('european-regiment-2');
    const s = addZone(
      addZone(blank, 'south-army', pointsOf(blank, { list: 'deployment', index: 0 })),
      'south-army',
      [],
    );
    expect(new Set(s.deployment.map((d) => d.id)).size).toBe(s.deployment.length);
  });

  it('moves an item whole, or one vertex of a shape, to a tenth of an inch', () => {
    const zone = { list: 'deployment', index: 0 } as const;
    const moved = moveBy(blank, zone, 1.04, 2);
    expect(pointsOf(moved, zone)[0]).toEqual({ x: 1, y: 2 });
    const reshaped = moveVertex(blank, zone, 2, { x: 70, y: 20.26 });
    expect(pointsOf(reshaped, zone)[2]).toEqual({ x: 70, y: 20.3 });
    expect(pointsOf(reshaped, zone)[1]).toEqual(pointsOf(blank, zone)[1]);
    // The scenario edited is never changed in place.
    expect(pointsOf(blank, zone)[2]).toEqual({ x: 72, y: 12 });
  });

  it('removes and replaces items; validation names what a removal left dangling', () => {
    const general = { list: 'generals', index: 0 } as const;
    const s = addUnit(addUnit(blank, 'south-army', { x: 30, y: 6 }), 'north-army', { x: 30, y: 42 });
    expect(problems(removeItem(s, general)).some((p) => p.startsWith('units[0].commander'))).toBe(true);
    const renamed = withItem(s, general, { ...(itemOf(s, general) as object), name: 'Colonel Munro' });
    expect(renamed.generals[0]!.name).toBe('Colonel Munro');
    const objective = { list: 'objectives', index: 0 } as const;
    const withObjective = addObjective(s, { x: 36, y: 24 });
    expect(removeItem(withObjective, objective).victory.objectives).toEqual([]);
  });

  it('turns a unit to face a point, in whole degrees counter-clockwise from east', () => {
    const s = addUnit(blank, 'south-army', { x: 30, y: 6 });
    const unit = { list: 'units', index: 0 } as const;
    expect(turnTowards(s, unit, { x: 34, y: 9 }).units[0]!.facing).toBe(37);
    expect(turnTowards(s, unit, { x: 20, y: 6 }).units[0]!.facing).toBe(180);
    expect(turnTowards(s, { list: 'generals', index: 0 }, { x: 0, y: 0 })).toBe(s);
  });

  it("draws a town's buildings and a hill's crest into the selected feature, and nothing into another", () => {
    const armies = addUnit(addUnit(blank, 'south-army', { x: 30, y: 6 }), 'north-army', { x: 30, y: 42 });
    const square = (x: number, y: number, side: number) => [
      { x, y },
      { x: x + side, y },
      { x: x + side, y: y + side },
      { x, y: y + side },
    ];
    let s = addTerrain(armies, 'town', square(40, 20, 8));
    s = addTerrain(s, 'hill', square(10, 20, 10));
    const town = { list: 'terrain', index: 0 } as const;
    const hill = { list: 'terrain', index: 1 } as const;
    s = addBuilding(s, town, square(42, 22, 2.04));
    s = setCrest(s, hill, [
      { x: 11, y: 25 },
      { x: 19, y: 25 },
    ]);
    expect(problems(s)).toEqual([]);
    expect(s.terrain[0]).toMatchObject({ kind: 'town', buildings: [square(42, 22, 2)] });
    expect(s.terrain[1]).toMatchObject({
      kind: 'hill',
      crest: [
        { x: 11, y: 25 },
        { x: 19, y: 25 },
      ],
    });
    expect(addBuilding(s, hill, square(12, 22, 2))).toBe(s);
    expect(setCrest(s, town, square(42, 22, 2))).toBe(s);
    // A building outside its town is a problem validation names.
    expect(problems(addBuilding(s, town, square(60, 40, 2)))).toEqual([
      'terrain[0].buildings[1]: the building lies partly outside its town',
    ]);
  });

  it('finds the item a validation problem is about', () => {
    expect(itemAt('units[3].commander')).toEqual({ list: 'units', index: 3 });
    expect(itemAt('victory.objectives[1].radius')).toEqual({ list: 'objectives', index: 1 });
    expect(itemAt('terrain[0]')).toEqual({ list: 'terrain', index: 0 });
    expect(itemAt('victory.turnLimit')).toBeUndefined();
  });
});
