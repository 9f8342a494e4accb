import { cosDegrees, sinDegrees } from './angles.ts';
import { EPSILON, pointSegmentDistanceSq } from './segments.ts';

/**
 * Rotated rectangles (stands). A rectangle is given by its centre, its `width` (frontage, along the
 * front face), its `depth` (front to back) and its `facing` in degrees (see angles.ts). In its local
 * frame the lateral axis (sin f, -cos f) points to its right and the forward axis (cos f, sin f) ahead.
 *
 * Hot kernels take boxes packed in a Float64Array, `BOX_STRIDE` numbers from index `at`: centre x, y,
 * cosine and sine of the facing, half width, half depth (see `packBox`); segments packed as in
 * segments.ts. The `Rect` functions are conveniences over them. Nothing here allocates.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly depth: number;
  readonly facing: number;
}

/** Numbers per packed box: cx, cy, cos, sin, half width, half depth. */
export const BOX_STRIDE = 6;

/** Packs `r` into `out` at `at`. */
export function packBox(r: Rect, out: Float64Array, at: number): void {
  out[at] = r.x;
  out[at + 1] = r.y;
  out[at + 2] = cosDegrees(r.facing);
  out[at + 3] = sinDegrees(r.facing);
  out[at + 4] = r.width / 2;
  out[at + 5] = r.depth / 2;
}

/**
 * Writes the four corners of packed box `b` into `out` as x0, y0, ..., x3, y3, in the order
 * front-left, front-right, rear-right, rear-left (clockwise seen from above with +y up).
 */
export function boxCorners(boxes: ArrayLike<number>, b: number, out: Float64Array | number[]): void {
  writeCorners(boxes[b]!, boxes[b + 1]!, boxes[b + 2]!, boxes[b + 3]!, boxes[b + 4]!, boxes[b + 5]!, out);
}

/**
 * Writes into `out` the four corners of the box centred at (cx, cy) whose facing has cosine `c` and sine
 * `s`, `halfWidth` by `halfDepth`, in `boxCorners`' order: the one arithmetic of a box's corners, for
 * packed boxes and for stands alike.
 */
export function writeCorners(
  cx: number,
  cy: number,
  c: number,
  s: number,
  halfWidth: number,
  halfDepth: number,
  out: Float64Array | number[],
): void {
  const rx = s * halfWidth;
  const ry = -c * halfWidth;
  const fx = c * halfDepth;
  const fy = s * halfDepth;
  out[0] = cx - rx + fx;
  out[1] = cy - ry + fy;
  out[2] = cx + rx + fx;
  out[3] = cy + ry + fy;
  out[4] = cx + rx - fx;
  out[5] = cy + ry - fy;
  out[6] = cx - rx - fx;
  out[7] = cy - ry - fy;
}

/** The distance from point (px, py) to packed box `b` (0 inside or on it). */
export function pointBoxDistance(px: number, py: number, boxes: ArrayLike<number>, b: number): number {
  return Math.sqrt(pointBoxDistanceSq(px, py, boxes, b));
}

/** The square of `pointBoxDistance`. */
function pointBoxDistanceSq(px: number, py: number, boxes: ArrayLike<number>, b: number): number {
  const dx = px - boxes[b]!;
  const dy = py - boxes[b + 1]!;
  const c = boxes[b + 2]!;
  const s = boxes[b + 3]!;
  const lx = Math.abs(dx * s - dy * c) - boxes[b + 4]!;
  const ly = Math.abs(dx * c + dy * s) - boxes[b + 5]!;
  const ex = Math.max(lx, 0);
  const ey = Math.max(ly, 0);
  return ex * ex + ey * ey;
}

/**
 * Clips packed segment p to packed box `b` grown by `grow` on every side (Liang-Barsky, closed).
 * Returns false when they do not meet; otherwise writes the entry and exit parameters along the
 * segment (t in [0, 1], the point p0 + t(p1 - p0)) into out[0] and out[1]; a segment that only touches
 * the box gets out[0] === out[1].
 */
