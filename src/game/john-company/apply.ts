import { rectDistance } from '../../core/geometry/rectangles.ts';
import type { GeneralId, UnitId } from '../../core/table/model.ts';
import { resolveGeneralMovement } from '../../rulesets/john-company/procedures/general-movement.ts';
import type { TerrainSegment } from '../../rulesets/john-company/procedures/movement-allowance.ts';
import { changeFormation, formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { boundsOf } from '../../rulesets/john-company/table/movement-geometry.ts';
import {
  type Manoeuvre,
  motionOf,
  poseAt,
  poseOf,
} from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import {
  crossingsOf,
  linesMayMeet,
  terrainAlong,
} from '../../rulesets/john-company/table/movement-terrain.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { mayUseOrder, ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { TerrainId, WallHeight, WaterHazard } from '../../rulesets/john-company/tables/terrain-costs.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Applied, Rejection } from '../engine/game.ts';
import { launchCharge } from './charges.ts';
import type { JcCommand } from './commands.ts';
import { JcCommandSchema } from './commands.ts';
import { Draft, type EngineOptions, groundOf } from './draft.ts';
import type { JcEvent } from './events.ts';
import { fireAt, fireCheck } from './fire.ts';
import { deployLightCompany, lightCompanyProblem, rejoinLightCompany } from './light-companies.ts';
import { commitMove, followSupported, mandatoryMove } from './moves.ts';
import {
  anythingToDo,
  checkFormationChange,
  checkMove,
  endProblem,
  mayFireNow,
  moveProblem,
  reject,
} from './options.ts';
import {
  afterOrders,
  aimableBatteries,
  attemptRally,
  chargeNow,
  continueCharges,
  finishActivation,
  mayCharge,
  nextAim,
  orderingGeneral,
  rallyGeneral,
} from './sequence.ts';
import type { GeneralActivation, JcGameState, JcUnit, UnitActivation } from './state.ts';
import { isActive, placementOf } from './units.ts';
import { isSpotted, limitEvents } from './view.ts';

/**
 * `apply` for John Company: the command is checked against the schema, the deciding side and the node
 * of the sequence of play, carried out on a copy-on-write draft, and the automatic steps that follow
 * run until the next decision (sequence.ts). Bad input is a `Rejection` with a stable code.
 */

/** The side that must decide now, or undefined when the battle is over. */
export function deciderOf(state: JcGameState): string | undefined {
  const node = state.node;
  switch (node.phase) {
    case 'orders':
    case 'aim':
    case 'charge-response':
      return node.side;
    case 'activation':
      return node.activation.side;
    case 'over':
      return undefined;
  }
}

export function applyCommand(
  state: JcGameState,
  side: string,
  input: unknown,
  options: EngineOptions,
): Applied<JcGameState, JcEvent> {
  const parsed = JcCommandSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return {
      ok: false,
      rejection: reject(
        'invalid-command',
        `not a John Company command: ${where}${issue?.message ?? 'invalid'}`,
      ),
    };
  }
  const decider = deciderOf(state);
  if (decider === undefined) return { ok: false, rejection: reject('game-over', 'the battle is over') };
  if (side !== decider)
    return { ok: false, rejection: reject('not-your-turn', `it is ${decider}'s decision, not ${side}'s`) };
  const d = new Draft(state, options);
  const refused = handle(d, side, parsed.data);
  if (refused) return { ok: false, rejection: refused };
  const next = d.finish();
  const events = limitEvents(next, d.events);
  // Dice thrown make the command irreversible even when no event says so (a move's extra dice).
  const threw = next.rng.words.some((w, i) => w !== state.rng.words[i]);
  if (threw && events.length > 0 && !events.some((e) => e.irreversible))
    events[0] = { ...events[0]!, irreversible: true };
  return { ok: true, state: next, events };
}

