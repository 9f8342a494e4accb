import { rectDistance } from '../../core/geometry/rectangles.ts';
import { drawCard, newDeck } from '../../core/random/deck.ts';
import type { GeneralId, UnitId } from '../../core/table/model.ts';
import { resolveReactionTest, withOrders } from '../../rulesets/john-company/procedures/reaction-test.ts';
import { formationAllowed } from '../../rulesets/john-company/table/formations.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import type { TroopTypeId } from '../../rulesets/john-company/tables/movement-rates.ts';
import { mayUseOrder, ORDER_IDS, ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import { WITHOUT_ORDERS_RESULTS } from '../../rulesets/john-company/tables/without-orders.ts';
import type { Rejection } from '../engine/game.ts';
import { reject } from './command-checks.ts';
import { immediateCharge, resolveCharge } from './confrontation.ts';
import type { Draft } from './draft.ts';
import { effectiveCommander, isActiveGeneral } from './forces.ts';
import { goesLooting, loot } from './looting.ts';
import { homeward, mandatoryMove, marchTowards } from './moves.ts';
import { anythingToDo, endProblem } from './options.ts';
import { revealOrder } from './orders-held.ts';
import { chainGenerals, rallyGeneral } from './rally.ts';
import { runPendingSteps } from './run-pending.ts';
import type { JcUnit, UnitActivation } from './state.ts';
import { endTurn } from './turn-end.ts';
import { unitEvent } from './unit-events.ts';
import { isActive, nearestEnemy, ordersOf, reactionBase, recordTest, setStatus } from './units.ts';

/**
 * Step 5, the Unit Movement deck (Part 3, Sequence Of Play 5): cards are drawn until one needs a
 * decision; a unit's card resolves the charges waiting on it, its events and its Reaction Test, and makes
 * the moves nobody chooses, before its player acts (unit-activation.ts); a General's card always waits
 * for his player (general-activation.ts); either ends with the end-activation command. When the deck is
 * out the turn ends (turn-end.ts).
 */

/** A guard against a loop that would never reach a decision. */
export const STEP_LIMIT = 100_000;

/** Step 5 begins: a fresh Unit Movement deck of every unit and General on the table, shuffled. */
export function startMovement(d: Draft): void {
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

/**
 * The end-activation command, for the active unit or General: a unit that must choose an order or owes a
 * minimum move may not end yet; a routing unit its General did not rally routs on.
 */
export function endActivation(d: Draft): Rejection | undefined {
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
export function quit(d: Draft, id: UnitId): void {
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
