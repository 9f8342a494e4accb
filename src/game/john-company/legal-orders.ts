import { bearing, turnBetween } from '../../core/geometry/angles.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { aimableBatteries } from './aiming.ts';
import { responseProblem, supportingWhenCharged, supportProblem } from './charge-response.ts';
import type { JcCommand } from './commands.ts';
import type { Draft } from './draft.ts';
import { usableOrders } from './movement-cards.ts';
import { chargeBonusOf, normalMove } from './moves.ts';
import { orderProblem, ordersLeft } from './order-counters.ts';
import type { JcGameState, JcUnit } from './state.ts';
import { isActive, unitDistance, unitsWithin } from './units.ts';
import { groundOfState, isSpotted } from './view.ts';

/**
 * The commands offered before the cards are drawn: Step 2's order counters (each order with the targets
 * worth offering), Step 3's aims, Step 4's answers to a charge.
 */

/**
 * Inches by which a unit must surely be farther than one already found before it is left unmeasured:
 * `unitDistance(a, b, beyond)` is exact when it is at most `beyond`, and otherwise a bound that may
 * fall short of the exact distance only by rounding, far below this.
 */
const NEARER_SLACK = 1e-9;

/** A unit and its distance (`unitDistance`) from another. */
interface Near {
  readonly u: UnitState;
  readonly dist: number;
}

/**
 * The `max` nearest enemy units a side has spotted from a unit, within `reach` inches: nearest first,
 * ties by id. Once `max` are found, a unit is measured only as far as the farthest of them (it cannot
 * be among the nearest when it is farther).
 */
export function enemiesNear(d: Draft, state: JcGameState, id: UnitId, reach: number, max: number): Near[] {
  const me = d.tableUnit(id);
  const ground = groundOfState(state);
  const near: Near[] = [];
  for (const u of Object.values(state.table.units)) {
    if (u.side === me.side) continue;
    const beyond = near.length < max ? reach : Math.min(reach, near[max - 1]!.dist + NEARER_SLACK);
    const dist = unitDistance(me, u, beyond);
    if (!(dist <= beyond) || !isSpotted(ground, me.side, u.id)) continue;
    let at = near.length;
    while (
      at > 0 &&
      (dist < near[at - 1]!.dist || (dist === near[at - 1]!.dist && u.id < near[at - 1]!.u.id))
    )
      at--;
    near.splice(at, 0, { u, dist });
    if (near.length > max) near.pop();
  }
  return near;
}

export function orderCommands(d: Draft, state: JcGameState, side: string): JcCommand[] {
  const out: JcCommand[] = [{ type: 'finish-orders' }];
  const fleeing = fleeingEnemies(d, side);
  for (const u of d.allUnits()) {
    if (u.side !== side || !isActive(d, u.id) || u.routing || u.quitting) continue;
    if (u.counter) {
      if (!u.counter.forced) out.push({ type: 'remove-order', unit: u.id });
      continue;
    }
    out.push({ type: 'place-order', unit: u.id, order: 'blank' });
    if (ordersLeft(d, u.id) <= 0) continue;
    const targets = targetsOf(d, state, u.id, fleeing);
    const untargeted = untargetedOrders(d, u);
    for (const order of usableOrders(u)) {
      const list =
        order === 'charge'
          ? targets.charge
          : order === 'pursue'
            ? targets.pursue
            : order === 'support'
              ? targets.support
              : undefined;
      if (list === undefined) {
        if (untargeted.has(order)) out.push({ type: 'place-order', unit: u.id, order });
        continue;
      }
      for (const target of list)
        if (!orderProblem(d, side, u.id, order, target))
          out.push({ type: 'place-order', unit: u.id, order, target });
    }
  }
  return out;
}

/**
 * The orders naming no target that `orderProblem` accepts for a unit of the side deciding, by the unit's
 * record, with the table record they were found for: for such an order and such a unit its answer
 * depends on nothing else (see `orderProblem`), so the list holds while both records are the same
 * objects (Step 2 asks for it after every counter placed, which changes neither).
 */
const untargetedCache = new WeakMap<
  JcUnit,
  { readonly on: UnitState; readonly orders: ReadonlySet<OrderId> }
>();

function untargetedOrders(d: Draft, u: JcUnit): ReadonlySet<OrderId> {
  const on = d.tableUnit(u.id);
  const known = untargetedCache.get(u);
  if (known?.on === on) return known.orders;
  const orders = new Set<OrderId>();
  for (const order of usableOrders(u))
    if (
      order !== 'charge' &&
      order !== 'pursue' &&
      order !== 'support' &&
      !orderProblem(d, u.side, u.id, order, undefined)
    )
      orders.add(order);
  untargetedCache.set(u, { on, orders });
  return orders;
}

