import { commandPointsEntry } from './command-points/entry.ts';
import { honourAndFortitudeEntry } from './honour-and-fortitude/entry.ts';
import { johnCompanyEntry } from './john-company/entry.ts';
import { macduffEntry } from './macduff/entry.ts';
import type { RuleSetEntry } from './rule-set.ts';

/**
 * Every rule set's light face (`RuleSetEntry`: procedures and referee aids, no battles), in the
 * registry's order: what `muster resolve`, `schema` and `procedures` load, so that they start without
 * the games. The registry (registry.ts) lists the same sets' whole modules, each of which spreads its
 * entry; test/architecture/rule-set-folders.test.ts checks that both lists name the same sets in the
 * same order.
 */
export const RULE_SET_ENTRIES: readonly RuleSetEntry[] = [
  johnCompanyEntry,
  honourAndFortitudeEntry,
  commandPointsEntry,
  macduffEntry,
];

/** The rule set a shell uses when none is named: the first. */
export const DEFAULT_RULE_SET: string = RULE_SET_ENTRIES[0]!.id;
