import { type ReactNode, useId } from 'react';
import type { RollDoc } from '../../core/rules/procedure.ts';
import type { ApiIssue } from '../../protocol/api.ts';
import { humanize } from '../form/schema.ts';
import type { DiceEntry } from './dice.ts';

/** The dice panel: where the dice come from, and the faces typed in. */
export function DicePanel(props: {
  readonly rolls: readonly RollDoc[];
  readonly value: DiceEntry;
  readonly onChange: (value: DiceEntry) => void;
  readonly issues: readonly ApiIssue[];
}): ReactNode {
  const { rolls, value, onChange } = props;
  const name = useId();
  const seedId = useId();
  const orderId = useId();
  const set = (patch: Partial<DiceEntry>) => onChange({ ...value, ...patch });
  const issueFor = (path: string) =>
    props.issues
      .filter((i) => i.path === path)
      .map((i) => (
        <p key={i.message} className="issue" role="alert">
          {i.message}
        </p>
      ));
  if (rolls.length === 0) {
    return (
      <fieldset className="dice">
        <legend>Dice</legend>
        <p className="hint">This procedure throws no dice.</p>
      </fieldset>
    );
  }
  const modes = [
    ['muster', 'Muster rolls'],
    ['keys', 'I rolled: by roll'],
    ['order', 'I rolled: in throw order'],
  ] as const;
  return (
    <fieldset className="dice">
      <legend>Dice</legend>
      <div className="dice-modes" role="radiogroup" aria-label="Where the dice come from">
        {modes.map(([mode, label]) => (
          <label key={mode} className="inline">
            <input type="radio" name={name} checked={value.mode === mode} onChange={() => set({ mode })} />{' '}
            {label}
          </label>
        ))}
      </div>
      {value.mode === 'muster' ? (
        <div className="field">
          <label htmlFor={seedId}>
            Seed <span className="optional">(optional: the same seed throws the same dice)</span>
          </label>
          <input
            id={seedId}
            type="text"
            inputMode="numeric"
            value={value.seed}
            placeholder="picked at random"
            onChange={(e) => set({ seed: e.target.value })}
          />
          {issueFor('seed')}
        </div>
      ) : value.mode === 'order' ? (
        <div className="field">
          <label htmlFor={orderId}>Faces in the order the procedure throws them</label>
          <input
            id={orderId}
            type="text"
            inputMode="numeric"
            value={value.order}
            placeholder="e.g. 4 4"
            onChange={(e) => set({ order: e.target.value })}
          />
          <p className="hint">
            Throw order: {rolls.map((r) => `${humanize(r.key)} (${r.dice}; ${r.when})`).join(', then ')}.
          </p>
          {issueFor('dice')}
        </div>
      ) : (
        <div className="roll-keys">
          {rolls.map((r) => (
            <RollInput
              key={r.key}
              roll={r}
              value={value.byKey[r.key] ?? ''}
              onChange={(text) => set({ byKey: { ...value.byKey, [r.key]: text } })}
            >
              {issueFor(`dice.${r.key}`)}
            </RollInput>
          ))}
        </div>
      )}
      {value.mode === 'muster' ? null : (
        <label className="inline fill-rest">
          <input
            type="checkbox"
            checked={value.fillRest}
            onChange={(e) => set({ fillRest: e.target.checked })}
          />{' '}
          Muster throws any dice I leave out
        </label>
      )}
    </fieldset>
  );
}

function RollInput(props: {
  readonly roll: RollDoc;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly children: ReactNode;
}): ReactNode {
  const id = useId();
  return (
    <div className="field roll-key" data-roll={props.roll.key}>
      <label htmlFor={id}>
        {humanize(props.roll.key)} <span className="roll-dice">{props.roll.dice}</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={props.value}
        placeholder="faces, e.g. 4 4"
        onChange={(e) => props.onChange(e.target.value)}
      />
      <p className="hint">{props.roll.when}</p>
      {props.children}
    </div>
  );
}
