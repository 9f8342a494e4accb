import { type ReactNode, useEffect, useId, useState } from 'react';
import type { RosterVocabulary } from '../../core/rules/referee.ts';
import type { ApiError, RuleSetInfo, ScenarioSummary } from '../../protocol/api.ts';
import type { Roster } from '../../protocol/roster.ts';
import { api } from '../api.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import './referee-aids.css';
import {
  MAX_STANDS,
  parseTrackedBattle,
  type RosterAction,
  sideStrength,
  type TrackedBattle,
  type TrackedUnit,
} from './roster-state.ts';

/**
 * The order of battle beside a physical table: start it from a scenario (rated by the rule set, as the
 * games rate it) or unit by unit, then track each unit's stands, status, order and marks through the
 * turns. Laid out as cards, one per unit, so it reads on a phone.
 */
export function RosterPanel({
  ruleSet,
  battle,
  dispatch,
}: {
  readonly ruleSet: RuleSetInfo;
  readonly battle: TrackedBattle;
  readonly dispatch: (action: RosterAction) => void;
}): ReactNode {
  const [error, setError] = useState<ApiError>();
  return (
    <section className="roster" aria-labelledby="roster-title">
      <header className="roster-head">
        <h1 id="roster-title">
          {battle.title}: turn {battle.turn}
        </h1>
        <Strength battle={battle} />
      </header>
      {error ? <ErrorBox error={error} /> : null}
      <ScenarioImport
        ruleSet={ruleSet.id}
        onRoster={(roster) => dispatch({ type: 'import', roster })}
        onError={setError}
      />
      <FileControls battle={battle} dispatch={dispatch} onError={setError} />
      {battle.sides.map((side) => (
        <section key={side.id} className="roster-side" aria-label={side.name}>
          <h2>{side.name}</h2>
          <ul className="roster-units">
            {battle.units
              .filter((u) => u.side === side.id)
              .map((u) => (
                <UnitCard key={u.id} unit={u} vocabulary={ruleSet.roster} dispatch={dispatch} />
              ))}
          </ul>
        </section>
      ))}
      <AddUnit battle={battle} dispatch={dispatch} />
    </section>
  );
}

function Strength({ battle }: { readonly battle: TrackedBattle }): ReactNode {
  const names = new Map(battle.sides.map((s) => [s.id, s.name]));
  return (
    <p className="hint">
      {sideStrength(battle)
        .map((s) => `${names.get(s.side)}: ${s.stands} of ${s.starting} stands`)
        .join(' · ')}
    </p>
  );
}

