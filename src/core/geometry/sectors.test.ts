import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX_STRIDE, packBox, pointBoxDistance, type Rect, segmentBoxDistance } from './rectangles.ts';
import {
  ALL,
  boxMeetsSector,
  capsuleSpan,
  convexSpan,
  discSpan,
  NONE,
  roundedBoxSpan,
  SPAN,
} from './sectors.ts';
import { pointSegmentDistanceSq, segmentDistance } from './segments.ts';

const box = (r: Rect) => {
  const b = new Float64Array(BOX_STRIDE);
  packBox(r, b, 0);
  return b;
};
const out = new Float64Array(2);
const deg = (r: number) => (r * 180) / Math.PI;

describe('boxMeetsSector', () => {
  // Apex at the origin, axis +x, 30 degrees either side.
  const meets = (r: Rect, half = 30) => boxMeetsSector(0, 0, 1, 0, (half * Math.PI) / 180, box(r), 0);

  it('a box straight ahead, or with only a corner inside the arc, meets it', () => {
    expect(meets({ x: 10, y: 0, width: 1, depth: 1, facing: 0 })).toBe(true);
    // Centre at 45 degrees, but its lower-left corner (9.5, 9.5 - 5 ...) reaches inside 30 degrees.
    expect(meets({ x: 6, y: 6, width: 6, depth: 6, facing: 0 })).toBe(true);
  });

  it('a box wholly outside the arc does not', () => {
    expect(meets({ x: 5, y: 5, width: 1, depth: 1, facing: 0 })).toBe(false);
    expect(meets({ x: -5, y: 0, width: 1, depth: 1, facing: 0 })).toBe(false);
  });

  it('a box straddling the arc with no corner inside meets it through an edge ray', () => {
    // A thin wall across the arc's upper edge, far out: corners at about 20 and 40 degrees... all outside
    // a 5-degree arc, but the box spans it.
    expect(meets({ x: 20, y: 0, width: 20, depth: 0.5, facing: 0 }, 5)).toBe(true);
  });

  it('a box on the apex meets it; the arc edge counts', () => {
    expect(meets({ x: 0, y: 0, width: 1, depth: 1, facing: 17 })).toBe(true);
    // A point-like box exactly on the 30-degree line.
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    expect(meets({ x: 10 * c + 0.5, y: 10 * s + 0.5, width: 1, depth: 1, facing: 0 })).toBe(true);
  });
});

describe('discSpan', () => {
  it('tangent lines bound the span when the tangent points are in reach', () => {
    expect(discSpan(0, 0, 10, 0, 5, 100, out)).toBe(SPAN);
    expect(deg(out[0]!)).toBeCloseTo(-30, 9);
    expect(deg(out[1]!)).toBeCloseTo(30, 9);
  });

  it('the reach circle bounds it when the tangent points are beyond reach', () => {
    // d = 10, r = 5, reach = 6: cos b = (100 + 36 - 25) / 120.
    expect(discSpan(0, 0, 10, 0, 5, 6, out)).toBe(SPAN);
    expect(out[1]!).toBeCloseTo(Math.acos(111 / 120), 12);
  });

  it('none beyond reach; all from inside', () => {
    expect(discSpan(0, 0, 10, 0, 5, 4.9, out)).toBe(NONE);
    expect(discSpan(0, 0, 1, 0, 5, 1, out)).toBe(ALL);
  });
});

describe('convexSpan', () => {
  const square = Float64Array.from([5, -1, 7, -1, 7, 1, 5, 1]);
  it('spans the extreme corners in reach', () => {
    expect(convexSpan(0, 0, square, 0, 4, 100, out)).toBe(SPAN);
    expect(out[0]!).toBeCloseTo(-Math.atan2(1, 5), 12);
    expect(out[1]!).toBeCloseTo(Math.atan2(1, 5), 12);
  });

  it('cut by the reach circle where it is shorter', () => {
    // Reach 5.05: the near corners (5.099 away) are out of reach; the near edge crosses the circle.
    expect(convexSpan(0, 0, square, 0, 4, 5.05, out)).toBe(SPAN);
    expect(out[1]!).toBeCloseTo(Math.atan2(Math.sqrt(5.05 * 5.05 - 25), 5), 12);
    expect(convexSpan(0, 0, square, 0, 4, 4.9, out)).toBe(NONE);
    expect(convexSpan(6, 0, square, 0, 4, 1, out)).toBe(ALL);
  });

  it('works across the -pi/pi seam', () => {
    expect(convexSpan(10, 0, square, 0, 4, 100, out)).toBe(SPAN);
    expect(out[1]! - out[0]!).toBeCloseTo(2 * Math.atan2(1, 3), 12);
    expect(Math.cos((out[0]! + out[1]!) / 2)).toBeCloseTo(-1, 12);
  });
});

describe('spans agree with brute force', () => {
  const rect = fc.record({
    x: fc.double({ min: -10, max: 10, noNaN: true }),
    y: fc.double({ min: -10, max: 10, noNaN: true }),
    width: fc.double({ min: 0.2, max: 5, noNaN: true }),
    depth: fc.double({ min: 0.2, max: 5, noNaN: true }),
    facing: fc.double({ min: 0, max: 360, noNaN: true }),
  });
  /** Whether direction `a` lies in [lo, hi] modulo a full turn. */
  const within = (a: number, lo: number, hi: number) => {
    const t = (((a - lo) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    return t <= hi - lo;
  };
  const MARGIN = 1e-3;

  it('roundedBoxSpan: the directions whose reach-long segment comes within r of the box', () => {
    fc.assert(
      fc.property(
        rect,
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        (r, grow, reach) => {
          const b = box(r);
          const kind = roundedBoxSpan(0, 0, b, 0, grow, reach, out);
          if (pointBoxDistance(0, 0, b, 0) <= grow) {
            expect(kind).toBe(ALL);
            return;
          }
          for (let k = 0; k < 360; k++) {
            const a = (k * Math.PI) / 180;
            const seg = Float64Array.from([0, 0, reach * Math.cos(a), reach * Math.sin(a)]);
            const d = segmentBoxDistance(seg, 0, b, 0);
            if (Math.abs(d - grow) < MARGIN) continue;
            const hit = d < grow;
            expect(kind === SPAN && within(a, out[0]!, out[1]!)).toBe(hit);
          }
        },
      ),
    );
  });

  it('capsuleSpan: the directions whose segment comes within r of the segment', () => {
    const coord = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(
      fc.property(
        coord,
        coord,
        coord,
        coord,
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        (x0, y0, x1, y1, r) => {
          const g = Float64Array.from([x0, y0, x1, y1]);
          const reach = 12;
          const kind = capsuleSpan(0, 0, g, 0, r, reach, out);
          if (pointSegmentDistanceSq(0, 0, x0, y0, x1, y1) <= r * r) {
            expect(kind).toBe(ALL);
            return;
          }
          for (let k = 0; k < 360; k++) {
            const a = (k * Math.PI) / 180;
            const ex = reach * Math.cos(a);
            const ey = reach * Math.sin(a);
            const dist = segmentDistance(x0, y0, x1, y1, 0, 0, ex, ey);
            if (Math.abs(dist - r) < MARGIN) continue;
            expect(kind === SPAN && within(a, out[0]!, out[1]!)).toBe(dist < r);
          }
        },
      ),
    );
  });
});
