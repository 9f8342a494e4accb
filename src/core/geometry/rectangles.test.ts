import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toRadians } from './angles.ts';
import {
  BOX_STRIDE,
  boxCorners,
  clipSegmentToBox,
  frontFaceOverlap,
  packBox,
  pointBoxDistance,
  type Rect,
  rectCorners,
  rectDistance,
  rectsInContact,
  rectsOverlap,
  segmentBoxDistance,
} from './rectangles.ts';
import { EPSILON, segmentDistance } from './segments.ts';

const rect = (x: number, y: number, width: number, depth: number, facing: number): Rect => ({
  x,
  y,
  width,
  depth,
  facing,
});

function packed(...rects: Rect[]): Float64Array {
  const out = new Float64Array(rects.length * BOX_STRIDE);
  rects.forEach((r, i) => {
    packBox(r, out, i * BOX_STRIDE);
  });
  return out;
}

/** The exact distance between two disjoint rectangles: the nearest pair of edges. */
function edgeDistance(a: Rect, b: Rect): number {
  const ca: number[] = [];
  const cb: number[] = [];
  rectCorners(a, ca);
  rectCorners(b, cb);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      const d = segmentDistance(
        ca[2 * i]!,
        ca[2 * i + 1]!,
        ca[(2 * i + 2) % 8]!,
        ca[(2 * i + 3) % 8]!,
        cb[2 * j]!,
        cb[2 * j + 1]!,
        cb[(2 * j + 2) % 8]!,
        cb[(2 * j + 3) % 8]!,
      );
      best = Math.min(best, d);
    }
  return best;
}

const arbRect = fc
  .record({
    x: fc.double({ min: -20, max: 20, noNaN: true }),
    y: fc.double({ min: -20, max: 20, noNaN: true }),
    width: fc.double({ min: 0.2, max: 6, noNaN: true }),
    depth: fc.double({ min: 0.2, max: 6, noNaN: true }),
    facing: fc.double({ min: 0, max: 360, noNaN: true }),
  })
  .map((r) => r as Rect);

