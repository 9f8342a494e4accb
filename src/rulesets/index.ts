import type { AnyProcedure } from '../core/rules/procedure.ts';
import { JOHN_COMPANY_PROCEDURES } from './john-company/procedures/index.ts';

/** A rule set as the shells see it: its procedures, by id. */
export interface RuleSetEntry {
  readonly id: string;
  readonly title: string;
  readonly procedures: readonly AnyProcedure[];
}

export const RULE_SETS: readonly RuleSetEntry[] = [
  { id: 'john-company', title: 'John Company (Ferree & Wilson)', procedures: JOHN_COMPANY_PROCEDURES },
];

export const DEFAULT_RULE_SET = 'john-company';

export function findRuleSet(id: string): RuleSetEntry | undefined {
  return RULE_SETS.find((r) => r.id === id);
}
