import { MACDUFF_PROCEDURES } from '../../rulesets/macduff/procedures/index.ts';
import { MACDUFF_ROSTER, MACDUFF_SEQUENCE } from '../../rulesets/macduff/referee.ts';
import type { RuleSetEntry } from '../rule-set.ts';

/**
 * MacDuff's light face (src/game/rule-set.ts): its id, title, procedures and referee aids, without its
 * battles, so that `muster resolve` loads no game. Its module (index.ts) spreads it.
 */
export const macduffEntry: RuleSetEntry = {
  id: 'macduff',
  // The Courier's text names no author; rules-facts 6 identifies Ross Macfarlane.
  title: 'With MacDuff To The Frontier (Macfarlane)',
  procedures: MACDUFF_PROCEDURES,
  sequence: MACDUFF_SEQUENCE,
  roster: MACDUFF_ROSTER,
};
