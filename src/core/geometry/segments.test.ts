import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EPSILON,
  orient,
  pointSegmentDistanceSq,
  segmentCrossingT,
  segmentDistance,
  segmentsCrossProperly,
  segmentsTouch,
} from './segments.ts';

const touch = (a: number[], b: number[]) => segmentsTouch(a, 0, b, 0);

describe('segments', () => {
  it('orients counter-clockwise as positive', () => {
    expect(orient(0, 0, 1, 0, 0, 1)).toBe(1);
    expect(orient(0, 0, 1, 0, 0, -1)).toBe(-1);
    expect(orient(0, 0, 1, 0, 2, 0)).toBe(0);
  });

  it('measures point to segment distance', () => {
    expect(pointSegmentDistanceSq(0, 1, -1, 0, 1, 0)).toBe(1);
    expect(pointSegmentDistanceSq(3, 0, -1, 0, 1, 0)).toBe(4);
    expect(pointSegmentDistanceSq(2, 2, 1, 1, 1, 1)).toBe(2);
  });

  it('tells a proper crossing from touching', () => {
    expect(segmentsCrossProperly(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(segmentCrossingT(0, 0, 2, 2, 0, 2, 2, 0)).toBe(0.5);
    // T-junction, shared end, collinear overlap: no proper crossing.
    expect(segmentsCrossProperly(0, 0, 2, 0, 1, 0, 1, 1)).toBe(false);
    expect(segmentsCrossProperly(0, 0, 1, 1, 1, 1, 2, 0)).toBe(false);
    expect(segmentsCrossProperly(0, 0, 2, 0, 1, 0, 3, 0)).toBe(false);
    expect(Number.isNaN(segmentCrossingT(0, 0, 2, 0, 1, 0, 1, 1))).toBe(true);
  });

  it('counts contact as touching: crossing, T-junction, shared end, collinear overlap', () => {
    expect(touch([0, 0, 2, 2], [0, 2, 2, 0])).toBe(true);
    expect(touch([0, 0, 2, 0], [1, 0, 1, 1])).toBe(true);
    expect(touch([0, 0, 1, 1], [1, 1, 2, 0])).toBe(true);
    expect(touch([0, 0, 2, 0], [1, 0, 3, 0])).toBe(true);
    expect(touch([0, 0, 2, 0], [1, EPSILON / 2, 1, 1])).toBe(true);
    expect(touch([0, 0, 2, 0], [1, 1e-6, 1, 1])).toBe(false);
    expect(touch([0, 0, 2, 0], [2.000001, 0, 3, 0])).toBe(false);
  });

  it('finds packed segments at their offsets', () => {
    expect(segmentsTouch([9, 9, 0, 0, 2, 2], 2, [7, 0, 2, 2, 0], 1)).toBe(true);
  });

  it('segment distance is symmetric, and zero exactly when they touch', () => {
    const coord = fc.integer({ min: -6, max: 6 }).map((n) => n / 2);
    const seg = fc.tuple(coord, coord, coord, coord);
    fc.assert(
      fc.property(seg, seg, ([ax, ay, bx, by], [cx, cy, dx, dy]) => {
        const d = segmentDistance(ax, ay, bx, by, cx, cy, dx, dy);
        expect(segmentDistance(cx, cy, dx, dy, ax, ay, bx, by)).toBeCloseTo(d, 12);
        expect(segmentDistance(bx, by, ax, ay, dx, dy, cx, cy)).toBeCloseTo(d, 12);
        expect(d <= EPSILON).toBe(touch([ax, ay, bx, by], [cx, cy, dx, dy]));
      }),
    );
  });
});
