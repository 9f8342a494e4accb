import { commandPointsPanel } from '../../game/command-points/panel.ts';
import type { PanelWords } from '../../game/engine/words.ts';
import { honourAndFortitudePanel } from '../../game/honour-and-fortitude/panel.ts';
import { macduffPanel } from '../../game/macduff/panel.ts';

/**
 * Each rule set's unit panel and status line in its own words (src/game/<set>/panel.ts), by rule-set
 * id; a set without one has its view's fields read generically (reading.ts).
 */
const PANELS: Readonly<Record<string, PanelWords<never>>> = {
  'honour-and-fortitude': honourAndFortitudePanel,
  'command-points': commandPointsPanel,
  macduff: macduffPanel,
};

/** The rule set's panel words, reading a view of its own (`GamePlay.view`). */
export function panelWords(ruleSet: string | undefined): PanelWords<unknown> | undefined {
  return ruleSet === undefined ? undefined : (PANELS[ruleSet] as PanelWords<unknown> | undefined);
}
