import type { PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import { computerPlayer } from './ai.ts';
import type { MdCommand } from './commands.ts';
import { describeCommand, describeEvent, describeOffer, namesOf } from './describe.ts';
import type { MdEvent } from './events.ts';
import { makeMacduffGame } from './game.ts';
import { commandOdds } from './odds.ts';
import type { MdGameState } from './state.ts';
import { summarizeBattle } from './summary.ts';
import { reversible } from './undo.ts';
import { type MdView, scrambleHidden } from './view.ts';

export { computerPlayer as macduffComputer } from './ai.ts';
export { MdCommandSchema } from './commands.ts';
export { macduffGame, makeMacduffGame } from './game.ts';
export { summarizeBattle as summarizeMacduffBattle } from './summary.ts';

/** Units and Generals by name, once per state. */
const names = perState(namesOf);

/** MacDuff's whole battle with its computer opponent, for the registries (src/game/index.ts). */
export const macduffPlayable: PlayableRuleSet<MdGameState, MdCommand, MdEvent, MdView> = {
  id: 'macduff',
  title: 'With MacDuff To The Frontier (Macfarlane)',
  game: makeMacduffGame(),
  simulationGame: makeMacduffGame({ traces: false }),
  scrambleHidden,
  computer: computerPlayer,
  summary: summarizeBattle,
  commandOdds,
  reversible,
  describeCommand: (command, state) => describeCommand(command, state ? names(state) : new Map()),
  describeOffer: (command, state) => describeOffer(command, state, names(state)),
  describeEvent,
};