export function clipSegmentToBox(
  seg: ArrayLike<number>,
  p: number,
  boxes: ArrayLike<number>,
  b: number,
  grow: number,
  out: Float64Array,
): boolean {
  const cx = boxes[b]!;
  const cy = boxes[b + 1]!;
  const c = boxes[b + 2]!;
  const s = boxes[b + 3]!;
  const hw = boxes[b + 4]! + grow;
  const hd = boxes[b + 5]! + grow;
  const px = seg[p]! - cx;
  const py = seg[p + 1]! - cy;
  const qx = seg[p + 2]! - cx;
  const qy = seg[p + 3]! - cy;
  // Local coordinates: lateral x = d . (sin, -cos), forward y = d . (cos, sin).
  const x0 = px * s - py * c;
  const y0 = px * c + py * s;
  const dx = qx * s - qy * c - x0;
  const dy = qx * c + qy * s - y0;
  let t0 = 0;
  let t1 = 1;
  if (dx === 0) {
    if (x0 < -hw || x0 > hw) return false;
  } else {
    const ta = (-hw - x0) / dx;
    const tb = (hw - x0) / dx;
    const lo = Math.min(ta, tb);
    const hi = Math.max(ta, tb);
    if (lo > t0) t0 = lo;
    if (hi < t1) t1 = hi;
    if (t0 > t1) return false;
  }
  if (dy === 0) {
    if (y0 < -hd || y0 > hd) return false;
  } else {
    const ta = (-hd - y0) / dy;
    const tb = (hd - y0) / dy;
    const lo = Math.min(ta, tb);
    const hi = Math.max(ta, tb);
    if (lo > t0) t0 = lo;
    if (hi < t1) t1 = hi;
    if (t0 > t1) return false;
  }
  out[0] = t0;
  out[1] = t1;
  return true;
}

const CLIP = new Float64Array(2);
const CORNERS = new Float64Array(8);
const BOXES = new Float64Array(2 * BOX_STRIDE);

