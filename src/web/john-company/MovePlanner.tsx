import { type ReactNode, useEffect } from 'react';
import type { CommandManoeuvre } from '../../game/john-company/commands.ts';
import type { MovePlan } from '../../protocol/api.ts';
import { api } from '../api.ts';
import {
  defaultManoeuvre,
  describeManoeuvre,
  MANOEUVRE_KINDS,
  MANOEUVRE_LABELS,
  type ManoeuvreKind,
} from './planning.ts';

/** Milliseconds without an edit before the plan is asked for. */
const PLAN_DELAY = 150;

/**
 * Planning the active unit's move: a list of manoeuvres (advance, oblique, flank march, wheel, about
 * face, face), built here, picked from the engine's suggestions, or set by dragging the unit's ghost on
 * the table. Each change asks the server for the plan (nothing moves): the ghost, the inches used of
 * the allowance and every problem are shown before the move is made. The move may still be given with
 * problems (some depend on the dice it throws): the engine judges it, and a refusal says why.
 */
export function MovePlanner(props: {
  readonly gameId: string;
  readonly side: string;
  readonly unit: string;
  readonly unitName: string;
  readonly manoeuvres: readonly CommandManoeuvre[];
  readonly onManoeuvres: (manoeuvres: readonly CommandManoeuvre[]) => void;
  readonly suggestions: readonly {
    readonly manoeuvres: readonly CommandManoeuvre[];
    readonly text: string;
  }[];
  readonly plan: MovePlan | undefined;
  readonly onPlan: (plan: MovePlan | undefined) => void;
  readonly onMove: (manoeuvres: readonly CommandManoeuvre[]) => void;
  readonly busy: boolean;
}): ReactNode {
  const { gameId, side, unit, manoeuvres, onPlan } = props;

  useEffect(() => {
    onPlan(undefined);
    if (manoeuvres.length === 0) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void api
        .planMove(gameId, { side, unit, manoeuvres }, abort.signal)
        .then((r) => {
          if (r.ok) onPlan(r.body);
        })
        .catch(() => {
          // Superseded by a newer plan.
        });
    }, PLAN_DELAY);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [gameId, side, unit, manoeuvres, onPlan]);

  const set = (i: number, m: CommandManoeuvre) =>
    props.onManoeuvres(manoeuvres.map((old, j) => (j === i ? m : old)));
  const plan = props.plan;

  return (
    <section className="panel move-planner" aria-labelledby="planner-title">
      <h2 id="planner-title">Plan a move: {props.unitName}</h2>
      <p className="hint">Build the move here, pick one below, or drag the selected unit on the table.</p>
      {props.suggestions.length ? (
        <div className="suggestions">
          {props.suggestions.map((s) => (
            <button key={s.text} type="button" onClick={() => props.onManoeuvres(s.manoeuvres)}>
              {s.text}
            </button>
          ))}
        </div>
      ) : null}
      <ol className="manoeuvres">
        {manoeuvres.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: manoeuvres are in the order they are made.
          <li key={i}>
            <ManoeuvreEditor manoeuvre={m} index={i} onChange={(next) => set(i, next)} />
            <button
              type="button"
              aria-label={`Remove manoeuvre ${i + 1}`}
              onClick={() => props.onManoeuvres(manoeuvres.filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          disabled={manoeuvres.length >= 8}
          onClick={() => props.onManoeuvres([...manoeuvres, defaultManoeuvre('advance')])}
        >
          Add a manoeuvre
        </button>
        {manoeuvres.length ? (
          <button type="button" onClick={() => props.onManoeuvres([])}>
            Clear
          </button>
        ) : null}
      </div>
      {manoeuvres.length && plan ? (
        <div className={`plan-result ${plan.ok ? 'ok' : 'problem'}`} role="status" aria-label="Planned move">
          <p>
            <strong>
              {plan.inchesUsed.toFixed(1)}" of {plan.allowance.toFixed(1)}"
            </strong>{' '}
            used: {manoeuvres.map(describeManoeuvre).join(', then ')}.
          </p>
          {plan.problems.length ? (
            <ul className="problems">
              {plan.problems.map((p) => (
                <li key={`${p.code}:${p.message}`}>{p.message}</li>
              ))}
            </ul>
          ) : (
            <p>The engine would accept this move.</p>
          )}
          {plan.notes.map((n) => (
            <p key={n} className="hint">
              {n}
            </p>
          ))}
        </div>
      ) : manoeuvres.length ? (
        <p className="hint" role="status">
          Planning…
        </p>
      ) : null}
      <button
        type="button"
        className="primary"
        disabled={props.busy || manoeuvres.length === 0}
        aria-describedby={manoeuvres.length === 0 ? 'make-move-why' : undefined}
        onClick={() => props.onMove(manoeuvres)}
      >
        Make this move
      </button>
      {manoeuvres.length === 0 ? (
        <p id="make-move-why" className="hint">
          Nothing is planned yet: pick a suggested move above, add a manoeuvre, or drag the unit on the table,
          and Make this move gives it.
        </p>
      ) : null}
    </section>
  );
}

function ManoeuvreEditor(props: {
  readonly manoeuvre: CommandManoeuvre;
  readonly index: number;
  readonly onChange: (m: CommandManoeuvre) => void;
}): ReactNode {
  const m = props.manoeuvre;
  const n = props.index + 1;
  const number = (value: string) => (Number.isFinite(Number(value)) ? Number(value) : 0);
  return (
    <span className="manoeuvre">
      <select
        aria-label={`Manoeuvre ${n}`}
        value={m.kind}
        onChange={(e) => props.onChange(defaultManoeuvre(e.target.value as ManoeuvreKind))}
      >
        {MANOEUVRE_KINDS.map((k) => (
          <option key={k} value={k}>
            {MANOEUVRE_LABELS[k]}
          </option>
        ))}
      </select>
      {'inches' in m ? (
        <label>
          inches{' '}
          <input
            type="number"
            min={0}
            max={100}
            step={0.5}
            value={m.inches}
            aria-label={`Manoeuvre ${n} inches`}
            onChange={(e) => props.onChange({ ...m, inches: number(e.target.value) })}
          />
        </label>
      ) : null}
      {'degrees' in m ? (
        <label>
          degrees{' '}
          <input
            type="number"
            min={m.kind === 'oblique' ? -90 : -360}
            max={m.kind === 'oblique' ? 90 : 360}
            step={5}
            value={m.degrees}
            aria-label={`Manoeuvre ${n} degrees`}
            onChange={(e) => props.onChange({ ...m, degrees: number(e.target.value) })}
          />
        </label>
      ) : null}
      {m.kind === 'flank-march' ? (
        <select
          aria-label={`Manoeuvre ${n} side`}
          value={m.side}
          onChange={(e) => props.onChange({ ...m, side: e.target.value as 'left' | 'right' })}
        >
          <option value="left">left</option>
          <option value="right">right</option>
        </select>
      ) : null}
    </span>
  );
}
