import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../core/table/fixtures.ts';
import type { TerrainFeature } from '../../../core/table/model.ts';
import { rect } from './movement-fixtures.ts';
import {
  BARRIER_CROSSING,
  crossingsOf,
  linesMayMeet,
  prepareGround,
  TOWN_REACH,
  terrainAlong,
  terrainAt,
  terrainMayMeet,
  waterMayMeet,
  waterUnder,
} from './movement-terrain.ts';

const line = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y1 },
];

const features: TerrainFeature[] = [
  { id: 'lw', kind: 'light-woods', outline: rect(0, 0, 10, 10) },
  { id: 'hw', kind: 'heavy-woods', outline: rect(5, 0, 10, 10) },
  { id: 'sw', kind: 'swamp', outline: rect(20, 0, 30, 10) },
  { id: 'df', kind: 'difficult', outline: rect(20, 0, 30, 5) },
  { id: 'steep', kind: 'hill', outline: rect(40, 0, 50, 10), elevation: 1, steep: true },
  { id: 'gentle', kind: 'hill', outline: rect(60, 0, 70, 10), elevation: 1, steep: false },
  { id: 't', kind: 'town', outline: rect(0, 20, 20, 30), buildings: [rect(5, 24, 7, 26)] },
  { id: 'r', kind: 'road', path: line(6, 15, 6, 40), width: 1 },
  { id: 'wall', kind: 'wall-medium', path: line(0, 50, 20, 50) },
  { id: 'city', kind: 'fortified-city-wall', path: line(0, 60, 20, 60) },
  { id: 'n', kind: 'nullah', path: line(0, 70, 20, 70), width: 2, crossingDice: 1 },
];
const ground = prepareGround(tableOf({ terrain: features }));

describe('the ground at a point', () => {
  it('is the costliest area for the mover', () => {
    expect(terrainAt(ground, 2, 5, 'regular-infantry')).toBe('light-woods');
    expect(terrainAt(ground, 7, 5, 'regular-infantry')).toBe('heavy-woods');
    expect(terrainAt(ground, 7, 5, 'cavalry')).toBe('heavy-woods');
    expect(terrainAt(ground, 50.5, 5, 'cavalry')).toBe('open');
  });

  it('prefers the terrain that Disorders on a tie; steep hills are difficult', () => {
    expect(terrainAt(ground, 25, 2, 'cavalry')).toBe('swamp');
    expect(terrainAt(ground, 45, 5, 'regular-infantry')).toBe('difficult');
    expect(terrainAt(ground, 65, 5, 'regular-infantry')).toBe('open');
  });

  it('is a town within 2" of a building, following the road on it', () => {
    expect(TOWN_REACH).toBe(2);
    expect(terrainAt(ground, 10, 25, 'regular-infantry')).toBe('open');
    expect(terrainAt(ground, 8.9, 25, 'regular-infantry')).toBe('town');
    expect(terrainAt(ground, 6, 22.5, 'regular-infantry')).toBe('town-on-road');
  });
});

describe('the ground along a path', () => {
  it('gives each terrain its share, cut exactly at the edges', () => {
    const shares = terrainAlong(ground, Float64Array.of(-5, 5, 15, 5), 'regular-infantry');
    expect(shares['light-woods']).toBeCloseTo(5 / 20, 12);
    expect(shares['heavy-woods']).toBeCloseTo(5 / 20, 12);
    const town = terrainAlong(ground, Float64Array.of(0, 25, 12, 25), 'regular-infantry');
    // Within 2" of the building from x 3 to 9; the road (x 5.5 to 6.5) spares the Disorder.
    expect(town['town']).toBeCloseTo(5 / 12, 12);
    expect(town['town-on-road']).toBeCloseTo(1 / 12, 12);
  });

  it('counts crossings of walls and water', () => {
    const wall = ground.barriers.find((b) => b.id === 'wall')!;
    expect(wall.crossing).toBe('medium');
    expect(crossingsOf(wall, Float64Array.of(5, 45, 5, 55))).toBe(1);
    expect(crossingsOf(wall, Float64Array.of(5, 45, 5, 55, 6, 45))).toBe(2);
    expect(crossingsOf(wall, Float64Array.of(25, 45, 25, 55))).toBe(0);
    expect(ground.barriers.find((b) => b.id === 'city')!.crossing).toBe('impassable');
    expect(BARRIER_CROSSING.barricade).toBe('low');
  });

  it('finds a stand standing in water', () => {
    const stand = {
      id: 's',
      kind: 'infantry' as const,
      x: 5,
      y: 71.2,
      facing: 90,
      width: 1.5,
      depth: 0.75,
      rank: 0,
      file: 0,
    };
    expect(waterUnder(ground, stand)?.hazard).toBe('nullah');
    expect(waterUnder(ground, { ...stand, y: 73 })).toBeUndefined();
  });
});

describe('ground near some bounds', () => {
  it('says which features may lie within bounds, and none lie in the open', () => {
    expect(terrainMayMeet(ground, [2, 2, 3, 3])).toBe(true);
    expect(terrainMayMeet(ground, [80, 80, 90, 90])).toBe(false);
    expect(linesMayMeet(ground, [5, 49, 6, 51])).toBe(true);
    expect(linesMayMeet(ground, [80, 80, 90, 90])).toBe(false);
    expect(waterMayMeet(ground, [5, 69, 6, 71])).toBe(true);
    expect(waterMayMeet(ground, [5, 49, 6, 51])).toBe(false);
    expect(terrainAlong(ground, Float64Array.of(80, 80, 90, 90), 'regular-infantry')).toEqual({});
  });
});
