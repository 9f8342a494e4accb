import { polygonRuns, polylineCrossings } from '../geometry/polygons.ts';
import { BOX_STRIDE, clipSegmentToBox } from '../geometry/rectangles.ts';
import { EPSILON, SEGMENT_STRIDE, segmentsTouch } from '../geometry/segments.ts';
import type { TableIndex } from './spatial-index.ts';

/**
 * Inches: a stand whose centre is farther than its half width plus half depth plus this from a sight
 * line's line is clear of it, whatever the rounding of the exact test (which is far finer).
 */
const CLEAR_MARGIN = 1e-6;

/**
 * Traces one sight line across an indexed table: the rule-set-neutral half of line of sight.
 *
 * A sight line runs from point a to point b; either end may be a stand (its index) or a bare point
 * (-1). Only the part of the line between the stands matters: from where it leaves a's stand to where
 * it enters b's (`from`, `to`, as t along a->b; 0 and 1 for bare points). Along that part:
 * - Solids block on contact: a blocking stand (other than the two ends) or a barrier segment that the
 *   line touches, grazing a corner or running along an edge included, blocks it. A barrier segment
 *   that an end stand is in contact with does not (troops lining a wall see over it).
 * - Zones are reported, for the rule set to judge: `zones` lists those whose bounding box the line
 *   passes, `zoneRuns` gives the line's runs through a zone's interior (a line that only grazes a zone
 *   or runs along its edge has none), and `crestCrossings` where it passes over a hill's crest line.
 *
 * The geometry is computed in a canonical direction (from the end with the smaller x, then y), so the
 * line from a to b and the line from b to a see exactly the same things, and report the same blocker.
 * Results are in the tracer's fields, valid until the next trace; nothing is allocated per call
 * (`traceStands` passes no floating-point arguments, which a call that is not inlined would box).
 */
export class SightTracer {
  /** The index traced on: the one given, or the last one bound (`bind`). */
  index: TableIndex;

  /** The stand that blocked the last line, or -1. */
  blockingStand = -1;
  /** The barrier segment that blocked the last line, or -1. */
  blockingBarrier = -1;
  /** Length of the last line from a to b, inches. */
  length = 0;
  /** Where the line leaves a's stand (t along a->b). */
  from = 0;
  /** Where the line enters b's stand. */
  to = 1;
  /** The ends of the last line as given: ax, ay, bx, by. */
  readonly ends = new Float64Array(4);
  /** Zones met along the last line, in the order met: zones[0..zoneCount-1]. */
  zones: Int32Array;
  zoneCount = 0;
  /** Output of `zoneRuns`: pairs t0, t1 along a->b. */
  runs: Float64Array;
  /** Output of `crestCrossings`: t along a->b, ascending. */
  crossings: Float64Array;

  /** The line in canonical direction (packed segment), and the part of it between the stands. */
  private readonly line = new Float64Array(SEGMENT_STRIDE);
  private readonly part = new Float64Array(SEGMENT_STRIDE);
  private swapped = false;
  private tp = 0;
  private tq = 1;
  private stamp = 0;
  private standMark: Int32Array;
  private barrierMark: Int32Array;
  private zoneMark: Int32Array;
  private scratch: Float64Array;
  private readonly clip = new Float64Array(2);

  constructor(index: TableIndex) {
    this.index = index;
    this.zones = new Int32Array(index.zoneCount);
    this.standMark = new Int32Array(index.standCount);
    this.barrierMark = new Int32Array(index.barrierCount);
    this.zoneMark = new Int32Array(index.zoneCount);
    let most = 4;
    for (let z = 0; z < index.zoneCount; z++) {
      most = Math.max(most, index.zoneVertices[z]!, index.crestVertices[z]!);
    }
    this.runs = new Float64Array(most + 2);
    this.crossings = new Float64Array(most + 2);
    this.scratch = new Float64Array(most + 2);
  }

