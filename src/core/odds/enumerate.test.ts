import { describe, expect, it } from 'vitest';
import { d6, nd6, randomFactor } from '../random/rolls.ts';
import { enumerateOutcomes, forEachOutcome } from './enumerate.ts';

describe('exact enumeration', () => {
  it('2d6 thrown as two separate d6 gives the triangular distribution', () => {
    const dist = enumerateOutcomes((dice) => dice.roll(d6, 'a') + dice.roll(d6, 'b'), String);
    const p7 = dist.find((o) => o.outcome === 7)!.probability;
    expect(p7).toBeCloseTo(6 / 36, 12);
    expect(dist.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });

  it('branches only on paths that throw a die', () => {
    let runs = 0;
    forEachOutcome(
      (dice) => {
        runs++;
        const rf = dice.roll(randomFactor, 'rf');
        return rf > 3 ? dice.roll(nd6(2), 'bonus') : 0;
      },
      () => {},
    );
    // rf has 11 values; only +4 and +5 throw 2d6 (11 values each).
    expect(runs).toBe(9 + 2 * 11);
  });

  it('weights grouped values by their number of ways', () => {
    const dist = enumerateOutcomes(
      (dice) => (dice.roll(randomFactor, 'rf') >= 3 ? 'high' : 'low'),
      (o) => o,
    );
    expect(dist.find((o) => o.outcome === 'high')!.probability).toBeCloseTo(6 / 36, 12);
  });

  it('rejects a procedure that is not deterministic', () => {
    let flip = false;
    expect(() =>
      forEachOutcome(
        (dice) => {
          dice.roll(d6, 'a');
          flip = !flip;
          return flip ? dice.roll(d6, 'b') : dice.roll(randomFactor, 'c');
        },
        () => {},
      ),
    ).toThrow(/not deterministic/);
  });
});
