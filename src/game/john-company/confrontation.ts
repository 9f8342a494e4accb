import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import { resolveCaracole } from '../../rulesets/john-company/procedures/caracole.ts';
import { type ChargeRole, resolveChargeTest } from '../../rulesets/john-company/procedures/charge-test.ts';
import type {
  ConfrontationFacts,
  ConfrontationResult,
} from '../../rulesets/john-company/procedures/confrontation/facts.ts';
import { resolveConfrontation } from '../../rulesets/john-company/procedures/confrontation/resolve.ts';
import {
  type DefendersVolleyFacts,
  resolveDefendersVolley,
} from '../../rulesets/john-company/procedures/defenders-volley.ts';
import { resolveSkirmishersCaught } from '../../rulesets/john-company/procedures/skirmishers-caught.ts';
import { squaring } from '../../rulesets/john-company/table/charges.ts';
import type { ConfrontationModifierId } from '../../rulesets/john-company/tables/confrontation.ts';
import { MOVEMENT_RESULTS, statusForLevel } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { ResolveStatus } from '../../rulesets/john-company/vocabulary.ts';
import type { Draft } from './draft.ts';
import { advanceOn, chargeBonusOf, chargeHome, evade, mandatoryMove, normalMove, recoil } from './moves.ts';
import { revealOrder } from './orders-held.ts';
import { schedule } from './pending.ts';
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
 * Step 5, charges meet their targets (Part 4, Confrontation sequence): the target's test, its evasion
 * or counter-charge, the moves into contact, skirmishers caught, caracole, the Defenders' Volley and the
 * Confrontation itself. A Confrontation's events and then its moves and pursuit are scheduled as pending
 * steps (pending.ts; their moves and pursuit are in pursuit.ts).
 */

const RETIRE_FRACTION: Readonly<Record<string, { fraction: number; facing: boolean }>> = {
  'to-the-rear-march': { fraction: 0.75, facing: false },
  'limber-and-retire': { fraction: 0.5, facing: false },
  'fire-and-retire': { fraction: 0.25, facing: true },
};

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
export function resolveCharge(d: Draft, c: UnitId): void {
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
    schedule(d, { kind: 'pursuit', pursuer: c, fleeing: t, inches: ch.remaining, depth: 0 });
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
export function confront(d: Draft, c: UnitId, t: UnitId, o: ConfrontOptions): void {
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

/**
 * A Confrontation's losses and statuses; its events (Part 4, Events: before the mandatory move) and then
 * its moves and pursuit are scheduled, in that order.
 */
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
  schedule(
    d,
    ...sides
      .filter((s) => s.out.event)
      .map((s) => ({ kind: 'unit-event' as const, unit: s.id, opponent: s.other })),
    {
      kind: 'confrontation-outcome',
      charger: c,
      target: t,
      result: r,
      remaining: o.remaining,
      depth: o.depth ?? 0,
    },
  );
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
