import type { PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import { threwNoDice } from '../engine/undo.ts';
import type { RuleSetModule } from '../rule-set.ts';
import { honourAndFortitudeComputer } from './ai.ts';
import { type HfCommand, HfCommandSchema } from './commands.ts';
import { describeCommand, describeEvent, describeOffer, namesOf } from './describe.ts';
import { honourAndFortitudeEntry } from './entry.ts';
import type { HfEvent } from './events.ts';
import { honourAndFortitudeGame } from './game.ts';
import { commandOdds } from './odds.ts';
import { rateHonourAndFortitude } from './roster-ratings.ts';
import { honourAndFortitudeScenario } from './scenario.ts';
import { hfStanding } from './standing.ts';
import type { HfGameState } from './state.ts';
import { summarizeHfBattle } from './summary.ts';
import { tableAids } from './table-aids.ts';
import { type HfView, scrambleHidden } from './view.ts';

export { honourAndFortitudeComputer } from './ai.ts';
export { type HfCommand, HfCommandSchema } from './commands.ts';
export type { HfEvent } from './events.ts';
export { honourAndFortitudeGame } from './game.ts';
export { commandOdds } from './odds.ts';
export type { HfGameState } from './state.ts';
export { summarizeHfBattle } from './summary.ts';
export type { HfView } from './view.ts';

/** Units and sides by name, once per state. */
const names = perState(namesOf);

/** Honour & Fortitude's whole battle, its computer opponent and its odds preview. */
export const honourAndFortitudePlayable: PlayableRuleSet<HfGameState, HfCommand, HfEvent, HfView> = {
  id: honourAndFortitudeEntry.id,
  title: honourAndFortitudeEntry.title,
  game: honourAndFortitudeGame,
  scrambleHidden,
  computer: honourAndFortitudeComputer,
  summary: summarizeHfBattle,
  standing: hfStanding,
  commandSchema: HfCommandSchema,
  commandOdds,
  // Nothing is hidden but the dice to come: a command that threw none may be taken back.
  reversible: threwNoDice,
  describeCommand: (command, state) => describeCommand(command, state, state ? names(state) : new Map()),
  describeOffer: (command, state) => describeOffer(command, state, names(state)),
  describeEvent: (event, state) => describeEvent(event, state ? names(state) : new Map()),
};

/** Honour & Fortitude as the shells see it (src/game/rule-set.ts). */
export const honourAndFortitude: RuleSetModule = {
  ...honourAndFortitudeEntry,
  playable: honourAndFortitudePlayable,
  rateUnit: rateHonourAndFortitude,
  scenario: honourAndFortitudeScenario,
  tableAids,
};
