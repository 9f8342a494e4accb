import { describe, expect, it } from 'vitest';
import { circlesGap } from '../../src/game/john-company/units.ts';

/**
 * `circlesGap` works the distance out with `Math.sqrt` away from the limit it is compared with, and
 * with `Math.hypot` near it: every comparison with the limit must fall as `Math.hypot`'s would. The
 * cases are offsets on a hundredth-inch grid (as ride ends and rounded positions are) with the limit
 * set exactly at `Math.hypot`'s answer or one rounding step either side of it, where the two ways of
 * working it out can disagree.
 */
describe('the gap between two circles, compared with a limit', () => {
  it('falls on the same side of the limit as Math.hypot, at the limit and a rounding step either side', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let disagreeing = 0;
    for (let i = 0; i < 20000; i++) {
      const dx = Math.round((next() - 0.5) * 4000) / 100;
      const dy = Math.round((next() - 0.5) * 4000) / 100;
      const ra = i % 2 === 0 ? 0 : Math.round(next() * 300) / 100;
      const rb = i % 3 === 0 ? 0 : Math.round(next() * 300) / 100;
      const exact = Math.hypot(dx, dy) - ra - rb;
      if (Math.sqrt(dx * dx + dy * dy) !== Math.hypot(dx, dy)) disagreeing++;
      for (const limit of [exact, nextUp(exact), nextDown(exact), exact + 0.5, exact - 0.5]) {
        const gap = circlesGap(dx, dy, ra, rb, limit);
        expect(gap > limit).toBe(exact > limit);
        expect(gap < limit).toBe(exact < limit);
      }
    }
    // The cases include some where the square root and Math.hypot differ in the last place.
    expect(disagreeing).toBeGreaterThan(100);
  });
});

function nextUp(x: number): number {
  return x + Math.max(Math.abs(x), 1e-300) * Number.EPSILON;
}

function nextDown(x: number): number {
  return x - Math.max(Math.abs(x), 1e-300) * Number.EPSILON;
}
