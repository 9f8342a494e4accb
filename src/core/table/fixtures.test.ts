import { describe, expect, it } from 'vitest';
import { rectDistance } from '../geometry/rectangles.ts';
import { generateTable } from './fixtures.ts';
import { TERRAIN_KINDS } from './model.ts';
import { moveTable } from './transform.ts';

describe('generated tables', () => {
  it('are the same for the same seed, and differ between seeds', () => {
    expect(JSON.stringify(generateTable(42))).toBe(JSON.stringify(generateTable(42)));
    expect(JSON.stringify(generateTable(42))).not.toBe(JSON.stringify(generateTable(43)));
  });

  it('hold 60 units, 6 generals and 40 features of every kind, as plain JSON', () => {
    const t = generateTable(1);
    expect(Object.keys(t.units)).toHaveLength(60);
    expect(Object.keys(t.generals)).toHaveLength(6);
    expect(Object.keys(t.terrain)).toHaveLength(40);
    expect(new Set(Object.values(t.terrain).map((f) => f.kind))).toEqual(new Set(TERRAIN_KINDS));
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });

  it('never overlap units, and keep them on the table', () => {
    for (const seed of [1, 2, 3]) {
      const t = generateTable(seed);
      const units = Object.values(t.units);
      units.forEach((u, i) => {
        for (const s of u.stands) {
          expect(s.x).toBeGreaterThan(0);
          expect(s.x).toBeLessThan(t.width);
          for (const other of units.slice(i + 1))
            for (const o of other.stands) expect(rectDistance(s, o)).toBeGreaterThan(0);
        }
      });
    }
  });

  it('can be turned round: positions move, distances do not', () => {
    const t = generateTable(2);
    const turned = moveTable(t, {
      turn: 180,
      aboutX: t.width / 2,
      aboutY: t.depth / 2,
      shiftX: 0,
      shiftY: 0,
    });
    const a = t.units['u0']!.stands[0]!;
    const b = t.units['u1']!.stands[0]!;
    const ta = turned.units['u0']!.stands[0]!;
    const tb = turned.units['u1']!.stands[0]!;
    expect(ta.x).toBeCloseTo(t.width - a.x, 9);
    expect(ta.facing).toBeCloseTo(a.facing + 180, 9);
    expect(rectDistance(ta, tb)).toBeCloseTo(rectDistance(a, b), 9);
  });
});
