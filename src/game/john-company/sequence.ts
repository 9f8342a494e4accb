import { rectDistance } from '../../core/geometry/rectangles.ts';
import { drawCard, newDeck } from '../../core/random/deck.ts';
import type { GeneralId, UnitId } from '../../core/table/model.ts';
import { resolveOrdersDraw } from '../../rulesets/john-company/procedures/orders-draw.ts';
import { resolveRally } from '../../rulesets/john-company/procedures/rally-test.ts';
import { resolveReactionTest, withOrders } from '../../rulesets/john-company/procedures/reaction-test.ts';
import { formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import { MOVEMENT_RATES, type TroopTypeId } from '../../rulesets/john-company/tables/movement-rates.ts';
import { mayUseOrder, ORDER_IDS, ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { parseOrdersCardId } from '../../rulesets/john-company/tables/orders-deck.ts';
import { MOVEMENT_RESULTS, statusRank } from '../../rulesets/john-company/tables/reaction-table.ts';
import { WITHOUT_ORDERS_RESULTS } from '../../rulesets/john-company/tables/without-orders.ts';
import type { GameResult } from '../engine/game.ts';
import { launchCharge, mustPursue } from './charges.ts';
import { immediateCharge, resolveCharge } from './confrontation.ts';
import type { Draft } from './draft.ts';
import { commandersEvent, eventOfficer, replaceOfficers, unitEvent } from './effects.ts';
import { effectiveCommander, isActiveGeneral } from './forces.ts';
import { goesLooting, loot } from './looting.ts';
import { chargeBonusOf, homeward, mandatoryMove, marchTowards, normalMove } from './moves.ts';
import { anythingToDo } from './options.ts';
import { revealOrder } from './orders-held.ts';
import { runPendingSteps } from './run-pending.ts';
import type { JcUnit, UnitActivation } from './state.ts';
import {
  isActive,
  nearestEnemy,
  ordersOf,
  reactionBase,
  recordTest,
  setStatus,
  unitDistance,
  unitsWithin,
} from './units.ts';

/**
 * The sequence of play (Part 3, Sequence Of Play; rules-facts 2.1) as automatic steps between
 * decisions: each function runs what needs no decision and stops at the next one, setting `d.node`.
 * A step limit guards against a loop that would never reach a decision.
 */

const STEP_LIMIT = 100_000;

// ---------------------------------------------------------------------------------------------
// Turn start: Step 1

/** Per-turn fields of a unit, reset at the start of a turn. */
const FRESH_FOR_TURN: Partial<JcUnit> = {
  activated: false,
  inConfrontation: false,
  moved: false,
  fired: false,
  aimed: false,
  chargedBy: [],
};

/**
 * Starts a turn: resets the turn's flags, brings in replacement officers, Step 1 (from turn 2 each
 * General draws an Orders card: his orders by Generalship, an Event on the card falls on an officer of
 * his chain), orders forced by events and mandatory pursuits become counters, and Step 2 begins.
 */
function startTurn(d: Draft): void {
  for (const u of d.allUnits()) {
    if (u.offTable) {
      if (u.counter || u.order !== undefined) d.clearUnit(u.id, ['counter', 'order', 'orderTarget', 'test']);
      continue;
    }
    // An order the Without Orders Table set was given by no General: it does not carry on (Part 4,
    // Units Without Orders: the exceptions are for units given the Hold, Support or Square order), and
    // the Hold of No Orders (or of nothing to repeat) is no order to repeat either.
    const fromTable = u.test?.withoutOrders;
    const noneGiven = fromTable !== undefined && fromTable !== 'uses-initiative' && u.order === 'hold';
    const lastOrder =
      u.order !== undefined && !noneGiven && ORDERS.orders[u.order].endsAs === undefined
        ? u.order
        : u.lastOrder;
    const continuing =
      fromTable !== undefined
        ? u.continuing
        : u.order === 'hold' || u.order === 'form-square'
          ? { order: u.order }
          : u.order === 'support' && u.orderTarget !== undefined
            ? { order: 'support' as const, target: u.orderTarget }
            : u.continuing;
    d.patchUnit(u.id, {
      ...FRESH_FOR_TURN,
      ...(lastOrder !== undefined ? { lastOrder } : {}),
      ...(continuing && u.mandatoryMove === undefined && !u.routing ? { continuing } : {}),
    });
    d.clearUnit(u.id, [
      'counter',
      'order',
      'orderTarget',
      'changedOrder',
      'test',
      'charge',
      'mandatoryMove',
      ...(u.mandatoryMove !== undefined || u.routing ? (['continuing'] as const) : []),
    ]);
  }
  for (const g of d.allGenerals()) {
    const returning = g.offTable !== undefined && isActiveGeneral(g);
    if (returning) returnToTable(d, g.id);
    d.patchGeneral(g.id, {
      ordersUsed: 0,
      radiusHalved: false,
      activated: false,
      rallyFailed: false,
      noCharges: false,
      freeChanges: 0,
    });
    d.clearGeneral(g.id, ['orders', 'moveCap', 'offTable']);
    if (returning) d.patchGeneral(g.id, { moveCap: g.mounted ? 12 : 6 });
  }
  d.emit({ type: 'turn-began', visibleTo: 'all', turn: d.turn });
  if (d.turn > 1) {
    replaceOfficers(d);
    drawOrders(d);
  }
  forcedCounters(d);
  d.node = { phase: 'orders', side: d.scenario.sides[0]! };
}

/**
 * A General who left the table with his unit comes back where he left, at half rate this turn (Part 3,
 * Movement of General Officers).
 */
function returnToTable(d: Draft, gid: GeneralId): void {
  const g = d.general(gid);
  const stand = g.offTable!;
  const table = d.table();
  const x = Math.max(0, Math.min(table.width, stand.x));
  const y = Math.max(0, Math.min(table.depth, stand.y));
  d.setTableGeneral({ id: gid, side: g.side, stand: { ...stand, x, y } });
  d.emit({ type: 'general-moved', visibleTo: 'all', general: gid, x, y, inches: 0 });
}

/** Step 1: one Orders card per General Officer on the table (Part 3, Sequence Of Play 1). */
function drawOrders(d: Draft): void {
  d.ordersDeck = d.shuffle(d.ordersDeck);
  d.emit({ type: 'deck-shuffled', visibleTo: 'all', deck: 'orders', cards: d.ordersDeck.drawPile.length });
  for (const g of d.allGenerals()) {
    if (!isActiveGeneral(g) || !d.tableGeneral(g.id)) continue;
    let drawn = drawCard(d.ordersDeck);
    if (drawn.card === undefined) {
      d.ordersDeck = d.shuffle(d.ordersDeck);
      drawn = drawCard(d.ordersDeck);
    }
    d.ordersDeck = drawn.deck;
    const card = drawn.card === undefined ? undefined : parseOrdersCardId(drawn.card);
    const run = d.run((dice, trace) =>
      resolveOrdersDraw(
        {
          generalship: g.generalship,
          turn: d.turn,
          rank: g.rank,
          ...(card ? { card: { value: card.value, event: card.event } } : {}),
          ...(g.ordersPenalty > 0 ? { modifiers: [{ id: 'staff-casualties', count: g.ordersPenalty }] } : {}),
        },
        dice,
        trace,
      ),
    );
    const orders = run.value.orders ?? 0;
    d.patchGeneral(g.id, { orders });
    d.emit({
      type: 'orders-drawn',
      visibleTo: [g.side],
      general: g.id,
      result: run.value,
      orders,
      irreversible: true,
      rolls: run.rolls,
      ...(run.trace ? { trace: run.trace } : {}),
    });
    if (run.value.event && run.value.eventRank)
      commandersEvent(d, eventOfficer(d, g.id, run.value.eventRank));
  }
}

/** Counters nobody chooses: orders forced by events, and the pursuits cavalry and irregulars must make. */
function forcedCounters(d: Draft): void {
  for (const u of d.allUnits()) {
    if (!isActive(d, u.id) || u.routing) continue;
    if (u.pursuing !== undefined) {
      const f = d.findUnit(u.pursuing);
      const fleeing =
        f && isActive(d, f.id) && (f.routing || f.mandatoryMove !== undefined || f.status === 'Wavering');
      if (!fleeing) d.clearUnit(u.id, ['pursuing']);
      else if (mustPursue(d, u.id)) {
        d.patchUnit(u.id, {
          counter: { order: 'pursue', target: u.pursuing, revealed: false, forced: true },
        });
        continue;
      }
    }
    if (u.forcedOrder) {
      const order = u.forcedOrder.order;
      if (!mayUseOrder(order, u.profile.troop)) {
        d.clearUnit(u.id, ['forcedOrder']);
        continue;
      }
      const target = order === 'charge' ? nearestEnemy(d, u.id)?.id : undefined;
      d.patchUnit(u.id, {
        counter: { order, ...(target !== undefined ? { target } : {}), revealed: false, forced: true },
      });
      d.clearUnit(u.id, ['forcedOrder']);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Steps 3 and 4

/** Batteries a side may aim in Step 3: deployed guns on Hold or Unlimber & Fire. */
export function aimableBatteries(d: Draft, side: string): UnitId[] {
  const out: UnitId[] = [];
  for (const u of d.allUnits()) {
    if (u.side !== side || !isActive(d, u.id) || u.arm !== 'artillery' || u.aimed) continue;
    if (d.tableUnit(u.id).formation !== 'artillery-deployed') continue;
    const order = u.counter?.order ?? u.continuing?.order;
    if (order === 'hold' || order === 'unlimber-and-fire') out.push(u.id);
  }
  return out;
}

/**
 * Step 3: Charge and Pursue counters are shown with their targets (Part 3, Sequence Of Play 3); then
 * each side in turn aims its defending guns.
 */
export function afterOrders(d: Draft): void {
  d.emit({ type: 'step-began', visibleTo: 'all', step: 3 });
  for (const u of d.allUnits()) {
    const c = u.counter;
    if (!c || c.revealed || (c.order !== 'charge' && c.order !== 'pursue') || !isActive(d, u.id)) continue;
    d.patchUnit(u.id, {
      counter: { ...c, revealed: true },
      order: c.order,
      ...(c.target !== undefined ? { orderTarget: c.target } : {}),
    });
    d.emit({
      type: 'order-revealed',
      visibleTo: 'all',
      unit: u.id,
      order: c.order,
      ...(c.target !== undefined ? { target: c.target } : {}),
      source: 'counter',
      irreversible: true,
    });
  }
  nextAim(d, 0);
}

/** The aiming node for the first side from `from` with guns to aim, or Step 4. */
export function nextAim(d: Draft, from: number): void {
  const sides = d.scenario.sides;
  for (let i = from; i < sides.length; i++)
    if (aimableBatteries(d, sides[i]!).length > 0) {
      d.node = { phase: 'aim', side: sides[i]! };
      return;
    }
  startChargeStep(d);
}

function startChargeStep(d: Draft): void {
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
export function continueCharges(d: Draft): void {
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

// ---------------------------------------------------------------------------------------------
// Step 5

/** Step 5 begins: a fresh Unit Movement deck of every unit and General on the table, shuffled. */
function startMovement(d: Draft): void {
  d.emit({ type: 'step-began', visibleTo: 'all', step: 5 });
  const cards: string[] = [];
  for (const u of d.allUnits()) if (isActive(d, u.id)) cards.push(u.id);
  for (const g of d.allGenerals()) if (isActiveGeneral(g) && d.tableGeneral(g.id)) cards.push(g.id);
  d.movementDeck = d.shuffle(newDeck(cards));
  d.emit({ type: 'deck-shuffled', visibleTo: 'all', deck: 'movement', cards: cards.length });
  continueMovement(d);
}

/** Draws cards until one needs a decision, or the deck is out and the turn ends. */
function continueMovement(d: Draft): void {
  for (let guard = 0; guard < STEP_LIMIT; guard++) {
    if (d.result) return;
    const drawn = drawCard(d.movementDeck);
    d.movementDeck = drawn.deck;
    const card = drawn.card;
    if (card === undefined) {
      endTurn(d);
      return;
    }
    const isUnit = d.findUnit(card) !== undefined;
    d.emit({
      type: 'card-drawn',
      visibleTo: 'all',
      card,
      kind: isUnit ? 'unit' : 'general',
      irreversible: true,
    });
    if (isUnit ? unitCard(d, card) : generalCard(d, card)) return;
  }
  throw new Error('step limit reached drawing movement cards');
}

/** The activation Reaction Test (Part 4, When To Make A Reaction Test; How To Make A Reaction Test). */
function activationTest(d: Draft, id: UnitId): void {
  const facts = withOrders(reactionBase(d, id), ordersOf(d, id), 'activation');
  const run = d.run((dice, trace) => resolveReactionTest(facts, dice, trace));
  const test = recordTest(d, id, run.value);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: id,
    occasion: 'activation',
    test,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
}

/** Cavalry (regular or irregular) and irregular infantry may charge on some Without Orders results. */
function mayChargeUntested(u: JcUnit): boolean {
  return u.arm === 'cavalry' || (u.arm === 'infantry' && !u.regular);
}

/** `usableOrders` by troop type, each list found once. */
const ordersByTroop = new Map<TroopTypeId, readonly OrderId[]>();

/** Orders a unit may be given (its troop type may use them), with charge and pursue left to targets. */
export function usableOrders(u: JcUnit): readonly OrderId[] {
  const troop = u.profile.troop;
  let orders = ordersByTroop.get(troop);
  if (!orders) {
    orders = ORDER_IDS.filter((o) => mayUseOrder(o, troop));
    ordersByTroop.set(troop, orders);
  }
  return orders;
}

/**
 * The orders a unit using its initiative may choose on its card (Without Orders Table: any order):
 * those its troop type may use that need no target (a charge goes at the nearest enemy) and, for
 * formation changes, lead to a formation it may take and is not in.
 */
function initiativeOrders(d: Draft, id: UnitId): OrderId[] {
  const u = d.unit(id);
  const formation = d.tableUnit(id).formation;
  return usableOrders(u).filter((o) => {
    if (o === 'pursue' || o === 'support') return false;
    if (o === 'charge') return mayCharge(d, id) && nearestEnemy(d, id) !== undefined;
    const def = ORDERS.orders[o];
    if (def.move !== 'formation-change' || def.endsAs === undefined) return true;
    const ends = def.endsAs === 'limbered' ? 'artillery-limbered' : def.endsAs;
    return ends !== formation && formationAllowed(u.profile, ends).allowed;
  });
}

/**
 * Resolves every charge waiting on this unit's card, each with what it leads to: its own, and those
 * launched at it. Returns whether any was.
 */
export function chargesAtCard(d: Draft, id: UnitId): boolean {
  let fought = false;
  if (d.unit(id).charge) {
    resolveCharge(d, id);
    runPendingSteps(d);
    fought = true;
  }
  for (const c of d.unit(id).chargedBy) {
    const charger = d.findUnit(c);
    if (charger?.charge?.target === id) {
      resolveCharge(d, c);
      runPendingSteps(d);
      fought = true;
    }
  }
  return fought;
}

/**
 * A unit's card (Part 3, Sequence Of Play 5.1-5.6). Returns true when its player must now decide.
 */
function unitCard(d: Draft, id: UnitId): boolean {
  if (!isActive(d, id)) return false;
  let u = d.unit(id);
  if (u.activated) return false;
  if (u.charge || u.chargedBy.some((c) => d.findUnit(c)?.charge?.target === id)) {
    chargesAtCard(d, id);
    if (!isActive(d, id)) return false;
    u = d.unit(id);
    if (u.inConfrontation) return false;
  }
  if (u.activated) return false;
  // 5.6: a unit that made a mandatory move before its card may rally; a routing unit routs on.
  if (u.mandatoryMove !== undefined || u.routing) {
    if (rallyGeneral(d, id) !== undefined) {
      setActivation(d, id, { mayRally: true });
      return true;
    }
    if (u.routing && u.mandatoryMove === undefined) mandatoryMove(d, id, 'rout');
    d.patchUnit(id, { activated: true });
    return false;
  }
  if (u.quitting) {
    quit(d, id);
    return false;
  }
  // 5.1: events.
  for (let i = 0; i < u.eventsDue && isActive(d, id); i++) {
    unitEvent(d, id);
    runPendingSteps(d);
  }
  if (!isActive(d, id)) return false;
  d.patchUnit(id, { eventsDue: 0 });
  revealOrder(d, id);
  // 5.2: the Reaction Test (once a turn: chargers and targets have tested already).
  if (!d.unit(id).test) activationTest(d, id);
  u = d.unit(id);
  const test = u.test!;
  const mv = MOVEMENT_RESULTS[test.movement];
  if (mv.mandatory) {
    setStatus(d, id, mv.mandatory.statusAfter, mv.disordered === true);
    mandatoryMove(d, id, mv.mandatory.move);
    d.patchUnit(id, { activated: true });
    return false;
  }
  if (test.movement === 'roll-without-orders' && test.withoutOrders) {
    const result = test.withoutOrders;
    const charge = WITHOUT_ORDERS_RESULTS[result].cavalryAndIrregularsMayCharge && mayChargeUntested(u);
    if (result === 'quit-the-battle') {
      d.patchUnit(id, { quitting: true });
      quit(d, id);
      return false;
    }
    if (result === 'uses-initiative') {
      setActivation(d, id, { choose: initiativeOrders(d, id) });
      return true;
    }
    const base: OrderId =
      result === 'repeats-last-order-may-charge'
        ? d.tableUnit(id).formation === 'square'
          ? 'hold'
          : (u.lastOrder ?? 'hold')
        : 'hold';
    // Repeating a charge or pursuit: it charges the nearest enemy, untested (exception A).
    if ((base === 'charge' || base === 'pursue') && mayCharge(d, id) && nearestEnemy(d, id) !== undefined) {
      setActivation(d, id, {});
      chargeNowInCard(d, id);
      return false;
    }
    if (charge && nearestEnemy(d, id) !== undefined) {
      setActivation(d, id, {
        choose: base === 'charge' || base === 'pursue' ? ['charge'] : [base, 'charge'],
      });
      return true;
    }
    d.patchUnit(id, { order: base === 'charge' || base === 'pursue' ? 'hold' : base });
  }
  // A charge or pursuit launched in Step 4 was resolved above; one that was not launched (its test
  // allowed no move, or its target was gone) may only fire.
  setActivation(d, id, {});
  const node = d.node;
  if (node.phase === 'activation' && node.activation.kind === 'unit' && !anythingToDo(d, node.activation)) {
    closeActivation(d);
    return false;
  }
  return true;
}

function setActivation(d: Draft, id: UnitId, extra: Partial<UnitActivation>): void {
  d.node = {
    phase: 'activation',
    activation: {
      kind: 'unit',
      unit: id,
      side: d.unit(id).side,
      moved: false,
      fired: false,
      movedFraction: 0,
      mayRally: false,
      ...extra,
    },
  };
}

/** Marks the current activation as done (the unit or General has acted this turn). */
function closeActivation(d: Draft): void {
  const node = d.node;
  if (node.phase !== 'activation') return;
  const a = node.activation;
  if (a.kind === 'unit') {
    if (d.findUnit(a.unit)) d.patchUnit(a.unit, { activated: true });
    d.emit({ type: 'activation-ended', visibleTo: 'all', card: a.unit });
  } else {
    d.patchGeneral(a.general, { activated: true });
    d.emit({ type: 'activation-ended', visibleTo: 'all', card: a.general });
  }
}

/** Ends the current activation and goes on with Step 5 (for commands; the card loop closes its own). */
export function finishActivation(d: Draft): void {
  closeActivation(d);
  continueMovement(d);
}

/** A General's card: he always has a choice (move, attach, detach, rally, or nothing). */
function generalCard(d: Draft, gid: GeneralId): boolean {
  const g = d.findGeneral(gid);
  if (!isActiveGeneral(g) || !d.tableGeneral(gid) || g.activated) return false;
  d.node = {
    phase: 'activation',
    activation: { kind: 'general', general: gid, side: g.side, used: 0, rallied: false },
  };
  return true;
}

/**
 * Quit The Battle (Part 4, Units Without Orders; events): the unit marches towards its base edge in
 * formation, not Disordered, until a General of its chain of command joins it, who recovers it.
 * Irregulars go looting instead (looting.ts).
 */
function quit(d: Draft, id: UnitId): void {
  const u = d.unit(id);
  d.patchUnit(id, { activated: true });
  if (goesLooting(u)) {
    loot(d, id);
    return;
  }
  const chain = chainGenerals(d, u.commander);
  const me = d.tableUnit(id);
  const recovered = Object.values(d.table().generals).some(
    (g) =>
      chain.has(g.id) &&
      (g.attachedTo === id || me.stands.some((s) => rectDistance(s, g.stand) <= CONTACT_TOLERANCE)),
  );
  if (recovered) {
    d.patchUnit(id, { quitting: false, order: 'hold' });
    return;
  }
  marchTowards(d, id, homeward(d, id));
}

function chainGenerals(d: Draft, commander: GeneralId): Set<GeneralId> {
  const out = new Set<GeneralId>();
  let g = d.findGeneral(commander);
  for (let guard = 0; g && guard < 32; guard++) {
    out.add(g.id);
    if (g.replacedBy !== undefined) out.add(g.replacedBy);
    g = g.superior !== undefined ? d.findGeneral(g.superior) : undefined;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rallying

/**
 * The General who may rally a unit now (Part 4, Rallying), or undefined (with `by`: that General, if
 * he may): a General of its side in base contact (British units: any; native units: their own chain),
 * the unit out of every enemy's charge reach and without losses since its last test, and its status
 * Shaken or worse.
 */
export function rallyGeneral(d: Draft, id: UnitId, by?: GeneralId): GeneralId | undefined {
  if (!isActive(d, id)) return undefined;
  const u = d.unit(id);
  const status = u.status ?? 'Steady';
  if (statusRank(status) < statusRank('Shaken') && !u.routing && u.mandatoryMove === undefined)
    return undefined;
  if (u.standsLostSinceCheck > 0) return undefined;
  const me = d.tableUnit(id);
  for (const e of Object.values(d.table().units)) {
    if (e.side === me.side) continue;
    const eu = d.unit(e.id);
    const troop = MOVEMENT_RATES.troops[eu.profile.troop];
    if (troop.arm === 'artillery' || eu.routing) continue;
    const reach = normalMove(d, e.id) + chargeBonusOf(d, e.id);
    if (unitsWithin(e, me, reach)) return undefined;
  }
  const chain = chainGenerals(d, u.commander);
  for (const g of Object.values(d.table().generals)) {
    if (by !== undefined && g.id !== by) continue;
    if (g.side !== u.side || !isActiveGeneral(d.findGeneral(g.id))) continue;
    if (u.army !== 'british' && !chain.has(g.id)) continue;
    if (g.attachedTo === id || me.stands.some((s) => rectDistance(s, g.stand) <= CONTACT_TOLERANCE))
      return g.id;
  }
  return undefined;
}

/** A rally attempt (Part 4, Rallying): on a success the mandatory move stops and the unit may be ordered again. */
export function attemptRally(d: Draft, id: UnitId, gid: GeneralId): boolean {
  const u = d.unit(id);
  const g = d.general(gid);
  const { lastStatus: _l, generalInContact: _g, ...unit } = reactionBase(d, id);
  const chain = chainGenerals(d, u.commander);
  const run = d.run((dice, trace) =>
    resolveRally(
      {
        unit,
        status: u.routing ? 'Panicked' : (u.status ?? 'Shaken'),
        british: u.army === 'british',
        general: { leadership: g.leadership, ownOriginalLeader: chain.has(gid) },
        clearOfEnemyCharge: true,
        casualtiesSinceLastTest: u.standsLostSinceCheck > 0,
      },
      dice,
      trace,
    ),
  );
  const r = run.value;
  d.emit({
    type: 'rally-attempted',
    visibleTo: 'all',
    unit: id,
    general: gid,
    rallied: r.rallied,
    ...(r.test ? { level: r.test.level, status: r.test.status } : {}),
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  if (r.test) recordTest(d, id, r.test);
  if (r.rallied) {
    d.patchUnit(id, { routing: false, status: r.test!.status, lastStatus: r.test!.status });
    d.clearUnit(id, ['mandatoryMove', 'pursuing']);
  } else d.patchGeneral(gid, { rallyFailed: true });
  return r.rallied;
}

// ---------------------------------------------------------------------------------------------
// Turn end and victory

/** Stands a side has on the table that count, not routing. */
function standing(
  d: Draft,
  side: string,
): { stands: number; starting: number; units: number; broken: number } {
  let stands = 0;
  let starting = 0;
  let units = 0;
  let broken = 0;
  for (const u of d.allUnits()) {
    if (u.side !== side) continue;
    units++;
    starting += u.profile.startingStands;
    const t = d.findTableUnit(u.id);
    if (!t || u.routing) broken++;
    else stands += countedStands(t);
  }
  return { stands, starting, units, broken };
}

function holds(d: Draft, side: string, objective: string): boolean {
  const o = d.scenario.objectives.find((x) => x.id === objective);
  if (!o) return false;
  let mine = false;
  for (const u of Object.values(d.table().units)) {
    const near = u.stands.some((s) => Math.hypot(s.x - o.position.x, s.y - o.position.y) <= o.radius);
    if (!near) continue;
    const ju = d.unit(u.id);
    if (ju.routing) continue;
    if (u.side === side) mine = true;
    else return false;
  }
  return mine;
}

/** The outcome at the end of a turn, if the battle is decided (scenario conditions, in order). */
export function victory(d: Draft): GameResult | undefined {
  const sides = d.scenario.sides;
  const other = (s: string) => sides.find((x) => x !== s) ?? s;
  const last = d.turn >= d.scenario.turnLimit;
  for (const c of d.scenario.conditions) {
    if (c.kind === 'hold-objectives') {
      if (c.when === 'turn-limit' && !last) continue;
      if (c.objectives.every((o) => holds(d, c.side, o)))
        return {
          winner: c.side,
          reason: `${c.side} holds ${c.objectives.join(', ')}${c.when === 'turn-limit' ? ` when the turn limit ended the battle (turn ${d.turn})` : ''}`,
        };
    } else if (c.kind === 'enemy-losses') {
      const e = standing(d, other(c.side));
      if (e.starting > 0 && e.starting - e.stands >= c.fraction * e.starting)
        return {
          winner: c.side,
          reason: `${other(c.side)} lost ${Math.round((100 * (e.starting - e.stands)) / e.starting)}% of its stands`,
        };
    } else {
      const s = standing(d, c.side);
      if (s.units > 0 && s.broken >= c.fraction * s.units)
        return {
          winner: other(c.side),
          reason: `${c.side} broke (${s.broken} of ${s.units} units routed or gone)`,
        };
    }
  }
  for (const s of sides) {
    const st = standing(d, s);
    if (st.units > 0 && st.broken === st.units)
      return { winner: other(s), reason: `${s} has no unit left fighting` };
  }
  if (last) {
    const w = d.scenario.atTurnLimit;
    const reason = `turn limit (${d.scenario.turnLimit}) reached`;
    return w === 'draw' ? { reason } : { winner: w, reason };
  }
  return undefined;
}

/** End of turn: caracoling horse are Disordered, broken Supports end, the battle may be decided. */
function endTurn(d: Draft): void {
  for (const u of d.allUnits()) {
    if (!isActive(d, u.id) || u.order !== 'support' || u.orderTarget === undefined) continue;
    const t = d.findTableUnit(u.orderTarget);
    if (!t || unitDistance(d.tableUnit(u.id), t) > normalMove(d, u.id)) d.clearUnit(u.id, ['continuing']);
  }
  d.emit({ type: 'turn-ended', visibleTo: 'all', turn: d.turn });
  const result = victory(d);
  if (result) {
    d.result = result;
    d.node = { phase: 'over' };
    d.emit({ type: 'game-over', visibleTo: 'all', result });
    return;
  }
  d.turn += 1;
  startTurn(d);
}

/** Which General's orders a unit uses: its commander (or who replaces him). */
export function orderingGeneral(d: Draft, id: UnitId): GeneralId | undefined {
  return effectiveCommander(d.generalsById(), d.unit(id).commander);
}

/** Charging and the Charge Bonus need a unit that may charge: not artillery, not in skirmish order. */
export function mayCharge(d: Draft, id: UnitId): boolean {
  const u = d.unit(id);
  return (
    u.arm !== 'artillery' &&
    mayUseOrder('charge', u.profile.troop) &&
    d.tableUnit(id).formation !== 'skirmish-order'
  );
}

/** Runs an immediate charge chosen on a card (Without Orders results), then ends the activation. */
export function chargeNow(d: Draft, id: UnitId): void {
  chargeNowInCard(d, id);
  continueMovement(d);
}

/** An immediate charge at the nearest enemy from the active unit's card; its activation is closed. */
function chargeNowInCard(d: Draft, id: UnitId): void {
  const target = nearestEnemy(d, id)?.id;
  if (target !== undefined) {
    immediateCharge(d, id, target);
    runPendingSteps(d);
  }
  closeActivation(d);
}
