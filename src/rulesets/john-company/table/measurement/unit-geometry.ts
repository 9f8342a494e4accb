/**
 * A unit's stands packed once for measuring (`UnitGeometry`): its boxes, the rank each stand fires
 * from, its front-centre anchor and facing, and its footprint in that frame. Every John Company
 * measurement works on these, so that deriving every unit's facts stays cheap. Lengths in inches;
 * docs/table-john-company.md gathers the readings.
 */
import { cosDegrees, sinDegrees } from '../../../../core/geometry/angles.ts';
import { BOX_STRIDE, packBox } from '../../../../core/geometry/rectangles.ts';
import type { UnitState } from '../../../../core/table/model.ts';
import { packedMap } from '../../../../core/table/packed-map.ts';
import type { Formation } from '../../vocabulary.ts';
import { isFormation } from '../formations.ts';

/**
 * A unit's stands packed for measuring, and its frame: the front-centre anchor (formations.ts), the
 * facing (ux, uy), and its footprint in that frame (lateral `left`..`right`, forward `rear`..`front`,
 * relative to the anchor: `front` is 0 unless a stand juts ahead of the front rank).
 */
export interface UnitGeometry {
  readonly unit: UnitState;
  readonly formation: Formation;
  readonly count: number;
  /** Stand i packed at i * BOX_STRIDE (rectangles.ts). */
  readonly boxes: Float64Array;
  /** The rank each stand fires from: its rank, except that every face of a square is a front rank. */
  readonly firingRank: Int32Array;
  /**
   * Whether fire at the unit, and a distance to it with guns counted, measures to stand i: its gun
   * models if it has any (Part 4), else every stand.
   */
  readonly measured: readonly boolean[];
  readonly ux: number;
  readonly uy: number;
  readonly ax: number;
  readonly ay: number;
  readonly left: number;
  readonly right: number;
  readonly rear: number;
  readonly front: number;
  /** A circle holding every stand: centre and radius. */
  readonly cx: number;
  readonly cy: number;
  readonly radius: number;
  /** The box, aligned with the table's axes, holding every stand. */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

const geometries = new WeakMap<UnitState, UnitGeometry>();

/**
 * Packs a unit for measuring. Its formation must be one of John Company's. The anchor is
 * `frontCentre`'s (formations.ts), worked out here in the same pass as the footprint. Packed once per
 * unit state (states are never changed, and tables share the units that did not change).
 */
export function unitGeometry(unit: UnitState): UnitGeometry {
  let g = geometries.get(unit);
  if (!g) {
    g = packUnit(unit);
    geometries.set(unit, g);
  }
  return g;
}

function packUnit(unit: UnitState): UnitGeometry {
  if (!isFormation(unit.formation))
    throw new RangeError(`${unit.id}: ${unit.formation} is not a John Company formation`);
  const count = unit.stands.length;
  if (count === 0) throw new RangeError(`unit ${unit.id} has no stands`);
  const boxes = new Float64Array(count * BOX_STRIDE);
  const firingRank = new Int32Array(count);
  const square = unit.formation === 'square';
  const ux = cosDegrees(unit.facing);
  const uy = sinDegrees(unit.facing);
  // Offsets from the first stand's centre, in the unit's frame (lateral to the right, forward).
  const ox = unit.stands[0]!.x;
  const oy = unit.stands[0]!.y;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let rear = Number.POSITIVE_INFINITY;
  let front = Number.NEGATIVE_INFINITY;
  let hasRank0 = false;
  for (let i = 0; i < count; i++) if (unit.stands[i]!.rank === 0) hasRank0 = true;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let left0 = Number.POSITIVE_INFINITY;
  let right0 = Number.NEGATIVE_INFINITY;
  let front0 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const s = unit.stands[i]!;
    const b = i * BOX_STRIDE;
    packBox(s, boxes, b);
    firingRank[i] = square ? 0 : s.rank;
    const dx = s.x - ox;
    const dy = s.y - oy;
    const along = dx * ux + dy * uy;
    const across = dx * uy - dy * ux;
    const c = Math.abs(boxes[b + 2]! * ux + boxes[b + 3]! * uy);
    const sn = Math.abs(boxes[b + 3]! * ux - boxes[b + 2]! * uy);
    const halfAlong = c * boxes[b + 5]! + sn * boxes[b + 4]!;
    const halfAcross = c * boxes[b + 4]! + sn * boxes[b + 5]!;
    if (across - halfAcross < left) left = across - halfAcross;
    if (across + halfAcross > right) right = across + halfAcross;
    if (along - halfAlong < rear) rear = along - halfAlong;
    if (along + halfAlong > front) front = along + halfAlong;
    // The stand's own extent along the table's axes.
    const ex = Math.abs(boxes[b + 3]!) * boxes[b + 4]! + Math.abs(boxes[b + 2]!) * boxes[b + 5]!;
    const ey = Math.abs(boxes[b + 2]!) * boxes[b + 4]! + Math.abs(boxes[b + 3]!) * boxes[b + 5]!;
    if (s.x - ex < minX) minX = s.x - ex;
    if (s.x + ex > maxX) maxX = s.x + ex;
    if (s.y - ey < minY) minY = s.y - ey;
    if (s.y + ey > maxY) maxY = s.y + ey;
    if (hasRank0 && s.rank !== 0) continue;
    if (across - halfAcross < left0) left0 = across - halfAcross;
    if (across + halfAcross > right0) right0 = across + halfAcross;
    if (along + halfAlong > front0) front0 = along + halfAlong;
  }
  const guns = packedMap(unit.stands, (s) => s.kind === 'gun');
  const measured = guns.some((g) => g) ? guns : packedMap(guns, () => true);
  const lat0 = (left0 + right0) / 2;
  const ax = ox + uy * lat0 + ux * front0;
  const ay = oy - ux * lat0 + uy * front0;
  const midLat = (left + right) / 2;
  const midFwd = (rear + front) / 2;
  return {
    unit,
    formation: unit.formation,
    count,
    boxes,
    firingRank,
    measured,
    ux,
    uy,
    ax,
    ay,
    left: left - lat0,
    right: right - lat0,
    rear: rear - front0,
    front: front - front0,
    cx: ox + uy * midLat + ux * midFwd,
    cy: oy - ux * midLat + uy * midFwd,
    radius: Math.hypot((right - left) / 2, (front - rear) / 2),
    minX,
    minY,
    maxX,
    maxY,
  };
}
