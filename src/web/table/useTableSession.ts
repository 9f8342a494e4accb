import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ApiError,
  AppendCommandRequest,
  GameLogEntry,
  GamePlay,
  GameSummary,
  PlayChange,
} from '../../protocol/api.ts';
import { applyPlayChange } from '../../protocol/play-change.ts';
import { api, type Fetched } from '../api.ts';
import { giveEntropy } from '../fair-dice.ts';
import { heldKeys } from '../seat-keys.ts';
import { needsHandOver, type Seating, seatingOf, viewerFor, waitsForOthers } from './seats.ts';

/**
 * One game at a table page, whatever its rule set (John Company's table and the table for any rule set
 * each wrap it): who sits here (`seats.ts`, from the seat keys this browser holds), whose view is shown,
 * the play as that viewer sees it, the replay position, and the actions (give a command, let the
 * computer play, hand the screen over, scrub). Hidden information: a view is asked for only for the
 * viewer the seats allow, with this browser's keys (the server refuses any other); in hot seat the table
 * is hidden (`handOver`) until the next player takes the screen, unless the rule set hides nothing; over the network, while a side played
 * elsewhere decides, the page listens to the game's change stream and asks for what is new when it
 * hears of a command (`from`: only the new log entries). Commands, undo and the computer answer only what
 * changed since the play shown (`PlayChange`, docs/web.md "What changed"): the page applies it to the
 * play it holds, and asks for the whole play only when the change is not from it.
 */
export interface TableSession<C> {
  readonly summary: GameSummary | undefined;
  /**
   * Secret dice: the seats whose browsers have not yet given their entropy (their players have not
   * opened the game); nothing can be shown or played until none is left.
   */
  readonly waitingFor: readonly string[] | undefined;
  /**
   * Secret dice: the seats played here whose share of the dice another browser gave before this one
   * kept its own (Verify cannot vouch for them).
   */
  readonly sharesGivenElsewhere: readonly string[];
  /** Who sits here; undefined until the game's summary has come. */
  readonly seating: Seating | undefined;
  readonly viewer: string | undefined;
  readonly play: GamePlay | undefined;
  /** Hot seat: the side the screen must be passed to; the table is hidden meanwhile. */
  readonly handOver: string | undefined;
  /**
   * Hot seat, after a command that passes the decision to the other player: the side the screen goes to
   * next, once the player who gave it has read what it did (their view stays up until they pass).
   */
  readonly passTo: string | undefined;
  readonly busy: boolean;
  /** The computer is playing. */
  readonly computerPlaying: boolean;
  readonly error: ApiError | undefined;
  /**
   * The log entries of the commands the page last learnt of (what they did, their dice): the viewer's
   * own and the computer's replies, or those given on other screens while it waited, or the computer's
   * when watching. Only entries of the viewer's picture: the server filtered them for it.
   */
  readonly lastCommand: readonly GameLogEntry[];
  give(command: C): Promise<void>;
  /** Takes back the viewer's last command (when the play says it may: `GamePlay.undoable`). */
  undo(): Promise<void>;
  takeOver(): void;
  /** Hides the table for the hand-over to `passTo`. */
  pass(): void;
  /** Shows the view after `at` commands (undefined: the present). */
  scrub(at: number | undefined): void;
  /** Watching: the computer plays `max` commands (default one). */
  computerStep(max?: number): Promise<void>;
  dismissError(): void;
}

/**
 * How often a page waiting for another screen asks for what is new though its change stream said
 * nothing (a proxy may hold server-sent events back).
 */
export const FALLBACK_POLL_MS = 10_000;

/** The entries of a play's log from command `from` on (what was done since a play of `from` commands). */
function newEntries(play: GamePlay, from: number): GameLogEntry[] {
  return play.log.filter((e) => e.index >= from);
}

/** A play asked with `from`, its log completed from the play before it (which has the log from 0). */
function withEarlierLog(next: GamePlay, before: GamePlay): GamePlay {
  if (next.from === 0) return next;
  return { ...next, from: 0, log: [...before.log.slice(0, next.from), ...next.log] };
}

/**
 * The play after an answer's change: applied to the play held (`applyPlayChange`); the legal commands
 * asked for when the change leaves them out, and the whole play when the change is not from the play held.
 */
