import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import { defineRoll } from '../../core/random/rolls.ts';
import type { GeneralId, GeneralState, UnitId } from '../../core/table/model.ts';
import { resolveCommandersEvent } from '../../rulesets/john-company/procedures/commanders-event.ts';
import {
  type OfficerCasualtyResult,
  resolveOfficerCasualty,
} from '../../rulesets/john-company/procedures/officer-casualty.ts';
import { resolveReplacementOfficer } from '../../rulesets/john-company/procedures/replacement-officer.ts';
import { frontCentre } from '../../rulesets/john-company/table/formations.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import type { CommandersEventEffect } from '../../rulesets/john-company/tables/commanders-events.ts';
import type {
  CommandersWoundWording,
  OfficerCasualtySeverity,
} from '../../rulesets/john-company/tables/officers.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { OFFICER_RANKS, type OfficerRank } from '../../rulesets/john-company/vocabulary.ts';
import type { Draft } from './draft.ts';
import { isActiveGeneral } from './forces.ts';
import { FACING_FROM_EDGE } from './setup.ts';
import type { JcGeneral } from './state.ts';
import { nearestEnemy, pend } from './units.ts';

/**
 * Officers (Part 4, Events; Replacing Officers): Commanders' Events on the d10 table, officer
 * casualties and the loss modifiers they give their units, and the replacements who come the turn after.
 */

/** A uniform pick among n (a die numbered 1..n), for choosing among officers of one rank. */
function pickRoll(n: number) {
  return defineRoll({
    id: `pick-1-of-${n}`,
    label: `1d${n} (pick one of ${n})`,
    dice: [{ min: 1, max: n, name: `d${n}` }],
    combine: (f) => f[0]!,
  });
}

/** His chain of command: himself, his superiors and everyone under him. */
function chainOf(d: Draft, gid: GeneralId): JcGeneral[] {
  const all = d.allGenerals().filter(isActiveGeneral);
  const out = new Map<GeneralId, JcGeneral>();
  let up: JcGeneral | undefined = d.findGeneral(gid);
  while (up) {
    if (isActiveGeneral(up)) out.set(up.id, up);
    up = up.superior !== undefined ? d.findGeneral(up.superior) : undefined;
  }
  const queue = [gid];
  while (queue.length > 0) {
    const boss = queue.shift()!;
    for (const g of all)
      if (g.superior === boss && !out.has(g.id)) {
        out.set(g.id, g);
        queue.push(g.id);
      }
  }
  return [...out.values()];
}

/**
 * The officer an Orders card's Event falls on (Part 4, Events: who is affected): the drawer if he holds
 * the rank; else an officer of that rank in his chain of command, the next lower rank when there is
 * none, one picked at random among several; the drawer himself when no rank below has anyone.
 */
export function eventOfficer(d: Draft, drawer: GeneralId, rank: OfficerRank): GeneralId {
  const g = d.general(drawer);
  if (g.rank === rank) return drawer;
  const chain = chainOf(d, drawer);
  for (let r = OFFICER_RANKS.indexOf(rank); r >= 0; r--) {
    const holders = chain.filter((o) => o.rank === OFFICER_RANKS[r]);
    if (holders.length === 1) return holders[0]!.id;
    if (holders.length > 1) {
      const run = d.run((dice) => dice.roll(pickRoll(holders.length), 'eventOfficer'));
      return holders[run.value - 1]!.id;
    }
  }
  return drawer;
}

/** Units under a General: those whose chain of command passes through him. */
function unitsUnder(d: Draft, gid: GeneralId): UnitId[] {
  const out: UnitId[] = [];
  for (const u of d.allUnits()) {
    if (u.offTable) continue;
    let g: JcGeneral | undefined = d.findGeneral(u.commander);
    for (let guard = 0; g && guard < 32; guard++) {
      if (g.id === gid) {
        out.push(u.id);
        break;
      }
      g = g.superior !== undefined ? d.findGeneral(g.superior) : undefined;
    }
  }
  return out;
}

