import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import { rectDistance } from '../../core/geometry/rectangles.ts';
import type { GeneralId, UnitId } from '../../core/table/model.ts';
import { resolveUnitEvent } from '../../rulesets/john-company/procedures/unit-event/event-roll.ts';
import type {
  ColoursLostState,
  UnitEventFacts,
} from '../../rulesets/john-company/procedures/unit-event/facts.ts';
import { frontCentre } from '../../rulesets/john-company/table/formations.ts';
import { maximumRange } from '../../rulesets/john-company/table/measurement/distances.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { POSITIVE_REACTION_MODIFIERS } from '../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { EventOrder, UnitEventEffect } from '../../rulesets/john-company/tables/unit-events.ts';
import type { Draft } from './draft.ts';
import { commandersEvent } from './officers.ts';
import { schedule } from './pending.ts';
import { pend, removeStands, setStatus } from './units.ts';

/**
 * Unit events (Part 4, Events; rules-facts 1.11-1.13): the facts the d100 tables ask of a unit, the roll,
 * and its effects put on the state. The effects are scheduled as pending steps (pending.ts), one each, in
 * the table's order; a fire or the hidden fanatics' charge they bring is a step of its own.
 */

const POSITIVE_IDS: ReadonlySet<string> = new Set(POSITIVE_REACTION_MODIFIERS.modifiers.map((m) => m.id));

/** Orders the events tables force, as orders of `tables/orders.ts`. */
const EVENT_ORDER_IDS: Readonly<Record<EventOrder, OrderId>> = {
  charge: 'charge',
  'form-close-order-line': 'form-line',
  'form-close-order-column': 'form-column',
  'deploy-right': 'deploy-right',
  'deploy-left': 'deploy-left',
  'fire-and-retire': 'fire-and-retire',
  defend: 'hold',
  'forward-march': 'forward-march',
  'advance-and-fire': 'advance-and-fire',
  'prolonge-and-fire': 'prolonge-and-fire',
  'limber-and-retire': 'limber-and-retire',
};

/** Generals of a side whose stand is within `inches` of a unit's stands. */
function generalsNear(d: Draft, unit: UnitId, side: string, inches: number): GeneralId[] {
  const u = d.findTableUnit(unit);
  if (!u) return [];
  const out: GeneralId[] = [];
  for (const g of Object.values(d.table().generals)) {
    if (g.side !== side) continue;
    if (u.stands.some((s) => rectDistance(s, g.stand) <= inches)) out.push(g.id);
  }
  return out;
}

/** Enemy Generals (Brigadier or higher: every rank Muster has) in range to the unit's front. */
function enemyGeneralsToFront(d: Draft, unit: UnitId): GeneralId[] {
  const u = d.findTableUnit(unit);
  const weapon = d.unit(unit).profile.weapon;
  if (!u || !weapon) return [];
  const a = frontCentre(u);
  const fx = cosDegrees(u.facing);
  const fy = sinDegrees(u.facing);
  const range = maximumRange(weapon);
  const out: GeneralId[] = [];
  for (const g of Object.values(d.table().generals)) {
    if (g.side === u.side) continue;
    const dx = g.stand.x - a.x;
    const dy = g.stand.y - a.y;
    if (dx * fx + dy * fy <= 0) continue;
    if (u.stands.some((s) => rectDistance(s, g.stand) <= range)) out.push(g.id);
  }
  return out;
}

/** The facts the unit events tables ask of a unit. */
function unitEventFacts(d: Draft, id: UnitId, inConfrontation: boolean): UnitEventFacts {
  const u = d.unit(id);
  const t = d.findTableUnit(id);
  const troop = MOVEMENT_RATES.troops[u.profile.troop];
  const attached = Object.values(d.table().generals).find((g) => g.attachedTo === id);
  const attachedLeadership = attached ? d.findGeneral(attached.id)?.leadership : undefined;
  return {
    arm: u.arm,
    army: u.army,
    ...(u.regular ? {} : { irregular: true }),
    ...(inConfrontation ? { inConfrontation: true } : {}),
    generalsWithin2in: generalsNear(d, id, u.side, 2).length,
    generalInRangeToFront: enemyGeneralsToFront(d, id).length > 0,
    ...(attachedLeadership ? { unitCommanderLeadership: attachedLeadership } : {}),
    ...(u.unitCommanderWounded ? { unitCommanderWounded: true } : {}),
    coloursLost: u.colours,
    ...(u.order === 'hold' || u.order === 'form-square' || u.order === 'unlimber-and-fire'
      ? { defendOrders: true }
      : {}),
    batteryMove: t?.formation === 'artillery-limbered' ? 'limbered' : u.moved ? 'prolonge' : 'none',
    ...(u.artilleryFireSinceCheck ? { underArtilleryFire: true } : {}),
    ...(troop.artillery === 'siege' || troop.artillery === 'mortar' ? { siegeOrMortar: true } : {}),
    guns: t ? t.stands.filter((s) => s.kind === 'gun').length : 0,
  };
}

/**
 * Rolls a unit event for a unit and schedules its effects, in the table's order (Part 4, Events: fire
 * events before the target's next test, Confrontation events before its mandatory move). `opponent` is
 * the enemy facing it in a Confrontation (colours captured, +1 to its tests).
 */
