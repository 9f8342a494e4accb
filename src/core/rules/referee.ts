import type { RuleRef } from './trace.ts';

/**
 * What a referee beside a physical table needs from a rule set besides its procedures: the sequence of
 * play as a checklist, and the words for tracking units through the turns.
 */

/** One step of a rule set's turn, in Muster's words, with the procedures it calls for. */
export interface SequenceStep {
  readonly id: string;
  readonly title: string;
  /** What the referee does in this step (Muster's summary, never the rules' prose). */
  readonly does: string;
  readonly rule: RuleRef;
  /** Ids of the rule set's procedures used in this step, in the order they come up. */
  readonly procedures: readonly string[];
  /** Done once per unit (or per card drawn), rather than once per turn. */
  readonly eachUnit?: boolean;
}

/** The values a referee tracks per unit, by the rule set's words. */
export interface RosterVocabulary {
  /** A unit's state or status, best first (empty if the set tracks none). */
  readonly statuses: readonly string[];
  /** The orders a unit may carry (empty if the set has no orders). */
  readonly orders: readonly string[];
  /** Conditions a unit is in or not (e.g. disordered); counts go in `counters`. */
  readonly marks: readonly string[];
  /** What lasts one turn only and is cleared when the next begins (John Company's status and order counter). */
  readonly clearedEachTurn: readonly ('status' | 'order')[];
  /** Numbers tracked besides stands, with their range (e.g. D-points 0-5). */
  readonly counters: readonly { readonly id: string; readonly label: string; readonly max: number }[];
}
