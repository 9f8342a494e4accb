/**
 * Where a value in a result comes from: the rule it applies. Every table and every trace step carries
 * one, so a referee can check Muster against the book.
 */
export interface RuleRef {
  /** The rules text, e.g. 'John Company Part 4'. */
  readonly source: string;
  /** The section or table as the text names it, e.g. 'Reaction Test Modifiers'. */
  readonly section: string;
  /** The item within it, e.g. 'negative 3'. */
  readonly item?: string;
}

export function ruleRef(source: string, section: string, item?: string): RuleRef {
  return item === undefined ? { source, section } : { source, section, item };
}

export function formatRule(rule: RuleRef): string {
  return `${rule.source}, ${rule.section}${rule.item ? `, ${rule.item}` : ''}`;
}

/**
 * One step of a procedure, in the order the rules take them. A step is never changed once added to a trace, so
 * a procedure may hand the same frozen step to many traces (one that the rules alone fix).
 */
export interface TraceStep {
  readonly rule: RuleRef;
  /** What happened, in Muster's words (never the rules' prose). */
  readonly label: string;
  /** The amount this step adds to the running total, if it adds one. */
  readonly delta?: number;
  /** The running total after this step, if the step changes it. */
  readonly total?: number;
  /** A result read at this step (a status, a table cell, a die). */
  readonly value?: number | string | boolean;
  /** The key of the roll this step used; the roll itself is in the result's roll record. */
  readonly roll?: string;
}

/**
 * Collects the steps of one resolution. Procedures take `trace?: Trace` and call `trace?.add(...)`:
 * with no trace, the step objects are never built (the fast path the bench measures).
 */
export class Trace {
  readonly steps: TraceStep[] = [];

  add(step: TraceStep): void {
    this.steps.push(step);
  }
}