  /**
   * Traces on `index` from now on. The tracer's scratch and marks are grown to what it needs (the marks
   * are stamped afresh for every line, so whatever an earlier index left in them is never read), so one
   * tracer serves the indexes of many tables in turn: a caller that binds it before each line it traces
   * and reads the results before the next may share it with others that do the same.
   */
  bind(index: TableIndex): void {
    const was = this.index;
    if (index === was) return;
    this.index = index;
    if (this.standMark.length < index.standCount) this.standMark = new Int32Array(index.standCount);
    if (this.barrierMark.length < index.barrierCount) this.barrierMark = new Int32Array(index.barrierCount);
    if (this.zoneMark.length < index.zoneCount) {
      this.zoneMark = new Int32Array(index.zoneCount);
      this.zones = new Int32Array(index.zoneCount);
    }
    if (index.zoneVertices === was.zoneVertices && index.crestVertices === was.crestVertices) return;
    let most = 4;
    for (let z = 0; z < index.zoneCount; z++) {
      most = Math.max(most, index.zoneVertices[z]!, index.crestVertices[z]!);
    }
    if (this.runs.length < most + 2) {
      this.runs = new Float64Array(most + 2);
      this.crossings = new Float64Array(most + 2);
      this.scratch = new Float64Array(most + 2);
    }
  }

  /**
   * Traces the line from (ax, ay) to (bx, by); `standA` and `standB` are the stands at the ends, or -1.
   * Returns false when a solid blocks it (`blockingStand` or `blockingBarrier` says which); true
   * otherwise, with the zones met listed. A line of zero length, or between stands in contact along it
   * (no more than `EPSILON` apart), has nothing between its ends and is clear.
   */
  trace(ax: number, ay: number, standA: number, bx: number, by: number, standB: number): boolean {
    const e = this.ends;
    e[0] = ax;
    e[1] = ay;
    e[2] = bx;
    e[3] = by;
    return this.run(standA, standB);
  }

  /** `trace` from the centre of stand a to the centre of stand b. */
  traceStands(a: number, b: number): boolean {
    const boxes = this.index.standBoxes;
    const e = this.ends;
    e[0] = boxes[a * BOX_STRIDE]!;
    e[1] = boxes[a * BOX_STRIDE + 1]!;
    e[2] = boxes[b * BOX_STRIDE]!;
    e[3] = boxes[b * BOX_STRIDE + 1]!;
    return this.run(a, b);
  }

