/**
 * Angles. Muster's convention everywhere: degrees at the API, measured counter-clockwise from the
 * table's +x axis (0 = towards +x, 90 = towards +y); radians only inside kernels. A stand's facing is
 * the direction its front faces.
 */

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Slack for comparing angles computed through trigonometry (degrees). */
const ANGLE_EPSILON = 1e-9;

export function toRadians(degrees: number): number {
  return degrees * RADIANS_PER_DEGREE;
}

export function toDegrees(radians: number): number {
  return radians / RADIANS_PER_DEGREE;
}

/** cos of an angle in degrees, exact at multiples of 90 (so square-on layouts stay exact). */
export function cosDegrees(degrees: number): number {
  const r = normalizeDegrees(degrees);
  if (r === 0) return 1;
  if (r === 90 || r === 270) return 0;
  if (r === 180) return -1;
  return Math.cos(r * RADIANS_PER_DEGREE);
}

/** sin of an angle in degrees, exact at multiples of 90. */
export function sinDegrees(degrees: number): number {
  const r = normalizeDegrees(degrees);
  if (r === 0 || r === 180) return 0;
  if (r === 90) return 1;
  if (r === 270) return -1;
  return Math.sin(r * RADIANS_PER_DEGREE);
}

/** The same direction in [0, 360). */
export function normalizeDegrees(degrees: number): number {
  const r = degrees % 360;
  return r < 0 ? r + 360 : r + 0;
}

/** How far to turn from direction `from` to direction `to`, in (-180, 180]; positive is counter-clockwise. */
export function turnBetween(from: number, to: number): number {
  const d = (to - from) % 360;
  if (d > 180) return d - 360;
  if (d <= -180) return d + 360;
  return d + 0;
}

/** The unsigned angle between two directions, in [0, 180]. */
export function angleBetween(a: number, b: number): number {
  return Math.abs(turnBetween(a, b));
}

/** The direction from one point to another, in [0, 360); 0 when the points coincide. */
export function bearing(fromX: number, fromY: number, toX: number, toY: number): number {
  return normalizeDegrees(toDegrees(Math.atan2(toY - fromY, toX - fromX)));
}

/**
 * Whether `heading` lies within `tolerance` degrees either side of `direction` (inclusive, with
 * `ANGLE_EPSILON` of slack): e.g. artillery fires within 30 degrees either side of straight ahead.
 */
export function withinDegreesOf(direction: number, heading: number, tolerance: number): boolean {
  return angleBetween(direction, heading) <= tolerance + ANGLE_EPSILON;
}