function handle(d: Draft, side: string, c: JcCommand): Rejection | undefined {
  switch (c.type) {
    case 'place-order':
      return placeOrder(d, side, c.unit, c.order, c.target);
    case 'remove-order':
      return removeOrder(d, side, c.unit);
    case 'finish-orders':
      return finishOrders(d, side);
    case 'aim-guns':
      return aimGuns(d, side, c.unit, c.degrees);
    case 'finish-aiming':
      return finishAiming(d, side);
    case 'respond-to-charge':
      return respond(d, c.unit, c.order, c.target, c.supports ?? []);
    case 'choose-order':
      return chooseOrder(d, c.unit, c.order);
    case 'move':
      return move(d, c.unit, c.manoeuvres);
    case 'change-formation':
      return form(d, c.unit, c.formation, c.ranks, c.files);
    case 'reform':
      return reform(d, c.unit);
    case 'deploy-light-company':
      return lightCompany(d, c.unit, 'deploy');
    case 'rejoin-light-company':
      return lightCompany(d, c.unit, 'rejoin');
    case 'fire':
      return fire(d, c.unit, c.target);
    case 'rally':
      return rally(d, c.unit);
    case 'move-general':
      return moveGeneral(d, c.general, c.x, c.y);
    case 'attach-general':
      return attach(d, c.general, c.unit);
    case 'detach-general':
      return detach(d, c.general);
    case 'end-activation':
      return endActivation(d);
  }
}

// ---------------------------------------------------------------------------------------------
// Step 2: order counters

