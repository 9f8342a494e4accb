import type { PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import type { RuleSetModule } from '../rule-set.ts';
import { computerPlayer } from './ai.ts';
import { type MdCommand, MdCommandSchema } from './commands.ts';
import { describeCommand, describeEvent, describeOffer, namesOf } from './describe.ts';
import { macduffEntry } from './entry.ts';
import type { MdEvent } from './events.ts';
import { makeMacduffGame } from './game.ts';
import { commandOdds } from './odds.ts';
import { rateMacduff } from './roster-ratings.ts';
import { macduffScenario } from './scenario.ts';
import { macduffStanding } from './standing.ts';
import type { MdGameState } from './state.ts';
import { summarizeBattle } from './summary.ts';
import { tableAids } from './table-aids.ts';
import { reversible } from './undo.ts';
import { type MdView, scrambleHidden } from './view.ts';

export { computerPlayer as macduffComputer } from './ai.ts';
export { MdCommandSchema } from './commands.ts';
export { macduffGame, makeMacduffGame } from './game.ts';
export { summarizeBattle as summarizeMacduffBattle } from './summary.ts';

/** Units and Generals by name, once per state. */
const names = perState(namesOf);

/** MacDuff's whole battle with its computer opponent and its odds preview. */
export const macduffPlayable: PlayableRuleSet<MdGameState, MdCommand, MdEvent, MdView> = {
  id: macduffEntry.id,
  title: macduffEntry.title,
  game: makeMacduffGame(),
  simulationGame: makeMacduffGame({ traces: false }),
  scrambleHidden,
  computer: computerPlayer,
  summary: summarizeBattle,
  standing: macduffStanding,
  commandSchema: MdCommandSchema,
  commandOdds,
  reversible,
  describeCommand: (command, state) => describeCommand(command, state ? names(state) : new Map()),
  describeOffer: (command, state) => describeOffer(command, state, names(state)),
  describeEvent,
};

/** MacDuff as the shells see it (src/game/rule-set.ts). */
export const macduff: RuleSetModule = {
  ...macduffEntry,
  playable: macduffPlayable,
  rateUnit: rateMacduff,
  scenario: macduffScenario,
  tableAids,
};
