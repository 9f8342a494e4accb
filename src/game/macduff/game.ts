import type { GameDefinition, GameResult, Viewer } from '../engine/game.ts';
import type { EngineOptions } from '../engine/working-copy.ts';
import { applyCommand, applyMdCommand } from './apply.ts';
import type { MdCommand } from './commands.ts';
import type { MdEvent } from './events.ts';
import { deciderOf, legalCommands } from './legal.ts';
import { setupBattle } from './setup.ts';
import { MACDUFF_RULE_SET, type MdGameState } from './state.ts';
import { eventFor, type MdView, viewFor } from './view.ts';

/**
 * MacDuff's whole battle as a `GameDefinition` (src/game/engine/game.ts): card activation over the virtual
 * table with the rule set's procedures. docs/rules/macduff.md describes the state machine and its readings.
 */
export type MacduffGame = GameDefinition<MdGameState, MdCommand, MdEvent, MdView>;

/** A MacDuff game; `traces: false` leaves procedure traces out of events (the fast path). */
export function makeMacduffGame(options: EngineOptions = { traces: true }): MacduffGame {
  return {
    ruleSet: MACDUFF_RULE_SET,
    setup: (scenario, seed) => setupBattle(scenario, seed, options),
    decider: deciderOf,
    legalCommands,
    apply: (state, side, command) => applyCommand(state, side, command, options),
    applyParsed: (state, side, command) => applyMdCommand(state, side, command, options),
    result: (state): GameResult | undefined => state.result,
    viewFor: (state, viewer: Viewer) => viewFor(state, viewer),
    eventFor,
  };
}

export const macduffGame: MacduffGame = makeMacduffGame();
