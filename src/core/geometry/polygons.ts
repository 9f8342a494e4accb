import { EPSILON, pointSegmentDistanceSq, segmentDistance } from './segments.ts';

/**
 * Polygon and polyline kernels on flat coordinates: vertex i of a shape is
 * (coords[offset + 2i], coords[offset + 2i + 1]), for i < count. A polygon is closed implicitly
 * (its last vertex joins its first), simple, and may be wound either way; a polyline is open.
 * Segments are packed as in segments.ts (x0, y0, x1, y1 from index `at`).
 *
 * How a segment meets a shape is decided by which side of the segment's line each vertex lies on,
 * with vertices within `EPSILON` of the line counted as on it. The boundary crosses the line only
 * where it passes from one side to the other: a vertex or an edge that touches the line and turns
 * back is no crossing. So a segment that grazes a polygon's corner, or runs exactly along its edge,
 * has no run inside it ("zones count by their interior"), and a polyline merely touched is not crossed.
 * Nothing here allocates (scratch buffers grow once to the largest shape seen).
 */

let crossLo = new Float64Array(64);
let crossHi = new Float64Array(64);

function ensureScratch(count: number): void {
  if (crossLo.length >= count) return;
  let n = crossLo.length;
  while (n < count) n *= 2;
  crossLo = new Float64Array(n);
  crossHi = new Float64Array(n);
}

/**
 * Where point (x, y) lies: 1 strictly inside the polygon, 0 on its boundary (within `EPSILON`),
 * -1 outside.
 */
export function pointInPolygon(
  coords: ArrayLike<number>,
  offset: number,
  count: number,
  x: number,
  y: number,
): -1 | 0 | 1 {
  const e2 = EPSILON * EPSILON;
  let inside = false;
  let jx = coords[offset + 2 * (count - 1)]!;
  let jy = coords[offset + 2 * (count - 1) + 1]!;
  for (let i = 0; i < count; i++) {
    const ix = coords[offset + 2 * i]!;
    const iy = coords[offset + 2 * i + 1]!;
    if (pointSegmentDistanceSq(x, y, jx, jy, ix, iy) <= e2) return 0;
    if (iy > y !== jy > y && x < ix + ((y - iy) * (jx - ix)) / (jy - iy)) inside = !inside;
    jx = ix;
    jy = iy;
  }
  return inside ? 1 : -1;
}

/**
 * The runs of segment ab (packed in `seg` at `at`) inside the polygon's interior, as pairs t0, t1
 * (0 <= t0 < t1 <= 1, the points a + t(b - a)) written to `out` in order along ab; returns the number
 * of runs. Runs no longer than `EPSILON` are dropped. A run with t0 === 0 contains a (a is inside, or
 * on the boundary with the segment going in); likewise t1 === 1 and b. `out` must hold at least
 * `count` numbers.
 */
export function polygonRuns(
  coords: ArrayLike<number>,
  offset: number,
  count: number,
  seg: ArrayLike<number>,
  at: number,
  out: Float64Array,
): number {
  const ax = seg[at]!;
  const ay = seg[at + 1]!;
  const dx = seg[at + 2]! - ax;
  const dy = seg[at + 3]! - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0 || count < 3) return 0;
  const len = Math.sqrt(len2);
  const tol = EPSILON * len;
  // Start the walk at a vertex off the line.
  let start = -1;
  for (let i = 0; i < count; i++) {
    const s = dx * (coords[offset + 2 * i + 1]! - ay) - dy * (coords[offset + 2 * i]! - ax);
    if (s > tol || s < -tol) {
      start = i;
      break;
    }
  }
  if (start < 0) return 0;
  ensureScratch(count);
  const lo = crossLo;
  const hi = crossHi;
  let n = 0;
  const px = coords[offset + 2 * start]! - ax;
  const py = coords[offset + 2 * start + 1]! - ay;
  let prevS = dx * py - dy * px;
  let prevT = (px * dx + py * dy) / len2;
  let onLine = false;
  let zLo = 0;
  let zHi = 0;
  for (let k = 1; k <= count; k++) {
    const i = (start + k) % count;
    const vx = coords[offset + 2 * i]! - ax;
    const vy = coords[offset + 2 * i + 1]! - ay;
    const s = dx * vy - dy * vx;
    const t = (vx * dx + vy * dy) / len2;
    if (s <= tol && s >= -tol) {
      if (!onLine) {
        onLine = true;
        zLo = t;
        zHi = t;
      } else if (t < zLo) zLo = t;
      else if (t > zHi) zHi = t;
      continue;
    }
    if (s > 0 !== prevS > 0) {
      // The boundary passes to the other side: directly, or after running along the line.
      if (onLine) {
        lo[n] = zLo;
        hi[n] = zHi;
      } else {
        const c = prevT + ((t - prevT) * prevS) / (prevS - s);
        lo[n] = c;
        hi[n] = c;
      }
      n++;
    }
    onLine = false;
    prevS = s;
    prevT = t;
  }
  // Sort the crossings along the line (few: insertion sort).
  for (let i = 1; i < n; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    let j = i - 1;
    while (j >= 0 && lo[j]! > l) {
      lo[j + 1] = lo[j]!;
      hi[j + 1] = hi[j]!;
      j--;
    }
    lo[j + 1] = l;
    hi[j + 1] = h;
  }
  // Alternate crossings enter and leave; where the boundary ran along the line, the interior starts
  // after it on entry and ends before it on exit.
  let runs = 0;
  const minRun = EPSILON / len;
  for (let i = 0; i + 1 < n; i += 2) {
    let t0 = hi[i]!;
    let t1 = lo[i + 1]!;
    if (t0 < 0) t0 = 0;
    if (t1 > 1) t1 = 1;
    if (t1 - t0 > minRun) {
      out[2 * runs] = t0;
      out[2 * runs + 1] = t1;
      runs++;
    }
  }
  return runs;
}

