import { describe, expect, it } from 'vitest';
import { Prng, seedRng } from './prng.ts';
import {
  d6,
  d6Plus3,
  d6Successes,
  d10,
  eventDie,
  nd6,
  oddD6,
  percentile,
  type RollSpec,
  randomFactor,
  twoD6Plus3,
} from './rolls.ts';

/** Counts every face combination by value, the slow way. */
function bruteForce(spec: RollSpec): Map<number, number> {
  const counts = new Map<number, number>();
  const faces = spec.dice.map((d) => d.min);
  const visit = (i: number): void => {
    if (i === faces.length) {
      const v = spec.combine(faces);
      counts.set(v, (counts.get(v) ?? 0) + 1);
      return;
    }
    for (let f = spec.dice[i]!.min; f <= spec.dice[i]!.max; f++) {
      faces[i] = f;
      visit(i + 1);
    }
  };
  visit(0);
  return counts;
}

const SPECS: RollSpec[] = [
  d6,
  nd6(1),
  nd6(2),
  nd6(3),
  nd6(4),
  d6Plus3,
  twoD6Plus3,
  d10,
  percentile,
  randomFactor,
  eventDie(1),
  eventDie(2),
  oddD6,
  d6Successes(3, 4, 0),
  d6Successes(4, 4, 1),
  d6Successes(2, 7, 0),
];

describe('roll specs', () => {
  it.each(SPECS.map((s) => [s.label, s]))(
    '%s: outcomes() equal brute-force enumeration of the faces',
    (_l, spec) => {
      const expected = bruteForce(spec);
      const got = new Map(spec.outcomes().map((o) => [o.value, o.ways]));
      expect(got).toEqual(expected);
      expect(spec.outcomes().reduce((s, o) => s + o.ways, 0)).toBe(spec.combinations);
    },
  );

  it.each(SPECS.filter((s) => s.draw).map((s) => [s.label, s]))(
    '%s: the fast draw consumes the PRNG exactly as recorded throws do',
    (_l, spec) => {
      const fast = new Prng(seedRng(5));
      const recorded = new Prng(seedRng(5));
      for (let i = 0; i < 2000; i++) {
        const faces = spec.dice.map((d) => d.min + recorded.int(d.max - d.min + 1));
        expect(spec.draw!(fast)).toBe(spec.combine(faces));
      }
      expect(fast.state()).toEqual(recorded.state());
    },
  );

  it('the Random Factor is d6 - d6: -5..+5 with P(v) = (6 - |v|)/36', () => {
    expect(randomFactor.outcomes().map((o) => [o.value, o.ways])).toEqual(
      Array.from({ length: 11 }, (_, i) => [i - 5, 6 - Math.abs(i - 5)]),
    );
    expect(randomFactor.combine([6, 1])).toBe(5);
    expect(randomFactor.combine([1, 6])).toBe(-5);
  });

  it('documents the other distributions', () => {
    expect(
      nd6(2)
        .outcomes()
        .find((o) => o.value === 7)?.ways,
    ).toBe(6);
    expect(d6Plus3.outcomes().map((o) => o.value)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(twoD6Plus3.outcomes().map((o) => o.value)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(percentile.outcomes()).toHaveLength(100);
    expect(percentile.outcomes()[0]).toEqual({ value: 0, ways: 1 });
    expect(eventDie(1).outcomes()).toEqual([
      { value: 0, ways: 5 },
      { value: 1, ways: 1 },
    ]);
    expect(eventDie(2).outcomes()).toEqual([
      { value: 0, ways: 4 },
      { value: 1, ways: 2 },
    ]);
    expect(d6Successes(10, 4, 1).outcomes()).toHaveLength(11);
  });

  it('rejects impossible dice counts', () => {
    expect(() => nd6(0)).toThrow(/1..12/);
    expect(() => d6Successes(0, 4, 0)).toThrow(/1..60/);
  });
});
