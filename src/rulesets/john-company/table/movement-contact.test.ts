import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../core/table/fixtures.ts';
import {
  cutManoeuvres,
  enemyDistance,
  firstPenetration,
  inContact,
  legsOf,
  obstaclesOf,
  penetrates,
  poseAtProgress,
  shapeOf,
  stopPoint,
  sweptThrough,
} from './movement-contact.ts';
import { unit } from './movement-fixtures.ts';
import { convexDistance, PENETRATION } from './movement-geometry.ts';
import { poseOf } from './movement-manoeuvres.ts';

/** Mover 'a' centred on (20, 10) facing +y (front y 10.375, x 17 to 23); friend 'b' 3" ahead; enemy 'e' off to the right. */
const A = unit('a', { x: 20, y: 10 });
const B = unit('b', { x: 20, y: 14 });
const E = unit('e', { x: 32, y: 10, side: 'blue' });
const table = tableOf({ units: [A, B, E] });
const obstacles = obstaclesOf(table, 'a');
const b = obstacles.find((o) => o.unitId === 'b')!;

describe('legs and progress', () => {
  it('follows the manoeuvres through their progress', () => {
    const { legs, end } = legsOf(poseOf(A), [
      { kind: 'advance', inches: 2 },
      { kind: 'wheel', degrees: 90 },
    ]);
    expect(legs).toHaveLength(2);
    expect(poseAtProgress(legs, end, 0.5).stands[0]!.y).toBeCloseTo(11, 12);
    expect(poseAtProgress(legs, end, 1.5).facing).toBeCloseTo(135, 12);
    expect(poseAtProgress(legs, end, 2)).toBe(end);
  });

  it('cuts manoeuvres at a progress, dropping what cannot stop halfway', () => {
    expect(
      cutManoeuvres(
        [
          { kind: 'advance', inches: 2 },
          { kind: 'wheel', degrees: 40 },
        ],
        1.5,
      ),
    ).toEqual([
      { kind: 'advance', inches: 2 },
      { kind: 'wheel', degrees: 20 },
    ]);
    expect(cutManoeuvres([{ kind: 'advance', inches: 2 }, { kind: 'about-face' }], 1.5)).toEqual([
      { kind: 'advance', inches: 2 },
    ]);
  });
});

describe('meeting other units', () => {
  it('knows every other unit as an obstacle', () => {
    expect(obstacles.map((o) => o.unitId)).toEqual(['b', 'e']);
    expect(penetrates(shapeOf(poseOf(B)), b)).toBe(true);
    expect(penetrates(shapeOf(poseOf(A)), b)).toBe(false);
  });

  it('finds the exact moment a straight move would enter a unit', () => {
    // b's rear edge is at y 13.625: 3.25" ahead of a's front.
    const { legs } = legsOf(poseOf(A), [{ kind: 'advance', inches: 6.5 }]);
    expect(firstPenetration(legs, b, 1)).toBeCloseTo(0.5, 12);
    expect(firstPenetration(legs, b, 0.4)).toBeUndefined();
    expect(sweptThrough(legs, b)).toBe(true);
  });

  it('finds where a wheel would first enter a unit, just short of overlapping it', () => {
    const block = unit('k', { x: 16, y: 14 });
    const o = obstaclesOf(tableOf({ units: [A, block] }), 'a')[0]!;
    const { legs, end } = legsOf(poseOf(A), [{ kind: 'wheel', degrees: 90 }]);
    const u = firstPenetration(legs, o, 1)!;
    expect(u).toBeGreaterThan(0);
    const at = shapeOf(poseAtProgress(legs, end, u));
    expect(penetrates(at, o, PENETRATION / 2)).toBe(false);
    const gap = Math.min(...at.stands.flatMap((s) => o.stands.map((t) => convexDistance(s, t))));
    expect(gap).toBeLessThan(1e-6);
  });

  it('stops a move that would end on a unit at its first touch, and a stopAt unit on touching', () => {
    const { legs, end } = legsOf(poseOf(A), [{ kind: 'advance', inches: 4 }]);
    const stop = stopPoint(legs, end, obstacles, new Set());
    expect(stop.by).toEqual(['b']);
    expect(stop.u).toBeCloseTo(3.25 / 4, 12);
    const through = legsOf(poseOf(A), [{ kind: 'advance', inches: 6 }]);
    expect(stopPoint(through.legs, through.end, obstacles, new Set()).by).toEqual([]);
    expect(stopPoint(through.legs, through.end, obstacles, new Set(['b']))).toEqual({
      u: expect.closeTo(3.25 / 6, 12),
      by: ['b'],
    });
  });

  it('finds units in contact within a tolerance, edge to edge', () => {
    // b's rear edge is 3.25" ahead of a's front; e is 6" off a's right end.
    const e = obstacles.find((o) => o.unitId === 'e')!;
    expect(inContact(shapeOf(poseOf(A)), b, 3.25 + 1e-9)).toBe(true);
    expect(inContact(shapeOf(poseOf(A)), b, 3.2)).toBe(false);
    expect(inContact(shapeOf(poseOf(A)), e, 5.9)).toBe(false);
    expect(inContact(shapeOf(poseOf(B)), b, 0)).toBe(true);
  });

  it('passes wheels and about faces clear of units they do not reach, and through those they do', () => {
    const far = obstaclesOf(tableOf({ units: [A, unit('f', { x: 40, y: 40 })] }), 'a')[0]!;
    const wheel = legsOf(poseOf(A), [{ kind: 'wheel', degrees: 30 }]).legs;
    const aboutFace = legsOf(poseOf(A), [{ kind: 'about-face' }]).legs;
    expect(sweptThrough(wheel, far)).toBe(false);
    expect(sweptThrough(aboutFace, far)).toBe(false);
    // b's rear edge is at y 13.625: wheeling 60 to the right swings a's left end up to y 15.57 through
    // it; wheeling 30 to the left brings a's right end no further than y 13.375, short of it.
    expect(sweptThrough(legsOf(poseOf(A), [{ kind: 'wheel', degrees: -60 }]).legs, b)).toBe(true);
    expect(sweptThrough(wheel, b)).toBe(false);
  });

  it('measures the distance to the nearest enemy, edge to edge', () => {
    // a ends at x 23, e begins at x 29.
    expect(enemyDistance(obstacles, 'red', poseOf(A))).toBeCloseTo(6, 12);
    expect(enemyDistance(obstacles, 'blue', poseOf(A))).toBeCloseTo(3.25, 12);
  });
});
