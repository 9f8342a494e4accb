import type { GameSummary } from '../protocol/api.ts';

/**
 * Who is waiting to hear that a game moved on: the pages of players on other screens, through the change
 * stream (GET /api/games/:id/changes, app.ts). The referee tells it of every change it makes (a command
 * stored, the game deleted); what it passes on is the game's public summary, never a side's picture, so
 * a listener needs no seat key: it asks for its own view, with its key, once it hears. In one process
 * only, as the referee is.
 */
export type ChangeListener = (summary: GameSummary | undefined) => void;

export class GameChanges {
  private readonly listeners = new Map<string, Set<ChangeListener>>();

  /** Calls `listener` with the summary after each change of the game (undefined: deleted); returns the unsubscribe. */
  subscribe(gameId: string, listener: ChangeListener): () => void {
    let set = this.listeners.get(gameId);
    if (!set) {
      set = new Set();
      this.listeners.set(gameId, set);
    }
    set.add(listener);
    return () => {
      const now = this.listeners.get(gameId);
      if (!now) return;
      now.delete(listener);
      if (now.size === 0) this.listeners.delete(gameId);
    };
  }

  /** Tells the game's listeners of its summary now (undefined: it was deleted). */
  publish(gameId: string, summary: GameSummary | undefined): void {
    const set = this.listeners.get(gameId);
    if (!set) return;
    // A listener may unsubscribe while it hears (a deleted game's stream ends): call a copy.
    for (const listener of [...set]) listener(summary);
  }

  /** How many listeners a game has (for the tests and the server's own accounting). */
  listening(gameId: string): number {
    return this.listeners.get(gameId)?.size ?? 0;
  }
}
