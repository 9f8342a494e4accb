import { describe, expect, it } from 'vitest';
import { sector } from './Overlays.tsx';

/** The ground a reach covers, as the table draws it (table axes: degrees counter-clockwise from +x). */
describe('a reach drawn out from a unit front', () => {
  const front = { x: 10, y: 20, facing: 90 };
  const off = (p: { x: number; y: number }) => ({
    r: Math.hypot(p.x - front.x, p.y - front.y),
    a: (Math.atan2(p.y - front.y, p.x - front.x) * 180) / Math.PI,
  });

  it('within an arc: the front, then the arc at its radius from 45 degrees right to 45 degrees left', () => {
    const [apex, ...arc] = sector(front, 8, 45);
    expect(apex).toMatchObject({ x: 10, y: 20 });
    for (const p of arc) {
      expect(off(p).r).toBeCloseTo(8, 9);
      expect(off(p).a).toBeGreaterThanOrEqual(45 - 1e-9);
      expect(off(p).a).toBeLessThanOrEqual(135 + 1e-9);
    }
    expect(off(arc[0]!).a).toBeCloseTo(45, 9);
    expect(off(arc.at(-1)!).a).toBeCloseTo(135, 9);
  });

  it('all round: a circle about the front', () => {
    const ring = sector(front, 4, 180);
    expect(ring.every((p) => Math.abs(off(p).r - 4) < 1e-9)).toBe(true);
    expect(ring.length).toBeGreaterThan(36);
  });

  it('beyond a least range: the band between the two radii', () => {
    const band = sector(front, 84, 45, 12);
    const radii = band.map((p) => Math.round(off(p).r));
    expect(new Set(radii)).toEqual(new Set([84, 12]));
  });
});
