import { type Die, defineRoll, type RollOutcome, type RollSpec } from '../../core/random/rolls.ts';

/** The six faces of an Average Die: 2, 3, 3, 4, 4, 5. */
export const AVERAGE_DIE_FACES = [2, 3, 3, 4, 4, 5] as const;

const AVERAGE_DIE: Die = { min: 2, max: 5, faces: AVERAGE_DIE_FACES, name: 'Average Die (2, 3, 3, 4, 4, 5)' };

/**
 * The Average Die of Hannam's combat: a d6 numbered 2,3,3,4,4,5, typed in as the number showing. Its
 * value is that number: P(2) = P(5) = 1/6, P(3) = P(4) = 2/6.
 */
export const averageDie = defineRoll({
  id: 'average-die',
  label: 'Average Die (2,3,3,4,4,5)',
  dice: [AVERAGE_DIE],
  combine: (f) => f[0]!,
  draw: (p) => AVERAGE_DIE_FACES[p.int(6)]!,
});

/** The multiplier that packs a count of 6s and a count of 5s into one roll value: sixes * 100 + fives. */
export const SIXES = 100;

const skirmishRolls = new Map<number, RollSpec>();
/**
 * n d6 thrown by skirmishers: the value packs the 6s (each a hit) and the 5s (each re-rolled) as
 * `sixes * SIXES + fives`. Multinomial: P(s, f) = C(n,s) C(n-s,f) 4^(n-s-f) / 6^n.
 */
export function skirmishFireDice(n: number): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > 30)
    throw new RangeError(`skirmish fire needs 1..30 dice, got ${n}`);
  let spec = skirmishRolls.get(n);
  if (!spec) {
    spec = defineRoll({
      id: `${n}d6-sixes-and-fives`,
      label: `${n}d6 (6s hit, 5s re-rolled)`,
      dice: Array.from({ length: n }, () => ({ min: 1, max: 6, name: 'd6' })),
      combine: (f) => {
        let sixes = 0;
        let fives = 0;
        for (let i = 0; i < f.length; i++) {
          if (f[i] === 6) sixes++;
          else if (f[i] === 5) fives++;
        }
        return sixes * SIXES + fives;
      },
      reads: (value) => {
        const sixes = Math.floor(value / SIXES);
        const fives = value % SIXES;
        return `${sixes} ${sixes === 1 ? 'six' : 'sixes'}, ${fives} ${fives === 1 ? 'five' : 'fives'}`;
      },
      outcomes: () => sixesAndFives(n),
    });
    skirmishRolls.set(n, spec);
  }
  return spec;
}

function sixesAndFives(n: number): RollOutcome[] {
  const out: RollOutcome[] = [];
  for (let s = 0; s <= n; s++)
    for (let f = 0; s + f <= n; f++)
      out.push({ value: s * SIXES + f, ways: choose(n, s) * choose(n - s, f) * 4 ** (n - s - f) });
  return out;
}

export function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}
