import { describe, expect, it } from 'vitest';
import { blockUnit } from '../../core/table/fixtures.ts';
import { fitTable, pan, tablePointAt, zoomAt } from '../table/viewport.ts';
import { behindUnit, fireSector, frontOf, groundAhead, moveAndCharge, rangeBandsOf } from './reach.ts';

describe('the table on screen', () => {
  it('fits the whole table, and maps screen points back to inches (y northwards)', () => {
    const view = fitTable({ width: 72, depth: 48 }, 744, 504, 12);
    expect(view.scale).toBe(10);
    expect(tablePointAt(view, 48, 12, 12)).toEqual({ x: 0, y: 48 });
    expect(tablePointAt(view, 48, 732, 492)).toEqual({ x: 72, y: 0 });
  });

  it('zooms about the pointer: the point under it stays under it', () => {
    const view = fitTable({ width: 72, depth: 48 }, 744, 504, 12);
    const before = tablePointAt(view, 48, 300, 200);
    const zoomed = zoomAt(view, 2, 300, 200);
    expect(zoomed.scale).toBe(20);
    const after = tablePointAt(zoomed, 48, 300, 200);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(tablePointAt(pan(view, 10, 0), 48, 22, 12)).toEqual({ x: 0, y: 48 });
  });
});

describe("a selected unit's overlays", () => {
  // Four stands 2" by 1" in one rank, facing north (90), centred on (10, 10): the front is at y = 10.5.
  const unit = blockUnit({
    id: 'u',
    side: 'a',
    formation: 'close-order-line',
    kind: 'infantry',
    size: { width: 2, depth: 1 },
    x: 10,
    y: 10,
    facing: 90,
    files: 4,
  });

  it("finds the front rank's outer corners and the point behind the unit", () => {
    const front = frontOf(unit);
    expect(front.facing).toBe(90);
    expect(front.left.x).toBeCloseTo(6, 9);
    expect(front.right.x).toBeCloseTo(14, 9);
    expect(front.left.y).toBeCloseTo(front.right.y, 9);
    const behind = behindUnit(unit, 1);
    expect(behind.x).toBeCloseTo(10, 9);
    expect(behind.y).toBeCloseTo(front.left.y - 2, 9);
  });

  it('sweeps the ground ahead of the front, and turns an artillery arc 30 degrees either side', () => {
    const front = frontOf(unit);
    const ground = groundAhead(front, 5);
    expect(Math.max(...ground.map((p) => p.y))).toBeCloseTo(front.left.y + 5, 9);
    expect(Math.min(...ground.map((p) => p.x))).toBeCloseTo(1, 9);
    expect(Math.max(...ground.map((p) => p.x))).toBeCloseTo(19, 9);
    const arc = fireSector(front, 10);
    const half = Math.max(...arc.map((p) => Math.abs(p.x - 10)));
    expect(half).toBeCloseTo(10 * Math.sin(Math.PI / 6), 9);
  });

  it('reads the range bands, move and Charge Bonus from the tables', () => {
    expect(rangeBandsOf('flintlock-musket').bands.map((b) => b.limit)).toEqual([1, 2, 4, 6, 8]);
    expect(rangeBandsOf('british-light-mortar')).toEqual({
      bands: [
        { band: 'short', limit: 11 },
        { band: 'medium', limit: 15 },
        { band: 'long', limit: 19 },
        { band: 'extreme', limit: 30 },
      ],
      minimum: 6,
    });
    expect(rangeBandsOf('no-such-weapon').bands).toEqual([]);
    const infantry = moveAndCharge('british-infantry', 'close-order-line');
    expect(infantry.move).toBeGreaterThan(0);
    expect(moveAndCharge('british-infantry', 'not-a-formation').move).toBe(0);
  });
});
