import type { SeedMaterial } from '../../core/random/prng.ts';
import type { GameDefinition } from '../engine/game.ts';
import { applyCommand, applyCpCommand } from './apply.ts';
import type { CpCommand } from './commands.ts';
import type { CpEvent } from './events.ts';
import { deciderOf, legalCommands } from './legal.ts';
import { beginTurn, Work } from './sequence.ts';
import { setupState } from './setup.ts';
import { CP_RULE_SET, type CpGameState } from './state.ts';
import { type CpView, eventFor, viewFor } from './view.ts';

/** The first state of a battle: the scenario laid out, and turn 1 begun (command points thrown). */
export function setupBattle(scenario: unknown, seed: SeedMaterial): CpGameState {
  const w = new Work(setupState(scenario, seed));
  beginTurn(w);
  return { ...w.finish(), seq: 0 };
}

/** The command-point battle as a game (src/game/engine/game.ts). */
export const commandPointsGame: GameDefinition<CpGameState, CpCommand, CpEvent, CpView> = {
  ruleSet: CP_RULE_SET,
  setup: setupBattle,
  decider: deciderOf,
  legalCommands,
  apply: applyCommand,
  applyParsed: applyCpCommand,
  result: (state) => state.result,
  viewFor,
  eventFor,
};
