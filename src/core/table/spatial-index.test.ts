import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX_STRIDE, pointBoxDistance, rectDistance } from '../geometry/rectangles.ts';
import { blockUnit, generateTable, tableOf } from './fixtures.ts';
import type { GeneralState, TerrainFeature, UnitStandState, UnitState } from './model.ts';
import { type SightProfile, TableIndex } from './spatial-index.ts';

const TEST_PROFILE: SightProfile = {
  barriers: ['wall-low', 'wall-high', 'entrenchment'],
  zones: ['light-woods', 'hill', 'town'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'crew', 'limber'],
  contact: 0.1,
};

const stand = (id: string, x: number, y: number, facing = 90): UnitStandState => ({
  id,
  kind: 'infantry',
  x,
  y,
  facing,
  width: 2,
  depth: 1,
  rank: 0,
  file: 0,
});
const unit = (id: string, ...stands: UnitStandState[]): UnitState => ({
  id,
  side: 'red',
  formation: 'line',
  facing: 90,
  stands,
});
const general = (id: string, x: number, y: number): GeneralState => ({
  id,
  side: 'red',
  stand: { id: `${id}/s`, kind: 'general', x, y, facing: 90, width: 1, depth: 1 },
});
const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('TableIndex', () => {
  it('numbers stands unit by unit, then the generals', () => {
    const ix = new TableIndex(
      tableOf({
        units: [unit('u1', stand('a', 10, 10), stand('b', 12, 10)), unit('u2', stand('c', 20, 20))],
        generals: [general('g1', 30, 30)],
      }),
      TEST_PROFILE,
    );
    expect(ix.standIds).toEqual(['a', 'b', 'c', 'g1/s']);
    expect([...ix.standUnit]).toEqual([0, 0, 1, -1]);
    expect(ix.standOwner).toEqual(['u1', 'u1', 'u2', 'g1']);
    expect([...ix.unitStandStart]).toEqual([0, 2, 3]);
    expect(ix.standIndex('c')).toBe(2);
    expect(ix.standIndex('nope')).toBe(-1);
    expect(ix.unitIndex('u2')).toBe(1);
    expect([...ix.standBlocks]).toEqual([1, 1, 1, 0]);
    expect(ix.standDistance(0, 1)).toBe(0);
    expect(ix.standDistance(0, 2)).toBeCloseTo(rectDistance(stand('a', 10, 10), stand('c', 20, 20)), 12);
  });

  it('sorts terrain into barrier segments and zones by the profile', () => {
    const terrain: TerrainFeature[] = [
      {
        id: 'w',
        kind: 'wall-low',
        path: [
          { x: 0, y: 0 },
          { x: 5, y: 0 },
          { x: 5, y: 5 },
        ],
      },
      { id: 'redoubt', kind: 'entrenchment', path: square(10, 10, 14, 14), closed: true },
      {
        id: 'barricade',
        kind: 'barricade',
        path: [
          { x: 0, y: 9 },
          { x: 5, y: 9 },
        ],
      },
      { id: 'wood', kind: 'light-woods', outline: square(20, 20, 26, 26) },
      { id: 'jungle', kind: 'heavy-woods', outline: square(30, 20, 36, 26) },
      {
        id: 'hill',
        kind: 'hill',
        outline: square(40, 0, 50, 10),
        elevation: 1,
        steep: false,
        crest: [
          { x: 40, y: 5 },
          { x: 50, y: 5 },
        ],
      },
      {
        id: 'road',
        kind: 'road',
        path: [
          { x: 0, y: 40 },
          { x: 70, y: 40 },
        ],
        width: 1,
      },
    ];
    const ix = new TableIndex(tableOf({ terrain }), TEST_PROFILE);
    expect(ix.barrierCount).toBe(2 + 4);
    expect([...ix.barrierFeature]).toEqual([0, 0, 1, 1, 1, 1]);
    expect(ix.zoneCount).toBe(2);
    expect([...ix.zoneFeature]).toEqual([3, 5]);
    expect(ix.zoneOfFeature(5)).toBe(1);
    expect(ix.zoneOfFeature(4)).toBe(-1);
    expect(ix.crestVertices[1]).toBe(2);
    expect(ix.crestVertices[0]).toBe(0);
    expect([...ix.zoneBox.subarray(4, 8)]).toEqual([40, 0, 50, 10]);
    expect(ix.featureIndex('road')).toBe(6);
  });

  it('gives each point the level of the highest hill whose interior holds it', () => {
    const terrain: TerrainFeature[] = [
      { id: 'low', kind: 'hill', outline: square(0, 0, 20, 20), elevation: 1, steep: false },
      { id: 'high', kind: 'hill', outline: square(5, 5, 10, 10), elevation: 2, steep: true },
    ];
    const ix = new TableIndex(
      tableOf({
        terrain,
        units: [unit('u', stand('on-top', 7, 7), stand('slope', 15, 15), stand('plain', 30, 30))],
      }),
      TEST_PROFILE,
    );
    expect(ix.elevationAt(7, 7)).toBe(2);
    expect(ix.elevationAt(2, 2)).toBe(1);
    expect(ix.elevationAt(30, 2)).toBe(0);
    expect(ix.elevationAt(5, 7)).toBe(1); // on the upper hill's edge: not in its interior
    expect([...ix.standElevation]).toEqual([2, 1, 0]);
  });

  it('knows which walls a stand lines and which crests it stands on', () => {
    const terrain: TerrainFeature[] = [
      {
        id: 'wall',
        kind: 'wall-high',
        path: [
          { x: 0, y: 10.5 },
          { x: 20, y: 10.5 },
        ],
      },
      {
        id: 'ridge',
        kind: 'hill',
        outline: square(30, 0, 50, 20),
        elevation: 1,
        steep: false,
        crest: [
          { x: 30, y: 10 },
          { x: 50, y: 10 },
        ],
      },
      { id: 'mound', kind: 'hill', outline: square(0, 30, 10, 40), elevation: 1, steep: false },
    ];
    const units = [
      unit('u', stand('lining', 5, 10), stand('near', 10, 9.85), stand('back', 15, 9.8)),
      unit(
        'v',
        stand('crest', 40, 10.4),
        stand('below', 40, 15),
        stand('mound-edge', 10.5, 35),
        stand('mound-top', 5, 35),
      ),
    ];
    const ix = new TableIndex(tableOf({ terrain, units }), TEST_PROFILE);
    // The wall is 0 from 'lining' (front edge at 10.5), 0.15 from 'near', 0.2 from 'back'.
    expect([0, 1, 2].map((s) => ix.standContactsBarrier(s, 0))).toEqual([true, false, false]);
    expect(ix.standOnCrest(3, 0)).toBe(true);
    expect(ix.standOnCrest(4, 0)).toBe(false);
    expect(ix.standOnCrest(5, 1)).toBe(true); // straddles the outline of a hill without a crest line
    expect(ix.standOnCrest(6, 1)).toBe(false);
  });

  it('finds the stands within a radius, as a scan of every stand would', () => {
    const table = generateTable(3);
    const ix = new TableIndex(table, TEST_PROFILE);
    const out: number[] = [];
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 77, noNaN: true }),
        fc.double({ min: -5, max: 53, noNaN: true }),
        fc.double({ min: 0, max: 8, noNaN: true }),
        (x, y, r) => {
          ix.standsWithin(x, y, r, out);
          const expected: number[] = [];
          for (let i = 0; i < ix.standCount; i++)
            if (pointBoxDistance(x, y, ix.standBoxes, i * BOX_STRIDE) <= r) expected.push(i);
          expect(out).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects duplicate ids and degenerate shapes', () => {
    expect(
      () => new TableIndex(tableOf({ units: [unit('u', stand('a', 1, 1), stand('a', 5, 5))] }), TEST_PROFILE),
    ).toThrow(/duplicate stand id a/);
    expect(
      () =>
        new TableIndex(
          tableOf({ terrain: [{ id: 'w', kind: 'light-woods', outline: square(0, 0, 1, 1).slice(0, 2) }] }),
          TEST_PROFILE,
        ),
    ).toThrow(/3 points/);
    expect(
      () => new TableIndex(tableOf({ units: [unit('u', { ...stand('a', 1, 1), width: 0 })] }), TEST_PROFILE),
    ).toThrow(/positive width/);
  });

  it('builds the same index from the same state, and leaves the state alone', () => {
    const table = generateTable(5);
    const before = JSON.stringify(table);
    const a = new TableIndex(table, TEST_PROFILE);
    const b = new TableIndex(JSON.parse(before), TEST_PROFILE);
    expect(JSON.stringify(table)).toBe(before);
    expect([...a.cellStands]).toEqual([...b.cellStands]);
    expect([...a.standContacts]).toEqual([...b.standContacts]);
    expect(a.standIds).toEqual(b.standIds);
  });

  it('indexes a block unit by rank and file', () => {
    const u = blockUnit({
      id: 'col',
      side: 'red',
      formation: 'column',
      kind: 'infantry',
      size: { width: 2, depth: 1 },
      x: 10,
      y: 10,
      facing: 90,
      files: 2,
      ranks: 3,
    });
    expect(u.stands.map((s) => [s.id, s.rank, s.file, s.x, s.y])).toEqual([
      ['col/0.0', 0, 0, 9, 11],
      ['col/0.1', 0, 1, 11, 11],
      ['col/1.0', 1, 0, 9, 10],
      ['col/1.1', 1, 1, 11, 10],
      ['col/2.0', 2, 0, 9, 9],
      ['col/2.1', 2, 1, 11, 9],
    ]);
  });
});
