import { type ReactNode, useEffect, useRef } from 'react';
import type { GameLogEntry } from '../../protocol/api.ts';
import { type SideNames, sideName } from './words.ts';

/** The battle log as the viewer may see it: each command's line and what it caused, the latest last. */
export function BattleLog(props: {
  readonly log: readonly GameLogEntry[];
  readonly sides: SideNames;
}): ReactNode {
  const list = useRef<HTMLOListElement>(null);
  // Follow the log as it grows (its own scroll only: the page stays where the player is).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the length is what changes.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [props.log.length]);
  return (
    <section className="panel battle-log" aria-labelledby="log-title">
      <h2 id="log-title">Battle log</h2>
      {props.log.length === 0 ? <p className="hint">Nothing has happened yet.</p> : null}
      <ol ref={list} aria-label="Battle log entries">
        {props.log.map((entry) => (
          <li key={entry.index}>
            <span className="log-turn">T{entry.turn}</span>{' '}
            <strong>{sideName(props.sides, entry.side)}</strong>: {entry.text}
            {told(entry).length ? (
              <ul>
                {told(entry).map((e, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: events are in the order they happened.
                  <li key={j}>{e.text}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What a command caused, worth a line: events with text, less one that only repeats the command. */
export function told(entry: GameLogEntry): GameLogEntry['events'] {
  const said = entry.text.trim();
  return entry.events.filter((e) => e.text && e.text.trim() !== said);
}

/**
 * The replay scrubber: a slider over the commands given (0 = the start), with a mark where each turn
 * begins; any position before the end shows the table as it was then (nothing can be given there).
 */
export function Scrubber(props: {
  readonly at: number;
  readonly total: number;
  /** The first command of each turn after the first, from the log. */
  readonly turnStarts: readonly { readonly turn: number; readonly index: number }[];
  readonly onScrub: (at: number | undefined) => void;
}): ReactNode {
  const replaying = props.at < props.total;
  return (
    <section className="scrubber" aria-label="Replay">
      <label>
        Replay: after command {props.at} of {props.total}{' '}
        <input
          type="range"
          min={0}
          max={props.total}
          value={props.at}
          list="turn-marks"
          aria-label="Replay position"
          onChange={(e) => props.onScrub(Number(e.target.value))}
        />
      </label>
      <datalist id="turn-marks">
        {props.turnStarts.map((t) => (
          <option key={t.turn} value={t.index} label={`Turn ${t.turn}`} />
        ))}
      </datalist>
      <span className="turn-marks">
        <button type="button" onClick={() => props.onScrub(0)}>
          Start
        </button>
        {props.turnStarts.map((t) => (
          <button key={t.turn} type="button" onClick={() => props.onScrub(t.index)}>
            Turn {t.turn}
          </button>
        ))}
        <button type="button" disabled={!replaying} onClick={() => props.onScrub(undefined)}>
          Now
        </button>
      </span>
      {replaying ? (
        <p className="hint" role="status">
          Replaying: this is the table as it was after command {props.at}. Press Now to play on.
        </p>
      ) : null}
    </section>
  );
}

/**
 * Where each turn after the first starts: the index of its first command, or `total` for the turn the
 * game is in (`turn`) when nothing has been given in it yet.
 */
export function turnStarts(
  log: readonly GameLogEntry[],
  turn: number,
  total: number,
): { turn: number; index: number }[] {
  const out: { turn: number; index: number }[] = [];
  let last = log[0]?.turn ?? 1;
  for (const entry of log) {
    if (entry.turn > last) {
      out.push({ turn: entry.turn, index: entry.index });
      last = entry.turn;
    }
  }
  if (turn > last) out.push({ turn, index: total });
  return out;
}