/**
 * Why a unit of `side` may not be given `order` now, or undefined. For an order naming no target and a
 * unit of `side`, the answer depends only on the unit's record and its table record (legal.ts
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

function placeOrder(
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

function refund(d: Draft, u: JcUnit): void {
  const g = u.counter?.general;
  if (g === undefined) return;
  const gen = d.findGeneral(g);
  if (gen) d.patchGeneral(g, { ordersUsed: Math.max(0, gen.ordersUsed - 1) });
}

function removeOrder(d: Draft, side: string, unit: UnitId): Rejection | undefined {
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

function finishOrders(d: Draft, side: string): Rejection | undefined {
  if (d.node.phase !== 'orders' || d.node.side !== side)
    return reject('wrong-step', 'not placing orders now');
  d.emit({ type: 'orders-finished', visibleTo: 'all', side });
  const sides = d.scenario.sides;
  const i = sides.indexOf(side);
  if (i + 1 < sides.length) d.node = { phase: 'orders', side: sides[i + 1]! };
  else afterOrders(d);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Step 3: aiming guns

function aimGuns(d: Draft, side: string, unit: UnitId, degrees: number): Rejection | undefined {
  if (d.node.phase !== 'aim' || d.node.side !== side) return reject('wrong-step', 'guns are aimed in Step 3');
  if (!aimableBatteries(d, side).includes(unit))
    return reject(
      'not-aimable',
      `${unit} is not a deployed battery of ${side} on Hold or Unlimber & Fire that may aim now`,
    );
  const t = d.tableUnit(unit);
  const pose = poseOf(t);
  const after = poseAt(pose, motionOf(pose, { kind: 'face', degrees }), 1);
  d.setTableUnit({ ...t, facing: after.facing, stands: after.stands });
  d.patchUnit(unit, { aimed: true });
  d.emit({ type: 'guns-aimed', visibleTo: 'all', unit, degrees });
  if (aimableBatteries(d, side).length === 0) nextAim(d, d.scenario.sides.indexOf(side) + 1);
  return undefined;
}

function finishAiming(d: Draft, side: string): Rejection | undefined {
  if (d.node.phase !== 'aim' || d.node.side !== side) return reject('wrong-step', 'not aiming guns now');
  nextAim(d, d.scenario.sides.indexOf(side) + 1);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Step 4: the target's response

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

function respond(
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

// ---------------------------------------------------------------------------------------------
// Step 5: the active unit

function activeUnit(d: Draft, unit: UnitId): UnitActivation | Rejection {
  const node = d.node;
  if (node.phase !== 'activation' || node.activation.kind !== 'unit')
    return reject('wrong-step', 'no unit is active: units act when their card is drawn (Step 5)');
  if (node.activation.unit !== unit)
    return reject('wrong-unit', `the active unit is ${node.activation.unit}`);
  return node.activation;
}

function isRejection(x: unknown): x is Rejection {
  return typeof x === 'object' && x !== null && 'code' in x && 'message' in x;
}

function setAct(d: Draft, a: UnitActivation): void {
  d.node = { phase: 'activation', activation: a };
}

function chooseOrder(d: Draft, unit: UnitId, order: OrderId): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  if (!a.choose) return reject('no-choice', `${unit} carries out its own order`);
  if (!a.choose.includes(order))
    return reject('order-not-offered', `${unit} may choose ${a.choose.join(', ')}`);
  if (order === 'charge') {
    chargeNow(d, unit);
    return undefined;
  }
  d.patchUnit(unit, { order });
  const { choose: _c, ...rest } = a;
  setAct(d, rest);
  if (!anythingToDo(d, rest)) finishActivation(d);
  return undefined;
}

function move(d: Draft, unit: UnitId, manoeuvres: readonly Manoeuvre[]): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  if (a.choose) return reject('choose-order-first', `${unit} must first choose its order`);
  const why = moveProblem(d, a);
  if (why) return why;
  const { report, problems, fraction } = checkMove(d, a, manoeuvres, d.dice);
  if (problems.length > 0) return reject('illegal-move', problems.join('; '));
  const u = d.unit(unit);
  const before = d.tableUnit(unit);
  const onTable = commitMove(d, unit, report, 'order');
  d.patchUnit(unit, { nextMoveInches: 0 });
  if (onTable) followSupported(d, unit, before);
  if (!onTable) {
    finishActivation(d);
    return undefined;
  }
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.endsAs === 'limbered' && d.tableUnit(unit).formation !== 'artillery-limbered')
    d.setTableUnit(changeFormation(d.tableUnit(unit), { formation: 'artillery-limbered' }));
  const next: UnitActivation = { ...a, moved: true, movedFraction: fraction };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

function form(
  d: Draft,
  unit: UnitId,
  formation: Formation,
  ranks: number | undefined,
  files: number | undefined,
): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  const checked = checkFormationChange(d, a, formation, { ranks, files }, d.dice);
  if (isRejection(checked)) return checked;
  const { report } = checked;
  commitMove(d, unit, report, 'order');
  d.emit({ type: 'formation-changed', visibleTo: 'all', unit, to: placementOf(d.tableUnit(unit)) });
  const next: UnitActivation = { ...a, moved: true, movedFraction: 1 };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

function reform(d: Draft, unit: UnitId): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  const u = d.unit(unit);
  if (!u.disordered) return reject('not-disordered', `${unit} is not Disordered`);
  if (a.moved || a.fired) return reject('already-acted', 'reforming takes the whole move');
  const mv = MOVEMENT_RESULTS[u.test?.movement ?? 'normal'];
  if (mv.mandatory || mv.rate === 0)
    return reject('no-movement-allowed', `${unit} may not reform this turn (${mv.label})`);
  d.patchUnit(unit, { disordered: false, moved: true });
  d.emit({ type: 'status-changed', visibleTo: 'all', unit, status: u.status ?? 'Steady', disordered: false });
  const next: UnitActivation = { ...a, moved: true, movedFraction: 1 };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

function lightCompany(d: Draft, unit: UnitId, what: 'deploy' | 'rejoin'): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  if (a.choose) return reject('choose-order-first', `${unit} must first choose its order`);
  const u = d.unit(unit);
  if (a.mayRally && (u.routing || u.mandatoryMove !== undefined))
    return reject('rally-or-end', `${unit} may only try to rally`);
  const refused =
    lightCompanyProblem(d, a, what) ??
    (what === 'deploy' ? deployLightCompany(d, unit) : rejoinLightCompany(d, unit));
  if (refused) return refused;
  const next: UnitActivation = { ...a, lightCompany: what === 'deploy' ? 'sent-out' : 'called-in' };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

function fire(d: Draft, unit: UnitId, target: UnitId): Rejection | undefined {
  const a = activeUnit(d, unit);
  if (isRejection(a)) return a;
  if (!mayFireNow(d, a)) return reject('may-not-fire', `${unit} may not fire now`);
  const t = d.findUnit(target);
  if (!t || t.side === d.unit(unit).side || !isActive(d, target))
    return reject('bad-target', `${target} is not an enemy unit on the table`);
  if (!isSpotted(d.spottingGround(), d.unit(unit).side, target))
    return reject('target-unseen', `${target} is not in sight`);
  const check = fireCheck(d, unit, target);
  if (!check.ok) return reject('cannot-fire', `${unit} cannot fire at ${target}: ${check.reason}`);
  fireAt(d, unit, target, 'order');
  if (!isActive(d, unit)) {
    finishActivation(d);
    return undefined;
  }
  const next: UnitActivation = { ...a, fired: true };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

function rally(d: Draft, unit: UnitId): Rejection | undefined {
  const node = d.node;
  if (node.phase !== 'activation') return reject('wrong-step', 'rallies are attempted in Step 5');
  const a = node.activation;
  if (a.kind === 'unit') {
    if (a.unit !== unit) return reject('wrong-unit', `the active unit is ${a.unit}`);
    if (!a.mayRally) return reject('may-not-rally', `${unit} may not rally now`);
    const g = rallyGeneral(d, unit);
    if (g === undefined) return reject('may-not-rally', `no General may rally ${unit} now`);
    attemptRally(d, unit, g);
    finishActivation(d);
    return undefined;
  }
  if (a.rallied) return reject('already-rallied', `${a.general} has attempted a rally this activation`);
  const g = rallyGeneral(d, unit, a.general);
  if (g !== a.general) return reject('may-not-rally', `${a.general} may not rally ${unit} now`);
  attemptRally(d, unit, g);
  d.node = { phase: 'activation', activation: { ...a, rallied: true } };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Step 5: the active General

function activeGeneral(d: Draft, general: GeneralId): GeneralActivation | Rejection {
  const node = d.node;
  if (node.phase !== 'activation' || node.activation.kind !== 'general')
    return reject('wrong-step', 'no General is active: Generals act when their card is drawn (Step 5)');
  if (node.activation.general !== general)
    return reject('wrong-general', `the active General is ${node.activation.general}`);
  return node.activation;
}

/** Inches a General may still spend this activation (Part 3, Movement of General Officers). */
export function generalInchesLeft(d: Draft, a: GeneralActivation): number {
  const g = d.general(a.general);
  const run = resolveGeneralMovement(
    { mount: g.mounted ? 'mounted' : 'foot', ...(g.casualty === 'injured' ? { injured: true } : {}) },
    d.dice,
  );
  const available = g.moveCap !== undefined ? Math.min(g.moveCap, run.available) : run.available;
  return Math.max(0, available - a.used);
}

