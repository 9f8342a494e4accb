import { nd6 } from '../../core/random/rolls.ts';
import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import { resolveCaracole } from '../../rulesets/john-company/procedures/caracole.ts';
import { type ChargeRole, resolveChargeTest } from '../../rulesets/john-company/procedures/charge-test.ts';
import type {
  ConfrontationFacts,
  ConfrontationResult,
} from '../../rulesets/john-company/procedures/confrontation/facts.ts';
import { resolveConfrontation } from '../../rulesets/john-company/procedures/confrontation/resolve.ts';
import { resolveCounterBattery } from '../../rulesets/john-company/procedures/counter-battery.ts';
import {
  type DefendersVolleyFacts,
  resolveDefendersVolley,
} from '../../rulesets/john-company/procedures/defenders-volley.ts';
import {
  enfiladeStandsPerRank,
  isAim,
  targetRowFor,
} from '../../rulesets/john-company/procedures/fire/aiming.ts';
import { aimArtillery, resolveArtilleryFire } from '../../rulesets/john-company/procedures/fire/artillery.ts';
import { type FireResult, NO_FIRE_LABELS } from '../../rulesets/john-company/procedures/fire/result.ts';
import {
  aimSmallArms,
  resolveSmallArmsFire,
} from '../../rulesets/john-company/procedures/fire/small-arms.ts';
import { resolvePursuitCatch } from '../../rulesets/john-company/procedures/pursuit.ts';
import { resolveRegainControl } from '../../rulesets/john-company/procedures/regain-control.ts';
import { resolveSkirmishersCaught } from '../../rulesets/john-company/procedures/skirmishers-caught.ts';
import { squaring } from '../../rulesets/john-company/table/charges.ts';
import type { DerivedFireFacts, JcTableFacts } from '../../rulesets/john-company/table/facts.ts';
import type { ConfrontationModifierId } from '../../rulesets/john-company/tables/confrontation.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { MOVEMENT_RESULTS, statusForLevel } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { ResolveStatus } from '../../rulesets/john-company/vocabulary.ts';
import type { Draft } from './draft.ts';
import { unitEvent } from './effects.ts';
import {
  advanceOn,
  chargeBonusOf,
  chargeGap,
  chargeHome,
  evade,
  mandatoryMove,
  normalMove,
  recoil,
} from './moves.ts';
import { revealOrder } from './orders-held.ts';
import {
  isActive,
  ordersOf,
  reactionBase,
  recordTest,
  removeStands,
  setStatus,
  standsOf,
  unitDistance,
} from './units.ts';

/**
 * Fire and close combat (Part 4: Small Arms And Artillery Fire, Counter Battery Fire, Confrontation;
 * Part 3: Charge Moves, Pursue): the facts come from the virtual table (table/facts.ts), the results from
 * the procedures, and this module applies them: stands removed, statuses, mandatory moves, events.
 */

// ---------------------------------------------------------------------------------------------
// Fire

export type FireCheck =
  | { readonly ok: true; readonly facts: DerivedFireFacts }
  | { readonly ok: false; readonly reason: string };

/**
 * `fireCheck`'s answers by the table facts they were read from, firer and target: the answer of units on
 * the table depends on nothing but those facts (never changed once built), and the facts of a state
 * are shared by its drafts.
 */
const fireChecks = new WeakMap<JcTableFacts, Map<UnitId, Map<UnitId, FireCheck>>>();

/** Whether `firer` can fire at `target` now (weapon, stands bearing, range band, status), without dice. */
export function fireCheck(d: Draft, firer: UnitId, target: UnitId): FireCheck {
  if (!d.onTable(firer) || !d.onTable(target)) return { ok: false, reason: 'the unit is not on the table' };
  const tableFacts = d.facts();
  let byFirer = fireChecks.get(tableFacts);
  if (!byFirer) {
    byFirer = new Map();
    fireChecks.set(tableFacts, byFirer);
  }
  let byTarget = byFirer.get(firer);
  if (!byTarget) {
    byTarget = new Map();
    byFirer.set(firer, byTarget);
  }
  let check = byTarget.get(target);
  if (!check) {
    check = checkFire(tableFacts, firer, target);
    byTarget.set(target, check);
  }
  return check;
}

