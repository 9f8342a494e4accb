import type { DiceSource } from '../random/dice.ts';
import type { RollSpec } from '../random/rolls.ts';
import { forEachPathFactors } from './enumerate.ts';
import type { OddsTally, ResultKeys } from './tally.ts';

/** Every path through the dice after the prefix: its factors in throw order, and its result's keys. */
interface SuffixPaths {
  /** Path s's factors are factors[ends[s - 1]] to factors[ends[s] - 1] (from 0 for the first). */
  readonly factors: readonly number[];
  readonly ends: readonly number[];
  readonly keys: readonly ResultKeys[];
}

/**
 * Tallies the exact odds of `run`, a procedure that opens with the rolls `prefix` (thrown on every path, in
 * that order), when the rest of its throws and its results' odds keys depend on the prefix's values only
 * through `classOf(values)`, a small non-negative integer. A confrontation's two Random Factors are 121
 * pairs, but the pair matters only through the winner and the result row: a dozen classes.
 *
 * The rest of the dice are enumerated once per class (with the first prefix values met in it); then every
 * path is added to `tally` in `forEachOutcome`'s order with the probability `forEachOutcome` gives it,
 * bit for bit. So the reports equal enumerating every path, provided `classOf` is honest: the procedure's
 * tests must compare the two (a class that hides a difference gives wrong odds, not an error).
 */
export function tallyByPrefixClass<R>(
  tally: OddsTally<R>,
  prefix: readonly RollSpec[],
  classOf: (values: Int32Array) => number,
  run: (dice: DiceSource) => R,
): void {
  const n = prefix.length;
  const outcomes = prefix.map((spec) => spec.outcomes());
  const factors = prefix.map((spec, i) => outcomes[i]!.map((o) => o.ways / spec.combinations));
  const choice = new Int32Array(n);
  const values = new Int32Array(n);
  const classes: (SuffixPaths | undefined)[] = [];
  for (;;) {
    let prefixProbability = 1;
    for (let i = 0; i < n; i++) {
      values[i] = outcomes[i]![choice[i]!]!.value;
      prefixProbability *= factors[i]![choice[i]!]!;
    }
    const c = classOf(values);
    let paths = classes[c];
    if (paths === undefined) {
      paths = suffixPaths(tally, prefix, values, run);
      classes[c] = paths;
    }
    const { factors: suffixFactors, ends, keys } = paths;
    for (let s = 0, f = 0; s < ends.length; s++) {
      let probability = prefixProbability;
      for (const end = ends[s]!; f < end; f++) probability *= suffixFactors[f]!;
      tally.addKeys(keys[s]!, probability);
    }
    // The odometer over the prefix, its last roll turning fastest (as in forEachOutcome).
    let i = n - 1;
    while (i >= 0 && ++choice[i]! === outcomes[i]!.length) choice[i--] = 0;
    if (i < 0) return;
  }
}

/** Every path through the dice after the prefix, with the prefix's rolls answered by `values`. */
function suffixPaths<R>(
  tally: OddsTally<R>,
  prefix: readonly RollSpec[],
  values: Int32Array,
  run: (dice: DiceSource) => R,
): SuffixPaths {
  const factors: number[] = [];
  const ends: number[] = [];
  const keys: ResultKeys[] = [];
  const dice = new PrefixedDice(prefix, values.slice());
  forEachPathFactors(
    (rest) => {
      const outcome = run(dice.startingOver(rest));
      dice.assertPrefixThrown();
      return outcome;
    },
    (outcome, pathFactors, count) => {
      for (let f = 0; f < count; f++) factors.push(pathFactors[f]!);
      ends.push(factors.length);
      keys.push(tally.keysOf(outcome));
    },
  );
  return { factors, ends, keys };
}

/**
 * Answers the prefix's rolls with fixed values, then hands over to `rest`. It checks that the procedure
 * throws the prefix's rolls first, and all of them: a roll that is not thrown must not be weighed.
 */
class PrefixedDice implements DiceSource {
  private thrown = 0;
  private rest: DiceSource | undefined;

  constructor(
    private readonly prefix: readonly RollSpec[],
    private readonly values: Int32Array,
  ) {}

  startingOver(rest: DiceSource): this {
    this.thrown = 0;
    this.rest = rest;
    return this;
  }

  roll(spec: RollSpec, key: string): number {
    const i = this.thrown;
    if (i === this.prefix.length) return this.rest!.roll(spec, key);
    if (spec !== this.prefix[i])
      throw new Error(
        `tallyByPrefixClass: roll ${i + 1} ("${key}") is not the prefix's ${this.prefix[i]!.id}`,
      );
    this.thrown++;
    return this.values[i]!;
  }

  assertPrefixThrown(): void {
    if (this.thrown < this.prefix.length)
      throw new Error(
        `tallyByPrefixClass: the procedure threw ${this.thrown} of the prefix's ${this.prefix.length} rolls`,
      );
  }
}
