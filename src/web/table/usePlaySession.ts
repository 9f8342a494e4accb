import { useCallback, useEffect, useRef, useState } from 'react';
import type { JcCommand } from '../../game/john-company/commands.ts';
import type { ApiError, GameLogEntry, GamePlay, GameSummary } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { needsHandOver, seatMode, viewerFor } from './seats.ts';

/**
 * One game at the table: whose view is shown, the play as that viewer sees it, the replay position,
 * and the actions (give a command, let the computer play, hand the screen over, scrub). Hidden
 * information: a view is asked for only for the viewer the seats allow (`seats.ts`), and in hot seat the
 * table is hidden (`handOver`) until the next player takes the screen, so neither sees the other's.
 */
export interface PlaySession {
  readonly summary: GameSummary | undefined;
  readonly viewer: string | undefined;
  readonly play: GamePlay | undefined;
  /** Hot seat: the side the screen must be passed to; the table is hidden meanwhile. */
  readonly handOver: string | undefined;
  /**
   * Hot seat, after a command that threw dice: the side the screen goes to next, once the player who gave
   * it has read the dice (their own view stays up until they pass the screen).
   */
  readonly passTo: string | undefined;
  readonly busy: boolean;
  /** The computer is playing. */
  readonly computerPlaying: boolean;
  readonly error: ApiError | undefined;
  /** The log entries of the viewer's last command (its dice and their traces). */
  readonly lastCommand: readonly GameLogEntry[];
  give(command: JcCommand): Promise<void>;
  takeOver(): void;
  /** Hides the table for the hand-over to `passTo`. */
  pass(): void;
  /** Shows the view after `at` commands (undefined: the present). */
  scrub(at: number | undefined): void;
  /** Watching: the computer plays one command (or `max`). */
  computerStep(max?: number): Promise<void>;
  dismissError(): void;
}

/** Whether a log entry threw dice the player will want to read. */
function threwDice(entry: GameLogEntry): boolean {
  return entry.events.some((e) => ((e.event as { rolls?: readonly unknown[] }).rolls?.length ?? 0) > 0);
}

export function usePlaySession(gameId: string): PlaySession {
  const [summary, setSummary] = useState<GameSummary>();
  const [viewer, setViewer] = useState<string>();
  const [play, setPlay] = useState<GamePlay>();
  const [handOver, setHandOver] = useState<string>();
  const [passTo, setPassTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [computerPlaying, setComputerPlaying] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [lastCommand, setLastCommand] = useState<readonly GameLogEntry[]>([]);
  // The viewer now, for the async steps below (each await may outlive a render).
  const current = useRef(viewer);
  current.current = viewer;

  /**
   * After a play arrives: the computer plays while it decides; hot seat hands over when the side changes
   * (after the dice are read, when `diceToRead`).
   */
  const settle = useCallback(
    async (next: GamePlay, shownTo: string, diceToRead = false) => {
      const seats = next.game.players;
      let latest = next;
      if (
        seatMode(seats) === 'against-computer' &&
        latest.at === latest.total &&
        latest.decider !== undefined &&
        seats[latest.decider] === 'computer'
      ) {
        setComputerPlaying(true);
        try {
          while (latest.decider !== undefined && seats[latest.decider] === 'computer') {
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
        const next = viewerFor(seats, latest.decider, shownTo);
        if (diceToRead) setPassTo(next);
        else {
          setHandOver(next);
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
        await settle(r.body, shownTo);
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
    async (command: JcCommand) => {
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
        await settle(r.body.play, side, entries.some(threwDice));
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
    async (max = 1) => {
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