describe('rectangles', () => {
  it('gives corners front-left, front-right, rear-right, rear-left', () => {
    const c: number[] = [];
    rectCorners(rect(0, 0, 2, 1, 90), c);
    expect(c.map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([-1, 0.5, 1, 0.5, 1, -0.5, -1, -0.5]);
    const d: number[] = [];
    boxCorners(packed(rect(0, 0, 2, 1, 0)), 0, d);
    // Facing +x: front is at x = +0.5, left is +y.
    expect(d.map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([0.5, 1, 0.5, -1, -0.5, -1, -0.5, 1]);
  });

  it('measures edge to edge, 0 when touching or overlapping', () => {
    expect(rectDistance(rect(0, 0, 2, 1, 90), rect(3, 0, 2, 1, 90))).toBeCloseTo(1, 12);
    expect(rectDistance(rect(0, 0, 2, 1, 90), rect(2, 0, 2, 1, 90))).toBe(0);
    expect(rectDistance(rect(0, 0, 2, 1, 90), rect(0.5, 0.2, 2, 1, 30))).toBe(0);
    // A diamond whose point is 1" from a square's edge.
    const s2 = Math.SQRT2;
    expect(rectDistance(rect(0, 0, 2, 2, 0), rect(2 + s2, 0, 2, 2, 45))).toBeCloseTo(1, 12);
    // Crossed like a plus sign: no corner inside the other, but overlapping.
    expect(rectsOverlap(rect(0, 0, 6, 1, 0), rect(0, 0, 6, 1, 90))).toBe(true);
    expect(rectDistance(rect(0, 0, 6, 1, 0), rect(0, 0, 6, 1, 90))).toBe(0);
    expect(rectsInContact(rect(0, 0, 2, 1, 90), rect(2.05, 0, 2, 1, 90), 0.1)).toBe(true);
    expect(rectsInContact(rect(0, 0, 2, 1, 90), rect(2.2, 0, 2, 1, 90), 0.1)).toBe(false);
  });

  it('distance is symmetric, never negative, 0 exactly when overlapping, and exact', () => {
    fc.assert(
      fc.property(arbRect, arbRect, (a, b) => {
        const d = rectDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(rectDistance(b, a)).toBeCloseTo(d, 9);
        expect(d === 0).toBe(rectsOverlap(a, b));
        if (d > 0) expect(d).toBeCloseTo(edgeDistance(a, b), 9);
      }),
      { numRuns: 500 },
    );
  });

  it('distance is unchanged when both are translated and rotated together', () => {
    fc.assert(
      fc.property(
        arbRect,
        arbRect,
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        (a, b, turn, shift) => {
          const c = Math.cos(toRadians(turn));
          const s = Math.sin(toRadians(turn));
          const move = (r: Rect): Rect => ({
            ...r,
            x: r.x * c - r.y * s + shift,
            y: r.x * s + r.y * c - shift,
            facing: r.facing + turn,
          });
          expect(rectDistance(move(a), move(b))).toBeCloseTo(rectDistance(a, b), 8);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('measures a point to a box', () => {
    const b = packed(rect(0, 0, 2, 1, 90));
    expect(pointBoxDistance(0, 0, b, 0)).toBe(0);
    expect(pointBoxDistance(1, 0.5, b, 0)).toBe(0);
    expect(pointBoxDistance(4, 0, b, 0)).toBeCloseTo(3, 12);
    expect(pointBoxDistance(4, 4.5, b, 0)).toBeCloseTo(5, 12);
  });

  it('clips a segment to a box, closed', () => {
    const b = packed(rect(0, 0, 2, 2, 0));
    const out = new Float64Array(2);
    expect(clipSegmentToBox([-3, 0, 3, 0], 0, b, 0, 0, out)).toBe(true);
    expect([...out]).toEqual([1 / 3, 2 / 3]);
    // Along an edge, and through a corner only: still meeting (closed).
    expect(clipSegmentToBox([-3, 1, 3, 1], 0, b, 0, 0, out)).toBe(true);
    expect(clipSegmentToBox([0, 2, 2, 0], 0, b, 0, 0, out)).toBe(true);
    expect(out[0]).toBeCloseTo(out[1]!, 12);
    expect(clipSegmentToBox([0, 2.001, 2.001, 0], 0, b, 0, 0, out)).toBe(false);
    // Grown by a margin.
    expect(clipSegmentToBox([-3, 1.05, 3, 1.05], 0, b, 0, 0.1, out)).toBe(true);
    // From the centre out: enters at 0.
    expect(clipSegmentToBox([0, 0, 4, 0], 0, b, 0, 0, out)).toBe(true);
    expect([...out]).toEqual([0, 0.25]);
  });

  it('measures a segment to a box', () => {
    const b = packed(rect(0, 0, 2, 2, 0));
    expect(segmentBoxDistance([-3, 3, 3, 3], 0, b, 0)).toBeCloseTo(2, 12);
    expect(segmentBoxDistance([-3, 0, 3, 0], 0, b, 0)).toBe(0);
    // Nearest at a corner of the box, to the middle of the segment.
    expect(segmentBoxDistance([0, 4, 4, 0], 0, b, 0)).toBeCloseTo(Math.SQRT2, 12);
  });

  describe('front face projection', () => {
    const firer = rect(0, 0, 2, 1, 90); // front face from (-1, 0.5) to (1, 0.5)
    it('covers the whole face for a target squarely ahead', () => {
      expect(frontFaceOverlap(firer, rect(0, 5, 2, 1, 270))).toBeCloseTo(2, 12);
      expect(frontFaceOverlap(firer, rect(0, 1, 2, 1, 270))).toBeCloseTo(2, 12); // in base contact
    });
    it('covers part of it for an offset target, none for one a full width aside', () => {
      expect(frontFaceOverlap(firer, rect(1, 5, 2, 1, 270))).toBeCloseTo(1, 12);
      expect(frontFaceOverlap(firer, rect(2, 5, 2, 1, 270))).toBeLessThanOrEqual(EPSILON);
      expect(frontFaceOverlap(firer, rect(3, 5, 2, 1, 270))).toBe(0);
    });
    it('ignores what is behind the front face', () => {
      expect(frontFaceOverlap(firer, rect(0, -3, 2, 1, 90))).toBe(0);
      expect(frontFaceOverlap(firer, rect(0, -0.5, 2, 1, 90))).toBe(0); // touching the rear
    });
    it('counts any part ahead, for a rotated target straddling the front line', () => {
      // A 45-degree diamond centred 1.5 to the right, reaching in to x = 1.5 - 0.707.
      expect(frontFaceOverlap(firer, rect(1.5, 0.5, 1, 1, 45))).toBeCloseTo(1 - (1.5 - Math.SQRT1_2), 12);
    });
    it('works for any facing', () => {
      const turned = rect(10, 10, 2, 1, 200);
      const a = toRadians(200);
      const ahead = rect(10 + 4 * Math.cos(a), 10 + 4 * Math.sin(a), 2, 1, 20);
      expect(frontFaceOverlap(turned, ahead)).toBeCloseTo(2, 9);
    });
  });
});
