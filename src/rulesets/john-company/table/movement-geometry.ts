import { cosDegrees, sinDegrees } from '../../../core/geometry/angles.ts';
import { pointInPolygon } from '../../../core/geometry/polygons.ts';
import { writeCorners } from '../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq } from '../../../core/geometry/segments.ts';
import { standPlaced, type UnitStandState, type UnitState } from '../../../core/table/model.ts';

/**
 * Geometry kernels for moving units that the core kernels do not provide: convex hulls and their
 * overlap, the moment a translating convex shape first touches another, a segment's run inside a
 * capsule, and rigid motions of stands. Shapes are flat coordinates x0, y0, x1, y1, ... (as in
 * core/geometry/polygons.ts); convex polygons are wound either way.
 */

/**
 * Overlap deeper than this (inches) is interpenetration; shapes closer than this merely touch. It
 * absorbs the rounding of stands placed in contact by arithmetic, far below anything measurable.
 */
export const PENETRATION = 1e-6;

/** The four corners of a stand (front-left, front-right, rear-right, rear-left). */
export function standCorners(stand: UnitStandState): Float64Array {
  const out = new Float64Array(8);
  writeStandCorners(stand.x, stand.y, stand.facing, stand.width, stand.depth, out);
  return out;
}

/**
 * Writes into `out` the corners of a stand centred at (x, y), facing `facing`, `width` by `depth`: the
 * numbers `rectCorners` gives (both write them with `writeCorners`), without building a stand. For
 * the hot paths that look at a stand's corners once: a scratch array takes them.
 */
export function writeStandCorners(
  x: number,
  y: number,
  facing: number,
  width: number,
  depth: number,
  out: Float64Array,
): void {
  writeCorners(x, y, cosDegrees(facing), sinDegrees(facing), width / 2, depth / 2, out);
}

/** The convex hull of flat points, counter-clockwise, without collinear points (Andrew's monotone chain). */
export function convexHull(points: ArrayLike<number>): Float64Array {
  const n = points.length / 2;
  // The points by x, then y; equal points in their given order (a stable insertion sort).
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let j = i;
    for (; j > 0 && comparePoints(points, order[j - 1]!, i) > 0; j--) order[j] = order[j - 1]!;
    order[j] = i;
  }
  // The lower chain along the order, then the upper chain back; each drops its last point.
  const hull = new Int32Array(2 * n);
  let size = 0;
  for (let pass = 0; pass < 2; pass++) {
    const start = size;
    for (let k = 0; k < n; k++) {
      const p = order[pass === 0 ? k : n - 1 - k]!;
      while (size >= start + 2 && cross(points, hull[size - 2]!, hull[size - 1]!, p) <= 0) size--;
      hull[size++] = p;
    }
    if (size > 0) size--;
  }
  const out = new Float64Array(size * 2);
  for (let i = 0; i < size; i++) {
    out[2 * i] = points[2 * hull[i]!]!;
    out[2 * i + 1] = points[2 * hull[i]! + 1]!;
  }
  return out;
}

/** Orders points a and b by x, then y (negative when a comes first). */
function comparePoints(points: ArrayLike<number>, a: number, b: number): number {
  return points[2 * a]! - points[2 * b]! || points[2 * a + 1]! - points[2 * b + 1]!;
}

/** The cross product of (a - o) and (b - o): positive when o, a, b turn counter-clockwise. */
function cross(points: ArrayLike<number>, o: number, a: number, b: number): number {
  return (
    (points[2 * a]! - points[2 * o]!) * (points[2 * b + 1]! - points[2 * o + 1]!) -
    (points[2 * a + 1]! - points[2 * o + 1]!) * (points[2 * b]! - points[2 * o]!)
  );
}

/** Projects a convex polygon on axis (ax, ay): writes min and max into out. */
function project(poly: ArrayLike<number>, ax: number, ay: number, out: number[]): void {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < poly.length; i += 2) {
    const v = poly[i]! * ax + poly[i + 1]! * ay;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  out[0] = lo;
  out[1] = hi;
}

