/**
 * A measure (inches, a level, an angle) as a player reads it: at most MEASURE_DECIMALS decimals, no
 * trailing zeros (`35.19`, `6`, `0.5`). Every text shown to a player rounds its numbers here, and a test
 * checks that no text shown has more decimals.
 */
export const MEASURE_DECIMALS = 2;

const SCALE = 10 ** MEASURE_DECIMALS;

export function measureText(n: number): string {
  const rounded = Math.round(n * SCALE) / SCALE;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Numbers in `text` written with more decimals than a player reads (for tests of shown text). */
export function overPreciseNumbers(text: string): string[] {
  return text.match(new RegExp(`\\d\\.\\d{${MEASURE_DECIMALS + 1},}`, 'g')) ?? [];
}