/** The ride `generalPathCost` costs (no callee keeps it). */
const RIDE = new Float64Array(4);

/** What riding straight from one point to another costs a General, terrain included. */
export function generalPathCost(d: Draft, gid: GeneralId, x: number, y: number): number | undefined {
  const stand = d.tableGeneral(gid)!;
  const g = d.general(gid);
  const ground = groundOf(d.table());
  const path = RIDE;
  path[0] = stand.stand.x;
  path[1] = stand.stand.y;
  path[2] = x;
  path[3] = y;
  const dist = Math.hypot(x - stand.stand.x, y - stand.stand.y);
  const mover = g.mounted ? 'cavalry' : 'regular-infantry';
  const shares = terrainAlong(ground, path, mover);
  const terrain: TerrainSegment[] = [];
  let inTerrain = 0;
  for (const [t, share] of Object.entries(shares) as [TerrainId, number][]) {
    if (share <= 0) continue;
    inTerrain += share;
    terrain.push({ terrain: t, inches: share * dist });
  }
  const walls: WallHeight[] = [];
  const water: WaterHazard[] = [];
  if (linesMayMeet(ground, boundsOf(path))) {
    for (const b of ground.barriers) {
      const n = crossingsOf(b, path);
      for (let i = 0; i < n; i++) {
        if (b.crossing === 'impassable') return undefined;
        walls.push(b.crossing);
      }
    }
    for (const w of ground.water) for (let i = 0; i < crossingsOf(w, path); i++) water.push(w.hazard);
  }
  // Water costs dice: a General's crossing is costed at its average (Muster reading), so that a
  // command's legality never depends on a throw.
  const run = resolveGeneralMovement(
    {
      mount: g.mounted ? 'mounted' : 'foot',
      moveInches: Math.max(0, 1 - inTerrain) * dist,
      terrain,
      walls,
    },
    d.dice,
  );
  if (run.impassable) return undefined;
  return run.used + water.length * 3.5;
}

