import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../../core/random/dice.ts';
import { ratioLoss } from './loss-rounding.ts';

describe('confrontation: "1 in N" stand losses', () => {
  it.each([
    // stands, N, floor, nearest, ceil
    [16, 6, 2, 3, 3],
    [16, 8, 2, 2, 2],
    [15, 10, 1, 2, 2],
    [14, 10, 1, 1, 2],
    [7, 8, 0, 1, 1],
    [3, 8, 0, 0, 1],
    [12, 4, 3, 3, 3],
    [1, 10, 0, 0, 1],
  ])('%i stands at 1 in %i: floor %i, nearest %i, ceil %i', (stands, n, floor, nearest, ceil) => {
    const none = new SuppliedDice([]);
    expect(ratioLoss(stands, n, 'floor', none, 'x')).toBe(floor);
    expect(ratioLoss(stands, n, 'nearest', none, 'x')).toBe(nearest);
    expect(ratioLoss(stands, n, 'ceil', none, 'x')).toBe(ceil);
  });

  it.each([
    [16, 6, 4, 3],
    [16, 6, 5, 2],
    [16, 8, 1, 2], // no remainder: no die thrown, the 1 is left over
    [9, 10, 9, 1],
    [9, 10, 10, 0],
  ])('remainder-chance: %i stands at 1 in %i with a d(N) of %i loses %i', (stands, n, face, lost) => {
    const dice = new SuppliedDice([face]);
    expect(ratioLoss(stands, n, 'remainder-chance', dice, 'x')).toBe(lost);
    if (stands % n === 0) expect(() => dice.assertAllUsed()).toThrow(/too many dice/);
    else dice.assertAllUsed();
  });
});
