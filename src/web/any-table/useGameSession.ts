import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError, GameLogEntry, GamePlay, GameSummary } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { needsHandOver, seatMode, viewerFor } from '../table/seats.ts';
import type { GameCommand } from './commands.ts';

/**
 * One game of any rule set at the table: whose view is shown, the play as that viewer sees it, the
 * replay position, and the actions (give a command, let the computer play, hand the screen over,
 * scrub). A view is asked for only for the viewer the seats allow (src/web/table/seats.ts); in hot seat
 * the table is hidden (`handOver`) until the next player takes the screen.
 */
export interface GameSession {
  readonly summary: GameSummary | undefined;
  readonly viewer: string | undefined;
  readonly play: GamePlay | undefined;
  /** Hot seat: the side the screen must be passed to; the table is hidden meanwhile. */
  readonly handOver: string | undefined;
  /**
   * Hot seat, after a command that passes the decision to the other player: the side to pass to, once
   * the player who gave it has read what it did (their view stays up until they pass the screen).
   */
  readonly passTo: string | undefined;
  readonly busy: boolean;
  readonly computerPlaying: boolean;
  readonly error: ApiError | undefined;
  /** The log entries of the viewer's last command: what it did. */
  readonly lastCommand: readonly GameLogEntry[];
  give(command: GameCommand): Promise<void>;
  takeOver(): void;
  pass(): void;
  /** Shows the view after `at` commands (undefined: the present). */
  scrub(at: number | undefined): void;
  /** Watching: the computer plays `max` commands. */
  computerStep(max: number): Promise<void>;
  dismissError(): void;
}

export function useGameSession(gameId: string): GameSession {
  const [summary, setSummary] = useState<GameSummary>();
  const [viewer, setViewer] = useState<string>();
  const [play, setPlay] = useState<GamePlay>();
  const [handOver, setHandOver] = useState<string>();
  const [passTo, setPassTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [computerPlaying, setComputerPlaying] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [lastCommand, setLastCommand] = useState<readonly GameLogEntry[]>([]);
  // The viewer now, for the async steps below (an await may outlive a render).
  const current = useRef(viewer);
  current.current = viewer;

  /**
   * After a play arrives: against the computer, the computer plays while it decides; in hot seat the
   * screen is handed over when another side decides (after the giver has read the result, `toRead`).
   */
  const settle = useCallback(
    async (next: GamePlay, shownTo: string, toRead: boolean) => {
      const seats = next.game.players;
      let latest = next;
      const computerDecides = (p: GamePlay) =>
        p.at === p.total && p.decider !== undefined && seats[p.decider] === 'computer';
      if (seatMode(seats) === 'against-computer' && computerDecides(latest)) {
        setComputerPlaying(true);
        try {
          while (computerDecides(latest)) {
            const r = await api.computer(gameId, { viewer: shownTo });
            if (!r.ok) {
              setError(r.error);
              break;
            }
            latest = r.body.play;
            if (r.body.played === 0) break;
          }
        } finally {
          setComputerPlaying(false);
        }
      }
      setSummary(latest.game);
      if (latest.at === latest.total && needsHandOver(seats, latest.decider, shownTo)) {
        const nextViewer = viewerFor(seats, latest.decider, shownTo);
        if (toRead) setPassTo(nextViewer);
        else {
          setHandOver(nextViewer);
          setPlay(undefined);
          return;
        }
      }
      setPlay(latest);
    },
    [gameId],
  );

  const load = useCallback(
    async (shownTo: string, at?: number) => {
      setBusy(true);
      try {
        const r = await api.play(gameId, shownTo, at);
        if (!r.ok) return setError(r.error);
        await settle(r.body, shownTo, false);
      } finally {
        setBusy(false);
      }
    },
    [gameId, settle],
  );

  // Opening the game: its seats say whose view to show; hot seat starts with the hand-over screen.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const r = await api.game(gameId);
      if (cancelled) return;
      if (!r.ok) return setError(r.error);
      setSummary(r.body);
      const first = viewerFor(r.body.players, r.body.decider, undefined);
      if (needsHandOver(r.body.players, r.body.decider, undefined)) setHandOver(first);
      else {
        setViewer(first);
        await load(first);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [gameId, load]);

  const give = useCallback(
    async (command: GameCommand) => {
      const side = current.current;
      if (!play || side === undefined || side === 'spectator') return;
      setBusy(true);
      try {
        const r = await api.command(gameId, { side, command, seq: play.total });
        if (!r.ok) {
          setError(r.error);
          if (r.error.error === 'conflict') await load(side);
          return;
        }
        setError(undefined);
        const entries = r.body.play.log.filter((e) => e.index >= play.total);
        setLastCommand(entries);
        await settle(r.body.play, side, true);
      } finally {
        setBusy(false);
      }
    },
    [gameId, play, load, settle],
  );

  const pass = useCallback(() => {
    if (passTo === undefined) return;
    setHandOver(passTo);
    setPassTo(undefined);
    setPlay(undefined);
  }, [passTo]);

  const takeOver = useCallback(() => {
    if (handOver === undefined) return;
    setViewer(handOver);
    setHandOver(undefined);
    setLastCommand([]);
    void load(handOver);
  }, [handOver, load]);

  const scrub = useCallback(
    (at: number | undefined) => {
      if (viewer !== undefined) void load(viewer, at);
    },
    [viewer, load],
  );

  const computerStep = useCallback(
    async (max: number) => {
      if (viewer === undefined) return;
      setComputerPlaying(true);
      try {
        const r = await api.computer(gameId, { viewer, max });
        if (!r.ok) return setError(r.error);
        setSummary(r.body.play.game);
        setPlay(r.body.play);
      } finally {
        setComputerPlaying(false);
      }
    },
    [gameId, viewer],
  );

  return {
    summary,
    viewer,
    play,
    handOver,
    passTo,
    busy,
    computerPlaying,
    error,
    lastCommand,
    give,
    takeOver,
    pass,
    scrub,
    computerStep,
    dismissError: () => setError(undefined),
  };
}
