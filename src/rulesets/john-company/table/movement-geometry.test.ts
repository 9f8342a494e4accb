import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unit } from './movement-fixtures.ts';
import {
  convexHull,
  convexOverlapDepth,
  convexPenetrate,
  frontEnds,
  frontMiddle,
  pointPolygonDistance,
  pointPolylineDistance,
  rotatePoint,
  segmentCapsuleInterval,
  translationContactTime,
} from './movement-geometry.ts';

const square = (x: number, y: number, s = 1) => Float64Array.of(x, y, x + s, y, x + s, y + s, x, y + s);

describe('convex hulls and overlap', () => {
  it('hulls points counter-clockwise without inner or collinear points', () => {
    const hull = convexHull([0, 0, 2, 0, 1, 1, 2, 2, 0, 2, 1, 0]);
    expect([...hull]).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
  });

  it('hulls repeated and collinear points as a sort of the points would (stable on ties)', () => {
    // Two copies of each corner, given in no order, and midpoints of two edges.
    const points = [2, 2, 0, 0, 1, 0, 2, 0, 0, 2, 2, 2, 0, 0, 2, 0, 0, 1, 0, 2];
    expect([...convexHull(points)]).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
    expect([...convexHull([])]).toEqual([]);
    expect([...convexHull([3, 4])]).toEqual([]);
  });

  it('measures overlap depth: touching is not interpenetration', () => {
    expect(convexOverlapDepth(square(0, 0), square(0.5, 0))).toBeCloseTo(0.5, 12);
    expect(convexOverlapDepth(square(0, 0), square(1, 0))).toBe(0);
    expect(convexPenetrate(square(0, 0), square(1, 0))).toBe(false);
    expect(convexOverlapDepth(square(0, 0), square(3, 0))).toBeCloseTo(-2, 12);
  });
});

describe('translation contact time', () => {
  it('is exact for a square sliding into another', () => {
    expect(translationContactTime(square(0, 0), square(3, 0), 1, 0)).toBeCloseTo(2, 12);
    expect(translationContactTime(square(0, 0), square(3, 0.5), 2, 0)).toBeCloseTo(1, 12);
    expect(translationContactTime(square(0, 0), square(3, 0), -1, 0)).toBe(Infinity);
    expect(translationContactTime(square(0, 0), square(3, 5), 1, 0)).toBe(Infinity);
    expect(translationContactTime(square(0, 0), square(0.5, 0.5), 1, 0)).toBe(0);
  });

  it('finds a corner meeting an edge diagonally', () => {
    const diamond = Float64Array.of(5, 0.5, 5.5, 0, 6, 0.5, 5.5, 1);
    expect(translationContactTime(square(0, 0), diamond, 1, 0)).toBeCloseTo(4, 12);
  });

  it('never reports a time at which the shapes are apart', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (x, y, dir) => {
          const dx = Math.cos((dir * Math.PI) / 180);
          const dy = Math.sin((dir * Math.PI) / 180);
          const b = square(x, y);
          const t = translationContactTime(square(0, 0), b, dx, dy);
          if (!Number.isFinite(t)) return;
          const moved = square(t * dx, t * dy);
          expect(convexOverlapDepth(moved, b)).toBeGreaterThanOrEqual(-1e-9);
          // Just before, they were apart (or already touching at 0).
          if (t > 1e-6) {
            const before = square((t - 1e-6) * dx, (t - 1e-6) * dy);
            expect(convexOverlapDepth(before, b)).toBeLessThanOrEqual(1e-9);
          }
        },
      ),
    );
  });
});

describe('capsules and distances', () => {
  it('gives the part of a segment within r of another', () => {
    // Segment along y = 1 from x -5 to 5; capsule about (0,0)-(0,0.5) with r 2: |x| <= sqrt(4 - 0.25).
    const run = segmentCapsuleInterval(-5, 1, 5, 1, 0, 0, 0, 0.5, 2)!;
    const half = Math.sqrt(4 - 0.25);
    expect(run[0]).toBeCloseTo((5 - half) / 10, 12);
    expect(run[1]).toBeCloseTo((5 + half) / 10, 12);
    expect(segmentCapsuleInterval(-5, 3, 5, 3, 0, 0, 0, 0.5, 2)).toBeUndefined();
    // Alongside the band.
    expect(segmentCapsuleInterval(0, 1, 10, 1, 0, 0, 10, 0, 1)).toEqual([0, 1]);
  });

  it('measures points against polygons and polylines', () => {
    expect(pointPolygonDistance(square(0, 0), 0.5, 0.5)).toBe(0);
    expect(pointPolygonDistance(square(0, 0), 3, 0.5)).toBeCloseTo(2, 12);
    expect(pointPolylineDistance([0, 0, 10, 0], 5, 3)).toBeCloseTo(3, 12);
    const [x, y] = rotatePoint(2, 0, 1, 0, 90);
    expect(x).toBeCloseTo(1, 12);
    expect(y).toBeCloseTo(1, 12);
  });
});

describe("a unit's front", () => {
  it('runs across the leading face of all its stands', () => {
    const u = unit('u', { x: 20, y: 10, files: 2, ranks: 2 });
    expect(frontEnds(u)).toEqual([18.5, 10.75, 21.5, 10.75]);
    expect(frontMiddle(u)).toEqual([20, 10.75]);
    const back = { ...u, facing: 270 };
    const [lx, ly, rx, ry] = frontEnds(back);
    expect([lx, ly, rx, ry].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([21.5, 9.25, 18.5, 9.25]);
  });
});
