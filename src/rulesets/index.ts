import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import { COMMAND_POINTS_PROCEDURES } from './command-points/procedures/index.ts';
import { CP_ROSTER, CP_SEQUENCE } from './command-points/referee.ts';
import { HONOUR_AND_FORTITUDE_PROCEDURES } from './honour-and-fortitude/procedures/index.ts';
import { HF_ROSTER, HF_SEQUENCE } from './honour-and-fortitude/referee.ts';
import { JOHN_COMPANY_PROCEDURES } from './john-company/procedures/index.ts';
import { JC_ROSTER, JC_SEQUENCE } from './john-company/referee.ts';
import { MACDUFF_PROCEDURES } from './macduff/procedures/index.ts';
import { MACDUFF_ROSTER, MACDUFF_SEQUENCE } from './macduff/referee.ts';

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
  {
    // The quick-reference sheet names no author (rules-facts 4).
    id: 'honour-and-fortitude',
    title: 'Honour & Fortitude: Warfare in India',
    procedures: HONOUR_AND_FORTITUDE_PROCEDURES,
    sequence: HF_SEQUENCE,
    roster: HF_ROSTER,
  },
  {
    id: 'command-points',
    title: 'Command Points & D. Points (Hannam)',
    procedures: COMMAND_POINTS_PROCEDURES,
    sequence: CP_SEQUENCE,
    roster: CP_ROSTER,
  },
  {
    // The Courier's text names no author; rules-facts 6 identifies Ross Macfarlane.
    id: 'macduff',
    title: 'With MacDuff To The Frontier (Macfarlane)',
    procedures: MACDUFF_PROCEDURES,
    sequence: MACDUFF_SEQUENCE,
    roster: MACDUFF_ROSTER,
  },
];

export const DEFAULT_RULE_SET = 'john-company';

export function findRuleSet(id: string): RuleSetEntry | undefined {
  return RULE_SETS.find((r) => r.id === id);
}
