import { type Rect, rectDistance } from './rectangles.ts';

/**
 * Groups of rectangles (a unit's stands): a circle holding them all, and the edge-to-edge distance
 * between two groups, culled by those circles. Groups are immutable arrays (states are never mutated),
 * so a group's circle is computed once per array.
 */

export interface GroupBounds {
  /** The centre: the mean of the rectangles' centres. */
  readonly x: number;
  readonly y: number;
  /** The radius of a circle about the centre holding every rectangle. */
  readonly r: number;
}

const boundsCache = new WeakMap<readonly Rect[], GroupBounds>();

/** The circle holding every rectangle of a non-empty group. */
export function groupBounds(rects: readonly Rect[]): GroupBounds {
  let b = boundsCache.get(rects);
  if (!b) {
    let x = 0;
    let y = 0;
    for (const s of rects) {
      x += s.x;
      y += s.y;
    }
    x /= rects.length;
    y /= rects.length;
    let r = 0;
    for (const s of rects) r = Math.max(r, Math.hypot(s.x - x, s.y - y) + Math.hypot(s.width, s.depth) / 2);
    b = { x, y, r };
    boundsCache.set(rects, b);
  }
  return b;
}

/**
 * The edge-to-edge distance between two groups (0 when they touch or overlap; infinity if one is empty).
 * Exact when it is at most `cap`; beyond it, some number above `cap` (callers asking "within d?" pass d).
 * Pairs of rectangles too far apart to beat the best so far are skipped without measuring.
 */
export function groupDistance(
  a: readonly Rect[],
  b: readonly Rect[],
  cap = Number.POSITIVE_INFINITY,
): number {
  if (cap !== Number.POSITIVE_INFINITY && a.length > 0 && b.length > 0) {
    const ba = groupBounds(a);
    const bb = groupBounds(b);
    const apart = Math.hypot(ba.x - bb.x, ba.y - bb.y) - ba.r - bb.r;
    if (apart > cap) return apart;
  }
  let best = Number.POSITIVE_INFINITY;
  for (const s of a) {
    const rs = Math.hypot(s.width, s.depth) / 2;
    for (const t of b) {
      const lower = Math.hypot(s.x - t.x, s.y - t.y) - rs - Math.hypot(t.width, t.depth) / 2;
      if (lower >= best) continue;
      best = Math.min(best, rectDistance(s, t));
    }
  }
  return best;
}
