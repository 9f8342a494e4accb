import { forEachOutcome } from '../odds/enumerate.ts';
import { type OddsReport, OddsTally } from '../odds/tally.ts';
import { type DiceSource, PrngDice, type RollRecord, SuppliedDice } from '../random/dice.ts';
import { seedRng } from '../random/prng.ts';
import type { ProcedureDefinition } from './procedure.ts';
import { Trace, type TraceStep } from './trace.ts';

export type { OddsReport } from '../odds/tally.ts';

/** Typed-in dice: faces in throw order, or lists of faces by roll key. */
export type DiceInput = readonly number[] | Readonly<Record<string, readonly number[]>>;

export interface Resolution<Result> {
  readonly procedure: string;
  readonly result: Result;
  readonly trace: readonly TraceStep[];
  readonly rolls: readonly RollRecord[];
  readonly odds: readonly OddsReport[];
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

/**
 * A procedure with a faster route to its exact odds than one run per path of its dice (the optional member
 * `tallyOdds` of its definition). It must add to `tally` exactly what the enumeration adds: the same keys,
 * path by path in `forEachOutcome`'s order, with bit-identical probabilities, since the outcomes' order and
 * their floating-point sums depend on both. Its tests compare `oddsOf` with `enumeratedOddsOf`.
 */
export interface OddsShortcut<F, R> {
  tallyOdds(facts: F, tally: OddsTally<R>): void;
}

/** The exact distribution of every odds view of `def` for `facts` (by its shortcut, if it has one). */
export function oddsOf<F, R>(def: ProcedureDefinition<F, R>, facts: F): OddsReport[] {
  const tally = new OddsTally(def.odds);
  const shortcut = def as ProcedureDefinition<F, R> & Partial<OddsShortcut<F, R>>;
  if (shortcut.tallyOdds) shortcut.tallyOdds(facts, tally);
  else tallyEveryPath(def, facts, tally);
  return tally.reports();
}

/** The exact distribution of every odds view of `def` for `facts`, by running it once per path of its dice. */
export function enumeratedOddsOf<F, R>(def: ProcedureDefinition<F, R>, facts: F): OddsReport[] {
  const tally = new OddsTally(def.odds);
  tallyEveryPath(def, facts, tally);
  return tally.reports();
}

function tallyEveryPath<F, R>(def: ProcedureDefinition<F, R>, facts: F, tally: OddsTally<R>): void {
  const run = def.prepare ? def.prepare(facts) : (dice: DiceSource) => def.resolve(facts, dice);
  forEachOutcome(run, (result, p) => tally.add(result, p));
}
