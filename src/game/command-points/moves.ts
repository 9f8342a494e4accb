import {
  angleBetween,
  bearing,
  normalizeDegrees,
  toRadians,
  turnBetween,
} from '../../core/geometry/angles.ts';
import {
  inchesPerPoint,
  type Mover,
  movementPointLimit,
} from '../../rulesets/command-points/procedures/movement.ts';
import { COMBAT_DISTANCE } from '../../rulesets/command-points/tables/combat.ts';
import { MOVEMENT_TABLE } from '../../rulesets/command-points/tables/movement.ts';
import type { CpCommand } from './commands.ts';
import { nearestEnemy } from './facts.ts';
import {
  difficultGoing,
  frontage,
  layOut,
  onTheTable,
  overlapsAnother,
  step,
  unitDistance,
  within,
} from './geometry.ts';
import { type CpBoard, type CpCommander, type CpFormation, type CpUnit, onTable } from './state.ts';

/**
 * Command points and movement on the table (Command; Movement; Manoeuvre; Muster's readings in
 * docs/rules/command-points.md): who pays for a unit's point, how far and how it may move, and the
 * moves offered as legal commands.
 */

/** Who pays a point for `unit`: a commander with it whose free point is unspent, else the nearest in its chain of command with points, else (its chain all gone) any commander of its side with points. */
export function payerFor(
  state: CpBoard,
  unit: CpUnit,
): { commander: CpCommander; free: boolean } | undefined {
  const active = Object.values(state.commanders).filter((c) => c.status === 'active' && c.side === unit.side);
  const withIt = active.find((c) => c.attachedTo === unit.id && c.freePoint);
  if (withIt) return { commander: withIt, free: true };
  let chainAlive = false;
  for (let id: string | undefined = unit.commander, hops = 0; id !== undefined && hops < 20; hops++) {
    const c: CpCommander | undefined = state.commanders[id];
    if (!c) break;
    if (c.status === 'active') {
      chainAlive = true;
      if (c.points > 0) return { commander: c, free: false };
    }
    id = c.superior;
  }
  if (chainAlive) return undefined;
  const any = active.find((c) => c.points > 0);
  return any ? { commander: any, free: false } : undefined;
}

/** Whether `commander` stands above `unit` in its chain of command (or commands it directly). */
export function inCommandOf(state: CpBoard, commander: string, unit: CpUnit): boolean {
  for (let id: string | undefined = unit.commander, hops = 0; id !== undefined && hops < 20; hops++) {
    if (id === commander) return true;
    id = state.commanders[id]?.superior;
  }
  return false;
}

export function moverOf(u: CpUnit): Mover {
  if (u.ratings.arm === 'artillery')
    return u.formation === 'limbered' ? 'artillery-limbered' : 'artillery-manhandled';
  return u.formation === 'column' ? 'column' : 'formed';
}

/** Lines and unlimbered guns wheel (their outer end travels the arc); other formations turn freely. */
function wheels(u: CpUnit): boolean {
  return u.formation === 'line' || u.formation === 'unlimbered';
}

function enemyWithin(state: CpBoard, u: CpUnit, distance: number): boolean {
  return Object.values(state.units).some((e) => e.side !== u.side && onTable(e) && within(u, e, distance));
}

/** Whether the unit may take another movement point this turn (one; a column any number clear of the enemy). */
export function mayTakeMovementPoint(state: CpBoard, u: CpUnit): boolean {
  if (u.status !== 'formed' || u.firedThisTurn) return false;
  if (u.movesThisTurn === 0) return true;
  const near = enemyWithin(state, u, MOVEMENT_TABLE.columnFreedomDistance);
  return u.movesThisTurn < movementPointLimit(moverOf(u), near);
}

export type Planned = { ok: true; unit: CpUnit; attacking?: string } | { ok: false; reason: string };

/** Inches of the wheel for a turn: the outer end's arc about the other end (0 for free turners). */
export function turnCost(u: CpUnit, facing: number): number {
  if (!wheels(u)) return 0;
  return frontage(u) * toRadians(angleBetween(u.facing, facing));
}

