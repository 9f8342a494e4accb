import type { DiceSource } from '../random/dice.ts';
import type { RollSpec } from '../random/rolls.ts';

/** One distinct outcome of a procedure and its exact probability. */
export interface Weighted<T> {
  readonly outcome: T;
  readonly probability: number;
}

/**
 * Runs `run` once per distinct path through its dice and reports each result with the exact
 * probability of its path: enumeration, never sampling.
 *
 * Each roll branches on the values of its `RollSpec.outcomes()` (faces grouped by value, weighted by
 * their number of ways), so a Random Factor costs 11 branches, not 36. A roll made only on some paths
 * (a without-orders d6, a second test) branches only there. `run` must be deterministic given its
 * dice, which every procedure is. The path probabilities sum to 1.
 */
export function forEachOutcome<T>(
  run: (dice: DiceSource) => T,
  visit: (outcome: T, probability: number) => void,
): void {
  const dice = new EnumeratingDice();
  do {
    dice.rewind();
    const outcome = run(dice);
    visit(outcome, dice.pathProbability);
  } while (dice.advance());
}

/**
 * `forEachOutcome`, reporting each path's factors rather than their product: the probability of each roll's
 * value (its ways / its spec's combinations), in throw order, in `factors[0]` to `factors[count - 1]`
 * (overwritten by the next path). Multiplied in order onto 1 they give the path's probability bit for bit
 * as `forEachOutcome` reports it.
 */
export function forEachPathFactors<T>(
  run: (dice: DiceSource) => T,
  visit: (outcome: T, factors: readonly number[], count: number) => void,
): void {
  const dice = new EnumeratingDice();
  do {
    dice.rewind();
    const outcome = run(dice);
    visit(outcome, dice.factors, dice.depth);
  } while (dice.advance());
}

/** The exact distribution of `run`'s outcomes, merging paths whose `key` is equal (first seen stands for them). */
export function enumerateOutcomes<T>(
  run: (dice: DiceSource) => T,
  key: (outcome: T) => string,
): Weighted<T>[] {
  const merged = new Map<string, { outcome: T; probability: number }>();
  forEachOutcome(run, (outcome, probability) => {
    const k = key(outcome);
    const entry = merged.get(k);
    if (entry) entry.probability += probability;
    else merged.set(k, { outcome, probability });
  });
  return [...merged.values()];
}

/** The deepest chain of rolls one path may make. */
const MAX_DEPTH = 256;

/**
 * An odometer over the branches of each roll on the current path. Plain arrays of small integers and
 * doubles: as fast as typed arrays to read and write, and far cheaper to create (one per enumeration).
 */
class EnumeratingDice implements DiceSource {
  private readonly choice: number[] = [];
  private readonly branches: number[] = [];
  /** The probability of the value chosen at each depth of the current path. */
  readonly factors: number[] = [];
  /** Rolls on the odometer (the longest path since the last carry). */
  private size = 0;
  /** Rolls on the current path so far. */
  depth = 0;
  pathProbability = 1;

  rewind(): void {
    this.depth = 0;
    this.pathProbability = 1;
  }

  roll(spec: RollSpec, _key: string): number {
    const outcomes = spec.outcomes();
    const d = this.depth++;
    if (d === this.size) {
      if (d === MAX_DEPTH) throw new Error(`forEachOutcome: more than ${MAX_DEPTH} rolls on one path`);
      this.choice[d] = 0;
      this.branches[d] = outcomes.length;
      this.size++;
    } else if (this.branches[d] !== outcomes.length) {
      throw new Error(
        'forEachOutcome: the procedure threw different dice on a replayed path (not deterministic)',
      );
    }
    const o = outcomes[this.choice[d]!]!;
    const factor = o.ways / spec.combinations;
    this.factors[d] = factor;
    this.pathProbability *= factor;
    return o.value;
  }

  /** Moves to the next path; false when every path has been run. */
  advance(): boolean {
    // Choices deeper than this path's depth belonged to an earlier, longer path.
    let last = this.depth - 1;
    while (last >= 0) {
      if (this.choice[last]! + 1 < this.branches[last]!) {
        this.choice[last]!++;
        this.size = last + 1;
        return true;
      }
      last--;
    }
    return false;
  }
}
