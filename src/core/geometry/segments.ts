/**
 * Segment kernels. Lengths are in inches. Nothing here allocates.
 *
 * Two forms: plain numbers (ax, ay, bx, by, ...) for occasional use, and packed segments for hot
 * loops: segment k of a Float64Array starts at index `at` and holds x0, y0, x1, y1. Hot paths pass
 * only arrays and integer offsets, because a call that is not inlined boxes every floating-point
 * argument.
 *
 * Contact convention: two shapes "touch" when they are within `EPSILON` of each other. The tolerance
 * only absorbs floating-point noise (a stand placed against another by arithmetic may be off by an ulp);
 * it is far below anything a player could measure.
 */

/** Distances at or below this (inches) count as contact. */
export const EPSILON = 1e-9;

/** Numbers per packed segment: x0, y0, x1, y1. */
export const SEGMENT_STRIDE = 4;

/** Twice the signed area of triangle abc: positive when c lies to the left of a->b. */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** The squared distance from point p to segment ab. */
export function pointSegmentDistanceSq(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/**
 * Whether segments ab and cd cross at a single point interior to both (each strictly separates the
 * other's endpoints). Touching, T-junctions and collinear overlaps are not proper crossings.
 */
export function segmentsCrossProperly(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  if (!((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0))) return false;
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  return (d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0);
}

/** The distance between segments ab and cd: 0 when they cross or touch. */
export function segmentDistance(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): number {
  if (segmentsCrossProperly(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  // Not crossing: the nearest pair includes an endpoint of one of them.
  const m = Math.min(
    pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy),
    pointSegmentDistanceSq(bx, by, cx, cy, dx, dy),
    pointSegmentDistanceSq(cx, cy, ax, ay, bx, by),
    pointSegmentDistanceSq(dx, dy, ax, ay, bx, by),
  );
  return Math.sqrt(m);
}

/**
 * Whether packed segments p (in `ps` at `pa`) and q (in `qs` at `qa`) intersect, counting contact
 * within `EPSILON`: touching at an end, a T-junction and collinear overlap all count. This is the
 * closed test used for sight lines against barriers.
 */
export function segmentsTouch(ps: ArrayLike<number>, pa: number, qs: ArrayLike<number>, qa: number): boolean {
  const ax = ps[pa]!;
  const ay = ps[pa + 1]!;
  const bx = ps[pa + 2]!;
  const by = ps[pa + 3]!;
  const cx = qs[qa]!;
  const cy = qs[qa + 1]!;
  const dx = qs[qa + 2]!;
  const dy = qs[qa + 3]!;
  // Cheap rejection on bounding boxes widened by the tolerance.
  if (
    Math.max(ax, bx) + EPSILON < Math.min(cx, dx) ||
    Math.max(cx, dx) + EPSILON < Math.min(ax, bx) ||
    Math.max(ay, by) + EPSILON < Math.min(cy, dy) ||
    Math.max(cy, dy) + EPSILON < Math.min(ay, by)
  )
    return false;
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const e2 = EPSILON * EPSILON;
  return (
    pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy) <= e2 ||
    pointSegmentDistanceSq(bx, by, cx, cy, dx, dy) <= e2 ||
    pointSegmentDistanceSq(cx, cy, ax, ay, bx, by) <= e2 ||
    pointSegmentDistanceSq(dx, dy, ax, ay, bx, by) <= e2
  );
}

/**
 * Where a proper crossing of ab and cd lies along ab, as t in (0, 1) (the point a + t(b - a)), or
 * NaN when they do not cross properly.
 */
export function segmentCrossingT(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): number {
  if (!segmentsCrossProperly(ax, ay, bx, by, cx, cy, dx, dy)) return Number.NaN;
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  return d1 / (d1 - d2);
}