function checkFire(tableFacts: JcTableFacts, firer: UnitId, target: UnitId): FireCheck {
  const facts = tableFacts.fire(firer, target);
  if (!facts) return { ok: false, reason: 'the unit has no missile weapon' };
  const aim =
    facts.kind === 'small-arms'
      ? aimSmallArms(facts.facts, null)
      : aimArtillery(
          facts.facts,
          targetRowFor(facts.facts),
          facts.facts.enfilade ? facts.facts.enfilade.targetRanks : 0,
          facts.facts.enfilade ? enfiladeStandsPerRank(facts.facts.enfilade.targetArm) : 0,
          facts.facts,
          null,
        );
  if (!isAim(aim)) return { ok: false, reason: NO_FIRE_LABELS[aim.noFire ?? 'no-stands-firing'] };
  return { ok: true, facts };
}

/**
 * A unit fires at a target (Part 4, Small Arms And Artillery Fire; guns firing at guns use Counter
 * Battery Fire): the target is marked as fired on (negatives 1 and 6), loses the stands the table
 * gives, and an Event Die of 1 gives it an event before its next test.
 */
export function fireAt(
  d: Draft,
  firer: UnitId,
  target: UnitId,
  why: 'order' | 'event',
): FireResult | undefined {
  const check = fireCheck(d, firer, target);
  if (!check.ok) return undefined;
  const blinded = d.unit(firer).fireHalved;
  const facts = check.facts;
  const kind: 'small-arms' | 'artillery' | 'counter-battery' =
    facts.kind === 'small-arms'
      ? 'small-arms'
      : d.unit(target).arm === 'artillery'
        ? 'counter-battery'
        : 'artillery';
  const run = d.run((dice, trace): { fire: FireResult; guns?: number } => {
    if (facts.kind === 'small-arms')
      return { fire: resolveSmallArmsFire({ ...facts.facts, ...(blinded ? { blinded } : {}) }, dice, trace) };
    const a = facts.facts;
    if (kind === 'counter-battery') {
      const cb = resolveCounterBattery(
        {
          weapon: a.weapon,
          resolveLevel: a.resolveLevel,
          status: a.status,
          ...(a.disordered ? { disordered: true } : {}),
          ...(a.moving ? { moving: true } : {}),
          ...(blinded ? { blinded: true } : {}),
          crewStands: a.crewStands,
          ...(a.nativeIrregularCrew ? { nativeIrregularCrew: true } : {}),
          ...(a.targetCover ? { targetCover: a.targetCover } : {}),
          ...(a.distance !== undefined ? { distance: a.distance } : {}),
          targetCrewStands: standsOf(d, target),
        },
        dice,
        trace,
      );
      return { fire: cb.fire, guns: cb.gunsKnockedOut };
    }
    return { fire: resolveArtilleryFire({ ...a, ...(blinded ? { blinded } : {}) }, dice, trace) };
  });
  const result = run.value.fire;
  const gunsKnockedOut = run.value.guns;
  d.patchUnit(firer, { fired: true, fireHalved: false });
  d.emit({
    type: 'unit-fired',
    visibleTo: 'all',
    unit: firer,
    target,
    kind,
    result,
    ...(gunsKnockedOut !== undefined ? { gunsKnockedOut } : {}),
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const t = d.unit(target);
  d.patchUnit(target, {
    ...(facts.kind === 'small-arms' ? { smallArmsFireSinceCheck: true } : { artilleryFireSinceCheck: true }),
    ...(result.event ? { eventsDue: t.eventsDue + 1 } : {}),
  });
  const lost = gunsKnockedOut ?? result.targetStandsLost;
  if (lost > 0) removeStands(d, target, lost, why === 'event' ? 'fire (event)' : 'fire');
  return result;
}

// ---------------------------------------------------------------------------------------------
// Charges: Step 4

const RETIRE_FRACTION: Readonly<Record<string, { fraction: number; facing: boolean }>> = {
  'to-the-rear-march': { fraction: 0.75, facing: false },
  'limber-and-retire': { fraction: 0.5, facing: false },
  'fire-and-retire': { fraction: 0.25, facing: true },
};

/** Whether a unit pursues by the rules whatever its player wants: cavalry and irregular infantry. */
export function mustPursue(d: Draft, id: UnitId): boolean {
  const u = d.unit(id);
  return u.arm === 'cavalry' || (u.arm === 'infantry' && !u.regular);
}

/**
 * Step 4 for one charger or pursuer (Part 3, Sequence Of Play 4.A-B; Charge Moves 1): it tests (a
 * regular cavalry pursuer first tries to regain control; a supporting unit counter-charging takes the
 * -2 of its role); if it goes ahead it turns to face its target and moves its full move, or to its
 * Charge Bonus from the enemy, whichever is shorter. Two units charging each other both test, and
 * when both go ahead they meet as Charge Moves 1 says (`mutualCharge`). Returns true when the target's
 * side may now change the target's order (4.C).
 */
export function launchCharge(d: Draft, id: UnitId, role: ChargeRole = 'charger'): boolean {
  if (!isActive(d, id)) return false;
  const u = d.unit(id);
  const target = u.orderTarget;
  const pursuit = u.order === 'pursue';
  if (target === undefined || !isActive(d, target)) {
    d.emit({
      type: 'charge-ended',
      visibleTo: 'all',
      unit: id,
      target: target ?? id,
      outcome: 'target-gone',
    });
    return false;
  }
  const full = chargeGoesAhead(d, id, target, role);
  if (full === undefined) return false;
  if (role === 'charger' && !pursuit && chargingBack(d, target, id)) {
    // The other charge is launched now, with this one (the target leaves the queue).
    d.chargeQueue = d.chargeQueue.filter((q) => q !== target);
    const theirs = chargeGoesAhead(d, target, id, 'charger');
    if (theirs !== undefined && isActive(d, id)) {
      mutualCharge(d, id, full, target, theirs);
      return false;
    }
  }
  if (!isActive(d, id) || !isActive(d, target)) return false;
  const bonus = chargeBonusOf(d, id);
  chargeMove(d, id, target, full, Math.max(0, Math.min(full, chargeDistance(d, id, target) - bonus)));
  if (!isActive(d, id)) return false;
  const t = d.unit(target);
  return role === 'charger' && !pursuit && !t.changedOrder && !t.routing && t.mandatoryMove === undefined;
}

/**
 * How far a charger is from its Charge Bonus point's target: along its line of march once turned
 * (`chargeGap`), or edge to edge where that line would miss it.
 */
function chargeDistance(d: Draft, id: UnitId, target: UnitId): number {
  const along = chargeGap(d, id, target);
  return Number.isFinite(along) ? along : unitDistance(d.tableUnit(id), d.tableUnit(target));
}

/**
 * Whether `unit` has a charge at `charger` still to launch this Step 4 (its counter revealed in Step 3,
 * queued behind the charger): the two charge each other simultaneously (Part 3, Charge Moves 1).
 */
function chargingBack(d: Draft, unit: UnitId, charger: UnitId): boolean {
  const t = d.unit(unit);
  return (
    t.order === 'charge' &&
    t.orderTarget === charger &&
    d.chargeQueue.includes(unit) &&
    !t.routing &&
    t.mandatoryMove === undefined
  );
}

/**
 * The charge test of Step 4 (4.A; a regular cavalry pursuer first tries to regain control). Returns the
 * inches of its full move (the Normal Move with the test's extra dice) when the charge goes ahead; a
 * failed test stands or makes its mandatory move.
 */
function chargeGoesAhead(d: Draft, id: UnitId, target: UnitId, role: ChargeRole): number | undefined {
  const u = d.unit(id);
  const pursuit = u.order === 'pursue';
  if (pursuit && u.pursuing === target && u.arm === 'cavalry' && u.regular) {
    const run = d.run((dice, trace) =>
      resolveRegainControl(
        { pursuer: 'regular-cavalry', mayTryNow: true, unit: reactionBase(d, id) },
        dice,
        trace,
      ),
    );
    d.emit({
      type: 'control-regained',
      visibleTo: 'all',
      unit: id,
      regained: run.value.regained,
      irreversible: true,
      rolls: run.rolls,
      ...(run.trace ? { trace: run.trace } : {}),
    });
    if (run.value.test) recordTest(d, id, run.value.test);
    if (run.value.regained) {
      d.patchUnit(id, { order: 'hold' });
      d.clearUnit(id, ['pursuing', 'orderTarget']);
      return undefined;
    }
  }
  const run = d.run((dice, trace) => resolveChargeTest({ role, unit: reactionBase(d, id) }, dice, trace));
  const test = recordTest(d, id, run.value.test);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: id,
    occasion: 'charging',
    test,
    goesAhead: run.value.goesAhead,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const movement = MOVEMENT_RESULTS[test.movement];
  if (movement.mandatory) {
    setStatus(d, id, movement.mandatory.statusAfter, movement.disordered === true);
    mandatoryMove(d, id, movement.mandatory.move, target);
    return undefined;
  }
  if (!run.value.goesAhead) return undefined;
  let full = normalMove(d, id);
  if (movement.extraDice > 0) {
    const extra = d.run((dice) => dice.roll(nd6(movement.extraDice), 'extraDice'));
    full += extra.value;
  }
  return full;
}

/**
 * The charge's first move (Step 4): the charger turns to face its target and goes `step` inches
 * straight at it; it keeps the rest of its full move plus its Charge Bonus for contact.
 */
function chargeMove(d: Draft, id: UnitId, target: UnitId, full: number, step: number): void {
  const pursuit = d.unit(id).order === 'pursue';
  const res = advanceOn(d, id, target, step, 'charge-initiation', 'charge');
  const moved = res?.moved ?? 0;
  if (!isActive(d, id)) return;
  d.patchUnit(id, {
    charge: {
      target,
      remaining: Math.max(0, full - moved) + chargeBonusOf(d, id),
      straight: true,
      ...(pursuit ? { pursuit } : {}),
    },
  });
  const t = d.unit(target);
  d.patchUnit(target, { chargedBy: [...t.chargedBy, id] });
  d.emit({
    type: 'charge-launched',
    visibleTo: 'all',
    unit: id,
    target,
    moved: Math.round(moved * 100) / 100,
    irreversible: true,
  });
}

/**
 * Two units charging each other (Part 3, Charge Moves 1): from the point half way between them, each
 * is placed half the longer of their Charge Bonuses away along its line of march, so each goes half of
 * what separates them beyond that bonus (no further than its own full move). In Step 5 they meet as a
 * charge and its counter-charge (`resolveCharge`): both count as charging.
 */
function mutualCharge(d: Draft, a: UnitId, fullA: number, b: UnitId, fullB: number): void {
  if (!isActive(d, a) || !isActive(d, b)) return;
  const bonus = Math.max(chargeBonusOf(d, a), chargeBonusOf(d, b));
  const each = Math.max(0, unitDistance(d.tableUnit(a), d.tableUnit(b)) - bonus) / 2;
  chargeMove(d, a, b, fullA, Math.min(fullA, each));
  if (isActive(d, a) && isActive(d, b)) chargeMove(d, b, a, fullB, Math.min(fullB, each));
}

// ---------------------------------------------------------------------------------------------
// Charges: Step 5, the Confrontation

/** Resolves every charge waiting on this unit's card: its own, and those launched at it. */
export function chargesAtCard(d: Draft, id: UnitId): boolean {
  let fought = false;
  if (d.unit(id).charge) {
    resolveCharge(d, id);
    fought = true;
  }
  for (const c of d.unit(id).chargedBy) {
    const charger = d.findUnit(c);
    if (charger?.charge?.target === id) {
      resolveCharge(d, c);
      fought = true;
    }
  }
  return fought;
}

/**
 * A charged target's Reaction Test (Part 4, When To Make A Reaction Test: when the charger's card or its
 * own is drawn, on the row of its order type). Its counter is turned up now, as on its own card, which
 * may not have come yet: the test is on the row of the order it holds (Without Orders only if it holds
 * none), and a retire order makes it evade.
 */
function testTarget(d: Draft, t: UnitId, c: UnitId): void {
  revealOrder(d, t);
  const tu = d.unit(t);
  if (tu.test) return;
  const role: ChargeRole = tu.changedOrder
    ? tu.order === 'charge' && tu.orderTarget === c
      ? 'target-counter-charging'
      : 'target-changing-orders'
    : 'target';
  const run = d.run((dice, trace) =>
    resolveChargeTest({ role, unit: reactionBase(d, t), targetOrders: ordersOf(d, t) }, dice, trace),
  );
  const test = recordTest(d, t, run.value.test);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: t,
    occasion: 'charge-target',
    test,
    goesAhead: run.value.goesAhead,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
}

/**
 * A charge meets its target (Part 4, Confrontation sequence): the target tests; if it must fall back,
 * is forced back, routs, or is on a retire order, it moves first and the charger may catch it; if it
 * counter-charges both move to meet; otherwise the charger moves straight to contact, the target gives
 * its Defenders' Volley, and the Confrontation is resolved (or the skirmishers are caught, or the
 * native horse caracole).
 */
function resolveCharge(d: Draft, c: UnitId): void {
  const ch = d.unit(c).charge;
  if (!ch) return;
  d.clearUnit(c, ['charge']);
  d.patchUnit(c, { activated: true });
  const t = ch.target;
  if (!isActive(d, c) || !isActive(d, t)) {
    d.emit({ type: 'charge-ended', visibleTo: 'all', unit: c, target: t, outcome: 'target-gone' });
    return;
  }
  if (ch.pursuit) {
    pursue(d, c, t, ch.remaining, 0);
    return;
  }
  testTarget(d, t, c);
  const tu = d.unit(t);
  const mv = MOVEMENT_RESULTS[tu.test!.movement];
  const counter = tu.order === 'charge' && tu.orderTarget === c && mv.chargeBonus && mv.followsOrders;
  let evaded = false;
  if (mv.mandatory && !tu.inConfrontation && tu.mandatoryMove === undefined) {
    setStatus(d, t, mv.mandatory.statusAfter, mv.disordered === true);
    mandatoryMove(d, t, mv.mandatory.move, c);
    evaded = true;
  } else if (tu.order !== undefined && RETIRE_FRACTION[tu.order] && mv.followsOrders && !tu.inConfrontation) {
    const r = RETIRE_FRACTION[tu.order]!;
    evade(d, t, c, r.fraction * (mv.rate || 1), r.facing);
    d.patchUnit(t, { activated: true });
    evaded = true;
  } else if (tu.routing || tu.mandatoryMove !== undefined) evaded = true;
  if (evaded) {
    if (!isActive(d, t)) {
      d.emit({ type: 'charge-ended', visibleTo: 'all', unit: c, target: t, outcome: 'target-gone' });
      return;
    }
    const res = chargeHome(d, c, t, ch.remaining, 'charge-contact');
    if (res?.contact && isActive(d, c) && isActive(d, t))
      confront(d, c, t, { caughtEvading: true, straight: false, remaining: 0 });
    else d.emit({ type: 'charge-ended', visibleTo: 'all', unit: c, target: t, outcome: 'no-contact' });
    return;
  }
  if (counter && counterChargeByCavalryOnInfantry(d, c, t)) {
    // Part 4, Confrontation: infantry and cavalry both charging: the infantry goes a quarter of the
    // distance between them, then the cavalry (here the counter-charging target) into contact.
    const gap = unitDistance(d.tableUnit(c), d.tableUnit(t));
    const first = chargeHome(d, c, t, gap / 4, 'charge-contact');
    if (!isActive(d, c) || !isActive(d, t)) return;
    const rest = unitDistance(d.tableUnit(c), d.tableUnit(t));
    const res = advanceOn(d, t, c, rest + CONTACT_REACH, 'charge-contact', 'counter-charge');
    d.patchUnit(t, { activated: true });
    d.clearUnit(t, ['charge']);
    if (!res?.contact || !isActive(d, c) || !isActive(d, t)) {
      d.emit({ type: 'charge-ended', visibleTo: 'all', unit: c, target: t, outcome: 'no-contact' });
      return;
    }
    contact(d, c, t, { straight: true, counter, remaining: Math.max(0, ch.remaining - (first?.moved ?? 0)) });
    return;
  }
  if (counter) {
    // Part 4, Confrontation: both infantry or both cavalry meet half way; infantry and cavalry: the
    // infantry (here the target) goes a quarter of the distance, then the cavalry into contact.
    const gap = unitDistance(d.tableUnit(c), d.tableUnit(t));
    const share = d.unit(t).arm === 'infantry' && d.unit(c).arm === 'cavalry' ? 4 : 2;
    advanceOn(d, t, c, gap / share, 'charge-contact', 'counter-charge');
    d.patchUnit(t, { activated: true });
    d.clearUnit(t, ['charge']);
  }
  if (!isActive(d, c) || !isActive(d, t)) return;
  const bonus = chargeBonusOf(d, c);
  const res = chargeHome(d, c, t, ch.remaining, 'charge-contact');
  if (!res?.contact || !isActive(d, c) || !isActive(d, t)) {
    d.emit({ type: 'charge-ended', visibleTo: 'all', unit: c, target: t, outcome: 'no-contact' });
    return;
  }
  const straight = counter || res.moved >= bonus - 0.05;
  contact(d, c, t, { straight, counter, remaining: Math.max(0, ch.remaining - res.moved) });
}

/** Inches beyond the gap that a unit moving into contact is given (it stops on touching). */
const CONTACT_REACH = 0.05;

/** An infantry charger met by a cavalry counter-charge (the cavalry moves into contact). */
function counterChargeByCavalryOnInfantry(d: Draft, c: UnitId, t: UnitId): boolean {
  return d.unit(c).arm === 'infantry' && d.unit(t).arm === 'cavalry';
}

interface ContactFacts {
  readonly straight: boolean;
  readonly counter: boolean;
  readonly remaining: number;
}

/** In contact: skirmishers caught, caracole, or the Defenders' Volley and the Confrontation. */
function contact(d: Draft, c: UnitId, t: UnitId, f: ContactFacts): void {
  const tt = d.tableUnit(t);
  if (tt.formation === 'skirmish-order') {
    const facts = d.facts().confrontation(c, t);
    const run = d.run((dice, trace) =>
      resolveSkirmishersCaught(
        {
          skirmisherStands: standsOf(d, t),
          attackingStandsInContact: Math.max(1, facts.charger.standsInContact),
        },
        dice,
        trace,
      ),
    );
    d.emit({
      type: 'charge-ended',
      visibleTo: 'all',
      unit: c,
      target: t,
      outcome: 'skirmishers-caught',
      standsLost: run.value.standsLost,
      irreversible: true,
      ...(run.trace ? { trace: run.trace } : {}),
    });
    removeStands(d, t, run.value.standsLost, 'skirmishers caught');
    d.patchUnit(c, { disordered: true });
    if (isActive(d, t)) {
      setStatus(d, t, 'Panicked', true);
      mandatoryMove(d, t, 'rout', c);
    }
    return;
  }
  const cu = d.unit(c);
  const status = cu.status ?? statusForLevel(cu.profile.resolveLevel);
  if (cu.caracole && (status === 'Resolute' || status === 'Confident' || status === 'Steady')) {
    const ranks = new Set(d.tableUnit(c).stands.map((s) => s.rank)).size;
    const run = d.run((dice, trace) =>
      resolveCaracole(
        {
          status,
          ...(d.unit(t).arm === 'artillery' ? { chargingArtillery: true } : {}),
          remainingMove: f.remaining,
          chargeBonus: chargeBonusOf(d, c),
          ranks,
          ...(f.counter && d.unit(t).arm === 'cavalry' ? { counterChargedByCavalry: true } : {}),
        },
        dice,
        trace,
      ),
    );
    if (run.value.decision === 'caracole') {
      d.emit({
        type: 'charge-ended',
        visibleTo: 'all',
        unit: c,
        target: t,
        outcome: 'caracole',
        irreversible: true,
        rolls: run.rolls,
        ...(run.trace ? { trace: run.trace } : {}),
      });
      volley(d, c, t, 'caracole');
      if (isActive(d, c)) {
        d.patchUnit(c, { disordered: true });
        recoil(d, c, t, Math.max(2, f.remaining));
      }
      return;
    }
  }
  const gaveFire = !f.counter && volley(d, t, c, 'defenders-volley');
  if (!isActive(d, c) || !isActive(d, t)) return;
  confront(d, c, t, {
    caughtEvading: false,
    straight: f.straight,
    remaining: f.remaining,
    gaveFire,
    counter: f.counter,
  });
}

/**
 * A Defenders' Volley (or a caracoling unit's fire): normal fire with the range modifier of the band
 * its Resolve Status gives (Part 4, Defenders' Volley Table). Returns whether it fired.
 */
function volley(d: Draft, firer: UnitId, target: UnitId, kind: 'defenders-volley' | 'caracole'): boolean {
  const facts = d.facts().fire(firer, target);
  if (!facts) return false;
  let v: DefendersVolleyFacts;
  if (facts.kind === 'small-arms') {
    const { distance: _d, range: _r, ...rest } = facts.facts;
    v = rest;
  } else {
    const { distance: _d, range: _r, ...rest } = facts.facts;
    v = rest;
  }
  const run = d.run((dice, trace) => resolveDefendersVolley(v, dice, trace));
  if (!run.value.fired) return false;
  d.emit({
    type: 'unit-fired',
    visibleTo: 'all',
    unit: firer,
    target,
    kind,
    result: run.value,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  d.patchUnit(firer, { fired: true });
  const tu = d.unit(target);
  d.patchUnit(target, {
    ...(facts.kind === 'small-arms' ? { smallArmsFireSinceCheck: true } : { artilleryFireSinceCheck: true }),
    ...(run.value.event ? { eventsDue: tu.eventsDue + 1 } : {}),
  });
  if (run.value.targetStandsLost > 0) removeStands(d, target, run.value.targetStandsLost, kind);
  return true;
}

interface ConfrontOptions {
  readonly caughtEvading: boolean;
  /** The charger moved its whole Charge Bonus straight (with a counter-charge: both did, together). */
  readonly straight: boolean;
  /** The target counter-charged: it counts as charging too. */
  readonly counter?: boolean;
  readonly remaining: number;
  readonly gaveFire?: boolean;
  readonly depth?: number;
}

/** The Confrontation itself (Part 4, Resolving Confrontation) and its results. */
function confront(d: Draft, c: UnitId, t: UnitId, o: ConfrontOptions): void {
  const derived = d.facts().confrontation(c, t);
  const cu = d.unit(c);
  const extra: AppliedModifier<ConfrontationModifierId>[] = o.straight ? [{ id: 'charging' }] : [];
  const facts: ConfrontationFacts = {
    charger: {
      ...derived.facts.charger,
      modifiers: [...(derived.facts.charger.modifiers ?? []), ...extra],
      ...(cu.arm === 'cavalry' && !squaredUp(d.tableUnit(c), d.tableUnit(t))
        ? { cavalryDidNotSquareUp: true }
        : {}),
    },
    target: o.counter
      ? { ...derived.facts.target, modifiers: [...(derived.facts.target.modifiers ?? []), ...extra] }
      : derived.facts.target,
    ...(o.gaveFire ? { targetGaveFire: true } : {}),
    ...(o.caughtEvading ? { targetCaughtEvading: true } : {}),
  };
  const run = d.run((dice, trace) => resolveConfrontation(facts, dice, trace));
  d.emit({
    type: 'confrontation-resolved',
    visibleTo: 'all',
    charger: c,
    target: t,
    result: run.value,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  applyConfrontation(d, c, t, run.value, o);
}

/**
 * Whether a charger in contact is squared up (Part 4, Confrontation modifier 12): its front-rank stands
 * that look onto the target (table/charges.ts `squaring`) all touch it. Stands beyond the target's ends
 * would never meet it and do not count.
 */
function squaredUp(charger: UnitState, target: UnitState): boolean {
  const { contacting, touching } = squaring(charger, target);
  return contacting.length > 0 && contacting.every((s) => touching.includes(s));
}

function applyConfrontation(
  d: Draft,
  c: UnitId,
  t: UnitId,
  r: ConfrontationResult,
  o: ConfrontOptions,
): void {
  const sides = [
    { id: c, other: t, out: r.charger },
    { id: t, other: c, out: r.target },
  ];
  for (const s of sides) {
    d.patchUnit(s.id, { inConfrontation: true, activated: true });
    removeStands(d, s.id, s.out.standsLost, 'confrontation');
  }
  for (const s of sides) if (isActive(d, s.id)) setStatus(d, s.id, s.out.status, s.out.disordered);
  for (const s of sides) if (s.out.event && isActive(d, s.id)) unitEvent(d, s.id, s.other);
  const winner = r.winner === 'charger' ? c : r.winner === 'target' ? t : undefined;
  if (winner !== undefined && isActive(d, winner)) d.patchUnit(winner, { wonConfrontationTurn: d.turn });
  for (const s of sides) {
    if (!isActive(d, s.id)) continue;
    const move = s.out.move;
    if (move === 'recoil') recoil(d, s.id, s.other, s.out.recoilInches);
    else if (move !== 'none') mandatoryMove(d, s.id, move, s.other);
  }
  if (winner === undefined) return;
  const loser = winner === c ? t : c;
  if (!isActive(d, winner) || !isActive(d, loser)) return;
  if (r.pursuit === 'this-turn' && winner === c && mustPursue(d, c) && o.remaining > 0 && (o.depth ?? 0) < 1)
    pursue(d, c, loser, o.remaining, (o.depth ?? 0) + 1);
  else if (r.pursuit !== 'none' && MOVEMENT_RATES.troops[d.unit(winner).profile.troop].arm !== 'artillery')
    d.patchUnit(winner, { pursuing: loser });
}

/**
 * A pursuer goes after a beaten unit (Part 3, Pursue; Part 4, pursuit): straight at it with the inches
 * it has; if it catches a unit that Fell Back there is a new Confrontation, if it catches one Forced
 * Back or Routing, 1d6 of its stands are removed.
 */
function pursue(d: Draft, p: UnitId, fleeing: UnitId, inches: number, depth: number): void {
  const res = advanceOn(d, p, fleeing, inches, 'mandatory', 'pursuit');
  if (!res?.contact || !isActive(d, p) || !isActive(d, fleeing)) {
    if (mustPursue(d, p) && isActive(d, fleeing) && isActive(d, p)) d.patchUnit(p, { pursuing: fleeing });
    if (isActive(d, p) && depth <= 1) newEnemy(d, p, fleeing, depth);
    return;
  }
  const f = d.unit(fleeing);
  const fleeingMove = f.routing ? 'rout' : f.mandatoryMove === 'fall-back' ? 'fall-back' : 'forced-back';
  const run = d.run((dice, trace) =>
    resolvePursuitCatch({ fleeingMove, fleeingStands: standsOf(d, fleeing) }, dice, trace),
  );
  if (run.value.next === 'confrontation') {
    if (depth <= 1) confront(d, p, fleeing, { caughtEvading: false, straight: false, remaining: 0, depth });
    return;
  }
  d.emit({
    type: 'charge-ended',
    visibleTo: 'all',
    unit: p,
    target: fleeing,
    outcome: 'stands-removed',
    standsLost: run.value.standsLost,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  removeStands(d, fleeing, run.value.standsLost, 'pursuit');
  if (isActive(d, fleeing) && mustPursue(d, p)) d.patchUnit(p, { pursuing: fleeing });
}

/** Confrontation range: a pursuer this close to another enemy may meet it (Part 3, Mandatory Moves). */
const CONFRONTATION_RANGE = 2;

/**
 * A pursuer that has come within 2" of another enemy (Part 3, Mandatory Moves: the only case of a
 * second Reaction Test in a turn): it tests as Disordered ('meeting-new-enemy'); Steady or better, the
 * new Confrontation is fought at once. Skirmishers are never met this way (they may not confront).
 */
function newEnemy(d: Draft, p: UnitId, fleeing: UnitId, depth: number): void {
  const me = d.tableUnit(p);
  let best: { id: UnitId; dist: number } | undefined;
  for (const e of Object.values(d.table().units)) {
    if (e.side === me.side || e.id === fleeing || e.formation === 'skirmish-order') continue;
    const dist = unitDistance(me, e, CONFRONTATION_RANGE);
    if (dist <= CONFRONTATION_RANGE && (!best || dist < best.dist)) best = { id: e.id, dist };
  }
  if (!best) return;
  const enemy = best.id;
  const run = d.run((dice, trace) =>
    resolveChargeTest({ role: 'meeting-new-enemy', unit: reactionBase(d, p) }, dice, trace),
  );
  const test = recordTest(d, p, run.value.test);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: p,
    occasion: 'meeting-new-enemy',
    test,
    goesAhead: run.value.goesAhead,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  if (!run.value.goesAhead) return;
  const res = advanceOn(d, p, enemy, best.dist + 0.05, 'mandatory', 'pursuit');
  if (res?.contact && isActive(d, p) && isActive(d, enemy))
    confront(d, p, enemy, { caughtEvading: false, straight: false, remaining: 0, depth: depth + 1 });
}

/**
 * A charge made during Step 5 (Without Orders "may charge", events "charges the nearest enemy"): no
 * Step 4, so the charger goes straight in with its full move and Charge Bonus, and the Confrontation
 * follows at once.
 */
export function immediateCharge(d: Draft, c: UnitId, target: UnitId): void {
  if (!isActive(d, c) || !isActive(d, target)) return;
  const reach = normalMove(d, c) + chargeBonusOf(d, c);
  d.patchUnit(c, {
    order: 'charge',
    orderTarget: target,
    charge: { target, remaining: reach, straight: true },
  });
  const t = d.unit(target);
  d.patchUnit(target, { chargedBy: [...t.chargedBy, c] });
  d.emit({ type: 'charge-launched', visibleTo: 'all', unit: c, target, moved: 0, irreversible: true });
  resolveCharge(d, c);
}

/**
 * Hidden fanatics (Infantry Events 96-99, Cavalry Events 55-59): a notional body of native irregular
 * foot, one stand per 4 figures, Resolve Level 12 and Steady, charges the unit where it stands; only
 * the unit's side of the result is applied (Muster reading).
 */
export function fightFanatics(d: Draft, id: UnitId, stands: number): void {
  if (!isActive(d, id)) return;
  const u = d.unit(id);
  const status: ResolveStatus = u.status ?? statusForLevel(u.profile.resolveLevel);
  const facts: ConfrontationFacts = {
    charger: { resolveLevel: 12, status: 'Steady', stands, modifiers: [{ id: 'mass' }] },
    target: { resolveLevel: u.profile.resolveLevel, status, stands: standsOf(d, id) },
  };
  const run = d.run((dice, trace) => resolveConfrontation(facts, dice, trace));
  d.emit({
    type: 'confrontation-resolved',
    visibleTo: 'all',
    charger: `${id}/fanatics`,
    target: id,
    result: run.value,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const out = run.value.target;
  d.patchUnit(id, { inConfrontation: true });
  removeStands(d, id, out.standsLost, 'fanatics');
  if (!isActive(d, id)) return;
  setStatus(d, id, out.status, out.disordered);
  if (out.move === 'fall-back' || out.move === 'forced-back' || out.move === 'rout')
    mandatoryMove(d, id, out.move);
}
