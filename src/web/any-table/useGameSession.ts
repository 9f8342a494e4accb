import type { GameLogEntry } from '../../protocol/api.ts';
import { type TableSession, useTableSession } from '../table/useTableSession.ts';
import type { GameCommand } from './commands.ts';

/**
 * One game of any rule set at the table (src/web/table/useTableSession.ts: seats, views, commands, the
 * computer, hand-overs, waiting for another screen, scrubbing). In hot seat, the player reads what every
 * command did before passing the screen.
 */
export type GameSession = TableSession<GameCommand>;

const alwaysRead = (_entries: readonly GameLogEntry[]) => true;

export function useGameSession(gameId: string): GameSession {
  return useTableSession<GameCommand>(gameId, alwaysRead);
}
