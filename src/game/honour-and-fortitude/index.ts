import type { PlayableRuleSet } from '../engine/battle.ts';
import { threwNoDice } from '../engine/undo.ts';
import { honourAndFortitudeComputer } from './ai.ts';
import type { HfCommand } from './commands.ts';
import type { HfEvent } from './events.ts';
import { honourAndFortitudeGame } from './game.ts';
import { commandOdds } from './odds.ts';
import { hfStanding } from './standing.ts';
import type { HfGameState } from './state.ts';
import { summarizeHfBattle } from './summary.ts';
import { type HfView, scrambleHidden } from './view.ts';

export { honourAndFortitudeComputer } from './ai.ts';
export { type HfCommand, HfCommandSchema } from './commands.ts';
export type { HfEvent } from './events.ts';
export { honourAndFortitudeGame } from './game.ts';
export { commandOdds } from './odds.ts';
export type { HfGameState } from './state.ts';
export { summarizeHfBattle } from './summary.ts';
export type { HfView } from './view.ts';

/** Honour & Fortitude's whole battle, its computer opponent and its odds preview, for the registry (src/game/index.ts). */
export const honourAndFortitudePlayable: PlayableRuleSet<HfGameState, HfCommand, HfEvent, HfView> = {
  id: 'honour-and-fortitude',
  title: 'Honour & Fortitude',
  game: honourAndFortitudeGame,
  scrambleHidden,
  computer: honourAndFortitudeComputer,
  summary: summarizeHfBattle,
  standing: hfStanding,
  commandOdds,
  // Nothing is hidden but the dice to come: a command that threw none may be taken back.
  reversible: threwNoDice,
};