function moveGeneral(d: Draft, general: GeneralId, x: number, y: number): Rejection | undefined {
  const a = activeGeneral(d, general);
  if (isRejection(a)) return a;
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo !== undefined) return reject('attached', `${general} must detach before riding off`);
  const table = d.table();
  if (x < 0 || y < 0 || x > table.width || y > table.depth)
    return reject('off-table', 'the point is off the table');
  const cost = generalPathCost(d, general, x, y);
  if (cost === undefined) return reject('impassable', 'he cannot ride through there');
  const left = generalInchesLeft(d, a);
  if (cost > left + 1e-9)
    return reject('too-far', `the ride costs ${cost.toFixed(1)}" and he has ${left.toFixed(1)}" left`);
  d.setTableGeneral({ ...stand, stand: { ...stand.stand, x, y } });
  d.emit({
    type: 'general-moved',
    visibleTo: 'all',
    general,
    x,
    y,
    inches: Math.round(Math.hypot(x - stand.stand.x, y - stand.stand.y) * 100) / 100,
  });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + cost } };
  return undefined;
}

/** Whether a General's stand touches a unit's front rank (Part 3: attaching needs base contact with it). */
export function touchesFront(d: Draft, general: GeneralId, unit: UnitId): boolean {
  const stand = d.tableGeneral(general);
  const u = d.findTableUnit(unit);
  if (!stand || !u) return false;
  const reach = Math.hypot(stand.stand.width, stand.stand.depth) / 2 + CONTACT_TOLERANCE;
  return u.stands.some(
    (s) =>
      s.rank === 0 &&
      Math.hypot(s.x - stand.stand.x, s.y - stand.stand.y) <= reach + Math.hypot(s.width, s.depth) / 2 &&
      rectDistance(s, stand.stand) <= CONTACT_TOLERANCE,
  );
}

function attach(d: Draft, general: GeneralId, unit: UnitId): Rejection | undefined {
  const a = activeGeneral(d, general);
  if (isRejection(a)) return a;
  const u = d.findUnit(unit);
  if (!u || u.side !== a.side || !isActive(d, unit))
    return reject('no-such-unit', `${unit} is not a unit of his side on the table`);
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo !== undefined)
    return reject('attached', `${general} is already attached to ${stand.attachedTo}`);
  if (!touchesFront(d, general, unit))
    return reject('not-in-contact', `${general} must touch ${unit}'s front rank`);
  if (generalInchesLeft(d, a) < 5 - 1e-9) return reject('too-far', 'attaching costs 5" of his move');
  d.setTableGeneral({ ...stand, attachedTo: unit });
  d.emit({ type: 'general-attached', visibleTo: 'all', general, unit });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + 5 } };
  return undefined;
}

function detach(d: Draft, general: GeneralId): Rejection | undefined {
  const a = activeGeneral(d, general);
  if (isRejection(a)) return a;
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo === undefined) return reject('not-attached', `${general} is not attached`);
  if (d.general(general).rallyFailed)
    return reject('rally-failed', 'a General whose rally failed may not detach this turn');
  if (generalInchesLeft(d, a) < 5 - 1e-9) return reject('too-far', 'detaching costs 5" of his move');
  const { attachedTo, ...free } = stand;
  d.setTableGeneral(free);
  d.emit({ type: 'general-detached', visibleTo: 'all', general, unit: attachedTo });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + 5 } };
  return undefined;
}

function endActivation(d: Draft): Rejection | undefined {
  const node = d.node;
  if (node.phase !== 'activation') return reject('wrong-step', 'nothing is active');
  const a = node.activation;
  if (a.kind === 'unit') {
    if (a.choose) return reject('choose-order-first', `${a.unit} must choose an order`);
    const owed = endProblem(d, a);
    if (owed) return owed;
    const u = d.unit(a.unit);
    if (a.mayRally && u.routing && u.mandatoryMove === undefined) mandatoryMove(d, a.unit, 'rout');
  }
  finishActivation(d);
  return undefined;
}
