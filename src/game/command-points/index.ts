import type { BattleSummary, PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import { threwNoDice } from '../engine/undo.ts';
import { computerPlayer } from './ai.ts';
import type { CpCommand } from './commands.ts';
import { describeCommand, describeEvent, describeOffer, namesOf } from './describe.ts';
import type { CpEvent } from './events.ts';
import { commandPointsGame } from './game.ts';
import { commandOdds } from './odds.ts';
import type { CpGameState } from './state.ts';
import { type CpView, scrambleHidden } from './view.ts';

export { CpCommandSchema } from './commands.ts';
export { commandPointsGame } from './game.ts';

/** The turn, and each side's bases at the start and still fighting (formed or falling back). */
export function commandPointsSummary(state: CpGameState): BattleSummary {
  const stands: Record<string, { start: number; now: number }> = {};
  for (const side of state.sides) stands[side] = { start: 0, now: 0 };
  for (const u of Object.values(state.units)) {
    const s = stands[u.side]!;
    s.start += u.startBases;
    if (u.status === 'formed' || u.status === 'falling-back') s.now += u.bases;
  }
  return { turn: state.turn, stands };
}

/** Units and commanders by name, once per state. */
const names = perState(namesOf);

/**
 * Hannam's command-point / D-point rules as a playable rule set: the game, its computer opponent and the
 * odds preview of its commands.
 */
export const commandPointsPlayable: PlayableRuleSet<CpGameState, CpCommand, CpEvent, CpView> = {
  id: 'command-points',
  title: 'Command Points & D. Points (Hannam)',
  game: commandPointsGame,
  scrambleHidden,
  computer: computerPlayer,
  summary: commandPointsSummary,
  commandOdds,
  // Nothing is hidden but the dice to come: a command that threw none may be taken back.
  reversible: threwNoDice,
  describeCommand: (command, state) => describeCommand(command, state, state ? names(state) : new Map()),
  describeOffer: (command, state) => describeOffer(command, state, names(state)),
  describeEvent: (event, state) => describeEvent(event, state ? names(state) : new Map()),
};
