import type { ReactNode } from 'react';
import type { UnitState } from '../../core/table/model.ts';
import type { JcView } from '../../game/john-company/view.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import { type SideNames, sideName } from '../table/words.ts';
import type { OverlayChoice } from './Overlays.tsx';
import { moveAndCharge, rangeBandsOf } from './reach.ts';
import type { SightLine } from './sight.ts';
import { unitName } from './words.ts';

/** Stands that count towards a unit's strength (crews and limbers go with their guns). */
const countsAsStand = (unit: UnitState) =>
  unit.stands.filter((s) => s.kind === 'infantry' || s.kind === 'cavalry' || s.kind === 'gun').length;

function orderText(view: JcView, id: string): string {
  const u = view.units[id];
  if (!u) return '';
  const counter = u.counter;
  if (u.order)
    return `${ORDERS.orders[u.order].name}${u.orderTarget ? ` (${unitName(view, u.orderTarget)})` : ''}`;
  if (!counter) return u.continuing ? `${ORDERS.orders[u.continuing.order].name} (continuing)` : 'no counter';
  if (!('order' in counter)) return 'a counter, face down';
  if (counter.order === 'blank') return 'a blank counter';
  const target = counter.target ? ` (${unitName(view, counter.target)})` : '';
  return `${ORDERS.orders[counter.order].name}${target}${counter.revealed ? '' : ', face down'}`;
}

/**
 * The selected unit: name, side, Resolve Level and Status, stands left of its starting stands, order,
 * disorder and formation, its weapon and moves, and which overlays to draw (ranges, line of sight,
 * charge reach) with the enemy units it sees.
 */
export function UnitPanel(props: {
  readonly view: JcView;
  readonly unit: string;
  readonly sides: SideNames;
  readonly choice: OverlayChoice;
  readonly onChoice: (choice: OverlayChoice) => void;
  readonly sight: readonly SightLine[];
}): ReactNode {
  const { view } = props;
  const info = view.units[props.unit];
  const table = view.table.units[props.unit];
  if (!info || !table) return null;
  const profile = info.profile;
  const status = info.status ?? (info.lastStatus ? `${info.lastStatus} (last test)` : 'not tested yet');
  const { move, chargeBonus } = moveAndCharge(profile.troop, table.formation);
  const bands = profile.weapon ? rangeBandsOf(profile.weapon).bands : [];
  const seen = props.sight.filter((l) => l.visible);
  const unseen = props.sight.filter((l) => !l.visible);
  const toggle = (key: keyof OverlayChoice) => props.onChoice({ ...props.choice, [key]: !props.choice[key] });
  return (
    <section className="panel unit-panel" aria-labelledby="unit-panel-title">
      <h2 id="unit-panel-title">{info.name}</h2>
      <dl className="unit-facts">
        <dt>Side</dt>
        <dd>{sideName(props.sides, info.side)}</dd>
        <dt>Troops</dt>
        <dd>{MOVEMENT_RATES.troops[profile.troop].label}</dd>
        <dt>Resolve Level</dt>
        <dd>
          {profile.resolveLevel}
          {info.adjustments.length ? ` (${info.adjustments.length} lasting changes from events)` : ''}
          {profile.resolveLevel > REACTION_TABLE_TOP ? (
            <span className="hint">
              {' '}
              {resolveAbove20(profile.origin === 'european' || profile.mayExceed20 === true)}
            </span>
          ) : null}
        </dd>
        <dt>Resolve Status</dt>
        <dd>{status}</dd>
        <dt>Stands</dt>
        <dd>
          {countsAsStand(table)} of {profile.startingStands}
        </dd>
        <dt>Order</dt>
        <dd>{orderText(view, props.unit)}</dd>
        <dt>Formation</dt>
        <dd>{table.formation.replaceAll('-', ' ')}</dd>
        <dt>Disorder</dt>
        <dd>{info.disordered ? 'Disordered' : 'in good order'}</dd>
        {info.routing ? (
          <>
            <dt>Routing</dt>
            <dd>yes</dd>
          </>
        ) : null}
        <dt>Weapon</dt>
        <dd>
          {profile.weapon
            ? `${profile.weapon.replaceAll('-', ' ')}: ${bands.map((b) => `${b.limit}"`).join(' / ')}`
            : 'none'}
        </dd>
        <dt>Move</dt>
        <dd>
          {move}" normal move,{' '}
          {chargeBonus > 0 ? `${chargeBonus}" Charge Bonus` : 'no Charge Bonus (does not charge)'}
        </dd>
      </dl>
      <fieldset className="overlay-choice">
        <legend>Show on the table</legend>
        <label>
          <input type="checkbox" checked={props.choice.ranges} onChange={() => toggle('ranges')} /> Weapon
          ranges
        </label>
        <label>
          <input type="checkbox" checked={props.choice.sight} onChange={() => toggle('sight')} /> Line of
          sight
        </label>
        <label>
          <input type="checkbox" checked={props.choice.charge} onChange={() => toggle('charge')} /> Charge
          reach
        </label>
      </fieldset>
      {props.choice.sight ? (
        <div className="sight-list">
          <p>
            Sees{' '}
            {seen.length ? seen.map((l) => unitName(view, l.target)).join(', ') : 'no enemy unit in view'}.
          </p>
          {unseen.length ? (
            <ul aria-label="Enemy units it does not see">
              {unseen.map((l) => (
                <li key={l.target}>
                  {unitName(view, l.target)}: {l.blocked ?? 'not seen'}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The Reaction Table's top row: a Final Modified Resolve Level is never read above it. */
const REACTION_TABLE_TOP = 20;

/** Why a Resolve Level above 20 is tested with 20 (Part 4, Reaction Tests; the cap before negatives). */
function resolveAbove20(mayExceed: boolean): string {
  return mayExceed
    ? `(its positives count above ${REACTION_TABLE_TOP} before the negatives, but a test reads at most ${REACTION_TABLE_TOP}, the Reaction Table's top row)`
    : `(an Indian unit is capped at ${REACTION_TABLE_TOP} before the negatives, and a test reads at most ${REACTION_TABLE_TOP}, the Reaction Table's top row)`;
}
