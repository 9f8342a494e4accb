/**
 * How a "1 in N" Confrontation loss is rounded: Muster's default (floor) and its options, with the die
 * the remainder-chance rounding throws. See docs/rules/john-company/confrontation.md.
 */
import { z } from 'zod';
import type { DiceSource } from '../../../../core/random/dice.ts';
import { defineRoll, type RollSpec } from '../../../../core/random/rolls.ts';

/**
 * How a "1 in N" loss is rounded: floor(S/N) (Muster's default), to the nearest (halves up), up, or
 * floor(S/N) plus one more stand when a dN shows the remainder (S mod N) or less, so that the
 * expected loss is exactly S/N. See docs/rules/john-company/confrontation.md.
 */
export const LOSS_ROUNDINGS = ['floor', 'nearest', 'ceil', 'remainder-chance'] as const;
export type LossRounding = (typeof LOSS_ROUNDINGS)[number];
export const DEFAULT_LOSS_ROUNDING: LossRounding = 'floor';

const remainderDice = new Map<number, RollSpec>();
/** One die numbered 1..n, read as 1 (one more stand lost) when it shows `remainder` or less, else 0. */
export function remainderDie(n: number, remainder: number): RollSpec {
  const cacheKey = n * 1000 + remainder;
  let spec = remainderDice.get(cacheKey);
  if (!spec) {
    spec = defineRoll({
      id: `d${n}-at-most-${remainder}`,
      label: `1d${n} (one more stand on ${remainder === 1 ? '1' : `1-${remainder}`})`,
      dice: [{ min: 1, max: n, name: `d${n}` }],
      combine: (f) => (f[0]! <= remainder ? 1 : 0),
      draw: (p) => (p.int(n) < remainder ? 1 : 0),
    });
    remainderDice.set(cacheKey, spec);
  }
  return spec;
}

/**
 * Stands lost at "1 in `n`" of `stands`, rounded as `rounding`. Only 'remainder-chance' throws a die
 * (under `key`), and only when the division leaves a remainder.
 */
export function ratioLoss(
  stands: number,
  n: number,
  rounding: LossRounding,
  dice: DiceSource,
  key: string,
): number {
  const whole = Math.floor(stands / n);
  const remainder = stands - whole * n;
  if (remainder === 0 || rounding === 'floor') return whole;
  if (rounding === 'ceil') return whole + 1;
  if (rounding === 'nearest') return 2 * remainder >= n ? whole + 1 : whole;
  return whole + dice.roll(remainderDie(n, remainder), key);
}

export function describeRounding(rounding: LossRounding): string {
  switch (rounding) {
    case 'floor':
      return 'rounded down';
    case 'nearest':
      return 'rounded to the nearest, halves up';
    case 'ceil':
      return 'rounded up';
    case 'remainder-chance':
      return 'rounded down, the remainder a chance of one more';
  }
}

/** The optional `lossRounding` fact, as every procedure with "1 in N" losses takes it. */
export const lossRoundingSchema = z
  .enum(LOSS_ROUNDINGS)
  .optional()
  .describe(
    'How a "1 in N" loss is rounded: floor (default: whole stands only), nearest (halves up), ceil, or remainder-chance (floor, plus one more stand if a dN shows the remainder or less)',
  );