/** The unit after a move command, or why it may not move so. */
export function planMove(state: CpBoard, u: CpUnit, c: Extract<CpCommand, { type: 'move' }>): Planned {
  const facing = c.backward ? u.facing : normalizeDegrees(c.facing);
  const wheel = turnCost(u, facing);
  if (wheel > MOVEMENT_TABLE.wheel + 1e-6)
    return { ok: false, reason: `a wheel of ${wheel.toFixed(2)}" exceeds 3"` };
  const heading = c.backward ? normalizeDegrees(u.facing + 180) : facing;
  const to = step(u.x, u.y, heading, c.distance);
  const difficult = difficultGoing(Object.values(state.terrain), u, to);
  let allowance = inchesPerPoint(moverOf(u)) * (difficult ? MOVEMENT_TABLE.difficultGoingFactor : 1);
  if (c.backward) allowance /= 2;
  if (c.distance + wheel > allowance + 1e-6)
    return { ok: false, reason: `${(c.distance + wheel).toFixed(2)}" exceeds the ${allowance}" allowed` };
  const stands = layOut(
    u,
    { x: to.x, y: to.y, facing, formation: u.formation, bases: u.bases },
    state.basing,
  );
  if (!stands) return { ok: false, reason: 'the formation cannot be laid out there' };
  if (!onTheTable(state, stands)) return { ok: false, reason: 'the move leaves the table' };
  if (overlapsAnother(state, u.id, stands))
    return { ok: false, reason: 'the unit would end overlapping another' };
  const moved: CpUnit = { ...u, x: to.x, y: to.y, facing, stands, movesThisTurn: u.movesThisTurn + 1 };
  if (u.movesThisTurn > 0 && enemyWithin(state, moved, MOVEMENT_TABLE.columnFreedomDistance))
    return { ok: false, reason: 'a column taking a further point may not come within 10" of the enemy' };
  if (c.backward || u.ratings.arm === 'artillery' || c.distance === 0) return { ok: true, unit: moved };
  const target = Object.values(state.units)
    .filter((e) => e.side !== u.side && onTable(e))
    .map((e) => ({ e, d: unitDistance(moved, e, COMBAT_DISTANCE) }))
    .filter((x) => x.d <= COMBAT_DISTANCE)
    .sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id))[0];
  return target ? { ok: true, unit: moved, attacking: target.e.id } : { ok: true, unit: moved };
}

/** The formations a unit may take. */
export function formationsFor(u: CpUnit): CpFormation[] {
  if (u.ratings.arm === 'artillery') return ['unlimbered', 'limbered'];
  const out: CpFormation[] = u.startFormation === 'mass' ? ['mass', 'column'] : ['line', 'column'];
  if (u.ratings.canSkirmish) out.push('skirmish');
  return out;
}

export function planFormation(state: CpBoard, u: CpUnit, formation: CpFormation): Planned {
  if (!formationsFor(u).includes(formation) || formation === u.formation)
    return { ok: false, reason: `${u.id} cannot form ${formation}` };
  const stands = layOut(u, { x: u.x, y: u.y, facing: u.facing, formation, bases: u.bases }, state.basing);
  if (!stands) return { ok: false, reason: `${u.bases} bases cannot form ${formation}` };
  if (!onTheTable(state, stands) || overlapsAnother(state, u.id, stands))
    return { ok: false, reason: 'no room to form there' };
  return { ok: true, unit: { ...u, formation, stands, movesThisTurn: u.movesThisTurn + 1 } };
}

const round = (v: number) => Math.floor(v * 1000) / 1000;

