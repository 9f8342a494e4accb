import { JOHN_COMPANY_PROCEDURES } from '../../rulesets/john-company/procedures/index.ts';
import { JC_ROSTER, JC_SEQUENCE } from '../../rulesets/john-company/referee.ts';
import type { RuleSetEntry } from '../rule-set.ts';

/**
 * John Company's light face (src/game/rule-set.ts): its id, title, procedures and referee aids, without its
 * battles, so that `muster resolve` loads no game. Its module (index.ts) spreads it.
 */
export const johnCompanyEntry: RuleSetEntry = {
  id: 'john-company',
  title: 'John Company (Ferree & Wilson)',
  procedures: JOHN_COMPANY_PROCEDURES,
  sequence: JC_SEQUENCE,
  roster: JC_ROSTER,
};