const PA = [0, 0];
const PB = [0, 0];

/**
 * How deeply two convex polygons overlap: the least overlap of their projections over the edge normals
 * of both (separating-axis theorem), in inches; 0 or less when they are apart or only touch.
 */
export function convexOverlapDepth(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const least = leastOverlap(a, a, b, Number.POSITIVE_INFINITY);
  return least <= 0 ? least : leastOverlap(b, a, b, least);
}

/**
 * The lesser of `least` and the overlaps of a's and b's projections on the edge normals of `poly`
 * (one of them), in turn; it stops at the first that leaves them apart (0 or less).
 */
function leastOverlap(
  poly: ArrayLike<number>,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  least: number,
): number {
  const n = poly.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = poly[2 * j]! - poly[2 * i]!;
    const ey = poly[2 * j + 1]! - poly[2 * i + 1]!;
    const len = Math.hypot(ex, ey);
    if (len === 0) continue;
    const ax = -ey / len;
    const ay = ex / len;
    project(a, ax, ay, PA);
    project(b, ax, ay, PB);
    const overlap = Math.min(PA[1]!, PB[1]!) - Math.max(PA[0]!, PB[0]!);
    if (overlap < least) least = overlap;
    if (least <= 0) return least;
  }
  return least;
}

/** Whether two convex polygons interpenetrate (overlap by more than `PENETRATION`). */
export function convexPenetrate(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return convexOverlapDepth(a, b) > PENETRATION;
}

/** The distance between two convex polygons: 0 when they touch or overlap. */
export function convexDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (convexOverlapDepth(a, b) >= 0) return 0;
  return Math.sqrt(nearestCornerSq(b, a, nearestCornerSq(a, b, Number.POSITIVE_INFINITY)));
}

/** The lesser of `best` and the squared distances from each corner of `p` to each edge of `q`. */
function nearestCornerSq(p: ArrayLike<number>, q: ArrayLike<number>, best: number): number {
  const n = q.length / 2;
  for (let i = 0; i < p.length; i += 2) {
    for (let j = 0; j < n; j++) {
      const k = (j + 1) % n;
      const d = pointSegmentDistanceSq(p[i]!, p[i + 1]!, q[2 * j]!, q[2 * j + 1]!, q[2 * k]!, q[2 * k + 1]!);
      if (d < best) best = d;
    }
  }
  return best;
}

/** The gap between two axis-aligned bounds (0 when they meet): a lower bound on any distance between their contents. */
export function boundsGap(a: readonly number[], b: readonly number[]): number {
  const dx = Math.max(0, a[0]! - b[2]!, b[0]! - a[2]!);
  const dy = Math.max(0, a[1]! - b[3]!, b[1]! - a[3]!);
  return Math.hypot(dx, dy);
}

