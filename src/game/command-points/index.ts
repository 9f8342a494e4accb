import type { BattleSummary, PlayableRuleSet } from '../engine/battle.ts';
import { perState } from '../engine/hosting.ts';
import { threwNoDice } from '../engine/undo.ts';
import type { RuleSetModule } from '../rule-set.ts';
import { computerPlayer } from './ai.ts';
import { type CpCommand, CpCommandSchema } from './commands.ts';
import { describeCommand, describeEvent, describeOffer, namesOf } from './describe.ts';
import { commandPointsEntry } from './entry.ts';
import type { CpEvent } from './events.ts';
import { commandPointsGame } from './game.ts';
import { commandOdds } from './odds.ts';
import { rateCommandPoints } from './roster-ratings.ts';
import { commandPointsScenario } from './scenario.ts';
import { cpStanding } from './standing.ts';
import type { CpGameState } from './state.ts';
import { tableAids } from './table-aids.ts';
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
  id: commandPointsEntry.id,
  title: commandPointsEntry.title,
  game: commandPointsGame,
  scrambleHidden,
  computer: computerPlayer,
  summary: commandPointsSummary,
  standing: cpStanding,
  commandSchema: CpCommandSchema,
  commandOdds,
  // Nothing is hidden but the dice to come: a command that threw none may be taken back.
  reversible: threwNoDice,
  describeCommand: (command, state) => describeCommand(command, state, state ? names(state) : new Map()),
  describeOffer: (command, state) => describeOffer(command, state, names(state)),
  describeEvent: (event, state) => describeEvent(event, state ? names(state) : new Map()),
};

/** The command-point rules as the shells see them (src/game/rule-set.ts). */
export const commandPoints: RuleSetModule = {
  ...commandPointsEntry,
  playable: commandPointsPlayable,
  rateUnit: rateCommandPoints,
  scenario: commandPointsScenario,
  tableAids,
};