export function unitEvent(d: Draft, id: UnitId, opponent?: UnitId): void {
  if (!d.onTable(id)) return;
  const facts = unitEventFacts(d, id, opponent !== undefined);
  const run = d.run((dice, trace) => resolveUnitEvent(facts, dice, trace));
  const u = d.unit(id);
  d.emit({
    type: 'unit-event',
    visibleTo: 'all',
    unit: id,
    result: run.value,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  schedule(
    d,
    ...run.value.effects.map((effect) => ({
      kind: 'unit-event-effect' as const,
      unit: id,
      side: u.side,
      effect,
      ...(opponent !== undefined ? { opponent } : {}),
    })),
  );
}

function nextColours(now: ColoursLostState, colour: string): ColoursLostState {
  if (colour === 'colours' || colour === 'standard') return 'all';
  if (now === 'none') return colour === 'queens' ? 'queens' : 'regimental';
  return 'all';
}

/**
 * One effect of a unit event on the state; a fire or the fanatics' charge it brings is scheduled as a
 * step of its own.
 */
export function applyUnitEffect(
  d: Draft,
  id: UnitId,
  side: string,
  e: UnitEventEffect,
  opponent: UnitId | undefined,
): void {
  if (!d.findUnit(id)) return;
  const u = d.unit(id);
  switch (e.kind) {
    case 'commanders-event':
      for (const g of generalsNear(d, id, side, 2).slice(0, e.officers)) commandersEvent(d, g);
      return;
    case 'unit-commander-casualty':
      if (e.severity === 'wounded') d.patchUnit(id, { unitCommanderWounded: true });
      return;
    case 'reaction-modifier': {
      const target = e.unit === 'self' ? id : opponent;
      if (target === undefined) return;
      pend(d, target, {
        id: e.modifier,
        sign: POSITIVE_IDS.has(e.modifier) ? 'positive' : 'negative',
        tests: e.tests,
      });
      return;
    }
    case 'resolve-change': {
      const existing = u.adjustments.find((a) => a.id === e.adjustment);
      const adjustments = existing
        ? u.adjustments.map((a) => (a.id === e.adjustment ? { ...a, count: (a.count ?? 1) + 1 } : a))
        : [...u.adjustments, { id: e.adjustment }];
      d.patchUnit(id, { adjustments });
      return;
    }
    case 'colours-lost':
      d.patchUnit(id, { colours: nextColours(u.colours, e.colour) });
      return;
    case 'movement-change':
      if (e.orIfDisordered && u.disordered) d.patchUnit(id, { disordered: false });
      else d.patchUnit(id, { nextMoveInches: u.nextMoveInches + e.inches });
      return;
    case 'disordered':
      setStatus(d, id, u.status ?? u.lastStatus ?? 'Steady', true);
      d.patchUnit(id, { disordered: true });
      return;
    case 'fire-halved':
      d.patchUnit(id, { fireHalved: true });
      return;
    case 'next-order': {
      const order = EVENT_ORDER_IDS[e.order];
      d.patchUnit(id, { forcedOrder: { order, ...(order === 'charge' ? { nearestEnemy: true } : {}) } });
      return;
    }
    case 'without-orders-next-test':
      d.patchUnit(id, { withoutOrdersNextTest: true });
      return;
    case 'fires-on': {
      const target = nearestTarget(d, id, e.target === 'nearest-friend-to-front', e.minInches ?? 0);
      if (target !== undefined) schedule(d, { kind: 'event-fire', firer: id, target });
      return;
    }
    case 'fires-on-general':
      for (const g of enemyGeneralsToFront(d, id).slice(0, 1)) commandersEvent(d, g);
      return;
    case 'quit-the-battle':
      d.patchUnit(id, { quitting: true });
      return;
    case 'hidden-fanatics':
      // The fanatics' Confrontation: a notional mass of irregulars (1 stand per 4 figures) charges home.
      schedule(d, { kind: 'fanatics', unit: id, stands: Math.max(1, Math.ceil(e.figures / 4)) });
      return;
    case 'guns-lost': {
      const t = d.findTableUnit(id);
      if (!t) return;
      const guns = t.stands.filter((s) => s.kind === 'gun').slice(-e.guns);
      const crews = t.stands.filter((s) => s.kind === 'crew' && guns.some((g) => g.id === s.serves)).length;
      removeStands(d, id, crews, 'guns-lost');
      return;
    }
    case 'stop-and-deploy':
      d.patchUnit(id, { forcedOrder: { order: 'unlimber-and-fire' } });
      return;
    case 'no-effect':
      return;
  }
}

/** The nearest unit to a unit's front (friend, or any unit), at least `minInches` away, within range. */
function nearestTarget(d: Draft, id: UnitId, friends: boolean, minInches: number): UnitId | undefined {
  const me = d.findTableUnit(id);
  const weapon = d.unit(id).profile.weapon;
  if (!me || !weapon) return undefined;
  const a = frontCentre(me);
  const fx = cosDegrees(me.facing);
  const fy = sinDegrees(me.facing);
  const range = maximumRange(weapon);
  let best: { id: UnitId; dist: number } | undefined;
  for (const o of Object.values(d.table().units)) {
    if (o.id === id || (friends && o.side !== me.side)) continue;
    const [x, y] = unitCentre(o.stands);
    if ((x - a.x) * fx + (y - a.y) * fy <= 0) continue;
    let dist = Number.POSITIVE_INFINITY;
    for (const s of me.stands) for (const t of o.stands) dist = Math.min(dist, rectDistance(s, t));
    if (dist < minInches || dist > range) continue;
    if (!best || dist < best.dist) best = { id: o.id, dist };
  }
  return best?.id;
}
