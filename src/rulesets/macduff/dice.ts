import { defineRoll, type RollOutcome, type RollSpec } from '../../core/random/rolls.ts';

/** Counts of at most this many trials per category are packed into one value. */
const BASE = 64;

/**
 * `trials` independent trials, each throwing `dicePerTrial` d6 and falling into one of `categories`
 * outcomes (`classify` of its faces). The value packs how many trials fell into each category: category
 * c counts `unpackCount(value, c)` times. The exact distribution is multinomial over the per-trial ways,
 * so a melee of 20 pairs, or 20 hits on a battery, branches on count vectors rather than on faces.
 */
export function trialsRoll(init: {
  readonly id: string;
  readonly label: string;
  readonly trials: number;
  readonly dicePerTrial: number;
  readonly categories: number;
  classify(faces: ArrayLike<number>, at: number): number;
}): RollSpec {
  const { trials, dicePerTrial, categories } = init;
  if (trials < 1 || trials >= BASE) throw new RangeError(`${init.id}: 1..${BASE - 1} trials, got ${trials}`);
  const perTrial = 6 ** dicePerTrial;
  const ways = new Array<number>(categories).fill(0);
  const faces = new Array<number>(dicePerTrial).fill(1);
  for (let k = 0; k < perTrial; k++) {
    let r = k;
    for (let i = 0; i < dicePerTrial; i++) {
      faces[i] = 1 + (r % 6);
      r = Math.floor(r / 6);
    }
    ways[init.classify(faces, 0)]! += 1;
  }
  return defineRoll({
    id: init.id,
    label: init.label,
    dice: Array.from({ length: trials * dicePerTrial }, (_, i) => ({
      min: 1,
      max: 6,
      name:
        dicePerTrial === 1
          ? 'd6'
          : `d6 (${i % dicePerTrial === 0 ? 'first' : 'second'} of pair ${Math.floor(i / dicePerTrial) + 1})`,
    })),
    combine: (f) => {
      let value = 0;
      for (let t = 0; t < trials; t++) value += BASE ** init.classify(f, t * dicePerTrial);
      return value;
    },
    outcomes: () => multinomialOutcomes(trials, ways),
  });
}

/** How many trials fell into category `c` of a `trialsRoll` value. */
export function unpackCount(value: number, c: number): number {
  return Math.floor(value / BASE ** c) % BASE;
}

function multinomialOutcomes(n: number, ways: readonly number[]): RollOutcome[] {
  const out: RollOutcome[] = [];
  const k = ways.length;
  const counts = new Array<number>(k).fill(0);
  const visit = (c: number, left: number): void => {
    if (c === k - 1) {
      counts[c] = left;
      let w = multinomial(n, counts);
      let value = 0;
      for (let i = 0; i < k; i++) {
        w *= ways[i]! ** counts[i]!;
        value += BASE ** i * counts[i]!;
      }
      if (w > 0) out.push({ value, ways: w });
      return;
    }
    for (let x = 0; x <= left; x++) {
      counts[c] = x;
      visit(c + 1, left - x);
    }
  };
  visit(0, n);
  return out.sort((a, b) => a.value - b.value);
}

function multinomial(n: number, counts: readonly number[]): number {
  let result = 1;
  let left = n;
  for (const c of counts) {
    for (let i = 1; i <= c; i++) result = (result * (left - c + i)) / i;
    left -= c;
  }
  return Math.round(result);
}

const pickRolls = new Map<number, RollSpec>();
/** One of `n` equally likely choices (the leader hit among several, 10.6), typed in as 1..n. */
export function pickOneOf(n: number): RollSpec {
  let spec = pickRolls.get(n);
  if (!spec) {
    spec = defineRoll({
      id: `d${n}`,
      label: `1 of ${n}, equally likely`,
      dice: [{ min: 1, max: n, name: `d${n}` }],
      combine: (f) => f[0]!,
      draw: (p) => 1 + p.int(n),
    });
    pickRolls.set(n, spec);
  }
  return spec;
}
