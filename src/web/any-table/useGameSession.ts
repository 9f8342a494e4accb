import type { GameLogEntry, GameSummary } from '../../protocol/api.ts';
import { type TableSession, useTableSession } from '../table/useTableSession.ts';
import type { GameCommand } from './commands.ts';

/**
 * One game of any rule set at the table (src/web/table/useTableSession.ts: seats, views, commands, the
 * computer, hand-overs, waiting for another screen, scrubbing). In hot seat, the player reads what every
 * command did before passing the screen; under Honour & Fortitude and the command-point rules, which hide
 * nothing, the table is never hidden: it turns to whoever decides.
 */
export type GameSession = TableSession<GameCommand>;

const alwaysRead = (_entries: readonly GameLogEntry[]) => true;

/** Rule sets that hide nothing from either side but the dice to come: hot seat needs no hand-over. */
const HIDE_NOTHING: ReadonlySet<string> = new Set(['honour-and-fortitude', 'command-points']);
const hidesNothing = (game: GameSummary) => HIDE_NOTHING.has(game.ruleSet);

export function useGameSession(gameId: string): GameSession {
  return useTableSession<GameCommand>(gameId, alwaysRead, hidesNothing);
}