/**
 * Where segment ab (packed in `seg` at `at`) crosses the open polyline from one side to the other, as
 * parameters t in [0, 1] written to `out` in the polyline's order; returns how many. Touching the
 * polyline (at a vertex, at an end, or along an edge without passing to the other side) is no
 * crossing. Where the polyline runs along the line and then passes over, the crossing is placed at the
 * middle of that stretch. `out` must hold at least `count` numbers.
 */
export function polylineCrossings(
  coords: ArrayLike<number>,
  offset: number,
  count: number,
  seg: ArrayLike<number>,
  at: number,
  out: Float64Array,
): number {
  const ax = seg[at]!;
  const ay = seg[at + 1]!;
  const dx = seg[at + 2]! - ax;
  const dy = seg[at + 3]! - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return 0;
  const tol = EPSILON * Math.sqrt(len2);
  let n = 0;
  let prevS = 0;
  let prevT = 0;
  let onLine = false;
  let zLo = 0;
  let zHi = 0;
  for (let i = 0; i < count; i++) {
    const vx = coords[offset + 2 * i]! - ax;
    const vy = coords[offset + 2 * i + 1]! - ay;
    const s = dx * vy - dy * vx;
    const t = (vx * dx + vy * dy) / len2;
    if (s <= tol && s >= -tol) {
      if (!onLine) {
        onLine = true;
        zLo = t;
        zHi = t;
      } else if (t < zLo) zLo = t;
      else if (t > zHi) zHi = t;
      continue;
    }
    if (prevS !== 0 && s > 0 !== prevS > 0) {
      const c = onLine ? (zLo + zHi) / 2 : prevT + ((t - prevT) * prevS) / (prevS - s);
      if (c >= 0 && c <= 1) out[n++] = c;
    }
    onLine = false;
    prevS = s;
    prevT = t;
  }
  return n;
}

/** How a segment lies relative to a polygon. */
export type SegmentPolygonRelation = 'outside' | 'touches' | 'crosses' | 'inside';

let runsScratch = new Float64Array(16);
const SEG = new Float64Array(4);

/**
 * Classifies segment ab against the polygon: 'inside' if all of it is in the interior (it may touch
 * the boundary from inside), 'crosses' if part of it is inside and part outside, 'touches' if it meets
 * only the boundary (grazing a corner, running along an edge), 'outside' if they do not meet.
 */
export function segmentPolygonRelation(
  coords: ArrayLike<number>,
  offset: number,
  count: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): SegmentPolygonRelation {
  if (runsScratch.length < count) runsScratch = new Float64Array(count);
  SEG[0] = ax;
  SEG[1] = ay;
  SEG[2] = bx;
  SEG[3] = by;
  const runs = polygonRuns(coords, offset, count, SEG, 0, runsScratch);
  if (runs === 1 && runsScratch[0] === 0 && runsScratch[1] === 1) return 'inside';
  if (runs > 0) return 'crosses';
  if (ax === bx && ay === by) {
    const where = pointInPolygon(coords, offset, count, ax, ay);
    return where > 0 ? 'inside' : where === 0 ? 'touches' : 'outside';
  }
  let jx = coords[offset + 2 * (count - 1)]!;
  let jy = coords[offset + 2 * (count - 1) + 1]!;
  for (let i = 0; i < count; i++) {
    const ix = coords[offset + 2 * i]!;
    const iy = coords[offset + 2 * i + 1]!;
    if (segmentDistance(ax, ay, bx, by, jx, jy, ix, iy) <= EPSILON) return 'touches';
    jx = ix;
    jy = iy;
  }
  return 'outside';
}
