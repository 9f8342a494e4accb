import { describe, expect, it } from 'vitest';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import type { TableState, TerrainFeature, UnitStandState } from '../../core/table/model.ts';
import { macduffRatings } from '../../rulesets/macduff/scenario-ratings.ts';
import {
  groundAt,
  inConcealingGround,
  inHardCover,
  inNaturalCover,
  pathLegs,
  standCount,
  unitsSeeEachOther,
} from './geometry.ts';
import type { MdUnit } from './state.ts';

const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const terrain: TerrainFeature[] = [
  { id: 'wood', kind: 'light-woods', outline: square(10, 10, 20, 20) },
  { id: 'jungle', kind: 'difficult', outline: square(30, 10, 40, 20) },
  { id: 'village', kind: 'town', outline: square(50, 10, 60, 20), buildings: [] },
  {
    id: 'wall',
    kind: 'wall-low',
    path: [
      { x: 0, y: 30 },
      { x: 100, y: 30 },
    ],
  },
  {
    id: 'fort',
    kind: 'wall-high',
    path: [
      { x: 0, y: 40 },
      { x: 100, y: 40 },
    ],
  },
  {
    id: 'road',
    kind: 'road',
    path: [
      { x: 15, y: 0 },
      { x: 15, y: 25 },
    ],
    width: 1,
  },
];
const stand = (id: string, x: number, y: number): UnitStandState => ({
  id,
  kind: 'infantry',
  x,
  y,
  facing: 90,
  width: 1.5,
  depth: 0.8,
  rank: 0,
  file: 0,
});
const foot = {
  ...({} as MdUnit),
  ratings: macduffRatings({
    arm: 'infantry',
    regular: true,
    origin: 'european',
    army: 'british',
    weapon: 'flintlock-musket',
    quality: 'trained',
    stands: 3,
  }),
  formation: 'line',
  figuresPerStand: 4,
  guns: 0,
} as MdUnit;

describe("MacDuff's reading of the table", () => {
  it('sorts ground: woods broken, jungle difficult, towns villages, elsewhere open', () => {
    expect(groundAt(terrain, { x: 15, y: 15 })).toBe('broken');
    expect(groundAt(terrain, { x: 35, y: 15 })).toBe('difficult');
    expect(groundAt(terrain, { x: 55, y: 15 })).toBe('village');
    expect(groundAt(terrain, { x: 75, y: 15 })).toBe('open');
  });

  it('reads the ground along a move leg by leg, and the obstacles it crosses bank to bank', () => {
    const inches = (legs: ReturnType<typeof pathLegs>) =>
      legs.map((l) => ({ ...l, inches: Math.round(l.inches * 100) / 100 }));
    expect(inches(pathLegs(terrain, { x: 5, y: 15 }, { x: 45, y: 15 }))).toEqual([
      { kind: 'ground', inches: 5, ground: 'open', road: 'none' },
      { kind: 'ground', inches: 3.5, ground: 'broken', road: 'none' },
      { kind: 'ground', inches: 3, ground: 'broken', road: 'secondary' },
      { kind: 'ground', inches: 3.5, ground: 'broken', road: 'none' },
      { kind: 'ground', inches: 10, ground: 'open', road: 'none' },
      { kind: 'ground', inches: 10, ground: 'difficult', road: 'none' },
      { kind: 'ground', inches: 5, ground: 'open', road: 'none' },
    ]);
    // a wall 5" ahead: the line runs through it from 4.5" to 5.5"
    expect(inches(pathLegs(terrain, { x: 70, y: 25 }, { x: 70, y: 35 }))).toEqual([
      { kind: 'ground', inches: 4.5, ground: 'open', road: 'none' },
      { kind: 'obstacle', inches: 1 },
      { kind: 'ground', inches: 4.5, ground: 'open', road: 'none' },
    ]);
    // within 1" of the near bank, the move starts with the crossing
    expect(pathLegs(terrain, { x: 70, y: 29 }, { x: 70, y: 35 })[0]).toEqual({
      kind: 'obstacle',
      inches: 1.5,
    });
    expect(pathLegs(terrain, { x: 70, y: 35 }, { x: 70, y: 45 })[1]).toEqual({
      kind: 'obstacle',
      inches: 1,
      impassable: true,
    });
    expect(pathLegs(terrain, { x: 70, y: 35 }, { x: 70, y: 35 })).toEqual([]);
  });

  it('gives hard cover in villages and behind walls, natural cover in woods, concealment only wholly in cover', () => {
    expect(inHardCover(terrain, [stand('a', 55, 15)])).toBe(true);
    expect(inHardCover(terrain, [stand('a', 70, 29.5)])).toBe(true);
    expect(inHardCover(terrain, [stand('a', 70, 25)])).toBe(false);
    expect(inNaturalCover(terrain, [stand('a', 15, 15)])).toBe(true);
    expect(inConcealingGround(terrain, [stand('a', 15, 15), stand('b', 16.5, 15)])).toBe(true);
    expect(inConcealingGround(terrain, [stand('a', 15, 15), stand('b', 25, 15)])).toBe(false);
  });

  it('measures between groups of stands and counts a stand per started group of figures', () => {
    expect(groupDistance([stand('a', 0, 0)], [stand('b', 0, 5)])).toBeCloseTo(5 - 0.8, 9);
    expect(standCount({ ...foot, figures: 9 })).toBe(3);
    expect(standCount({ ...foot, figures: 8 })).toBe(2);
  });

  it('blocks sight with a stand between, or more than 4" of woods', () => {
    const table = (units: Record<string, UnitStandState[]>): TableState => ({
      width: 100,
      depth: 100,
      basing: { figureScale: '15mm', sizes: {} },
      units: Object.fromEntries(
        Object.entries(units).map(([id, stands]) => [
          id,
          { id, side: id, formation: 'line', facing: 90, stands },
        ]),
      ),
      generals: {},
      terrain: Object.fromEntries(terrain.map((f) => [f.id, f])),
    });
    expect(unitsSeeEachOther(table({ a: [stand('a1', 70, 0)], b: [stand('b1', 70, 8)] }), 'a', 'b')).toBe(
      true,
    );
    expect(
      unitsSeeEachOther(
        table({ a: [stand('a1', 70, 0)], b: [stand('b1', 70, 8)], c: [stand('c1', 70, 4)] }),
        'a',
        'b',
      ),
    ).toBe(false);
    expect(unitsSeeEachOther(table({ a: [stand('a1', 15, 5)], b: [stand('b1', 15, 25)] }), 'a', 'b')).toBe(
      false,
    );
    expect(unitsSeeEachOther(table({ a: [stand('a1', 9, 15)], b: [stand('b1', 12, 15)] }), 'a', 'b')).toBe(
      true,
    );
  });
});
