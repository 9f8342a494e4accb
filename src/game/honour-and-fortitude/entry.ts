import { HONOUR_AND_FORTITUDE_PROCEDURES } from '../../rulesets/honour-and-fortitude/procedures/index.ts';
import { HF_ROSTER, HF_SEQUENCE } from '../../rulesets/honour-and-fortitude/referee.ts';
import type { RuleSetEntry } from '../rule-set.ts';

/**
 * Honour & Fortitude's light face (src/game/rule-set.ts): its id, title, procedures and referee aids, without its
 * battles, so that `muster resolve` loads no game. Its module (index.ts) spreads it.
 */
export const honourAndFortitudeEntry: RuleSetEntry = {
  id: 'honour-and-fortitude',
  // The quick-reference sheet names no author (rules-facts 4).
  title: 'Honour & Fortitude: Warfare in India',
  procedures: HONOUR_AND_FORTITUDE_PROCEDURES,
  sequence: HF_SEQUENCE,
  roster: HF_ROSTER,
};
