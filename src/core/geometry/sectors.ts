import { boxCorners, clipSegmentToBox, pointBoxDistance } from './rectangles.ts';
import { EPSILON, pointSegmentDistanceSq, SEGMENT_STRIDE } from './segments.ts';

/**
 * Sectors and direction spans: which directions from a point reach a shape. Angles here are radians,
 * counter-clockwise from +x (kernels' convention; the API in degrees lives in angles.ts). Boxes are
 * packed as in rectangles.ts, segments as in segments.ts. Nothing here allocates.
 *
 * A direction span is the set of directions d from a point P for which the segment from P of length
 * `reach` along d meets a shape. For a convex shape that does not contain P it is one interval of width
 * below pi: the kernels write it to out[0] = lo, out[1] = hi (lo <= hi, radians, hi - lo < pi; lo may
 * lie below -pi and hi above pi) and return SPAN. They return NONE when no such direction exists and
 * ALL when P lies in the shape (every direction meets it at once).
 */

export const NONE = 0;
export const SPAN = 1;
export const ALL = 2;
export type SpanKind = typeof NONE | typeof SPAN | typeof ALL;

const CORNERS = new Float64Array(8);
const RAY = new Float64Array(SEGMENT_STRIDE);
const CLIP = new Float64Array(2);
const PIECE = new Float64Array(2);
const QUAD = new Float64Array(8);

/**
 * Whether packed box `b` meets the sector with apex (ax, ay), axis direction (cos, sin) = (ux, uy) and
 * half-angle `half` (radians, at most pi): any part of the box, its boundary included, within `half` of
 * the axis as seen from the apex (inclusive, with `EPSILON` of slack). A box containing the apex meets it.
 */
export function boxMeetsSector(
  ax: number,
  ay: number,
  ux: number,
  uy: number,
  half: number,
  boxes: ArrayLike<number>,
  b: number,
): boolean {
  if (pointBoxDistance(ax, ay, boxes, b) <= EPSILON) return true;
  const cosHalf = Math.cos(half);
  boxCorners(boxes, b, CORNERS);
  let far = 0;
  for (let i = 0; i < 8; i += 2) {
    const dx = CORNERS[i]! - ax;
    const dy = CORNERS[i + 1]! - ay;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > far) far = len;
    if (dx * ux + dy * uy >= len * cosHalf - EPSILON) return true;
  }
  // No corner inside: the box meets the sector only if an edge ray crosses it.
  const s = Math.sin(half);
  const reach = far + 1;
  for (let side = -1; side <= 1; side += 2) {
    const rx = ux * cosHalf - uy * s * side;
    const ry = uy * cosHalf + ux * s * side;
    RAY[0] = ax;
    RAY[1] = ay;
    RAY[2] = ax + rx * reach;
    RAY[3] = ay + ry * reach;
    if (clipSegmentToBox(RAY, 0, boxes, b, EPSILON, CLIP)) return true;
  }
  return false;
}

/**
 * The direction span, from P = (px, py) within `reach`, of the disc of centre (cx, cy) and radius `r`
 * (see the module comment). The disc counts from its boundary: P on it is ALL.
 */
export function discSpan(
  px: number,
  py: number,
  cx: number,
  cy: number,
  r: number,
  reach: number,
  out: Float64Array,
): SpanKind {
  const dx = cx - px;
  const dy = cy - py;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d <= r + EPSILON) return ALL;
  if (d - r > reach + EPSILON) return NONE;
  const tangent = Math.sqrt(d * d - r * r);
  let half: number;
  if (tangent <= reach) half = Math.asin(r / d);
  else {
    // Only the near arc is in reach: the span ends where the reach circle crosses the disc.
    const c = (d * d + reach * reach - r * r) / (2 * d * reach);
    half = Math.acos(Math.min(1, Math.max(-1, c)));
  }
  const mid = Math.atan2(dy, dx);
  out[0] = mid - half;
  out[1] = mid + half;
  return SPAN;
}

/**
 * The direction span, from P within `reach`, of the convex polygon whose `count` vertices are at
 * coords[offset..] (x0, y0, x1, y1, ...), either winding. P inside or on it: ALL.
 */