const nearCache = new WeakMap<
  JcGameState['table'],
  Map<UnitId, { readonly charge: UnitId[]; readonly support: UnitId[] }>
>();

/** How many fleeing enemies a unit is offered to pursue: the first within reach. */
const PURSUITS_OFFERED = 4;

/**
 * The enemies of `side` a unit of it may pursue (`targetsOf`): active, routing or on a mandatory move;
 * in the order of the units' record. Found once for all the side's units.
 */
function fleeingEnemies(d: Draft, side: string): UnitState[] {
  const out: UnitState[] = [];
  for (const u of d.allUnits()) {
    if (u.side === side || (!u.routing && u.mandatoryMove === undefined) || !isActive(d, u.id)) continue;
    out.push(d.tableUnit(u.id));
  }
  return out;
}

/**
 * Representative targets: the two nearest spotted enemies within charge reach + 6" for charges, fleeing
 * enemies (`fleeing`, `fleeingEnemies`) within 36" for pursuits, the nearest friend within 8" to
 * support. The geometric part is worked out once per table state (Step 2 asks for it after every
 * counter).
 */
function targetsOf(
  d: Draft,
  state: JcGameState,
  id: UnitId,
  fleeing: readonly UnitState[],
): { charge: UnitId[]; pursue: UnitId[]; support: UnitId[] } {
  let byUnit = nearCache.get(state.table);
  if (!byUnit) {
    byUnit = new Map();
    nearCache.set(state.table, byUnit);
  }
  let near = byUnit.get(id);
  if (!near) {
    const reach = normalMove(d, id) + chargeBonusOf(d, id) + 6;
    const charge = enemiesNear(d, state, id, reach, 2).map((x) => x.u.id);
    const me = d.tableUnit(id);
    let support: { id: UnitId; dist: number } | undefined;
    for (const u of Object.values(state.table.units)) {
      if (u.side !== me.side || u.id === id) continue;
      // Only a friend nearer than the nearest so far is measured exactly (see `NEARER_SLACK`).
      const beyond = support ? Math.min(8, support.dist + NEARER_SLACK) : 8;
      const dist = unitDistance(me, u, beyond);
      if (dist <= beyond && (!support || dist < support.dist)) support = { id: u.id, dist };
    }
    near = { charge, support: support ? [support.id] : [] };
    byUnit.set(id, near);
  }
  const me = d.tableUnit(id);
  const pursue: UnitId[] = [];
  for (const e of fleeing) {
    if (!unitsWithin(me, e, 36)) continue;
    pursue.push(e.id);
    if (pursue.length === PURSUITS_OFFERED) break;
  }
  return { charge: near.charge, pursue, support: near.support };
}

export function aimCommands(d: Draft, side: string): JcCommand[] {
  const out: JcCommand[] = [{ type: 'finish-aiming' }];
  for (const unit of aimableBatteries(d, side)) {
    const t = d.tableUnit(unit);
    const [x, y] = unitCentre(t.stands);
    let best: number | undefined;
    let bestD = Number.POSITIVE_INFINITY;
    for (const e of Object.values(d.table().units)) {
      if (e.side === side) continue;
      const [ex, ey] = unitCentre(e.stands);
      const dist = Math.hypot(ex - x, ey - y);
      if (dist < bestD) {
        bestD = dist;
        best = turnBetween(t.facing, bearing(x, y, ex, ey));
      }
    }
    const aims = new Set([-15, 15]);
    if (best !== undefined && Math.abs(best) > 1) aims.add(Math.round(Math.max(-30, Math.min(30, best))));
    for (const degrees of aims) out.push({ type: 'aim-guns', unit, degrees });
  }
  return out;
}

const RESPONSES: readonly OrderId[] = [
  'hold',
  'form-square',
  'charge',
  'to-the-rear-march',
  'fire-and-retire',
  'limber-and-retire',
  'unlimber-and-fire',
];

export function responseCommands(d: Draft, target: UnitId, charger: UnitId): JcCommand[] {
  const out: JcCommand[] = [];
  if (!supportingWhenCharged(d, target)) {
    out.push({ type: 'respond-to-charge', unit: target });
    const supports = d
      .allUnits()
      .filter((u) => !supportProblem(d, u.id, target, charger))
      .map((u) => u.id);
    if (supports.length > 0) out.push({ type: 'respond-to-charge', unit: target, supports });
  }
  for (const order of RESPONSES) {
    const t = order === 'charge' ? charger : undefined;
    if (responseProblem(d, target, charger, order, t)) continue;
    out.push({ type: 'respond-to-charge', unit: target, order, ...(t !== undefined ? { target: t } : {}) });
  }
  return out;
}
