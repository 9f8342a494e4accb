import type { GameDefinition } from '../engine/game.ts';
import { applyCommand, applyHfCommand, deciderOf } from './apply.ts';
import type { HfCommand } from './commands.ts';
import type { HfEvent } from './events.ts';
import { legalCommands } from './legal.ts';
import { setupBattle } from './setup.ts';
import { HF_RULE_SET, type HfGameState } from './state.ts';
import { eventFor, type HfView, viewFor } from './view.ts';

/**
 * Honour & Fortitude's whole battle as a `GameDefinition` (src/game/engine/game.ts): the sheet's
 * sequence of play over the virtual table. docs/rules/honour-and-fortitude.md, "The whole battle",
 * describes the state, the commands and the readings.
 */
export type HonourAndFortitudeGame = GameDefinition<HfGameState, HfCommand, HfEvent, HfView>;

export const honourAndFortitudeGame: HonourAndFortitudeGame = {
  ruleSet: HF_RULE_SET,
  setup: setupBattle,
  decider: deciderOf,
  legalCommands,
  apply: applyCommand,
  applyParsed: applyHfCommand,
  result: (state) => state.result,
  viewFor,
  eventFor,
};
