import type { AnyPlayableRuleSet } from '../game/engine/battle.ts';
import { type AnyGameHosting, hostingOf } from '../game/engine/hosting.ts';
import { PLAYABLE_RULE_SETS } from '../game/registry.ts';

/**
 * What the server needs of a rule set to host its games: its hosting (src/game/engine/hosting.ts: the
 * command schema, the log's wording, which commands a side may read of another's, the previews), the
 * rule set's own members or the generic defaults. Any rule set of the registry is hosted.
 */
export type AnyPlayRules = AnyGameHosting;

/** The rules for hosting a rule set's games, or undefined if the registry has no such playable rule set. */
export function playRulesFor(
  ruleSet: string,
  registry: readonly AnyPlayableRuleSet[] = PLAYABLE_RULE_SETS,
): AnyPlayRules | undefined {
  const playable = registry.find((r) => r.id === ruleSet);
  return playable ? hostingOf(playable) : undefined;
}
