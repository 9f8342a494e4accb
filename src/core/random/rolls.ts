import type { Prng } from './prng.ts';

/**
 * The kinds of roll the rules call for. A `RollSpec` says which physical dice are thrown and how
 * their faces combine into the one number a procedure sees.
 *
 * Contract, relied on by the exact-odds enumerator: a procedure sees only the combined `value` of a
 * roll, never the individual faces (those go to the record and the trace). So two throws with the
 * same value are interchangeable, and `outcomes()` may group faces by value.
 *
 * Every spec documents its exact distribution; `rolls.test.ts` checks each `outcomes()` against
 * brute-force enumeration of the faces.
 */
export interface Die {
  readonly min: number;
  readonly max: number;
  /** How the die is named when a referee types it in, e.g. "d6 (positive)". */
  readonly name: string;
  /**
   * The numbers on its faces, for a die not numbered min..max in steps of one (an Average Die reads
   * 2, 3, 3, 4, 4, 5): each equally likely, and what a referee types in is the number showing.
   */
  readonly faces?: readonly number[];
}

/** The number on each face of a die, face by face (a number on two faces is listed twice). */
export function faceValues(die: Die): readonly number[] {
  return die.faces ?? Array.from({ length: die.max - die.min + 1 }, (_, i) => die.min + i);
}

export interface RollOutcome {
  readonly value: number;
  /** Number of equally likely face combinations giving `value`. */
  readonly ways: number;
}

export interface RollSpec {
  /** Stable id, e.g. 'random-factor'. */
  readonly id: string;
  /** How the rules name it, e.g. "Random Factor (d6 − d6)". */
  readonly label: string;
  readonly dice: readonly Die[];
  /** Combines the faces (in `dice` order) into the value the procedure uses. */
  combine(faces: ArrayLike<number>): number;
  /** Every value with its number of ways; the ways sum to `combinations`. */
  outcomes(): readonly RollOutcome[];
  /** Total number of equally likely face combinations. */
  readonly combinations: number;
  /**
   * Optional fast path for unrecorded PRNG throws: must draw the faces from `prng` exactly as `PrngDice`
   * would (one `int(max - min + 1)`, or `int(faces.length)`, per die, in order) and return
   * `combine(faces)` (a test checks both).
   */
  readonly draw: ((prng: Prng) => number) | undefined;
  /** The value in words, for a value that packs several counts into one number (kills and bundles). */
  readonly reads?: (value: number) => string;
}

const D6: Die = { min: 1, max: 6, name: 'd6' };

function faceCount(dice: readonly Die[]): number {
  return dice.reduce((n, d) => n * (d.faces?.length ?? d.max - d.min + 1), 1);
}

/** Groups every face combination by its combined value (only for small products of dice). */
function bruteForceOutcomes(
  dice: readonly Die[],
  combine: (faces: ArrayLike<number>) => number,
): RollOutcome[] {
  const counts = new Map<number, number>();
  const faces = dice.map((d) => d.min);
  const values = dice.map(faceValues);
  const visit = (i: number): void => {
    if (i === dice.length) {
      const v = combine(faces);
      counts.set(v, (counts.get(v) ?? 0) + 1);
      return;
    }
    for (const f of values[i]!) {
      faces[i] = f;
      visit(i + 1);
    }
  };
  visit(0);
  return [...counts.entries()].sort((x, y) => x[0] - y[0]).map(([value, ways]) => ({ value, ways }));
}

interface SpecInit {
  id: string;
  label: string;
  dice: readonly Die[];
  combine(faces: ArrayLike<number>): number;
  outcomes?: () => RollOutcome[];
  draw?: (prng: Prng) => number;
  reads?: (value: number) => string;
}

export function defineRoll(init: SpecInit): RollSpec {
  let cached: readonly RollOutcome[] | undefined;
  return {
    id: init.id,
    label: init.label,
    dice: init.dice,
    combine: init.combine,
    draw: init.draw,
    ...(init.reads ? { reads: init.reads } : {}),
    combinations: faceCount(init.dice),
    outcomes() {
      cached ??= Object.freeze(init.outcomes ? init.outcomes() : bruteForceOutcomes(init.dice, init.combine));
      return cached;
    },
  };
}

function sum(faces: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < faces.length; i++) s += faces[i]!;
  return s;
}

/** One d6: 1..6, each 1/6. */
export const d6 = defineRoll({
  id: 'd6',
  label: '1d6',
  dice: [D6],
  combine: (f) => f[0]!,
  draw: (p) => 1 + p.int(6),
});

const sumsOfD6 = new Map<number, RollSpec>();
/**
 * nd6 summed: n..6n. The count of ways to make s is the coefficient of x^s in (x+…+x^6)^n.
 * Used for "+n Dice" (inches of movement or points of resolve) and 4d6 fanatics.
 */