export function convexSpan(
  px: number,
  py: number,
  coords: ArrayLike<number>,
  offset: number,
  count: number,
  reach: number,
  out: Float64Array,
): SpanKind {
  // Inside: on the same side of every edge (either winding).
  let pos = 0;
  let neg = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < count; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    const x0 = coords[offset + 2 * i]!;
    const y0 = coords[offset + 2 * i + 1]!;
    const x1 = coords[offset + 2 * j]!;
    const y1 = coords[offset + 2 * j + 1]!;
    const cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
    const len = Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
    if (cross > EPSILON * len) pos++;
    else if (cross < -EPSILON * len) neg++;
    cx += x0;
    cy += y0;
  }
  if (pos === 0 || neg === 0) return ALL;
  // Angles are taken relative to the direction of the centroid, which lies inside the span.
  const ref = Math.atan2(cy / count - py, cx / count - px);
  const rc = Math.cos(ref);
  const rs = Math.sin(ref);
  spanLo = Number.POSITIVE_INFINITY;
  spanHi = Number.NEGATIVE_INFINITY;
  const r2 = reach * reach;
  for (let i = 0; i < count; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    const x0 = coords[offset + 2 * i]!;
    const y0 = coords[offset + 2 * i + 1]!;
    const x1 = coords[offset + 2 * j]!;
    const y1 = coords[offset + 2 * j + 1]!;
    const ex = x0 - px;
    const ey = y0 - py;
    if (ex * ex + ey * ey <= r2 + EPSILON) take(ex, ey, rc, rs);
    // Where the edge crosses the reach circle: |e + t(v)|^2 = reach^2.
    const vx = x1 - x0;
    const vy = y1 - y0;
    const a = vx * vx + vy * vy;
    if (a === 0) continue;
    const bh = ex * vx + ey * vy;
    const c = ex * ex + ey * ey - r2;
    const disc = bh * bh - a * c;
    if (disc < 0) continue;
    const root = Math.sqrt(disc);
    const t0 = (-bh - root) / a;
    const t1 = (-bh + root) / a;
    if (t0 >= 0 && t0 <= 1) take(ex + t0 * vx, ey + t0 * vy, rc, rs);
    if (t1 >= 0 && t1 <= 1) take(ex + t1 * vx, ey + t1 * vy, rc, rs);
  }
  if (spanLo > spanHi) return NONE;
  out[0] = ref + spanLo;
  out[1] = ref + spanHi;
  return SPAN;
}

/** The extremes found so far by `convexSpan`, relative to its reference direction. */
let spanLo = 0;
let spanHi = 0;

/** Takes the direction of offset (dx, dy) from P, relative to the reference direction (rc, rs). */
function take(dx: number, dy: number, rc: number, rs: number): void {
  const a = Math.atan2(dy * rc - dx * rs, dx * rc + dy * rs);
  if (a < spanLo) spanLo = a;
  if (a > spanHi) spanHi = a;
}

/** Widens the running span [out[0], out[1]] (around reference angle `ref`) by the piece span in PIECE. */
function widen(out: Float64Array, ref: number): void {
  let lo = PIECE[0]! - ref;
  let hi = PIECE[1]! - ref;
  // Bring the piece's middle within pi of the reference: the whole shape's span lies within it.
  const mid = (lo + hi) / 2;
  const shift = mid > Math.PI ? -2 * Math.PI : mid < -Math.PI ? 2 * Math.PI : 0;
  lo += shift + ref;
  hi += shift + ref;
  if (lo < out[0]!) out[0] = lo;
  if (hi > out[1]!) out[1] = hi;
}

/**
 * The direction span, from P within `reach`, of packed box `b` grown by `r` on every side with rounded
 * corners (every point within `r` of the box): the union of the box widened sideways, the box
 * lengthened, and a disc at each corner. P within `r` of the box: ALL.
 */
