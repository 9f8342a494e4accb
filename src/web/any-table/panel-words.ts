import type { PanelWords, TablePanel } from '../../game/engine/words.ts';

/**
 * Each rule set's unit panel and status line in its own words (`tablePanel` of src/game/<set>/panel.ts),
 * by rule-set id: the name of the folder holding it. A set without one has its view's fields read
 * generically (reading.ts), and its hot seat hands the screen over.
 */
const PANELS: ReadonlyMap<string, TablePanel<never>> = new Map(
  Object.entries(
    import.meta.glob<{ tablePanel: TablePanel<never> }>('../../game/*/panel.ts', { eager: true }),
  ).map(([path, module]) => [path.split('/')[3]!, module.tablePanel]),
);

/** The rule set's panel words, reading a view of its own (`GamePlay.view`). */
export function panelWords(ruleSet: string | undefined): PanelWords<unknown> | undefined {
  return ruleSet === undefined ? undefined : (PANELS.get(ruleSet)?.words as PanelWords<unknown> | undefined);
}

/** Whether the rule set hides nothing from either side but the dice to come (hot seat needs no hand-over). */
export function hidesNothing(ruleSet: string): boolean {
  return PANELS.get(ruleSet)?.hidesNothing ?? false;
}
