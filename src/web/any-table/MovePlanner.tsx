import type { ReactNode } from 'react';
import type { PlannedAttack, PlannedMove, Reach } from '../../game/rule-set.ts';
import { OddsBeforeDice } from '../table/Dice.tsx';
import type { GameCommand, LegalItem } from './commands.ts';
import type { AidChoice } from './Overlays.tsx';

/**
 * The selected unit's measures and a planned move, beside the table. The measures: which aids are drawn
 * (ranges, move reach, charge reach, sight) and each in the rules' words. The plan: a point picked on
 * the table with the unit's facing there (the slider, or a button to face the way it moves or keep its
 * facing; dragging the grip at the end of the ghost's facing line does the same), the move in words,
 * and "Move here", or why it may not go there. An attack planned on an enemy unit clicked on the table:
 * the attack in the set's words with its odds before the dice and the button that gives it, and beside
 * it (or instead, where the attack is not legal) each legal fire of the unit at it, worded as the decision
 * list words it, with its odds and button; only where neither is legal, why the unit may not attack it.
 */
export function UnitMeasures(props: {
  readonly choice: AidChoice;
  readonly onChoice: (choice: AidChoice) => void;
  readonly ranges: Reach | undefined;
  readonly reach: Reach | undefined;
  readonly charge: Reach | undefined;
  readonly canPlan: boolean;
  readonly canAttack: boolean;
}): ReactNode {
  const toggle = (key: keyof AidChoice, label: string, what: Reach | undefined | true) =>
    what === undefined ? null : (
      <label>
        <input
          type="checkbox"
          checked={props.choice[key]}
          onChange={(e) => props.onChoice({ ...props.choice, [key]: e.currentTarget.checked })}
        />{' '}
        {label}
      </label>
    );
  return (
    <section className="panel unit-measures" aria-label="Measures">
      <fieldset className="aid-choice">
        <legend>Draw on the table</legend>
        {toggle('ranges', 'Ranges', props.ranges)}
        {toggle('reach', 'Move reach', props.reach)}
        {toggle('charge', 'Charge reach', props.charge)}
        {toggle('sight', 'Line of sight', true)}
      </fieldset>
      <ul className="aid-words">
        {props.ranges ? <li>Weapon: {props.ranges.words}</li> : <li>No weapon to fire.</li>}
        {props.reach ? <li>Move: {props.reach.words}</li> : null}
        {props.charge ? <li>Charge: {props.charge.words}</li> : null}
      </ul>
      {props.canPlan ? <p className="hint">Click a point on the table to plan a move there.</p> : null}
      {props.canAttack ? (
        <p className="hint">Click an enemy unit to plan an attack on it, or fire at it.</p>
      ) : null}
    </section>
  );
}

export function MovePlanner(props: {
  readonly unitName: string;
  readonly plan: PlannedMove;
  readonly facing: number;
  /** The way the point lies from the unit, and the way it faces now. */
  readonly way: number;
  readonly keep: number;
  readonly busy: boolean;
  readonly onFacing: (facing: number) => void;
  readonly onMove: () => void;
  readonly onCancel: () => void;
}): ReactNode {
  const { plan } = props;
  return (
    <section className="panel move-planner" aria-labelledby="plan-title">
      <h2 id="plan-title">Move {props.unitName}</h2>
      <label className="facing-handle">
        Facing at the point: {Math.round(props.facing)}°{' '}
        <input
          className="facing-slider"
          type="range"
          min={0}
          max={359}
          step={1}
          value={Math.round(props.facing) % 360}
          onChange={(e) => props.onFacing(Number(e.currentTarget.value))}
        />
      </label>
      <div className="plan-buttons">
        <button type="button" onClick={() => props.onFacing(props.way)}>
          Face the way it moves
        </button>
        <button type="button" onClick={() => props.onFacing(props.keep)}>
          Keep its facing
        </button>
      </div>
      {plan.ok ? (
        <p className="plan-words">{capital(plan.words)}.</p>
      ) : (
        <p className="plan-refusal" role="alert">
          It may not go there: {plan.reason}.
        </p>
      )}
      <div className="plan-buttons">
        <button type="button" disabled={!plan.ok || props.busy} onClick={props.onMove}>
          Move here
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

export function AttackPlanner(props: {
  readonly gameId: string;
  readonly side: string;
  readonly unitName: string;
  readonly targetName: string;
  readonly plan: PlannedAttack;
  /** The command in words, as its button reads. */
  readonly text: string;
  /** The unit's legal fire at the target now (`firesAt`), each offered with its odds. */
  readonly fires: readonly LegalItem[];
  readonly busy: boolean;
  readonly onGive: () => void;
  readonly onFire: (fire: LegalItem) => void;
  /** Shows the target's own panel instead (selects it). */
  readonly onShowTarget: () => void;
  readonly onCancel: () => void;
}): ReactNode {
  const { plan } = props;
  return (
    <section className="panel attack-planner" aria-labelledby="attack-title">
      <h2 id="attack-title">
        {props.unitName} against {props.targetName}
      </h2>
      {plan.ok ? (
        <>
          <p className="plan-words">{capital(plan.words)}.</p>
          <OddsBeforeDice
            gameId={props.gameId}
            side={props.side}
            command={plan.command as GameCommand}
            text={props.text}
            busy={props.busy}
            onGive={props.onGive}
            onCancel={props.onCancel}
          />
        </>
      ) : props.fires.length === 0 ? (
        <p className="plan-refusal" role="alert">
          It may not attack {props.targetName} now: {plan.reason}.
        </p>
      ) : null}
      {props.fires.map((fire) => (
        <div key={fire.index} className="planned-fire">
          <p className="plan-words">{capital(fire.label)}.</p>
          <OddsBeforeDice
            gameId={props.gameId}
            side={props.side}
            command={fire.command}
            text={fire.label}
            busy={props.busy}
            onGive={() => props.onFire(fire)}
            onCancel={props.onCancel}
          />
        </div>
      ))}
      <div className="plan-buttons">
        <button type="button" onClick={props.onShowTarget}>
          Show {props.targetName}
        </button>
        {plan.ok || props.fires.length > 0 ? null : (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </section>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
