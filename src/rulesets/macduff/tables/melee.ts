import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { md } from '../vocabulary.ts';

/** Melee die modifiers (11.2), per die of the side they favour. */
export const MELEE_MODIFIERS = defineModifierTable({
  id: 'macduff-melee-modifiers',
  title: 'Melee die modifiers',
  source: md('11.2 Die Modifiers'),
  modifiers: [
    {
      id: 'imperial',
      rule: md('11.2 Die Modifiers', 'Imperial infantry or cavalry'),
      label: 'Imperial infantry or cavalry',
      value: 1,
    },
    {
      id: 'lancers-or-heavy-charging',
      rule: md('11.2 Die Modifiers', 'lancers or heavy cavalry charging'),
      label: 'Lancers or heavy cavalry charging',
      value: 1,
    },
    {
      id: 'defending-obstacle',
      rule: md('11.2 Die Modifiers', 'defending an obstacle'),
      label: 'Defending an obstacle',
      value: 1,
    },
  ],
});
export type MeleeModifierId = (typeof MELEE_MODIFIERS.modifiers)[number]['id'];

/** The constants of 11.1-11.2. */
export const MELEE_RULES = {
  /** A score 2 or more above the opponent's hits one figure (11.1). */
  winningMargin: { value: 2, rule: md('11.1 General rule') },
  /** The second figure of a 2 vs 1 adds 1 (11.2). */
  twoVersusOne: { value: 1, rule: md('11.2 Die Modifiers', '2 vs 1') },
  /** Cavalry charging infantry not in square or cover, or halted cavalry, doubles its score (11.2). */
  doubled: { factor: 2, rule: md('11.2 Die Modifiers', 'x2 cavalry charging') },
} as const;

/** How a round of melee ends (11.3). */
export const MELEE_OUTCOMES = [
  'attacker-wins',
  'defender-wins',
  'cavalry-passes-through',
  'fight-again',
  'charger-retreats',
] as const;
export type MeleeOutcome = (typeof MELEE_OUTCOMES)[number];

export const MELEE_OUTCOME_WORDS: Readonly<Record<MeleeOutcome, string>> = {
  'attacker-wins': 'The attacker wins',
  'defender-wins': 'The defender wins',
  'cavalry-passes-through': 'The cavalry passes through',
  'fight-again': 'They fight again next turn',
  'charger-retreats': 'The charger retreats',
};