  private run(standA: number, standB: number): boolean {
    this.blockingStand = -1;
    this.blockingBarrier = -1;
    this.zoneCount = 0;
    const e = this.ends;
    const ax = e[0]!;
    const ay = e[1]!;
    const bx = e[2]!;
    const by = e[3]!;
    const swap = ax > bx || (ax === bx && ay > by);
    this.swapped = swap;
    const line = this.line;
    const px = swap ? bx : ax;
    const py = swap ? by : ay;
    const qx = swap ? ax : bx;
    const qy = swap ? ay : by;
    line[0] = px;
    line[1] = py;
    line[2] = qx;
    line[3] = qy;
    const sp = swap ? standB : standA;
    const sq = swap ? standA : standB;
    const dx = qx - px;
    const dy = qy - py;
    this.length = Math.sqrt(dx * dx + dy * dy);
    const ix = this.index;
    const boxes = ix.standBoxes;
    const clip = this.clip;
    let tp = 0;
    let tq = 1;
    if (this.length > 0) {
      if (sp >= 0 && clipSegmentToBox(line, 0, boxes, sp * BOX_STRIDE, 0, clip)) tp = clip[1]!;
      if (sq >= 0 && clipSegmentToBox(line, 0, boxes, sq * BOX_STRIDE, 0, clip)) tq = clip[0]!;
    }
    this.tp = tp;
    this.tq = tq;
    this.from = swap ? 1 - tq : tp;
    this.to = swap ? 1 - tp : tq;
    // Stands in contact along the line (within EPSILON) have nothing between them.
    if ((tq - tp) * this.length <= EPSILON) return true;

    if (++this.stamp === 0x7fffffff) {
      this.stamp = 1;
      this.standMark.fill(0);
      this.barrierMark.fill(0);
      this.zoneMark.fill(0);
    }
    const stamp = this.stamp;
    // The part of the line between the stands, clipped to the grid.
    let x0 = px + tp * dx;
    let y0 = py + tp * dy;
    let x1 = px + tq * dx;
    let y1 = py + tq * dy;
    const cell = ix.cellSize;
    const gx0 = ix.gridX;
    const gy0 = ix.gridY;
    const gx1 = gx0 + ix.columns * cell;
    const gy1 = gy0 + ix.rows * cell;
    {
      const ddx = x1 - x0;
      const ddy = y1 - y0;
      let u0 = 0;
      let u1 = 1;
      if (ddx === 0) {
        if (x0 < gx0 || x0 > gx1) return true;
      } else {
        const ua = (gx0 - x0) / ddx;
        const ub = (gx1 - x0) / ddx;
        if (ddx > 0) {
          if (ua > u0) u0 = ua;
          if (ub < u1) u1 = ub;
        } else {
          if (ub > u0) u0 = ub;
          if (ua < u1) u1 = ua;
        }
      }
      if (ddy === 0) {
        if (y0 < gy0 || y0 > gy1) return true;
      } else {
        const ua = (gy0 - y0) / ddy;
        const ub = (gy1 - y0) / ddy;
        if (ddy > 0) {
          if (ua > u0) u0 = ua;
          if (ub < u1) u1 = ub;
        } else {
          if (ub > u0) u0 = ub;
          if (ua < u1) u1 = ua;
        }
      }
      if (u0 > u1) return true;
      const sx = x0;
      const sy = y0;
      x0 = sx + u0 * ddx;
      y0 = sy + u0 * ddy;
      x1 = sx + u1 * ddx;
      y1 = sy + u1 * ddy;
    }
    const part = this.part;
    part[0] = x0;
    part[1] = y0;
    part[2] = x1;
    part[3] = y1;
    const partX = x1 - x0;
    const partY = y1 - y0;
    const partLengthSq = partX * partX + partY * partY;
    // Walk the cells the part passes (Amanatides & Woo), in order from its start.
    const inv = 1 / cell;
    const fx = (x0 - gx0) * inv;
    const fy = (y0 - gy0) * inv;
    const ex = (x1 - gx0) * inv - fx;
    const ey = (y1 - gy0) * inv - fy;
    const cols = ix.columns;
    const rows = ix.rows;
    let c = Math.min(Math.max(Math.floor(fx), 0), cols - 1);
    let r = Math.min(Math.max(Math.floor(fy), 0), rows - 1);
    const stepC = ex > 0 ? 1 : ex < 0 ? -1 : 0;
    const stepR = ey > 0 ? 1 : ey < 0 ? -1 : 0;
    const deltaC = stepC !== 0 ? Math.abs(1 / ex) : Number.POSITIVE_INFINITY;
    const deltaR = stepR !== 0 ? Math.abs(1 / ey) : Number.POSITIVE_INFINITY;
    let nextC = stepC > 0 ? (c + 1 - fx) / ex : stepC < 0 ? (c - fx) / ex : Number.POSITIVE_INFINITY;
    let nextR = stepR > 0 ? (r + 1 - fy) / ey : stepR < 0 ? (r - fy) / ey : Number.POSITIVE_INFINITY;
    const standStart = ix.cellStandStart;
    const standItems = ix.cellStands;
    const barrierStart = ix.cellBarrierStart;
    const barrierItems = ix.cellBarriers;
    const barriers = ix.barrierSegments;
    const zoneStart = ix.cellZoneStart;
    const zoneItems = ix.cellZones;
    const blocks = ix.standBlocks;
    const standMark = this.standMark;
    const barrierMark = this.barrierMark;
    const zoneMark = this.zoneMark;
    const zb = ix.zoneBox;
    const lx0 = Math.min(x0, x1) - EPSILON;
    const lx1 = Math.max(x0, x1) + EPSILON;
    const ly0 = Math.min(y0, y1) - EPSILON;
    const ly1 = Math.max(y0, y1) + EPSILON;
    for (;;) {
      const cellIndex = r * cols + c;
      for (let k = standStart[cellIndex]!, end = standStart[cellIndex + 1]!; k < end; k++) {
        const s = standItems[k]!;
        if (standMark[s] === stamp) continue;
        standMark[s] = stamp;
        if (blocks[s] === 0 || s === sp || s === sq) continue;
        // A stand farther from the part's line than its half width plus half depth (and then some, far
        // beyond rounding) cannot touch it: skip the exact test.
        const at = s * BOX_STRIDE;
        const cross = partX * (boxes[at + 1]! - y0) - partY * (boxes[at]! - x0);
        const reach = boxes[at + 4]! + boxes[at + 5]! + 2 * EPSILON + CLEAR_MARGIN;
        if (cross * cross > reach * reach * partLengthSq) continue;
        if (clipSegmentToBox(part, 0, boxes, at, EPSILON, clip)) {
          this.blockingStand = s;
          return false;
        }
      }
      for (let k = barrierStart[cellIndex]!, end = barrierStart[cellIndex + 1]!; k < end; k++) {
        const g = barrierItems[k]!;
        if (barrierMark[g] === stamp) continue;
        barrierMark[g] = stamp;
        if (
          segmentsTouch(part, 0, barriers, g * SEGMENT_STRIDE) &&
          !(sp >= 0 && ix.standContactsBarrier(sp, g)) &&
          !(sq >= 0 && ix.standContactsBarrier(sq, g))
        ) {
          this.blockingBarrier = g;
          return false;
        }
      }
      for (let k = zoneStart[cellIndex]!, end = zoneStart[cellIndex + 1]!; k < end; k++) {
        const z = zoneItems[k]!;
        if (zoneMark[z] === stamp) continue;
        zoneMark[z] = stamp;
        if (zb[4 * z]! > lx1 || zb[4 * z + 2]! < lx0 || zb[4 * z + 1]! > ly1 || zb[4 * z + 3]! < ly0)
          continue;
        this.zones[this.zoneCount++] = z;
      }
      if (nextC > 1 && nextR > 1) break;
      if (nextC < nextR) {
        c += stepC;
        if (c < 0 || c >= cols) break;
        nextC += deltaC;
      } else {
        r += stepR;
        if (r < 0 || r >= rows) break;
        nextR += deltaR;
      }
    }
    return true;
  }

