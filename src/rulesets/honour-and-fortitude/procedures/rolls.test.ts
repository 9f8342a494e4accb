import { describe, expect, it } from 'vitest';
import { PrngDice } from '../../../core/random/dice.ts';
import { Prng, seedRng } from '../../../core/random/prng.ts';
import type { RollSpec } from '../../../core/random/rolls.ts';
import { MELEE_ROWS, MELEE_TABLE } from '../tables/melee.ts';
import { d6AtMost, meleeBundles, meleeDice, meleeKills } from './rolls.ts';

/** Every combination of faces, grouped by combined value: the authority the specs' outcomes must match. */
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

const asMap = (spec: RollSpec) => new Map(spec.outcomes().map((o) => [o.value, o.ways]));

describe("Honour & Fortitude's rolls", () => {
  it.each([1, 2, 3, 4, 5, 6])('d6 at most %i: outcomes match the faces', (n) => {
    expect(asMap(d6AtMost(n))).toEqual(bruteForce(d6AtMost(n)));
  });
  it.each(MELEE_ROWS.flatMap((row) => [1, 2, 4].map((n) => [row, n] as const)))(
    'melee dice, %s, %i figures: the trinomial outcomes match the faces',
    (row, n) => {
      const spec = meleeDice(n, MELEE_TABLE.rows[row]);
      expect(asMap(spec)).toEqual(bruteForce(spec));
      expect(spec.outcomes().reduce((s, o) => s + o.ways, 0)).toBe(spec.combinations);
    },
  );
  it('the fast draw consumes the generator as recorded throws do', () => {
    const spec = d6AtMost(3);
    const fast = new Prng(seedRng(5));
    const recorded = new PrngDice(seedRng(5), []);
    for (let i = 0; i < 50; i++) expect(spec.draw!(fast)).toBe(recorded.roll(spec, 'x'));
  });
  it('packs kills and bundles into one value', () => {
    const spec = meleeDice(3, MELEE_TABLE.rows['advantage-2-plus']);
    const v = spec.combine([5, 3, 1]);
    expect([meleeKills(v), meleeBundles(v)]).toEqual([1, 1]);
  });
});
