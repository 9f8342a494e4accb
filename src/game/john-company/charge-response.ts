import type { UnitId } from '../../core/table/model.ts';
import { formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { mayUseOrder, ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { launchCharge } from './charges.ts';
import { reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import { mayCharge, orderingGeneral, STEP_LIMIT, startMovement } from './movement-cards.ts';
import { refund } from './orders-held.ts';
import type { JcUnit } from './state.ts';
import { isActive } from './units.ts';

/**
 * Step 4's course (Part 3, Sequence Of Play 4): the charges and pursuits are launched one by one
 * (charges.ts), and after each the target's side may change the target's order (4.C) and send supports;
 * what it may answer, and the command.
 */

/** Step 4 begins: every unit on a Charge or Pursue order is queued, side by side in the scenario's order. */
export function startChargeStep(d: Draft): void {
  d.emit({ type: 'step-began', visibleTo: 'all', step: 4 });
  const queue: UnitId[] = [];
  for (const side of d.scenario.sides)
    for (const u of d.allUnits())
      if (u.side === side && isActive(d, u.id) && (u.order === 'charge' || u.order === 'pursue'))
        queue.push(u.id);
  d.chargeQueue = queue;
  continueCharges(d);
}

/** Step 4: launches the queued charges one by one; stops when a target may change its order. */
function continueCharges(d: Draft): void {
  for (let guard = 0; guard < STEP_LIMIT; guard++) {
    const [next, ...rest] = d.chargeQueue;
    if (next === undefined) {
      startMovement(d);
      return;
    }
    d.chargeQueue = rest;
    if (launchCharge(d, next)) {
      const target = d.unit(next).charge?.target;
      if (target !== undefined) {
        d.node = { phase: 'charge-response', side: d.unit(target).side, charger: next, target };
        return;
      }
    }
  }
  throw new Error('step limit reached launching charges');
}

/** Why the charged unit may not change to `order` (Part 3, Sequence Of Play 4.C; Charge). */
export function responseProblem(
  d: Draft,
  target: UnitId,
  charger: UnitId,
  order: OrderId,
  orderTarget: UnitId | undefined,
): Rejection | undefined {
  const u = d.unit(target);
  if (order === 'pursue') return reject('order-not-allowed', 'a charged unit cannot pursue');
  if (!mayUseOrder(order, u.profile.troop))
    return reject('order-not-allowed', `${ORDERS.orders[order].name} is not for this unit`);
  if (order === 'charge') {
    if (orderTarget !== charger) return reject('bad-target', 'a counter-charge is made at the charger');
    if (!mayCharge(d, target)) return reject('may-not-charge', `${target} may not charge`);
    if (u.arm === 'infantry' && d.unit(charger).arm === 'cavalry')
      return reject('may-not-counter-charge', 'infantry cannot counter-charge cavalry');
    return undefined;
  }
  if (order === 'support') {
    if (
      orderTarget === undefined ||
      !isActive(d, orderTarget) ||
      d.unit(orderTarget).side !== u.side ||
      orderTarget === target
    )
      return reject('bad-target', 'Support names another unit of the same side');
    return undefined;
  }
  const def = ORDERS.orders[order];
  if (def.endsAs !== undefined && def.move === 'formation-change') {
    const ends: Formation = def.endsAs === 'limbered' ? 'artillery-limbered' : def.endsAs;
    if (ends === d.tableUnit(target).formation || !formationAllowed(u.profile, ends).allowed)
      return reject('formation-not-allowed', `${target} cannot form ${ends}`);
  }
  if (orderTarget !== undefined) return reject('no-target', `${def.name} takes no target`);
  return undefined;
}

/** The unit's order this turn, as its counter or a continuing order says (a blank counter keeps a continuing order). */
function standingOrder(u: JcUnit): { order: OrderId; target?: UnitId } | undefined {
  const c = u.counter;
  if (c && c.order !== 'blank')
    return { order: c.order, ...(c.target !== undefined ? { target: c.target } : {}) };
  return u.continuing;
}

/**
 * Whether a charged unit is on Support orders, so that it must counter-charge or adopt Defend orders
 * (Part 3, Definitions Of Unit Orders, Support: "Any Supporting Unit being Charged must either Counter
 * Charge or adopt Defend Orders for that Turn").
 */
export function supportingWhenCharged(d: Draft, unit: UnitId): boolean {
  return standingOrder(d.unit(unit))?.order === 'support';
}

/**
 * Why `supporter` may not counter-charge the charger of the unit it supports (Part 3, Support): it must
 * be on Support for that unit, not yet have moved this turn, and be cavalry, or infantry against
 * infantry.
 */
export function supportProblem(
  d: Draft,
  supporter: UnitId,
  supported: UnitId,
  charger: UnitId,
): Rejection | undefined {
  const u = d.findUnit(supporter);
  if (!u || !isActive(d, supporter) || u.side !== d.unit(supported).side)
    return reject('no-such-unit', `${supporter} is not a unit of the charged side on the table`);
  const c = u.counter;
  const supporting =
    (c?.order === 'support' && c.target === supported) ||
    ((c === undefined || c.order === 'blank') &&
      u.continuing?.order === 'support' &&
      u.continuing.target === supported);
  if (!supporting) return reject('not-supporting', `${supporter} is not supporting ${supported}`);
  if (u.activated || u.moved || u.charge || u.routing || u.mandatoryMove !== undefined)
    return reject('already-moved', `${supporter} has already moved this turn`);
  if (!mayCharge(d, supporter)) return reject('may-not-charge', `${supporter} may not charge`);
  if (u.arm === 'infantry' && d.unit(charger).arm !== 'infantry')
    return reject('may-not-counter-charge', 'supporting infantry counter-charge only infantry');
  return undefined;
}

export function respond(
  d: Draft,
  unit: UnitId,
  order: OrderId | undefined,
  target: UnitId | undefined,
  supports: readonly UnitId[],
): Rejection | undefined {
  const node = d.node;
  if (node.phase !== 'charge-response') return reject('wrong-step', 'no charge awaits a response');
  if (unit !== node.target) return reject('wrong-unit', `the charged unit is ${node.target}`);
  for (const s of supports) {
    const problem = supportProblem(d, s, unit, node.charger);
    if (problem) return problem;
  }
  if (new Set(supports).size !== supports.length)
    return reject('bad-target', 'a supporting unit is named twice');
  if (order === undefined && supportingWhenCharged(d, unit))
    return reject(
      'must-counter-charge-or-defend',
      `${unit} is supporting: charged, it must counter-charge or take Defend (Hold) orders`,
    );
  if (order !== undefined) {
    const problem = responseProblem(d, unit, node.charger, order, target);
    if (problem) return problem;
    const u = d.unit(unit);
    const g = orderingGeneral(d, unit);
    const free = g !== undefined && d.general(g).freeChanges > 0;
    if (free) d.patchGeneral(g!, { freeChanges: d.general(g!).freeChanges - 1 });
    // The new counter goes down face down (Part 3, Sequence Of Play 4.C): it is shown when the
    // charge meets the unit.
    d.patchUnit(unit, {
      counter: { order, ...(target !== undefined ? { target } : {}), revealed: false },
      order,
      ...(target !== undefined ? { orderTarget: target } : {}),
      ...(free ? {} : { changedOrder: true }),
    });
    if (target === undefined) d.clearUnit(unit, ['orderTarget']);
    if (u.counter?.general !== undefined) refund(d, u);
    const side = u.side;
    d.emit({
      type: 'order-placed',
      visibleTo: [side],
      side,
      unit,
      order,
      ...(target !== undefined ? { target } : {}),
    });
  }
  d.emit({
    type: 'charge-response',
    visibleTo: 'all',
    unit,
    charger: node.charger,
    changed: order !== undefined,
    irreversible: true,
  });
  for (const s of supports) {
    const c = d.unit(s).counter;
    d.patchUnit(s, {
      counter: {
        order: 'charge',
        target: node.charger,
        revealed: true,
        ...(c?.general ? { general: c.general } : {}),
      },
      order: 'charge',
      orderTarget: node.charger,
    });
    d.emit({
      type: 'order-revealed',
      visibleTo: 'all',
      unit: s,
      order: 'charge',
      target: node.charger,
      source: 'chosen',
      irreversible: true,
    });
    launchCharge(d, s, 'supporting-counter-charge');
  }
  continueCharges(d);
  return undefined;
}