export function roundedBoxSpan(
  px: number,
  py: number,
  boxes: ArrayLike<number>,
  b: number,
  r: number,
  reach: number,
  out: Float64Array,
): SpanKind {
  const gap = pointBoxDistance(px, py, boxes, b);
  if (gap <= r + EPSILON) return ALL;
  if (gap - r > reach + EPSILON) return NONE;
  const cx = boxes[b]!;
  const cy = boxes[b + 1]!;
  const c = boxes[b + 2]!;
  const s = boxes[b + 3]!;
  const hw = boxes[b + 4]!;
  const hd = boxes[b + 5]!;
  const ref = Math.atan2(cy - py, cx - px);
  out[0] = Number.POSITIVE_INFINITY;
  out[1] = Number.NEGATIVE_INFINITY;
  boxCorners(boxes, b, CORNERS);
  // The shape is the convex hull of its corner discs: when all of it is in reach, its span is theirs.
  let inReach = true;
  for (let i = 0; i < 8 && inReach; i += 2)
    inReach = Math.hypot(CORNERS[i]! - px, CORNERS[i + 1]! - py) + r <= reach;
  if (inReach) {
    for (let i = 0; i < 8; i += 2)
      if (discSpan(px, py, CORNERS[i]!, CORNERS[i + 1]!, r, reach, PIECE) === SPAN) widen(out, ref);
    return SPAN;
  }
  // Right = (s, -c), forward = (c, s), as in rectangles.ts.
  for (let k = 0; k < 2; k++) {
    const w = k === 0 ? hw + r : hw;
    const d = k === 0 ? hd : hd + r;
    quad(cx, cy, s * w, -c * w, c * d, s * d);
    if (convexSpan(px, py, QUAD, 0, 4, reach, PIECE) === SPAN) widen(out, ref);
  }
  for (let i = 0; i < 8; i += 2)
    if (discSpan(px, py, CORNERS[i]!, CORNERS[i + 1]!, r, reach, PIECE) === SPAN) widen(out, ref);
  return out[0]! <= out[1]! ? SPAN : NONE;
}

/**
 * The direction span, from P within `reach`, of the capsule of radius `r` around packed segment `g`
 * (every point within `r` of it). P within `r` of the segment: ALL.
 */
export function capsuleSpan(
  px: number,
  py: number,
  segs: ArrayLike<number>,
  g: number,
  r: number,
  reach: number,
  out: Float64Array,
): SpanKind {
  const x0 = segs[g]!;
  const y0 = segs[g + 1]!;
  const x1 = segs[g + 2]!;
  const y1 = segs[g + 3]!;
  const gap = Math.sqrt(pointSegmentDistanceSq(px, py, x0, y0, x1, y1));
  if (gap <= r + EPSILON) return ALL;
  if (gap - r > reach + EPSILON) return NONE;
  const ref = Math.atan2((y0 + y1) / 2 - py, (x0 + x1) / 2 - px);
  out[0] = Number.POSITIVE_INFINITY;
  out[1] = Number.NEGATIVE_INFINITY;
  // The convex hull of its end discs: when all of it is in reach, its span is theirs.
  if (Math.max(Math.hypot(x0 - px, y0 - py), Math.hypot(x1 - px, y1 - py)) + r <= reach) {
    if (discSpan(px, py, x0, y0, r, reach, PIECE) === SPAN) widen(out, ref);
    if (discSpan(px, py, x1, y1, r, reach, PIECE) === SPAN) widen(out, ref);
    return SPAN;
  }
  const len = Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
  if (len > 0) {
    const nx = (-(y1 - y0) / len) * r;
    const ny = ((x1 - x0) / len) * r;
    QUAD[0] = x0 + nx;
    QUAD[1] = y0 + ny;
    QUAD[2] = x1 + nx;
    QUAD[3] = y1 + ny;
    QUAD[4] = x1 - nx;
    QUAD[5] = y1 - ny;
    QUAD[6] = x0 - nx;
    QUAD[7] = y0 - ny;
    if (convexSpan(px, py, QUAD, 0, 4, reach, PIECE) === SPAN) widen(out, ref);
  }
  if (discSpan(px, py, x0, y0, r, reach, PIECE) === SPAN) widen(out, ref);
  if (discSpan(px, py, x1, y1, r, reach, PIECE) === SPAN) widen(out, ref);
  return out[0]! <= out[1]! ? SPAN : NONE;
}

/** Writes the rectangle of centre (cx, cy), half-axes (ax, ay) and (bx, by) into QUAD. */
function quad(cx: number, cy: number, ax: number, ay: number, bx: number, by: number): void {
  QUAD[0] = cx - ax + bx;
  QUAD[1] = cy - ay + by;
  QUAD[2] = cx + ax + bx;
  QUAD[3] = cy + ay + by;
  QUAD[4] = cx + ax - bx;
  QUAD[5] = cy + ay - by;
  QUAD[6] = cx - ax - bx;
  QUAD[7] = cy - ay - by;
}
