import type { UnitId } from '../../core/table/model.ts';
import { formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { mayUseOrder, ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { afterOrders } from './aiming.ts';
import { reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import { mayCharge, orderingGeneral } from './movement-cards.ts';
import { refund } from './orders-held.ts';
import { isActive } from './units.ts';
import { isSpotted } from './view.ts';

/**
 * Step 2, order counters (Part 3, Sequence Of Play 2): each side in turn places its units' order
 * counters, each order counted against its General's orders; what may be ordered, and the commands.
 */

/**
 * Why a unit of `side` may not be given `order` now, or undefined. For an order naming no target and a
 * unit of `side`, the answer depends only on the unit's record and its table record (legal-orders.ts
 * `untargetedOrders` keeps it while both are unchanged).
 */
export function orderProblem(
  d: Draft,
  side: string,
  unit: UnitId,
  order: OrderId | 'blank',
  target: UnitId | undefined,
): Rejection | undefined {
  const u = d.findUnit(unit);
  if (!u || u.side !== side || !isActive(d, unit))
    return reject('no-such-unit', `${unit} is not a unit of ${side} on the table`);
  if (u.routing)
    return reject('unit-routing', `${unit} is routing: it must be rallied before it takes orders`);
  if (u.quitting)
    return reject('unit-quitting', `${unit} has quit the battle until a General of its chain joins it`);
  if (u.counter?.forced)
    return reject('forced-order', `${unit}'s order is forced this turn (${u.counter.order})`);
  if (order === 'blank') return undefined;
  if (!mayUseOrder(order, u.profile.troop))
    return reject(
      'order-not-allowed',
      `${MOVEMENT_RATES.troops[u.profile.troop].label} may not be given ${ORDERS.orders[order].name}`,
    );
  const def = ORDERS.orders[order];
  const formation = d.tableUnit(unit).formation as Formation;
  if (def.endsAs !== undefined) {
    const ends: Formation = def.endsAs === 'limbered' ? 'artillery-limbered' : def.endsAs;
    if (def.move === 'formation-change') {
      if (ends === formation) return reject('already-in-formation', `${unit} is already in ${formation}`);
      if (!formationAllowed(u.profile, ends).allowed)
        return reject('formation-not-allowed', formationAllowed(u.profile, ends).label);
    }
  }
  if (
    (order === 'prolonge' || order === 'prolonge-and-fire' || order.startsWith('limber')) &&
    formation !== 'artillery-deployed'
  )
    return reject('battery-limbered', `${def.name} is for a deployed battery`);
  if (order === 'charge') {
    if (!mayCharge(d, unit)) return reject('may-not-charge', `${unit} may not charge`);
    const g = orderingGeneral(d, unit);
    if (g !== undefined && d.general(g).noCharges)
      return reject('no-charges', `${g} may order no charges this turn (Commanders' Event)`);
  }
  if (order === 'charge' || order === 'pursue' || order === 'support') {
    if (target === undefined) return reject('target-needed', `${def.name} needs a target unit`);
    const t = d.findUnit(target);
    if (!t || !isActive(d, target)) return reject('no-such-target', `${target} is not a unit on the table`);
    if (order === 'support') {
      if (t.side !== side || target === unit)
        return reject('bad-target', 'Support names another unit of the same side');
    } else {
      if (t.side === side) return reject('bad-target', `${def.name} names an enemy unit`);
      if (!isSpotted(d.spottingGround(), side, target))
        return reject('target-unseen', `${target} has not been spotted`);
      if (order === 'pursue' && !t.routing && t.mandatoryMove === undefined && u.pursuing !== target)
        return reject('bad-target', 'Pursue follows an enemy that fell back, was forced back or routed');
    }
  } else if (target !== undefined) return reject('no-target', `${def.name} takes no target`);
  return undefined;
}

/** Orders the General of a unit has left this turn (Infinity on turn 1: every unit has orders). */
export function ordersLeft(d: Draft, unit: UnitId): number {
  if (d.turn <= 1) return Number.POSITIVE_INFINITY;
  const g = orderingGeneral(d, unit);
  if (g === undefined) return 0;
  const gen = d.general(g);
  return (gen.orders ?? 0) - gen.ordersUsed;
}

export function placeOrder(
  d: Draft,
  side: string,
  unit: UnitId,
  order: OrderId | 'blank',
  target: UnitId | undefined,
): Rejection | undefined {
  if (d.node.phase !== 'orders' || d.node.side !== side)
    return reject('wrong-step', 'order counters are placed in Step 2, by the side whose turn it is');
  const problem = orderProblem(d, side, unit, order, target);
  if (problem) return problem;
  const u = d.unit(unit);
  if (u.counter?.general !== undefined) refund(d, u);
  const general = order !== 'blank' && d.turn > 1 ? orderingGeneral(d, unit) : undefined;
  if (order !== 'blank' && d.turn > 1) {
    if (general === undefined)
      return reject('no-orders-left', `${unit} has no General to give it orders this turn`);
    if (ordersLeft(d, unit) <= 0)
      return reject('no-orders-left', `${general} has no orders left this turn for ${unit}`);
    const g = d.general(general);
    d.patchGeneral(general, { ordersUsed: g.ordersUsed + 1 });
  }
  d.patchUnit(unit, {
    counter: {
      order,
      ...(target !== undefined ? { target } : {}),
      revealed: false,
      ...(general !== undefined ? { general } : {}),
    },
  });
  d.emit({
    type: 'order-placed',
    visibleTo: [side],
    side,
    unit,
    order,
    ...(target !== undefined ? { target } : {}),
  });
  return undefined;
}

export function removeOrder(d: Draft, side: string, unit: UnitId): Rejection | undefined {
  if (d.node.phase !== 'orders' || d.node.side !== side)
    return reject('wrong-step', 'counters are removed in Step 2');
  const u = d.findUnit(unit);
  if (!u || u.side !== side || !u.counter) return reject('no-counter', `${unit} has no counter to take back`);
  if (u.counter.forced) return reject('forced-order', `${unit}'s order is forced this turn`);
  refund(d, u);
  d.clearUnit(unit, ['counter']);
  d.emit({ type: 'order-removed', visibleTo: [side], side, unit });
  return undefined;
}

export function finishOrders(d: Draft, side: string): Rejection | undefined {
  if (d.node.phase !== 'orders' || d.node.side !== side)
    return reject('wrong-step', 'not placing orders now');
  d.emit({ type: 'orders-finished', visibleTo: 'all', side });
  const sides = d.scenario.sides;
  const i = sides.indexOf(side);
  if (i + 1 < sides.length) d.node = { phase: 'orders', side: sides[i + 1]! };
  else afterOrders(d);
  return undefined;
}
