/**
 * Flanks, rear and facing: which quarter of a unit a point is in (left, right, rear, or in front), and
 * whether a unit faces towards another (within 45 degrees of straight ahead). A square has no flank
 * or rear and faces every way.
 */
import { toRadians } from '../../../../core/geometry/angles.ts';
import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import { boxMeetsSector } from '../../../../core/geometry/sectors.ts';
import { EPSILON } from '../../../../core/geometry/segments.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Where a point lies relative to a unit's front line: a flank, the rear, or (null) not behind it. */
export type Quarter = 'left' | 'right' | 'rear';

/**
 * Which quarter of `unit` the point (x, y) is in, or null when it is not behind the line extended
 * along the unit's front face. Behind that line, the rear is the region behind the unit's rear edge
 * between the lines running back at 45 degrees from its rear corners; the rest is the left or right
 * flank. A square has no flank or rear: every face is a front (null).
 */
export function quarterOf(unit: UnitGeometry, x: number, y: number): Quarter | null {
  if (unit.formation === 'square') return null;
  const dx = x - unit.ax;
  const dy = y - unit.ay;
  const lat = dx * unit.uy - dy * unit.ux;
  const fwd = dx * unit.ux + dy * unit.uy;
  if (fwd >= unit.front - EPSILON) return null;
  const mid = (unit.left + unit.right) / 2;
  const half = (unit.right - unit.left) / 2;
  if (fwd < unit.rear && Math.abs(lat - mid) - half <= unit.rear - fwd) return 'rear';
  return lat < mid ? 'left' : 'right';
}

/** "Facing towards" another unit: some part of it lies within this many degrees either side of straight ahead. */
export const FACING_TOWARDS_DEGREES = 45;
const FACING_HALF = toRadians(FACING_TOWARDS_DEGREES);

/**
 * Whether `unit` faces towards `other`: some part of one of `other`'s stands lies within 45 degrees
 * either side of straight ahead of `unit`'s front-centre. A square faces every way.
 */
export function facesTowards(unit: UnitGeometry, other: UnitGeometry): boolean {
  if (unit.formation === 'square') return true;
  for (let j = 0; j < other.count; j++)
    if (boxMeetsSector(unit.ax, unit.ay, unit.ux, unit.uy, FACING_HALF, other.boxes, j * BOX_STRIDE))
      return true;
  return false;
}
