import { type ReactNode, useEffect, useState } from 'react';
import type { RollRecord } from '../../core/random/dice.ts';
import type { TraceStep } from '../../core/rules/trace.ts';
import type {
  ApiError,
  CommandOdds,
  CommandOddsRequest,
  GameLogEntry,
  GameLogEvent,
} from '../../protocol/api.ts';
import { api } from '../api.ts';
import { OddsCharts } from '../referee/OddsCharts.tsx';
import { ResultView } from '../referee/ResultView.tsx';
import { cannotTakeAStand, mayCauseEvent } from './harm.ts';

/**
 * Before a command that throws dice: its odds (every procedure it resolves, each odds view a chart,
 * as the referee's assistant draws them; exact, or marked as estimated where the preview could not work
 * them out exactly), asked of the server unless the caller already has them, then
 * the player gives it or thinks again. Any rule set's command (`POST /api/games/:id/odds`).
 */
export function OddsBeforeDice(props: {
  readonly gameId: string;
  readonly side: string;
  readonly command: CommandOddsRequest['command'];
  readonly text: string;
  /** The odds, when the caller has asked for them already. */
  readonly odds?: readonly CommandOdds[];
  readonly busy: boolean;
  readonly onGive: () => void;
  readonly onCancel: () => void;
}): ReactNode {
  const { gameId, side, command } = props;
  const [fetched, setFetched] = useState<readonly CommandOdds[]>();
  const [error, setError] = useState<ApiError>();
  const given = props.odds;
  useEffect(() => {
    if (given) return;
    let current = true;
    void api.commandOdds(gameId, { side, command }).then((r) => {
      if (!current) return;
      if (r.ok) setFetched(r.body.odds);
      else setError(r.error);
    });
    return () => {
      current = false;
    };
  }, [gameId, side, command, given]);
  const odds = given ?? fetched;
  const charts = odds?.flatMap((o) =>
    o.charts.map((c) => ({
      ...c,
      name: `${o.title}: ${c.name}`,
      ...(o.estimatedFrom === undefined ? {} : { estimatedFrom: o.estimatedFrom }),
    })),
  );
  return (
    <section className="panel odds-first" aria-label={`Before the dice: ${props.text}`}>
      <h2>Before the dice: {props.text}</h2>
      {odds && odds.length === 0 ? (
        <p className="hint">Nothing to roll that this side may know the odds of.</p>
      ) : null}
      {odds && cannotTakeAStand(odds) ? (
        <p className="harmless" role="note">
          This cannot hurt the target: whatever the dice, it loses no stand
          {mayCauseEvent(odds) ? ' (only the Event Die can still give an Event)' : ''}.
        </p>
      ) : null}
      <OddsCharts
        odds={charts}
        stale={odds === undefined && error === undefined}
        error={error}
        rolled={false}
      />
      <div className="actions">
        <button type="button" className="primary" disabled={props.busy} onClick={props.onGive}>
          Roll: {props.text}
        </button>
        <button type="button" onClick={props.onCancel}>
          Not now
        </button>
      </div>
    </section>
  );
}

/**
 * The odds a counter carries before it is placed (a charge counter: the charger's Charge Test and the
 * Confrontation if it goes in, as things stand; thrown in Step 4), from the server's preview, under the
 * counter's row.
 */
export function CounterOdds(props: {
  readonly gameId: string;
  readonly side: string;
  readonly command: CommandOddsRequest['command'];
}): ReactNode {
  const { gameId, side, command } = props;
  const [odds, setOdds] = useState<readonly CommandOdds[]>();
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    let current = true;
    setOdds(undefined);
    setError(undefined);
    void api.commandOdds(gameId, { side, command }).then((r) => {
      if (!current) return;
      if (r.ok) setOdds(r.body.odds);
      else setError(r.error);
    });
    return () => {
      current = false;
    };
  }, [gameId, side, command]);
  if (odds?.length === 0) return null;
  // Titles read "<who does what>: <what is rolled>": the first part heads them all, the second each chart.
  const split = (title: string) => {
    const at = title.indexOf(': ');
    if (at < 0) return { head: title, part: title };
    const part = title.slice(at + 2);
    return { head: title.slice(0, at), part: part.charAt(0).toUpperCase() + part.slice(1) };
  };
  const title = odds?.[0] ? split(odds[0].title).head : 'The odds';
  const charts = odds?.flatMap((o) =>
    o.charts.map((c) => ({ ...c, name: `${split(o.title).part}: ${c.name}` })),
  );
  return (
    <details className="counter-odds" open>
      <summary>{title}</summary>
      <OddsCharts
        odds={charts}
        stale={odds === undefined && error === undefined}
        error={error}
        rolled={false}
      />
    </details>
  );
}

interface TracedEvent {
  readonly trace?: readonly TraceStep[];
  readonly rolls?: readonly RollRecord[];
}

const traced = (e: GameLogEvent) => {
  const event = e.event as TracedEvent;
  return (event.rolls?.length ?? 0) > 0 || (event.trace?.length ?? 0) > 0;
};

/**
 * After a command: each event that threw dice or resolved a procedure, and the chosen one worked out:
 * step by step (its dice, every modifier with its rule) by the referee's assistant's result view when
 * the event carries its procedure's trace (a game kept with traces), else its dice.
 */
export function DiceResolution({
  ruleSet,
  entries,
}: {
  /** The game's rule set, whose procedures the traces are of. */
  readonly ruleSet: string;
  readonly entries: readonly GameLogEntry[];
}): ReactNode {
  const events = entries.flatMap((entry) => entry.events.filter(traced));
  const [chosen, setChosen] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new command shows its first resolution.
  useEffect(() => setChosen(0), [entries]);
  if (events.length === 0) return null;
  const shown = events[Math.min(chosen, events.length - 1)]!;
  const event = shown.event as TracedEvent;
  return (
    <section className="panel dice-resolution" aria-label="Dice and how they were read">
      <h2>The dice</h2>
      {events.length > 1 ? (
        <div className="resolution-picker">
          {events.map((e, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: events are in the order they happened.
              key={i}
              type="button"
              aria-pressed={i === chosen}
              onClick={() => setChosen(i)}
            >
              {e.text || e.type}
            </button>
          ))}
        </div>
      ) : null}
      {event.trace?.length ? (
        <ResultView
          result={{
            ruleSet,
            procedure: shown.type,
            odds: [],
            result: shown.event,
            describe: [shown.text || shown.type],
            trace: event.trace,
            rolls: event.rolls ?? [],
          }}
        />
      ) : (
        <>
          <p className="describe">{shown.text || shown.type}</p>
          <ThrownDice rolls={event.rolls ?? []} />
        </>
      )}
    </section>
  );
}

/** The dice an event threw: each roll's name, faces and value. */
function ThrownDice({ rolls }: { readonly rolls: readonly RollRecord[] }): ReactNode {
  return (
    <ul className="rolls">
      {rolls.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: throws are listed in throw order.
        <li key={i}>
          <span className="roll-label">{r.label}</span>{' '}
          <span className="faces">
            {r.faces.map((f, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: faces are in throw order.
              <span key={j} className="face">
                {f}
              </span>
            ))}
          </span>{' '}
          = <strong>{r.value}</strong>
        </li>
      ))}
    </ul>
  );
}