/** The distance from packed segment p to packed box `b` (0 when they meet). */
export function segmentBoxDistance(
  seg: ArrayLike<number>,
  p: number,
  boxes: ArrayLike<number>,
  b: number,
): number {
  if (clipSegmentToBox(seg, p, boxes, b, 0, CLIP)) return 0;
  const ax = seg[p]!;
  const ay = seg[p + 1]!;
  const bx = seg[p + 2]!;
  const by = seg[p + 3]!;
  // Apart: the nearest pair includes an endpoint of the segment or a corner of the box.
  const da = pointBoxDistance(ax, ay, boxes, b);
  const db = pointBoxDistance(bx, by, boxes, b);
  let best = da < db ? da * da : db * db;
  boxCorners(boxes, b, CORNERS);
  for (let i = 0; i < 8; i += 2) {
    const d = pointSegmentDistanceSq(CORNERS[i]!, CORNERS[i + 1]!, ax, ay, bx, by);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Whether packed boxes a and b overlap or touch (separating-axis test on the closed boxes). */
export function boxesOverlap(as: ArrayLike<number>, a: number, bs: ArrayLike<number>, b: number): boolean {
  const acos = as[a + 2]!;
  const asin = as[a + 3]!;
  const ahw = as[a + 4]!;
  const ahd = as[a + 5]!;
  const bcos = bs[b + 2]!;
  const bsin = bs[b + 3]!;
  const bhw = bs[b + 4]!;
  const bhd = bs[b + 5]!;
  // |cos| and |sin| of the angle between the two facings give every cross projection.
  const c = Math.abs(acos * bcos + asin * bsin);
  const s = Math.abs(asin * bcos - acos * bsin);
  const dx = bs[b]! - as[a]!;
  const dy = bs[b + 1]! - as[a + 1]!;
  if (Math.abs(dx * asin - dy * acos) > ahw + bhw * c + bhd * s) return false;
  if (Math.abs(dx * acos + dy * asin) > ahd + bhw * s + bhd * c) return false;
  if (Math.abs(dx * bsin - dy * bcos) > bhw + ahw * c + ahd * s) return false;
  if (Math.abs(dx * bcos + dy * bsin) > bhd + ahw * s + ahd * c) return false;
  return true;
}

/** The edge-to-edge distance between packed boxes a and b: 0 when they touch or overlap. */
export function boxDistance(as: ArrayLike<number>, a: number, bs: ArrayLike<number>, b: number): number {
  if (boxesOverlap(as, a, bs, b)) return 0;
  // Two disjoint convex polygons: the nearest pair includes a corner of one of them. Squares are
  // compared and one root taken: the root of the least square is the least root (sqrt is monotonic).
  let best = Number.POSITIVE_INFINITY;
  boxCorners(as, a, CORNERS);
  for (let i = 0; i < 8; i += 2) {
    const d = pointBoxDistanceSq(CORNERS[i]!, CORNERS[i + 1]!, bs, b);
    if (d < best) best = d;
  }
  boxCorners(bs, b, CORNERS);
  for (let i = 0; i < 8; i += 2) {
    const d = pointBoxDistanceSq(CORNERS[i]!, CORNERS[i + 1]!, as, a);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Writes the corners of `r` into `out` (order as `boxCorners`). */
export function rectCorners(r: Rect, out: Float64Array | number[]): void {
  packBox(r, BOXES, 0);
  boxCorners(BOXES, 0, out);
}

/** Whether two rectangles overlap or touch. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  packBox(a, BOXES, 0);
  packBox(b, BOXES, BOX_STRIDE);
  return boxesOverlap(BOXES, 0, BOXES, BOX_STRIDE);
}

/** The edge-to-edge distance between two rectangles: 0 exactly when they touch or overlap. */
export function rectDistance(a: Rect, b: Rect): number {
  packBox(a, BOXES, 0);
  packBox(b, BOXES, BOX_STRIDE);
  return boxDistance(BOXES, 0, BOXES, BOX_STRIDE);
}

/** Whether two rectangles are in contact: no more than `tolerance` inches apart (touching or overlapping). */
export function rectsInContact(a: Rect, b: Rect, tolerance: number): boolean {
  return rectDistance(a, b) <= tolerance;
}

/**
 * How much of the firer's front face the target covers when the face is projected straight ahead:
 * the width (inches) of the overlap between the front face and the lateral extent of the part of the
 * target on or ahead of the front face's line. 0 when no part of the target is ahead or it is wholly
 * to one side. "Any part of the target overlaps the front face's projection" is
 * `frontFaceOverlap(firer, target) > EPSILON`: a target that only touches the projection's side lines
 * does not overlap it (so a target square in front of one stand of a line is not also in front of its
 * neighbours); one touching the front face itself does.
 */
export function frontFaceOverlap(firer: Rect, target: Rect): number {
  rectCorners(target, CORNERS);
  packBox(firer, BOXES, 0);
  const fx = BOXES[0]!;
  const fy = BOXES[1]!;
  const c = BOXES[2]!;
  const s = BOXES[3]!;
  const hw = BOXES[4]!;
  const front = BOXES[5]! - EPSILON;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) & 3;
    const dxi = CORNERS[2 * i]! - fx;
    const dyi = CORNERS[2 * i + 1]! - fy;
    const dxj = CORNERS[2 * j]! - fx;
    const dyj = CORNERS[2 * j + 1]! - fy;
    const xi = dxi * s - dyi * c;
    const yi = dxi * c + dyi * s - front;
    const xj = dxj * s - dyj * c;
    const yj = dxj * c + dyj * s - front;
    if (yi >= 0) {
      if (xi < minX) minX = xi;
      if (xi > maxX) maxX = xi;
    }
    if ((yi < 0 && yj > 0) || (yi > 0 && yj < 0)) {
      const x = xi + ((xj - xi) * yi) / (yi - yj);
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
    }
  }
  if (minX > maxX) return 0;
  const lo = Math.max(minX, -hw);
  const hi = Math.min(maxX, hw);
  return hi > lo ? hi - lo : 0;
}