export function nd6(n: number): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > 12) throw new RangeError(`nd6 needs 1..12 dice, got ${n}`);
  let spec = sumsOfD6.get(n);
  if (!spec) {
    spec = defineRoll({
      id: `${n}d6`,
      label: `${n}d6`,
      dice: Array.from({ length: n }, () => D6),
      combine: sum,
      outcomes: () => convolveD6(n),
      draw: (p) => {
        let s = n;
        for (let i = 0; i < n; i++) s += p.int(6);
        return s;
      },
    });
    sumsOfD6.set(n, spec);
  }
  return spec;
}

function convolveD6(n: number): RollOutcome[] {
  let ways = [1]; // ways[s] for a sum of s over 0 dice
  for (let k = 0; k < n; k++) {
    const next = new Array<number>(ways.length + 6).fill(0);
    ways.forEach((w, s) => {
      for (let f = 1; f <= 6; f++) next[s + f]! += w;
    });
    ways = next;
  }
  return ways.flatMap((w, value) => (w > 0 ? [{ value, ways: w }] : []));
}

/** D6+3: 4..9, each 1/6 (the cavalry and artillery "very rough ground" events). */
export const d6Plus3 = defineRoll({ id: 'd6+3', label: '1d6+3', dice: [D6], combine: (f) => f[0]! + 3 });

/** 2d6+3: 5..15, triangular (the "unseen nullah" events). */
export const twoD6Plus3 = defineRoll({
  id: '2d6+3',
  label: '2d6+3',
  dice: [D6, D6],
  combine: (f) => f[0]! + f[1]! + 3,
});

/** One d10: 1..10, each 1/10 (the Commanders' Events Table). */
export const d10 = defineRoll({
  id: 'd10',
  label: '1d10',
  dice: [{ min: 1, max: 10, name: 'd10' }],
  combine: (f) => f[0]!,
  draw: (p) => 1 + p.int(10),
});

/** Percentile: 00..99, each 1/100, typed in as one number (tens die and units die read together). */
export const percentile = defineRoll({
  id: 'd100',
  label: 'percentile (00-99)',
  dice: [{ min: 0, max: 99, name: 'percentile 00-99' }],
  combine: (f) => f[0]!,
  draw: (p) => p.int(100),
});

/**
 * The Random Factor: one "positive" d6 minus one "negative" d6, −5..+5.
 * P(v) = (6 − |v|)/36: 0 is 6/36, ±1 5/36, … ±5 1/36.
 */
export const randomFactor = defineRoll({
  id: 'random-factor',
  label: 'Random Factor (d6 − d6)',
  dice: [
    { min: 1, max: 6, name: 'd6 (positive)' },
    { min: 1, max: 6, name: 'd6 (negative)' },
  ],
  combine: (f) => f[0]! - f[1]!,
  draw: (p) => p.int(6) - p.int(6),
});

const eventDice = new Map<number, RollSpec>();
/**
 * The Event Die: a third d6 of another colour, thrown with the Random Factor. Its value is 1 when
 * the face is at most `eventOn` (an Event), else 0. P(event) = eventOn/6.
 */
export function eventDie(eventOn: 1 | 2): RollSpec {
  let spec = eventDice.get(eventOn);
  if (!spec) {
    spec = defineRoll({
      id: `event-die-${eventOn}`,
      label: `Event Die (event on ${eventOn === 1 ? '1' : '1-2'})`,
      dice: [{ min: 1, max: 6, name: 'd6 (event die)' }],
      combine: (f) => (f[0]! <= eventOn ? 1 : 0),
      draw: (p) => (p.int(6) < eventOn ? 1 : 0),
    });
    eventDice.set(eventOn, spec);
  }
  return spec;
}

/** 1d6 read as odd (value 1, probability 1/2) or even (value 0). */
export const oddD6 = defineRoll({
  id: 'd6-odd',
  label: '1d6 (odd or even)',
  dice: [D6],
  combine: (f) => f[0]! % 2,
  draw: (p) => (1 + p.int(6)) % 2,
});

const successRolls = new Map<string, RollSpec>();
/**
 * n d6, each a success when face + bonus ≥ target; the value is the number of successes.
 * Binomial: P(k) = C(n,k) p^k (1−p)^(n−k) with p = (7 − max(1, target − bonus))/6, clamped to 0..1.
 */
export function d6Successes(n: number, target: number, bonus: number): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > 60) throw new RangeError(`d6Successes needs 1..60 dice, got ${n}`);
  const key = `${n}:${target}:${bonus}`;
  let spec = successRolls.get(key);
  if (!spec) {
    const successFaces = Math.max(0, Math.min(6, 7 - (target - bonus)));
    spec = defineRoll({
      id: `${n}d6-successes`,
      label: `${n}d6, each ${target}+${bonus ? ` after +${bonus}` : ''}`,
      dice: Array.from({ length: n }, () => D6),
      combine: (f) => {
        let k = 0;
        for (let i = 0; i < f.length; i++) if (f[i]! + bonus >= target) k++;
        return k;
      },
      outcomes: () =>
        Array.from({ length: n + 1 }, (_, k) => ({
          value: k,
          ways: binomial(n, k) * successFaces ** k * (6 - successFaces) ** (n - k),
        })).filter((o) => o.ways > 0),
    });
    successRolls.set(key, spec);
  }
  return spec;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}
