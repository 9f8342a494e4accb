import type { JcCommand } from '../../game/john-company/commands.ts';
import type { GameLogEntry } from '../../protocol/api.ts';
import { type TableSession, useTableSession } from '../table/useTableSession.ts';

/**
 * One John Company game at the table (useTableSession.ts: seats, views, commands, the computer,
 * hand-overs, waiting for another screen, scrubbing). In hot seat, the player reads the dice of their
 * command before passing the screen.
 */
export type PlaySession = TableSession<JcCommand>;

/** Whether a log entry threw dice the player will want to read. */
function threwDice(entry: GameLogEntry): boolean {
  return entry.events.some((e) => ((e.event as { rolls?: readonly unknown[] }).rolls?.length ?? 0) > 0);
}

const diceToRead = (entries: readonly GameLogEntry[]) => entries.some(threwDice);

export function usePlaySession(gameId: string): PlaySession {
  return useTableSession<JcCommand>(gameId, diceToRead);
}
