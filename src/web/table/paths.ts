import type { Point } from '../../core/geometry/points.ts';

/** An SVG path through the points, closed. */
export function closedPath(points: readonly Point[]): string {
  return `${points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ')} Z`;
}

/** An SVG path through the points, open. */
export function openPath(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

/** Coordinates to 1/1000 inch: enough for any screen, and shorter SVG. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
