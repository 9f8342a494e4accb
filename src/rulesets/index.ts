import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import { JOHN_COMPANY_PROCEDURES } from './john-company/procedures/index.ts';
import { JC_ROSTER, JC_SEQUENCE } from './john-company/referee.ts';

/** A rule set as the shells see it: its procedures, by id, and the referee's aids. */
export interface RuleSetEntry {
  readonly id: string;
  readonly title: string;
  readonly procedures: readonly AnyProcedure[];
  /** The turn as a checklist, each step naming the procedures it uses. */
  readonly sequence: readonly SequenceStep[];
  /** What a referee tracks per unit. */
  readonly roster: RosterVocabulary;
}

export const RULE_SETS: readonly RuleSetEntry[] = [
  {
    id: 'john-company',
    title: 'John Company (Ferree & Wilson)',
    procedures: JOHN_COMPANY_PROCEDURES,
    sequence: JC_SEQUENCE,
    roster: JC_ROSTER,
  },
];

export const DEFAULT_RULE_SET = 'john-company';

export function findRuleSet(id: string): RuleSetEntry | undefined {
  return RULE_SETS.find((r) => r.id === id);
}
