import type { AppliedModifier } from '../../../../core/rules/modifiers.ts';
import type { RuleRef, Trace } from '../../../../core/rules/trace.ts';
import type { FeatureId, GeneralId, UnitId } from '../../../../core/table/model.ts';
import { musterDefault } from '../../vocabulary.ts';

/**
 * The shape every derived fact's reasons take: each derived modifier carries its reasons, so a trace can
 * show why it applies, while the facts themselves stay plain data for the procedures.
 */

/** Why a derived fact holds: the rule, what was found, and what on the table it concerns. */
export interface DerivedReason {
  readonly rule: RuleRef;
  /** In Muster's words. */
  readonly label: string;
  readonly unit?: UnitId;
  readonly feature?: FeatureId;
  readonly general?: GeneralId;
  /** A distance or angle that decided it. */
  readonly value?: number;
}

/** A modifier the table says applies, with how many times and why. */
export interface DerivedModifier<Id extends string> {
  readonly id: Id;
  readonly count?: number;
  readonly reasons: readonly DerivedReason[];
}

/** Adds each reason of each derived modifier to a trace, as steps that change no total. */
export function traceReasons(modifiers: readonly DerivedModifier<string>[], trace: Trace): void {
  for (const m of modifiers)
    for (const r of m.reasons)
      trace.add(
        r.value === undefined
          ? { rule: r.rule, label: r.label }
          : { rule: r.rule, label: r.label, value: r.value },
      );
}

/** The modifiers as a procedure takes them, without their reasons. */
export function applied<Id extends string>(list: readonly DerivedModifier<Id>[]): AppliedModifier<Id>[] {
  return list.map((m) => (m.count === undefined ? { id: m.id } : { id: m.id, count: m.count }));
}

/** A reading of the table that is Muster's, not the rules' words. */
export const reading = (item: string) => musterDefault('Virtual table: facts', item);

/** A distance or angle rounded to one decimal, for a label. */
export const ONE_DECIMAL = (x: number) => Math.round(x * 10) / 10;
