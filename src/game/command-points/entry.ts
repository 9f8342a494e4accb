import { COMMAND_POINTS_PROCEDURES } from '../../rulesets/command-points/procedures/index.ts';
import { CP_ROSTER, CP_SEQUENCE } from '../../rulesets/command-points/referee.ts';
import type { RuleSetEntry } from '../rule-set.ts';

/**
 * The command-point rules's light face (src/game/rule-set.ts): its id, title, procedures and referee aids, without its
 * battles, so that `muster resolve` loads no game. Its module (index.ts) spreads it.
 */
export const commandPointsEntry: RuleSetEntry = {
  id: 'command-points',
  title: 'Command Points & D. Points (Hannam)',
  procedures: COMMAND_POINTS_PROCEDURES,
  sequence: CP_SEQUENCE,
  roster: CP_ROSTER,
};
