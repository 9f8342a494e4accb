import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../random/dice.ts';
import { d6, d6Successes, nd6, randomFactor } from '../random/rolls.ts';
import { enumerateOutcomes, forEachOutcome, forEachPathFactors } from './enumerate.ts';

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

  it('reports the factors of each path, whose product in throw order is its probability bit for bit', () => {
    const run = (dice: DiceSource) => {
      const rf = dice.roll(randomFactor, 'rf');
      return rf > 2 ? dice.roll(nd6(2), 'bonus') : dice.roll(d6, 'other');
    };
    const probabilities: number[] = [];
    forEachOutcome(run, (_, p) => probabilities.push(p));
    const products: number[] = [];
    forEachPathFactors(run, (_, factors, count) => {
      let p = 1;
      for (let i = 0; i < count; i++) p *= factors[i]!;
      products.push(p);
    });
    expect(products).toEqual(probabilities);
  });

  it('follows paths of up to 256 rolls, and rejects longer ones', () => {
    // A die that always succeeds has one value: a long path that does not branch.
    const certain = d6Successes(1, 1, 0);
    const throwing = (rolls: number) => (dice: DiceSource) => {
      for (let i = 1; i < rolls; i++) dice.roll(certain, 'certain');
      return dice.roll(d6, 'last');
    };
    const seen: number[] = [];
    forEachOutcome(throwing(256), (face, p) => {
      seen.push(face);
      expect(p).toBe(1 / 6);
    });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => forEachOutcome(throwing(257), () => {})).toThrow(/more than 256 rolls/);
  });
});