function ScenarioImport({
  ruleSet,
  onRoster,
  onError,
}: {
  readonly ruleSet: string;
  readonly onRoster: (roster: Roster) => void;
  readonly onError: (error: ApiError | undefined) => void;
}): ReactNode {
  const [scenarios, setScenarios] = useState<readonly ScenarioSummary[]>([]);
  const [chosen, setChosen] = useState('');
  const id = useId();
  useEffect(() => {
    void api.scenarios().then((r) => {
      if (r.ok) setScenarios(r.body.scenarios);
      else onError(r.error);
    });
  }, [onError]);
  const load = async () => {
    if (chosen === '') return;
    const r = await api.roster(chosen, ruleSet);
    if (r.ok) {
      onError(undefined);
      onRoster(r.body);
    } else onError(r.error);
  };
  return (
    <div className="roster-import">
      <label htmlFor={id}>Start from a scenario</label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Choose a scenario…</option>
        {scenarios.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
      <button type="button" onClick={load} disabled={chosen === ''}>
        Load its order of battle
      </button>
    </div>
  );
}

function FileControls({
  battle,
  dispatch,
  onError,
}: {
  readonly battle: TrackedBattle;
  readonly dispatch: (action: RosterAction) => void;
  readonly onError: (error: ApiError | undefined) => void;
}): ReactNode {
  const download = () => {
    const blob = new Blob([`${JSON.stringify(battle, null, 2)}\n`], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${battle.title.replace(/[^A-Za-z0-9]+/g, '-')}-turn-${battle.turn}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const open = async (file: File) => {
    const parsed = parseTrackedBattle(await file.text());
    if (parsed.ok) {
      onError(undefined);
      dispatch({ type: 'load', battle: parsed.battle });
    } else onError({ error: 'invalid-input', message: `${file.name}: ${parsed.message}` });
  };
  return (
    <div className="roster-files">
      <button type="button" className="primary" onClick={() => dispatch({ type: 'next-turn' })}>
        Next turn
      </button>
      <button type="button" onClick={download}>
        Save to a file
      </button>
      <label className="file-button">
        Open a file
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void open(file);
          }}
        />
      </label>
    </div>
  );
}

function UnitCard({
  unit,
  vocabulary,
  dispatch,
}: {
  readonly unit: TrackedUnit;
  readonly vocabulary: RosterVocabulary;
  readonly dispatch: (action: RosterAction) => void;
}): ReactNode {
  const base = useId();
  const lost = unit.startingStands - unit.stands;
  return (
    <li className={`roster-unit${unit.stands === 0 ? ' gone' : ''}`} aria-label={unit.name}>
      <h3>{unit.name}</h3>
      {unit.description ? <p className="hint">{unit.description}</p> : null}
      {unit.ratings.length > 0 ? (
        <p className="ratings">
          {unit.ratings.map((r) => (
            <span key={r.label}>
              {r.label} <strong>{r.value}</strong>
            </span>
          ))}
        </p>
      ) : null}
      <div className="roster-fields">
        <div className="stands">
          <label htmlFor={`${base}-stands`}>Stands</label>
          <button
            type="button"
            aria-label={`${unit.name}: one stand lost`}
            onClick={() => dispatch({ type: 'set-stands', id: unit.id, stands: unit.stands - 1 })}
          >
            −
          </button>
          <input
            id={`${base}-stands`}
            type="number"
            inputMode="numeric"
            min={0}
            max={Math.min(unit.startingStands, MAX_STANDS)}
            value={unit.stands}
            onChange={(e) => dispatch({ type: 'set-stands', id: unit.id, stands: Number(e.target.value) })}
          />
          <button
            type="button"
            aria-label={`${unit.name}: one stand back`}
            onClick={() => dispatch({ type: 'set-stands', id: unit.id, stands: unit.stands + 1 })}
          >
            +
          </button>
          <span className="hint">
            of {unit.startingStands}
            {lost > 0 ? ` (${lost} lost)` : ''}
          </span>
        </div>
        {vocabulary.statuses.length > 0 ? (
          <Choice
            id={`${base}-status`}
            label="Status"
            value={unit.status}
            options={vocabulary.statuses}
            onChange={(status) => dispatch({ type: 'set-status', id: unit.id, status })}
          />
        ) : null}
        {vocabulary.orders.length > 0 ? (
          <Choice
            id={`${base}-order`}
            label="Order"
            value={unit.order}
            options={vocabulary.orders}
            onChange={(order) => dispatch({ type: 'set-order', id: unit.id, order })}
          />
        ) : null}
        {vocabulary.counters.map((c) => (
          <div key={c.id} className="counter">
            <label htmlFor={`${base}-${c.id}`}>{c.label}</label>
            <input
              id={`${base}-${c.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={c.max}
              value={unit.counters[c.id] ?? 0}
              onChange={(e) =>
                dispatch({ type: 'set-counter', id: unit.id, counter: c.id, value: Number(e.target.value) })
              }
            />
          </div>
        ))}
      </div>
      {vocabulary.marks.length > 0 ? (
        <fieldset className="marks">
          <legend>Marks</legend>
          {vocabulary.marks.map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                checked={unit.marks.includes(m)}
                onChange={() => dispatch({ type: 'toggle-mark', id: unit.id, mark: m })}
              />
              {m}
            </label>
          ))}
        </fieldset>
      ) : null}
      <details>
        <summary>Notes and removal</summary>
        <label htmlFor={`${base}-notes`}>Notes</label>
        <textarea
          id={`${base}-notes`}
          value={unit.notes}
          onChange={(e) => dispatch({ type: 'set-notes', id: unit.id, notes: e.target.value })}
        />
        <button type="button" onClick={() => dispatch({ type: 'remove-unit', id: unit.id })}>
          Remove {unit.name}
        </button>
      </details>
    </li>
  );
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly options: readonly string[];
  readonly onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className="choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

function AddUnit({
  battle,
  dispatch,
}: {
  readonly battle: TrackedBattle;
  readonly dispatch: (action: RosterAction) => void;
}): ReactNode {
  const [name, setName] = useState('');
  const [side, setSide] = useState(battle.sides[0]?.id ?? '');
  const [stands, setStands] = useState(6);
  const base = useId();
  return (
    <form
      className="roster-add"
      aria-label="Add a unit"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'add-unit', name, side, stands });
        setName('');
      }}
    >
      <h2>Add a unit</h2>
      <label htmlFor={`${base}-name`}>Name</label>
      <input
        id={`${base}-name`}
        className="roster-name"
        type="text"
        value={name}
        placeholder="e.g. 2nd Madras Native Infantry"
        onChange={(e) => setName(e.target.value)}
        required
      />
      <label htmlFor={`${base}-side`}>Side</label>
      <select id={`${base}-side`} value={side} onChange={(e) => setSide(e.target.value)}>
        {battle.sides.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${base}-stands`}>Stands</label>
      <input
        id={`${base}-stands`}
        type="number"
        min={1}
        max={MAX_STANDS}
        value={stands}
        onChange={(e) => setStands(Number(e.target.value))}
      />
      <button type="submit">Add</button>
    </form>
  );
}
