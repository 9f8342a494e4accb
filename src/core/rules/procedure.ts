import type { z } from 'zod';
import type { DiceSource } from '../random/dice.ts';
import type { RuleRef, Trace } from './trace.ts';

/**
 * A rules procedure as Muster exposes it to every shell (the referee CLI, the browser assistant, the
 * game): a pure function from explicit facts and dice to a result, with the schema of its facts, a
 * worked example, and the views under which its exact odds are reported.
 */
export interface ProcedureDefinition<Facts, Result> {
  /** The CLI name, e.g. 'reaction-test'. */
  readonly id: string;
  readonly title: string;
  /** One sentence: what it decides. */
  readonly summary: string;
  readonly rule: RuleRef;
  /** The facts it takes; validated at the boundary before `resolve` is called. */
  readonly facts: z.ZodType<Facts>;
  /**
   * The rolls it makes, in order, by key, and when (for documentation and for typed-in dice), e.g.
   * `{ key: 'randomFactor', dice: '2d6 (positive, negative)', when: 'always' }`.
   */
  readonly rolls: readonly RollDoc[];
  readonly examples: readonly ProcedureExample<Facts>[];
  resolve(facts: Facts, dice: DiceSource, trace?: Trace): Result;
  /**
   * Optional: the dice-free work done once for these facts, returning an untraced resolver that gives
   * exactly what `resolve(facts, dice)` gives (tests check it). `oddsOf` and Monte Carlo runs use it.
   */
  prepare?(facts: Facts): (dice: DiceSource) => Result;
  /** Named projections of the result whose exact distributions are reported as the odds. */
  readonly odds: readonly OddsView<Result>[];
  /** The result in a few readable lines (the trace is printed beside them). */
  describe(result: Result): string[];
}

export interface RollDoc {
  readonly key: string;
  readonly dice: string;
  readonly when: string;
  /**
   * Thrown only when the number fact `field` (at the top of the facts) is at least `value`: the n-th
   * gun's die when n or more guns fire. Forms ask for the roll only then.
   */
  readonly whenAtLeast?: { readonly field: string; readonly value: number };
}

export interface ProcedureExample<Facts> {
  readonly title: string;
  readonly facts: Facts;
  /** Typed-in dice for the example, in throw order. */
  readonly dice?: readonly number[];
}

export interface OddsView<Result> {
  readonly name: string;
  /** The outcome's key: keep it cheap (an id or a number), it runs once per path of the dice. */
  project(result: Result): string | number;
  /** How a key is shown, if not as itself (applied once per distinct key; must be one-to-one). */
  label?(key: string | number): string | number;
}

/** Any procedure, as held in a registry; facts and results are checked per procedure. */
// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous registry; each entry is typed where it is defined.
export type AnyProcedure = ProcedureDefinition<any, any>;