async function playAfter(
  gameId: string,
  held: GamePlay | undefined,
  answer: { readonly game: GameSummary; readonly change: PlayChange },
): Promise<Fetched<GamePlay>> {
  const applied = applyPlayChange(held, answer.game, answer.change);
  if (applied && !answer.change.legalToFetch) return { ok: true, body: applied };
  const r = await api.play(gameId, answer.change.viewer, undefined, applied?.total);
  if (!r.ok || !applied) return r;
  return { ok: true, body: withEarlierLog(r.body, applied) };
}

export function useTableSession<C extends AppendCommandRequest['command']>(
  gameId: string,
  /** Whether the giver should read what their command did before passing the screen (hot seat). */
  toRead: (entries: readonly GameLogEntry[]) => boolean,
  /**
   * Whether the game's rule set hides nothing from either side (no hidden orders, cards or units): then
   * hot seat shows whoever decides their table at once, without hiding it for a hand-over.
   */
  hidesNothing: (game: GameSummary) => boolean = () => false,
): TableSession<C> {
  const [summary, setSummary] = useState<GameSummary>();
  const [waitingFor, setWaitingFor] = useState<readonly string[]>();
  const [sharesGivenElsewhere, setSharesGivenElsewhere] = useState<readonly string[]>([]);
  const [seating, setSeating] = useState<Seating>();
  const [viewer, setViewer] = useState<string>();
  const [play, setPlay] = useState<GamePlay>();
  const [handOver, setHandOver] = useState<string>();
  const [passTo, setPassTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [computerPlaying, setComputerPlaying] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [lastCommand, setLastCommand] = useState<readonly GameLogEntry[]>([]);
  // The viewer and seating now, for the async steps below (each await may outlive a render).
  const current = useRef(viewer);
  current.current = viewer;
  const seated = useRef(seating);
  seated.current = seating;
  // The play shown now, for the computer's steps (their callback keeps its identity between plays).
  const shown = useRef(play);
  shown.current = play;
  const readAfter = useRef(toRead);
  readAfter.current = toRead;
  const nothingHidden = useRef(hidesNothing);
  nothingHidden.current = hidesNothing;

  /**
   * After a play arrives: the computer plays while it decides (when a side is played here); hot seat
   * hands over when the side changes (after the giver has read what happened, when `read`).
   */
  const settle = useCallback(
    async (next: GamePlay, shownTo: string, read: boolean) => {
      const seats = next.game.players;
      const sitting = seated.current ?? { players: seats, here: [] };
      let latest = next;
      const computerDecides = (p: GamePlay) =>
        p.at === p.total && p.decider !== undefined && seats[p.decider] === 'computer';
      if (sitting.here.length > 0 && computerDecides(latest)) {
        setComputerPlaying(true);
        try {
          while (computerDecides(latest)) {
            const r = await api.computer(gameId, { viewer: shownTo, from: latest.total });
            const after = r.ok ? await playAfter(gameId, latest, r.body) : r;
            if (!after.ok) {
              setError(after.error);
              break;
            }
            latest = after.body;
            if (r.ok && r.body.played === 0) break;
          }
        } finally {
          setComputerPlaying(false);
        }
        const replies = newEntries(latest, next.total);
        if (replies.length > 0) setLastCommand((before) => [...before, ...replies]);
      }
      setSummary(latest.game);
      if (latest.at === latest.total && needsHandOver(sitting, latest.decider, shownTo)) {
        const nextViewer = viewerFor(sitting, latest.decider, shownTo);
        if (nothingHidden.current(latest.game)) {
          // Nothing to hide: the table stays up, now as the deciding side's (its legal commands).
          const r = await api.play(gameId, nextViewer);
          if (!r.ok) return setError(r.error);
          latest = r.body;
          setViewer(nextViewer);
        } else if (read) setPassTo(nextViewer);
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

  // Opening the game: its seats and this browser's keys say who sits here and whose view to show; hot
  // seat starts with the hand-over screen. Secret dice: this browser first gives the entropy of its
  // seats, then waits (listening to the change stream) until every other seat's has come.
  useEffect(() => {
    let cancelled = false;
    let unwatch = () => {};
    const open = async (game: GameSummary) => {
      const sitting = seatingOf(game, heldKeys(gameId));
      seated.current = sitting;
      setSeating(sitting);
      setSummary(game);
      const first = viewerFor(sitting, game.decider, undefined);
      if (needsHandOver(sitting, game.decider, undefined) && !nothingHidden.current(game)) setHandOver(first);
      else {
        setViewer(first);
        await load(first);
      }
    };
    void (async () => {
      const r = await api.summary(gameId);
      if (cancelled) return;
      if (!r.ok) return setError(r.error);
      const { game, givenElsewhere } = await giveEntropy(r.body, seatingOf(r.body, heldKeys(gameId)).here);
      if (cancelled) return;
      setSharesGivenElsewhere(givenElsewhere);
      const waiting = game.dice.kind === 'secret' ? game.dice.waitingFor : [];
      if (waiting.length === 0) return open(game);
      setSummary(game);
      setWaitingFor(waiting);
      let opened = false;
      unwatch = api.watch(gameId, (heard) => {
        if (heard.dice.kind !== 'secret' || opened) return;
        setWaitingFor(heard.dice.waitingFor);
        if (heard.dice.waitingFor.length > 0) return;
        opened = true;
        unwatch();
        setWaitingFor(undefined);
        void open(heard);
      });
    })();
    return () => {
      cancelled = true;
      unwatch();
    };
  }, [gameId, load]);

  // Waiting for another screen: the game's change stream says when a command was stored, and the page
  // then asks for what is new; it also asks every FALLBACK_POLL_MS, for a stream a proxy holds back.
  useEffect(() => {
    if (!play || !seating || viewer === undefined || handOver !== undefined || busy) return;
    if (play.at !== play.total || !waitsForOthers(seating, play.decider)) return;
    let stopped = false;
    let asking = false;
    const stop = () => {
      stopped = true;
      unwatch();
      window.clearInterval(timer);
    };
    const ask = async () => {
      if (stopped || asking) return;
      asking = true;
      const r = await api.play(gameId, viewer, undefined, play.total);
      asking = false;
      if (stopped) return;
      if (!r.ok) {
        setError(r.error);
        if (r.error.error === 'forbidden' || r.error.error === 'not-found') stop();
      } else if (r.body.total !== play.total) {
        stop();
        setError(undefined);
        setLastCommand(newEntries(r.body, play.total));
        await settle(withEarlierLog(r.body, play), viewer, false);
      }
    };
    const unwatch = api.watch(gameId, (heard) => {
      if (heard.commands !== play.total) void ask();
    });
    const timer = window.setInterval(() => void ask(), FALLBACK_POLL_MS);
    return stop;
  }, [gameId, play, seating, viewer, handOver, busy, settle]);

  const give = useCallback(
    async (command: C) => {
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
        const after = await playAfter(gameId, play, r.body);
        if (!after.ok) return setError(after.error);
        setError(undefined);
        const entries = newEntries(after.body, play.total);
        setLastCommand(entries);
        await settle(after.body, side, readAfter.current(entries));
      } finally {
        setBusy(false);
      }
    },
    [gameId, play, load, settle],
  );

  const undo = useCallback(async () => {
    const side = current.current;
    if (!play?.undoable || side === undefined || side === 'spectator') return;
    setBusy(true);
    try {
      const r = await api.undo(gameId, { side, seq: play.total });
      if (!r.ok) {
        setError(r.error);
        if (r.error.error === 'conflict') await load(side);
        return;
      }
      const after = await playAfter(gameId, play, r.body);
      if (!after.ok) return setError(after.error);
      setError(undefined);
      // The decision is the giver's again: no screen to pass.
      setPassTo(undefined);
      setLastCommand([]);
      await settle(after.body, side, false);
    } finally {
      setBusy(false);
    }
  }, [gameId, play, load, settle]);

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
        const held = shown.current;
        const before = held?.total ?? 0;
        const r = await api.computer(gameId, { viewer, max, ...(held ? { from: before } : {}) });
        const after = r.ok ? await playAfter(gameId, held, r.body) : r;
        if (!after.ok) return setError(after.error);
        setLastCommand(newEntries(after.body, before));
        setSummary(after.body.game);
        setPlay(after.body);
      } finally {
        setComputerPlaying(false);
      }
    },
    [gameId, viewer],
  );

  return {
    summary,
    waitingFor,
    sharesGivenElsewhere,
    seating,
    viewer,
    play,
    handOver,
    passTo,
    busy,
    computerPlaying,
    error,
    lastCommand,
    give,
    undo,
    takeOver,
    pass,
    scrub,
    computerStep,
    dismissError: () => setError(undefined),
  };
}