/** Axis-aligned bounds of flat points: minX, minY, maxX, maxY. */
export function boundsOf(points: ArrayLike<number>): [number, number, number, number] {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

/**
 * The first t >= 0 at which ray p + t(dx, dy) meets segment ab (closed), or +Infinity. A ray running
 * along the segment meets it at its nearer end ahead.
 */
function rayHitsSegment(
  px: number,
  py: number,
  dx: number,
  dy: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax;
  const ey = by - ay;
  const denom = dx * ey - dy * ex;
  const wx = ax - px;
  const wy = ay - py;
  const len2 = dx * dx + dy * dy;
  if (Math.abs(denom) <= 1e-12 * Math.sqrt(len2 * (ex * ex + ey * ey))) {
    // Parallel: only a collinear ray meets it.
    if (Math.abs(wx * dy - wy * dx) > 1e-12 * Math.sqrt(len2) * (1 + Math.hypot(wx, wy))) return Infinity;
    const ta = (wx * dx + wy * dy) / len2;
    const tb = ((bx - px) * dx + (by - py) * dy) / len2;
    if (ta <= 0 && tb >= 0) return 0;
    if (tb <= 0 && ta >= 0) return 0;
    const t = Math.min(ta, tb);
    return t >= 0 ? t : Infinity;
  }
  const t = (wx * ey - wy * ex) / denom;
  const u = (wx * dy - wy * dx) / denom;
  const slack = 1e-12;
  if (t < -slack || u < -slack || u > 1 + slack) return Infinity;
  return Math.max(t, 0);
}

/**
 * The first t >= 0 at which convex polygon `a`, translated by t(dx, dy), touches convex polygon `b`
 * (0 when they already meet), or +Infinity if it never does. First contact between convex polygons is
 * always a vertex of one meeting an edge of the other, so this is exact.
 */
export function translationContactTime(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  dx: number,
  dy: number,
): number {
  if (convexOverlapDepth(a, b) >= 0) return 0;
  if (dx === 0 && dy === 0) return Infinity;
  let best = Infinity;
  const na = a.length / 2;
  const nb = b.length / 2;
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < nb; j++) {
      const k = (j + 1) % nb;
      const t = rayHitsSegment(
        a[2 * i]!,
        a[2 * i + 1]!,
        dx,
        dy,
        b[2 * j]!,
        b[2 * j + 1]!,
        b[2 * k]!,
        b[2 * k + 1]!,
      );
      if (t < best) best = t;
    }
  }
  for (let i = 0; i < nb; i++) {
    for (let j = 0; j < na; j++) {
      const k = (j + 1) % na;
      const t = rayHitsSegment(
        b[2 * i]!,
        b[2 * i + 1]!,
        -dx,
        -dy,
        a[2 * j]!,
        a[2 * j + 1]!,
        a[2 * k]!,
        a[2 * k + 1]!,
      );
      if (t < best) best = t;
    }
  }
  return best;
}

/**
 * The part of segment ab within distance r of segment cd (a capsule), as [t0, t1] along ab, or
 * undefined. The capsule is convex, so the part is one interval.
 */
export function segmentCapsuleInterval(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  r: number,
): [number, number] | undefined {
  const ux = bx - ax;
  const uy = by - ay;
  const len2 = ux * ux + uy * uy;
  if (len2 === 0) return pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy) <= r * r ? [0, 1] : undefined;
  let lo = Infinity;
  let hi = -Infinity;
  // The two discs.
  for (let end = 0; end < 2; end++) {
    const wx = ax - (end === 0 ? cx : dx);
    const wy = ay - (end === 0 ? cy : dy);
    const b = wx * ux + wy * uy;
    const c = wx * wx + wy * wy - r * r;
    const disc = b * b - len2 * c;
    if (disc >= 0) {
      const s = Math.sqrt(disc);
      const t0 = (-b - s) / len2;
      const t1 = (-b + s) / len2;
      if (t0 < lo) lo = t0;
      if (t1 > hi) hi = t1;
    }
  }
  // The band: |lateral| <= r and 0 <= along <= |cd|.
  const ex = dx - cx;
  const ey = dy - cy;
  const el = Math.hypot(ex, ey);
  if (el > 0) {
    const nx = -ey / el;
    const ny = ex / el;
    const band = BAND;
    band[0] = -Infinity;
    band[1] = Infinity;
    const lat0 = (ax - cx) * nx + (ay - cy) * ny;
    const lat = ux * nx + uy * ny;
    const al0 = ((ax - cx) * ex + (ay - cy) * ey) / el;
    const al = (ux * ex + uy * ey) / el;
    if (clipInterval(lat0, lat, -r, r, band) && clipInterval(al0, al, 0, el, band)) {
      if (band[0] < lo) lo = band[0];
      if (band[1] > hi) hi = band[1];
    }
  }
  if (lo > hi) return undefined;
  const t0 = Math.max(0, lo);
  const t1 = Math.min(1, hi);
  return t0 <= t1 ? [t0, t1] : undefined;
}

/** The interval [t0, t1] of `segmentCapsuleInterval`'s band, kept between calls (nothing else holds it). */
const BAND = new Float64Array(2);

/**
 * Narrows `interval` (t0, t1) to where p0 + t dp lies in [min, max]; whether any of it is left. With
 * dp = 0, whether p0 lies in [min, max], leaving the interval as it was.
 */
