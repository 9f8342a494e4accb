import type { GameLogEntry, GameSummary } from '../../protocol/api.ts';
import { type TableSession, useTableSession } from '../table/useTableSession.ts';
import type { GameCommand } from './commands.ts';
import { hidesNothing } from './panel-words.ts';

/**
 * One game of any rule set at the table (src/web/table/useTableSession.ts: seats, views, commands, the
 * computer, hand-overs, waiting for another screen, scrubbing). In hot seat, the player reads what every
 * command did before passing the screen; under a rule set that hides nothing (its `tablePanel` says so),
 * the table is never hidden: it turns to whoever decides.
 */
export type GameSession = TableSession<GameCommand>;

const alwaysRead = (_entries: readonly GameLogEntry[]) => true;

/** A rule set that hides nothing from either side but the dice to come needs no hand-over (panel-words.ts). */
const hidesNothingIn = (game: GameSummary) => hidesNothing(game.ruleSet);

export function useGameSession(gameId: string): GameSession {
  return useTableSession<GameCommand>(gameId, alwaysRead, hidesNothingIn);
}
