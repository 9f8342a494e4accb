/**
 * The numbers of an odds chart as every shell shows them (the CLI's `--explain`, the browser's charts):
 * outcomes in a sensible order, percentages that never round a possible outcome to 0% or 100%, exact
 * fractions. Pure.
 */

/** Floating-point error in a sum of path probabilities. */
export const EPSILON = 1e-12;
const MAX_DENOMINATOR = 100_000;
const FRACTION_TOLERANCE = 5e-13;

/** One outcome of an odds view and its probability. */
export interface OutcomeOdds {
  readonly outcome: string | number;
  readonly probability: number;
}

/** Outcomes in a sensible order: numbers ascending; otherwise as the dice first reach them, low to high. */
export function orderedOutcomes<O extends OutcomeOdds>(view: {
  readonly outcomes: readonly O[];
}): readonly O[] {
  const all = view.outcomes;
  if (all.every((o) => typeof o.outcome === 'number')) {
    return [...all].sort((a, b) => (a.outcome as number) - (b.outcome as number));
  }
  return all;
}

/** A probability as a percentage with one decimal; never rounds a possible outcome to 0% or 100%. */
export function percent(p: number): string {
  if (p > EPSILON && p < 0.0005) return '<0.1%';
  if (p < 1 - EPSILON && p > 0.9995) return '>99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * The exact fraction a probability stands for, e.g. `25/36`, when a small denominator (at most
 * 100000) matches it to within floating-point error; else undefined. Two such fractions differ by at
 * least 1e-10, far more than the error of a sum of path probabilities, so the fraction is the one.
 */
export function fraction(p: number): string | undefined {
  if (Math.abs(p - 1) <= EPSILON) return '1';
  if (Math.abs(p) <= EPSILON) return '0';
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = p;
  for (let i = 0; i < 40; i++) {
    const a = Math.floor(x);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (k1 > MAX_DENOMINATOR) return undefined;
    if (Math.abs(h1 / k1 - p) <= FRACTION_TOLERANCE) return `${h1}/${k1}`;
    const rest = x - a;
    if (rest < 1e-15) break;
    x = 1 / rest;
  }
  return undefined;
}

/**
 * The margin, in percentage points, within which a chance estimated from `plays` plays lies of the exact
 * one 19 times in 20 (the normal approximation at its widest, a chance of one half: 1.96 × ½ / √plays).
 */
export function estimateMargin(plays: number): number {
  return Math.max(1, Math.round((196 * 0.5) / Math.sqrt(plays)));
}

/** What an estimated chart is, in words: "estimated from 1,000 plays of the engine (within about ±3 points)". */
export function estimateWords(plays: number): string {
  return `estimated from ${plays.toLocaleString('en-GB')} plays of the engine (within about ±${estimateMargin(plays)} points)`;
}
