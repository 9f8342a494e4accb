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
