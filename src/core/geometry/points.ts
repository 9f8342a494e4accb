/** A point on the table, in inches. Used in state (terrain outlines); kernels take plain numbers. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The points as flat coordinates x0, y0, x1, y1, ... (the form the polygon kernels take). */
export function flattenPoints(points: readonly Point[]): Float64Array {
  const out = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    out[2 * i] = points[i]!.x;
    out[2 * i + 1] = points[i]!.y;
  }
  return out;
}

/** The least axis-aligned box holding the points (infinite bounds, min above max, for none). */
export interface PointBounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function pointBounds(points: readonly Point[]): PointBounds {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
}
