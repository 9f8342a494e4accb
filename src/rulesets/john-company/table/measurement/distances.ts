/**
 * Distances as John Company measures them (Part 4, Using The Fire Table: front edge to front edge):
 * stand to stand, unit to unit, the range band and longest reach of a weapon, base contact, a General
 * Officer's distance to a unit and the distance between two units' front-centres. Lengths in inches.
 */
import {
  BOX_STRIDE,
  boxCorners,
  boxDistance,
  packBox,
  segmentBoxDistance,
} from '../../../../core/geometry/rectangles.ts';
import { SEGMENT_STRIDE } from '../../../../core/geometry/segments.ts';
import type { StandState } from '../../../../core/table/model.ts';
import { type RangedWeapon, rangeLimitsFor } from '../../procedures/fire/range-band.ts';
import { bandIndexFor } from '../../tables/firing-table.ts';
import { RANGE_BANDS, type RangeBand } from '../../vocabulary.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Scratch for `boxCorners`: four corners, x then y. */
const CORNERS = new Float64Array(8);

const FACE = new Float64Array(SEGMENT_STRIDE);

/** Writes the front face of packed box `b` (its front-left to front-right corner) into FACE. */
function packFrontFace(boxes: ArrayLike<number>, b: number): void {
  boxCorners(boxes, b, CORNERS);
  FACE[0] = CORNERS[0]!;
  FACE[1] = CORNERS[1]!;
  FACE[2] = CORNERS[2]!;
  FACE[3] = CORNERS[3]!;
}

/** The distance from the front face of stand i of `a` to stand j of `b` (front edge to nearest edge). */
export function standFrontDistance(a: UnitGeometry, i: number, b: UnitGeometry, j: number): number {
  packFrontFace(a.boxes, i * BOX_STRIDE);
  return segmentBoxDistance(FACE, 0, b.boxes, j * BOX_STRIDE);
}

/**
 * Range as the rules measure it (Part 4, Using The Fire Table: front edge to front edge): the shortest
 * distance from the front face of one of `from`'s front-rank stands to the nearest edge of a stand of
 * `to` (its gun models, when it has guns and `toGuns` holds: Part 4 measures fire at artillery to the
 * gun model). With `toGuns` false, every stand of `to` counts: a charger's distance to its target.
 */
export function frontDistance(from: UnitGeometry, to: UnitGeometry, toGuns = true): number {
  const measured = to.measured;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < from.count; i++) {
    if (from.firingRank[i] !== 0) continue;
    for (let j = 0; j < to.count; j++) {
      if (toGuns && !measured[j]) continue;
      const d = standFrontDistance(from, i, to, j);
      if (d < best) best = d;
    }
  }
  return best;
}

/** The range band of a distance for a weapon (the fire tables' lookup), or null beyond its reach. */
export function rangeBandAt(weapon: RangedWeapon, distance: number): RangeBand | null {
  const i = bandIndexFor(rangeLimitsFor(weapon), distance);
  return i >= 0 ? RANGE_BANDS[i]! : null;
}

const longestRanges = new Map<RangedWeapon, number>();

/** The longest range (inches) at which a weapon can fire: its extreme band's limit. */
export function maximumRange(weapon: RangedWeapon): number {
  let most = longestRanges.get(weapon);
  if (most === undefined) {
    most = 0;
    for (const l of rangeLimitsFor(weapon).limits) if (l !== null && l > most) most = l;
    longestRanges.set(weapon, most);
  }
  return most;
}

/** How many stands of `a` are in base contact with `b` (edge to edge within `tolerance`). */
export function standsInContact(a: UnitGeometry, b: UnitGeometry, tolerance = CONTACT_TOLERANCE): number {
  if (Math.hypot(a.cx - b.cx, a.cy - b.cy) > a.radius + b.radius + tolerance) return 0;
  let n = 0;
  for (let i = 0; i < a.count; i++)
    for (let j = 0; j < b.count; j++)
      if (boxDistance(a.boxes, i * BOX_STRIDE, b.boxes, j * BOX_STRIDE) <= tolerance) {
        n++;
        break;
      }
  return n;
}

const ONE_BOX = new Float64Array(BOX_STRIDE);

/** The distance (edge to edge) from a single stand (a General Officer) to the nearest stand of a unit. */
export function standToUnitDistance(stand: StandState, unit: UnitGeometry): number {
  packBox(stand, ONE_BOX, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j < unit.count; j++) {
    const d = boxDistance(ONE_BOX, 0, unit.boxes, j * BOX_STRIDE);
    if (d < best) best = d;
  }
  return best;
}

/** The distance between two units' front-centres: how far one must move to stand where the other stands. */
export function anchorDistance(a: UnitGeometry, b: UnitGeometry): number {
  return Math.hypot(a.ax - b.ax, a.ay - b.ay);
}