function clipInterval(p0: number, dp: number, min: number, max: number, interval: Float64Array): boolean {
  if (dp === 0) return p0 >= min && p0 <= max;
  let a0 = (min - p0) / dp;
  let a1 = (max - p0) / dp;
  if (a0 > a1) [a0, a1] = [a1, a0];
  if (a0 > interval[0]!) interval[0] = a0;
  if (a1 < interval[1]!) interval[1] = a1;
  return interval[0]! <= interval[1]!;
}

/** The distance from a point to a polygon's area (0 inside or on it). */
export function pointPolygonDistance(coords: ArrayLike<number>, x: number, y: number): number {
  const n = coords.length / 2;
  if (pointInPolygon(coords, 0, n, x, y) >= 0) return 0;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const d = pointSegmentDistanceSq(
      x,
      y,
      coords[2 * i]!,
      coords[2 * i + 1]!,
      coords[2 * j]!,
      coords[2 * j + 1]!,
    );
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** The distance from a point to an open polyline. */
export function pointPolylineDistance(coords: ArrayLike<number>, x: number, y: number): number {
  let best = Infinity;
  for (let i = 0; i + 3 < coords.length; i += 2) {
    const d = pointSegmentDistanceSq(x, y, coords[i]!, coords[i + 1]!, coords[i + 2]!, coords[i + 3]!);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** A point turned by `degrees` (counter-clockwise) about (px, py). */
export function rotatePoint(x: number, y: number, px: number, py: number, degrees: number): [number, number] {
  const c = cosDegrees(degrees);
  const s = sinDegrees(degrees);
  const dx = x - px;
  const dy = y - py;
  return [px + dx * c - dy * s, py + dx * s + dy * c];
}

export function translateStand(st: UnitStandState, dx: number, dy: number): UnitStandState {
  return standPlaced(st, st.x + dx, st.y + dy, st.facing);
}

/** A stand carried round (px, py) by `degrees`, turning with it. */
export function rotateStandAbout(
  st: UnitStandState,
  px: number,
  py: number,
  degrees: number,
): UnitStandState {
  const [x, y] = rotatePoint(st.x, st.y, px, py, degrees);
  return standPlaced(st, x, y, st.facing + degrees);
}

/** The mean of the unit's stand centres. */
export function unitCentre(stands: readonly UnitStandState[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const s of stands) {
    x += s.x;
    y += s.y;
  }
  return [x / stands.length, y / stands.length];
}

/**
 * The ends of the unit's front: the front corners of the box that holds all its stands, square to the
 * unit's facing (left end first, as seen from behind the unit). For a line or a column this is its front
 * face; after an about face it is the face that now leads.
 */
export function frontEnds(unit: Pick<UnitState, 'facing' | 'stands'>): [number, number, number, number] {
  const rx = sinDegrees(unit.facing);
  const ry = -cosDegrees(unit.facing);
  const fx = -ry;
  const fy = rx;
  let left = Infinity;
  let right = -Infinity;
  let front = -Infinity;
  const c = FRONT_CORNERS;
  for (const s of unit.stands) {
    writeStandCorners(s.x, s.y, s.facing, s.width, s.depth, c);
    for (let i = 0; i < 8; i += 2) {
      const lat = c[i]! * rx + c[i + 1]! * ry;
      const fwd = c[i]! * fx + c[i + 1]! * fy;
      if (fwd > front) front = fwd;
      if (lat < left) left = lat;
      if (lat > right) right = lat;
    }
  }
  return [left * rx + front * fx, left * ry + front * fy, right * rx + front * fx, right * ry + front * fy];
}

/** A stand's corners in `frontEnds`, kept between calls (nothing else holds them). */
const FRONT_CORNERS = new Float64Array(8);

/** The middle of the unit's front face. */
export function frontMiddle(unit: Pick<UnitState, 'facing' | 'stands'>): [number, number] {
  const [ax, ay, bx, by] = frontEnds(unit);
  return [(ax + bx) / 2, (ay + by) / 2];
}