/** Rolls the Commanders' Events Table for a General and applies what it says. */
export function commandersEvent(d: Draft, gid: GeneralId): void {
  const g = d.findGeneral(gid);
  if (!isActiveGeneral(g)) return;
  const run = d.run((dice, trace) =>
    resolveCommandersEvent({ leadership: g.leadership, rank: g.rank }, dice, trace),
  );
  d.emit({
    type: 'commanders-event',
    visibleTo: 'all',
    general: gid,
    result: run.value,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  for (const e of run.value.effects) applyCommandersEffect(d, gid, e);
}

const ORDER_OF_INTENT: Readonly<Record<string, OrderId>> = {
  'charge-nearest-enemy': 'charge',
  'charge-or-support-charge': 'charge',
  defend: 'hold',
  'advance-type': 'forward-march',
  'retire-type': 'to-the-rear-march',
};

function applyCommandersEffect(d: Draft, gid: GeneralId, e: CommandersEventEffect): void {
  const g = d.findGeneral(gid);
  if (!isActiveGeneral(g)) return;
  switch (e.kind) {
    case 'officer-casualty':
      officerCasualty(d, gid, e.wording);
      return;
    case 'orders-change': {
      const now = g.orders;
      if (e.duration === 'every-turn-rest-of-battle')
        d.patchGeneral(gid, { ordersPenalty: g.ordersPenalty - e.amount });
      if (now === undefined) return;
      const next =
        e.op === 'cap' ? Math.min(now, e.amount) : e.op === 'halve' ? Math.floor(now / 2) : now + e.amount;
      d.patchGeneral(gid, { orders: Math.max(0, next) });
      return;
    }
    case 'officer-movement':
      d.patchGeneral(gid, {
        moveCap: e.op === 'none' ? 0 : e.op === 'halve' ? (g.mounted ? 12 : 6) : (e.inches ?? 0),
      });
      return;
    case 'officer-moves':
      officerMoves(d, gid, e);
      return;
    case 'command-radius':
      if (e.op === 'halve') d.patchGeneral(gid, { radiusHalved: true });
      else d.patchGeneral(gid, { couriersLost: g.couriersLost + 1 });
      return;
    case 'units-order': {
      const order = ORDER_OF_INTENT[e.order] ?? 'hold';
      let units = unitsUnder(d, gid).filter((u) => d.onTable(u));
      if (e.units === 'all-but-artillery') units = units.filter((u) => d.unit(u).arm !== 'artillery');
      if (e.units === 'most-advanced') {
        let best: { id: UnitId; dist: number } | undefined;
        for (const u of units) {
          const n = nearestEnemy(d, u);
          if (n && (!best || n.distance < best.dist)) best = { id: u, dist: n.distance };
        }
        units = best ? [best.id] : [];
      }
      for (const u of units) {
        const unit = d.unit(u);
        const allowed = order !== 'charge' || unit.arm !== 'artillery';
        if (allowed)
          d.patchUnit(u, { forcedOrder: { order, ...(order === 'charge' ? { nearestEnemy: true } : {}) } });
      }
      return;
    }
    case 'units-without-orders':
      for (const u of unitsUnder(d, gid)) if (d.onTable(u)) d.patchUnit(u, { withoutOrdersNextTest: true });
      return;
    case 'no-charges':
      d.patchGeneral(gid, { noCharges: true });
      return;
    case 'free-order-change':
      d.patchGeneral(gid, { freeChanges: g.freeChanges + e.count });
      return;
    case 'emergency-order':
      // Muster reading (rules-facts gap 12): one order this turn outside his count.
      if (g.orders !== undefined) d.patchGeneral(gid, { orders: g.orders + 1 });
      return;
    case 'units-react-as-if-lost':
      lossModifiers(d, gid, g.rank);
      return;
    case 'returns-to-duty':
    case 'no-effect':
      return;
  }
}

/** Where the event sends him: placed directly (Muster reading: these moves ignore terrain). */
function officerMoves(
  d: Draft,
  gid: GeneralId,
  e: Extract<CommandersEventEffect, { kind: 'officer-moves' }>,
) {
  const stand = d.tableGeneral(gid);
  const g = d.general(gid);
  if (!stand) return;
  const rate = g.mounted ? 24 : 12;
  const move = (x: number, y: number, attachedTo?: UnitId) => {
    const { attachedTo: _a, ...free } = stand;
    const table = d.table();
    const nx = Math.max(0, Math.min(table.width, x));
    const ny = Math.max(0, Math.min(table.depth, y));
    d.setTableGeneral({
      ...free,
      stand: { ...stand.stand, x: nx, y: ny },
      ...(attachedTo !== undefined ? { attachedTo } : {}),
    });
    d.emit({
      type: 'general-moved',
      visibleTo: 'all',
      general: gid,
      x: nx,
      y: ny,
      inches: Math.round(Math.hypot(nx - stand.stand.x, ny - stand.stand.y) * 100) / 100,
    });
  };
  const toward = (x: number, y: number, inches: number) => {
    const dist = Math.hypot(x - stand.stand.x, y - stand.stand.y);
    const f = dist <= inches || dist === 0 ? 1 : inches / dist;
    move(stand.stand.x + (x - stand.stand.x) * f, stand.stand.y + (y - stand.stand.y) * f);
  };
  const units = unitsUnder(d, gid).filter((u) => d.onTable(u));
  switch (e.to) {
    case 'rear': {
      const dir = FACING_FROM_EDGE[d.scenario.baseEdges[g.side] ?? 'south'] + 180;
      const inches = e.distance === 'half-move' ? rate / 2 : rate;
      move(stand.stand.x + cosDegrees(dir) * inches, stand.stand.y + sinDegrees(dir) * inches);
      return;
    }
    case 'commander-in-chief': {
      const chief = d.allGenerals().find((o) => o.side === g.side && o.rank === 'commander-in-chief');
      const cs = chief ? d.tableGeneral(chief.id) : undefined;
      if (cs) toward(cs.stand.x, cs.stand.y, Number.POSITIVE_INFINITY);
      return;
    }
    case 'toward-nearest-enemy': {
      let best: { x: number; y: number; dist: number } | undefined;
      for (const u of Object.values(d.table().units)) {
        if (u.side === g.side) continue;
        const [x, y] = unitCentre(u.stands);
        const dist = Math.hypot(x - stand.stand.x, y - stand.stand.y);
        if (!best || dist < best.dist) best = { x, y, dist };
      }
      if (best) toward(best.x, best.y, Math.min(rate / 2, Math.max(0, best.dist - 2)));
      return;
    }
    case 'in-front-of-most-forward-unit':
    case 'his-unit-nearest-enemy': {
      let best: { id: UnitId; dist: number } | undefined;
      for (const u of units) {
        const n = nearestEnemy(d, u);
        if (n && (!best || n.distance < best.dist)) best = { id: u, dist: n.distance };
      }
      if (!best) return;
      const t = d.tableUnit(best.id);
      const a = frontCentre(t);
      if (e.to === 'his-unit-nearest-enemy') {
        move(a.x, a.y, best.id);
        return;
      }
      const ahead = e.inches ?? 1;
      move(a.x + cosDegrees(t.facing) * ahead, a.y + sinDegrees(t.facing) * ahead);
      return;
    }
  }
}

/** The units' next-test modifiers when a General of `rank` is lost (Part 4, officer casualties). */
function lossModifiers(d: Draft, gid: GeneralId, rank: OfficerRank): void {
  pendLossModifiers(d, gid, resolveOfficerCasualty({ casualty: 'killed', rank }, d.dice).units);
}

/**
 * The loss modifiers of a fallen General's units, on their next test: the units under him, or his
 * whole army's, regular or irregular as each modifier says.
 */
function pendLossModifiers(d: Draft, gid: GeneralId, effects: OfficerCasualtyResult['units']): void {
  const g = d.general(gid);
  for (const effect of effects) {
    const units =
      effect.units === 'whole-army'
        ? d
            .allUnits()
            .filter((u) => u.side === g.side && !u.offTable)
            .map((u) => u.id)
        : unitsUnder(d, gid);
    for (const id of units) {
      const u = d.unit(id);
      if (effect.unitClass !== 'any' && (effect.unitClass === 'regular') !== u.regular) continue;
      pend(d, id, { id: effect.modifier, sign: 'negative', tests: 'next' });
    }
  }
}

/**
 * An officer casualty (Part 4, Events: officer casualties): an injury costs him 10" of movement (a
 * second makes him dangerously wounded); killed or dangerously wounded, he leaves the table, his units
 * (or the whole army, for the C-in-C) take the loss modifiers on their next test, and a replacement
 * comes next turn.
 */
export function officerCasualty(
  d: Draft,
  gid: GeneralId,
  casualty: CommandersWoundWording | OfficerCasualtySeverity,
): void {
  const g = d.findGeneral(gid);
  if (!isActiveGeneral(g)) return;
  const run = d.run((dice, trace) =>
    resolveOfficerCasualty(
      { casualty, rank: g.rank, ...(g.casualty === 'injured' ? { alreadyInjured: true } : {}) },
      dice,
      trace,
    ),
  );
  d.emit({
    type: 'officer-casualty',
    visibleTo: 'all',
    general: gid,
    result: run.value,
    irreversible: true,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const severity = run.value.severity;
  if (severity === 'injured') {
    d.patchGeneral(gid, { casualty: 'injured' });
    return;
  }
  d.patchGeneral(gid, { casualty: severity, lostTurn: d.turn });
  d.removeTableGeneral(gid);
  d.movementDeck = {
    drawPile: d.movementDeck.drawPile.filter((c) => c !== gid),
    discards: d.movementDeck.discards.filter((c) => c !== gid),
  };
  pendLossModifiers(d, gid, run.value.units);
}

/**
 * Replacement officers (Part 4, Replacing Officers): at the start of the turn after a General fell, a
 * new one is rolled up (Generalship and Leadership on 1d6 each) and placed next to his superior, or for
 * a C-in-C 6" behind the middle unit of the army. He takes over the fallen General's units and
 * subordinates.
 */
export function replaceOfficers(d: Draft): void {
  for (const g of d.allGenerals()) {
    if (g.replacedBy !== undefined || g.lostTurn === undefined || g.lostTurn >= d.turn) continue;
    if (g.casualty !== 'killed' && g.casualty !== 'dangerously-wounded') continue;
    const run = d.run((dice, trace) => resolveReplacementOfficer({ rank: g.rank }, dice, trace));
    const r = run.value;
    let n = 2;
    while (d.findGeneral(`${g.id}-${n}`)) n++;
    const id = `${g.id}-${n}`;
    const place = replacementPlace(d, g);
    if (!place) continue;
    const mounted = g.mounted;
    const size = d.table().basing.sizes['general'] ?? { width: 1, depth: 1 };
    d.setGeneral({
      id,
      side: g.side,
      name: `${g.name}'s successor`,
      rank: g.rank,
      ...(g.superior !== undefined ? { superior: g.superior } : {}),
      generalship: r.generalship,
      leadership: r.leadership,
      mounted,
      casualty: 'none',
      ordersUsed: 0,
      ordersPenalty: 0,
      couriersLost: 0,
      radiusHalved: false,
      activated: false,
      rallyFailed: false,
      noCharges: false,
      freeChanges: 0,
    });
    d.patchGeneral(g.id, { replacedBy: id });
    const stand: GeneralState = {
      id,
      side: g.side,
      stand: {
        id,
        kind: 'general',
        x: place.x,
        y: place.y,
        facing: FACING_FROM_EDGE[d.scenario.baseEdges[g.side] ?? 'south'],
        width: size.width,
        depth: size.depth,
      },
    };
    d.setTableGeneral(stand);
    for (const o of d.allGenerals())
      if (o.superior === g.id && o.id !== id) d.patchGeneral(o.id, { superior: id });
    for (const u of d.allUnits()) if (u.commander === g.id) d.patchUnit(u.id, { commander: id });
    d.emit({
      type: 'officer-replaced',
      visibleTo: 'all',
      general: g.id,
      replacement: id,
      generalship: r.generalship,
      leadership: r.leadership,
      irreversible: true,
      rolls: run.rolls,
      ...(run.trace ? { trace: run.trace } : {}),
    });
  }
}

function replacementPlace(d: Draft, g: JcGeneral): { x: number; y: number } | undefined {
  const table = d.table();
  let sup = g.superior;
  for (let guard = 0; sup !== undefined && guard < 32; guard++) {
    const s: JcGeneral | undefined = d.findGeneral(sup);
    if (!s || isActiveGeneral(s)) break;
    const fallen: JcGeneral = s;
    sup = fallen.replacedBy ?? fallen.superior;
  }
  const supStand = sup !== undefined ? d.tableGeneral(sup) : undefined;
  if (g.rank !== 'commander-in-chief' && supStand)
    return { x: Math.min(table.width, supStand.stand.x + 1.5), y: supStand.stand.y };
  const units = Object.values(table.units).filter((u) => u.side === g.side);
  if (units.length === 0) return undefined;
  let sx = 0;
  let sy = 0;
  for (const u of units) {
    const [x, y] = unitCentre(u.stands);
    sx += x;
    sy += y;
  }
  const dir = FACING_FROM_EDGE[d.scenario.baseEdges[g.side] ?? 'south'] + 180;
  const x = sx / units.length + cosDegrees(dir) * 6;
  const y = sy / units.length + sinDegrees(dir) * 6;
  return { x: Math.max(0, Math.min(table.width, x)), y: Math.max(0, Math.min(table.depth, y)) };
}