  /**
   * The runs of the last line through zone z's interior, between the stands (clipped to
   * [from, to]), as pairs t0, t1 along a->b in `runs`, in order from a; returns how many. A run with
   * t0 === from reaches a's stand (or a), one with t1 === to reaches b's.
   */
  zoneRuns(z: number): number {
    const ix = this.index;
    const len = this.length;
    if (len === 0) return 0;
    const scratch = this.scratch;
    const raw = polygonRuns(ix.zoneCoords, ix.zoneOffset[z]!, ix.zoneVertices[z]!, this.line, 0, scratch);
    const min = EPSILON / len;
    const tp = this.tp;
    const tq = this.tq;
    let n = 0;
    const out = this.runs;
    for (let i = 0; i < raw; i++) {
      let t0 = scratch[2 * i]!;
      let t1 = scratch[2 * i + 1]!;
      if (t0 < tp) t0 = tp;
      if (t1 > tq) t1 = tq;
      if (t1 - t0 <= min) continue;
      out[2 * n] = t0;
      out[2 * n + 1] = t1;
      n++;
    }
    if (this.swapped) {
      // Back to a->b: t -> 1 - t, and reverse the order.
      for (let i = 0, j = n - 1; i <= j; i++, j--) {
        const a0 = out[2 * i]!;
        const a1 = out[2 * i + 1]!;
        out[2 * i] = 1 - out[2 * j + 1]!;
        out[2 * i + 1] = 1 - out[2 * j]!;
        out[2 * j] = 1 - a1;
        out[2 * j + 1] = 1 - a0;
      }
    }
    // Exact ends, so callers can test t0 === from and t1 === to.
    const from = this.from;
    const to = this.to;
    for (let i = 0; i < n; i++) {
      if (out[2 * i]! <= from) out[2 * i] = from;
      if (out[2 * i + 1]! >= to) out[2 * i + 1] = to;
    }
    return n;
  }

  /**
   * Where the last line passes over the crest line of hill zone z strictly between the stands, as t
   * along a->b in `crossings`, ascending; returns how many (0 when the hill has no crest line).
   */
  crestCrossings(z: number): number {
    const ix = this.index;
    const count = ix.crestVertices[z]!;
    if (count < 2 || this.length === 0) return 0;
    const scratch = this.scratch;
    const raw = polylineCrossings(ix.zoneCoords, ix.crestOffset[z]!, count, this.line, 0, scratch);
    const out = this.crossings;
    const tp = this.tp;
    const tq = this.tq;
    let n = 0;
    for (let i = 0; i < raw; i++) {
      const t = scratch[i]!;
      if (t <= tp || t >= tq) continue;
      // Insert in ascending order of t along a->b.
      const u = this.swapped ? 1 - t : t;
      let j = n - 1;
      while (j >= 0 && out[j]! > u) {
        out[j + 1] = out[j]!;
        j--;
      }
      out[j + 1] = u;
      n++;
    }
    return n;
  }
}
