import { commandPoints } from './command-points/index.ts';
import type { AnyPlayableRuleSet } from './engine/battle.ts';
import { honourAndFortitude } from './honour-and-fortitude/index.ts';
import { johnCompany } from './john-company/index.ts';
import { macduff } from './macduff/index.ts';
import type { RuleSetModule } from './rule-set.ts';

export { DEFAULT_RULE_SET } from './rule-set-entries.ts';

/**
 * Every rule set Muster knows, one module per set (src/game/rule-set.ts): the list of their whole
 * modules, each set imported once and named here, in the order of their light faces
 * (rule-set-entries.ts, what `muster resolve` loads). The first is the default of every shell. Adding a
 * rule set is its folders, its line here and its line there (docs/ARCHITECTURE.md, "How to add a rule
 * set").
 */
export const RULE_SETS: readonly RuleSetModule[] = [johnCompany, honourAndFortitude, commandPoints, macduff];

/** Every rule set's whole battles, in the registry's order. */
export const PLAYABLE_RULE_SETS: readonly AnyPlayableRuleSet[] = RULE_SETS.map((r) => r.playable);

export function findRuleSet(id: string): RuleSetModule | undefined {
  return RULE_SETS.find((r) => r.id === id);
}

export function findPlayableRuleSet(id: string): AnyPlayableRuleSet | undefined {
  return PLAYABLE_RULE_SETS.find((r) => r.id === id);
}