/** Points the unit steers by: the nearest enemy, and the scenario's objectives. */
function aims(state: CpBoard, u: CpUnit): { x: number; y: number; stopShort: number }[] {
  const out: { x: number; y: number; stopShort: number }[] = [];
  const enemy = nearestEnemy(state, u.side, u);
  if (enemy) {
    const s = enemy.unit.stands.reduce((a, b) =>
      Math.hypot(a.x - u.x, a.y - u.y) <= Math.hypot(b.x - u.x, b.y - u.y) ? a : b,
    );
    out.push({ x: s.x, y: s.y, stopShort: 2 });
  }
  for (const o of state.victory.objectives) out.push({ x: o.position.x, y: o.position.y, stopShort: 0 });
  return out;
}

/** The longest move on this facing (full, half or a quarter of what is left after the wheel) that fits. */
function bestFit(
  state: CpBoard,
  u: CpUnit,
  facing: number,
  limit: number,
  base: number,
): Extract<CpCommand, { type: 'move' }> | undefined {
  const wheel = turnCost(u, facing);
  if (wheel > MOVEMENT_TABLE.wheel) return undefined;
  const full = Math.min(limit, base - wheel);
  for (const f of [1, 0.5, 0.25]) {
    let c = { type: 'move' as const, unit: u.id, facing, distance: round(Math.max(0, full * f)) };
    let plan = planMove(state, u, c);
    if (!plan.ok && c.distance > 0) {
      c = { ...c, distance: round(Math.max(0, (base / 2 - wheel) * f)) };
      plan = planMove(state, u, c);
    }
    if (plan.ok && (c.distance > 0 || facing !== u.facing)) return c;
  }
  return undefined;
}

/**
 * The moves offered for a unit: straight ahead, towards the nearest enemy (stopping 2" short, to
 * attack), towards each objective, wheels or turns left and right, and a step back; each shortened
 * until it fits (no overlap, on the table), with ways round 35 degrees either side of a blocked aim.
 * Distances are rounded down to thousandths.
 */
export function candidateMoves(state: CpBoard, u: CpUnit): Extract<CpCommand, { type: 'move' }>[] {
  const base = inchesPerPoint(moverOf(u));
  const maxTurn = wheels(u) ? (MOVEMENT_TABLE.wheel / Math.max(frontage(u), 0.1)) * (180 / Math.PI) : 180;
  const headings: { facing: number; limit: number }[] = [{ facing: u.facing, limit: base }];
  for (const a of aims(state, u)) {
    const want = bearing(u.x, u.y, a.x, a.y);
    const turn = turnBetween(u.facing, want);
    const facing = normalizeDegrees(u.facing + Math.sign(turn) * Math.min(Math.abs(turn), maxTurn));
    const dist = Math.hypot(a.x - u.x, a.y - u.y) - a.stopShort;
    headings.push({ facing: round(facing), limit: Math.max(0, dist) });
  }
  const side = Math.min(maxTurn, 45);
  headings.push({ facing: round(normalizeDegrees(u.facing + side)), limit: 0 });
  headings.push({ facing: round(normalizeDegrees(u.facing - side)), limit: 0 });
  const out: Extract<CpCommand, { type: 'move' }>[] = [];
  const seen = new Set<string>();
  const offer = (c: Extract<CpCommand, { type: 'move' }>) => {
    const key = `${c.facing}:${c.distance}:${c.backward ?? false}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(c);
  };
  for (const h of headings) {
    const fit = bestFit(state, u, h.facing, h.limit, base);
    if (fit) offer(fit);
    if (fit && fit.distance >= Math.min(h.limit, base - turnCost(u, h.facing)) - 1e-3) continue;
    // Blocked short of its aim: offer the way round, 35 degrees either side.
    if (h.limit === 0) continue;
    for (const swerve of [35, -35]) {
      const around = bestFit(state, u, round(normalizeDegrees(h.facing + swerve)), h.limit, base);
      if (around && turnCost(u, around.facing) <= MOVEMENT_TABLE.wheel) offer(around);
    }
  }
  for (const f of [0.5, 0.25]) {
    const c = {
      type: 'move' as const,
      unit: u.id,
      facing: u.facing,
      distance: round(base * f),
      backward: true,
    };
    if (planMove(state, u, c).ok) {
      offer(c);
      break;
    }
  }
  return out;
}
