import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupBounds, groupDistance } from './rect-groups.ts';
import { type Rect, rectDistance } from './rectangles.ts';

const rect = fc.record({
  x: fc.double({ min: -50, max: 50, noNaN: true }),
  y: fc.double({ min: -50, max: 50, noNaN: true }),
  width: fc.double({ min: 0.5, max: 4, noNaN: true }),
  depth: fc.double({ min: 0.5, max: 4, noNaN: true }),
  facing: fc.double({ min: 0, max: 360, noNaN: true }),
});
const group = fc.array(rect, { minLength: 1, maxLength: 6 });

/** Every pair measured: what the culled distance must equal. */
function pairwiseMin(a: readonly Rect[], b: readonly Rect[]): number {
  return Math.min(...a.flatMap((s) => b.map((t) => rectDistance(s, t))));
}

describe('groups of rectangles', () => {
  it('measure the least pairwise distance, exactly', () => {
    fc.assert(
      fc.property(group, group, (a, b) => {
        expect(groupDistance(a, b)).toBe(pairwiseMin(a, b));
      }),
    );
  });

  it('are exact within the cap, and above it when farther', () => {
    fc.assert(
      fc.property(group, group, fc.double({ min: 0, max: 40, noNaN: true }), (a, b, cap) => {
        const exact = pairwiseMin(a, b);
        const capped = groupDistance(a, b, cap);
        if (exact <= cap) expect(capped).toBe(exact);
        else expect(capped).toBeGreaterThan(cap);
      }),
    );
  });

  it('hold every rectangle within the bounding circle', () => {
    fc.assert(
      fc.property(group, (g) => {
        const b = groupBounds(g);
        for (const s of g)
          expect(Math.hypot(s.x - b.x, s.y - b.y) + Math.hypot(s.width, s.depth) / 2).toBeLessThanOrEqual(
            b.r,
          );
      }),
    );
  });

  it('are infinitely far from an empty group', () => {
    expect(groupDistance([], [{ x: 0, y: 0, width: 1, depth: 1, facing: 0 }], 5)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
