import { forEachOutcome, type Weighted } from '../odds/enumerate.ts';
import { type DiceSource, PrngDice, type RollRecord, SuppliedDice } from '../random/dice.ts';
import { seedRng } from '../random/prng.ts';
import type { ProcedureDefinition } from './procedure.ts';
import { Trace, type TraceStep } from './trace.ts';

/** Typed-in dice: faces in throw order, or lists of faces by roll key. */
export type DiceInput = readonly number[] | Readonly<Record<string, readonly number[]>>;

export interface Resolution<Result> {
  readonly procedure: string;
  readonly result: Result;
  readonly trace: readonly TraceStep[];
  readonly rolls: readonly RollRecord[];
  readonly odds: readonly OddsReport[];
}

/** The exact distribution of one odds view, outcomes in first-seen order. */
export interface OddsReport {
  readonly name: string;
  readonly outcomes: readonly Weighted<string | number>[];
}

/**
 * Resolves a procedure once, with a full trace and roll record, and its exact odds for the same facts.
 * Dice: the typed-in `dice` first (all of them must be used); any further throws come from `seed`, and
 * with neither, from seed 0 only if no dice were typed in (missing typed-in dice are an error).
 * Facts must already be validated (`def.facts.parse`).
 */
export function resolveProcedure<F, R>(
  def: ProcedureDefinition<F, R>,
  facts: F,
  options: { dice?: DiceInput | undefined; seed?: number | undefined } = {},
): Resolution<R> {
  const rolls: RollRecord[] = [];
  const trace = new Trace();
  const prng =
    options.seed !== undefined || options.dice === undefined
      ? new PrngDice(seedRng(options.seed ?? 0), rolls)
      : undefined;
  let dice: DiceSource;
  let supplied: SuppliedDice | undefined;
  if (options.dice !== undefined) {
    supplied = new SuppliedDice(options.dice, rolls, prng);
    dice = supplied;
  } else dice = prng!;
  const result = def.resolve(facts, dice, trace);
  supplied?.assertAllUsed();
  return { procedure: def.id, result, trace: trace.steps, rolls, odds: oddsOf(def, facts) };
}

/** The exact distribution of every odds view of `def` for `facts`, by enumerating the dice. */
export function oddsOf<F, R>(def: ProcedureDefinition<F, R>, facts: F): OddsReport[] {
  const views = def.odds;
  const n = views.length;
  const tallies = views.map(() => new Tally());
  const run = def.prepare ? def.prepare(facts) : (dice: DiceSource) => def.resolve(facts, dice);
  forEachOutcome(run, (result, p) => {
    for (let i = 0; i < n; i++) tallies[i]!.add(views[i]!.project(result), p);
  });
  return views.map((v, i) => ({
    name: v.name,
    outcomes: tallies[i]!.entries().map(([key, probability]) => ({
      outcome: v.label ? v.label(key) : key,
      probability,
    })),
  }));
}

const SMALL_KEYS = 64;

/**
 * Probability by key, in first-seen order. Odds views mostly project to small counts and indices (stands
 * lost, a status rank), which go to an array slot; other keys to a map. This runs once per path per view.
 */
class Tally {
  private readonly small = new Float64Array(SMALL_KEYS);
  private readonly smallSeen = new Uint8Array(SMALL_KEYS);
  private readonly other = new Map<string | number, number>();
  private readonly order: (string | number)[] = [];

  add(key: string | number, p: number): void {
    if (typeof key === 'number' && key >= 0 && key < SMALL_KEYS && (key | 0) === key) {
      if (this.smallSeen[key] === 0) {
        this.smallSeen[key] = 1;
        this.order.push(key);
      }
      this.small[key]! += p;
      return;
    }
    const before = this.other.get(key);
    if (before === undefined) this.order.push(key);
    this.other.set(key, (before ?? 0) + p);
  }

  entries(): [string | number, number][] {
    return this.order.map((k) => [
      k,
      typeof k === 'number' && this.smallSeen[k] === 1 && (k | 0) === k && k < SMALL_KEYS
        ? this.small[k]!
        : this.other.get(k)!,
    ]);
  }
}
