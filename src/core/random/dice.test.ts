import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, type RollRecord, SuppliedDice } from './dice.ts';
import { seedRng } from './prng.ts';
import { d6, d10, nd6, percentile, randomFactor } from './rolls.ts';

describe('PRNG dice', () => {
  it('stay in range and record every throw', () => {
    const record: RollRecord[] = [];
    const dice = new PrngDice(seedRng(7), record);
    for (let i = 0; i < 1000; i++) {
      expect(dice.roll(d6, 'x')).toBeGreaterThanOrEqual(1);
      const rf = dice.roll(randomFactor, 'rf');
      expect(rf).toBeGreaterThanOrEqual(-5);
      expect(rf).toBeLessThanOrEqual(5);
    }
    expect(record).toHaveLength(2000);
    expect(record[1]).toMatchObject({ key: 'rf', roll: 'random-factor', source: 'prng' });
    expect(record[1]!.value).toBe(record[1]!.faces[0]! - record[1]!.faces[1]!);
  });

  it('same seed, same throws; the state resumes the stream', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = new PrngDice(seedRng(seed));
        const b = new PrngDice(seedRng(seed));
        const first = [a.roll(d6, 'k'), a.roll(percentile, 'k')];
        expect([b.roll(d6, 'k'), b.roll(percentile, 'k')]).toEqual(first);
        const c = new PrngDice(a.state());
        expect(c.roll(nd6(3), 'k')).toBe(b.roll(nd6(3), 'k'));
      }),
    );
  });
});

describe('typed-in dice', () => {
  it('give the same values as the PRNG would for the same faces', () => {
    const record: RollRecord[] = [];
    const prng = new PrngDice(seedRng(3), record);
    prng.roll(randomFactor, 'rf');
    prng.roll(d10, 'theme');
    const faces = record.flatMap((r) => r.faces);
    const typed = new SuppliedDice(faces);
    expect(typed.roll(randomFactor, 'rf')).toBe(record[0]!.value);
    expect(typed.roll(d10, 'theme')).toBe(record[1]!.value);
    typed.assertAllUsed();
  });

  it('can be given by roll key', () => {
    const typed = new SuppliedDice({ withoutOrders: [5], randomFactor: [2, 6] });
    expect(typed.roll(randomFactor, 'randomFactor')).toBe(-4);
    expect(typed.roll(d6, 'withoutOrders')).toBe(5);
    typed.assertAllUsed();
  });

  it('reject too few dice, naming the roll and the dice it needed', () => {
    const typed = new SuppliedDice([4]);
    expect(() => typed.roll(randomFactor, 'randomFactor')).toThrow(DiceInputError);
    expect(() => new SuppliedDice([4]).roll(randomFactor, 'randomFactor')).toThrow(
      /Random Factor.*"randomFactor" needs 2 dice \(d6 \(positive\), d6 \(negative\)\), but only 1 was left/,
    );
    expect(() => new SuppliedDice([]).roll(d6, 'withoutOrders')).toThrow(/no typed-in dice were left/);
  });

  it('reject out-of-range faces', () => {
    expect(() => new SuppliedDice([7, 1]).roll(randomFactor, 'rf')).toThrow(
      /needs a d6 \(positive\) showing 1-6, but got 7/,
    );
    expect(() => new SuppliedDice([100]).roll(percentile, 'event')).toThrow(/showing 0-99, but got 100/);
    expect(() => new SuppliedDice([2.5]).roll(d6, 'x')).toThrow(/got 2.5/);
  });

  it('reject surplus dice', () => {
    const typed = new SuppliedDice([3, 3, 6]);
    typed.roll(randomFactor, 'rf');
    expect(() => typed.assertAllUsed()).toThrow(/too many dice.*6/);
    const byKey = new SuppliedDice({ rf: [1, 1], extra: [2] });
    byKey.roll(randomFactor, 'rf');
    expect(() => byKey.assertAllUsed()).toThrow(/extra: 2/);
  });

  it('fall back to another source when told to', () => {
    const typed = new SuppliedDice([6, 1], undefined, new PrngDice(seedRng(1)));
    expect(typed.roll(randomFactor, 'rf')).toBe(5);
    expect(typed.roll(d6, 'next')).toBeGreaterThanOrEqual(1);
  });
});
