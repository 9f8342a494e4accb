import type { Applied, GameDefinition, GameResult, Viewer } from '../engine/game.ts';
import type { EngineOptions } from '../engine/working-copy.ts';
import { applyCommand, applyJcCommand, deciderOf, parseCommand } from './apply.ts';
import type { JcCommand } from './commands.ts';
import type { JcEvent } from './events.ts';
import { legalCommands } from './legal.ts';
import { setupBattle } from './setup.ts';
import { JC_RULE_SET, type JcGameState } from './state.ts';
import { eventFor, type JcView, viewFor } from './view.ts';

/**
 * John Company's whole battle as a `GameDefinition` (src/game/engine/game.ts): the state machine of
 * Part 3's sequence of play over the virtual table, with Part 4's procedures. See
 * docs/game-john-company.md for the state, the steps, the commands, the events and the readings.
 */
export type JohnCompanyGame = GameDefinition<JcGameState, JcCommand, JcEvent, JcView>;

/**
 * A John Company game definition. `traces: false` leaves procedure traces out of the events (the
 * computer opponent's and the benchmarks' fast path); everything else, the dice included, is the same.
 */
export function makeJohnCompanyGame(options: EngineOptions = { traces: true }): JohnCompanyGame {
  return {
    ruleSet: JC_RULE_SET,
    setup: (scenario, seed) => setupBattle(scenario, seed),
    decider: deciderOf,
    legalCommands,
    apply: (state, side, command) => applyCommand(state, side, command, options),
    applyParsed: (state, side, command) => applyJcCommand(state, side, command, options),
    parseCommand,
    result: (state): GameResult | undefined => state.result,
    viewFor: (state, viewer: Viewer) => viewFor(state, viewer),
    eventFor,
  };
}

/** The game with traces in its events: what shells and replays use. */
export const johnCompanyGame: JohnCompanyGame = makeJohnCompanyGame();

/**
 * Plays one step of the deciding side: `choose` picks among `legalCommands` (the computer opponent's
 * policy, or a seeded random pick in tests). Undefined when the battle is over.
 */
export function playStep(
  game: JohnCompanyGame,
  state: JcGameState,
  choose: (commands: readonly JcCommand[], state: JcGameState, side: string) => JcCommand,
): { side: string; command: JcCommand; applied: Applied<JcGameState, JcEvent> } | undefined {
  const side = game.decider(state);
  if (side === undefined) return undefined;
  const command = choose(game.legalCommands(state, side), state, side);
  return { side, command, applied: game.apply(state, side, command) };
}
