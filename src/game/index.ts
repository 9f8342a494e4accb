import type { AnyPlayableRuleSet } from './engine/battle.ts';
import { computerPlayer } from './john-company/ai/players.ts';
import { makeJohnCompanyGame } from './john-company/game.ts';
import { summarizeBattle } from './john-company/summary.ts';

/** Every rule set whose whole battles Muster plays, by rule-set id (src/rulesets/index.ts). */
export const PLAYABLE_RULE_SETS: readonly AnyPlayableRuleSet[] = [
  {
    id: 'john-company',
    title: 'John Company',
    game: makeJohnCompanyGame({ traces: false }),
    computer: computerPlayer,
    summary: summarizeBattle,
  },
];

export function findPlayableRuleSet(id: string): AnyPlayableRuleSet | undefined {
  return PLAYABLE_RULE_SETS.find((r) => r.id === id);
}
