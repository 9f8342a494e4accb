import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import type { MoveResult } from '../../rulesets/macduff/procedures/movement.ts';
import { isCavalry } from '../../rulesets/macduff/vocabulary.ts';
import { perStateAndSide } from '../engine/hosting.ts';
import { facingTo, moveFacts, retiresFacing } from './actions.ts';
import { FORMATION_CHANGES, type MdCommand, type MdFormationChange, type Reaction } from './commands.ts';
import { layout, onTable, overlapsOthers } from './geometry.ts';
import { extremeMove, farthestRun } from './moves.ts';
import {
  chargeTargets,
  enemiesOf,
  fireAndEvadeOption,
  fireOptions,
  fireTarget,
  isOnTable,
  loaded,
  mayCharge,
  onlyReservedFire,
  type Readable,
} from './queries.ts';
import type { MdGameState, MdNode, MdUnit } from './state.ts';

/** The side that must decide now. */
export function deciderOf(state: Pick<MdGameState, 'node'>): string | undefined {
  return state.node.phase === 'over' ? undefined : state.node.side;
}

/** How far the offered moves reach: farther than any unit moves, so the rolled move decides. */
const MOVE_PROBE_INCHES = 36;

function edgeBearing(edge: string): number {
  return edge === 'north' ? 90 : edge === 'south' ? 270 : edge === 'east' ? 0 : 180;
}

function clampToTable(s: Readable, p: Point): Point {
  return { x: Math.min(s.table.width, Math.max(0, p.x)), y: Math.min(s.table.depth, Math.max(0, p.y)) };
}

function nearestEnemy(s: Readable, unit: MdUnit): { unit: MdUnit; point: Point } | undefined {
  let best: { unit: MdUnit; point: Point; d: number } | undefined;
  for (const e of enemiesOf(s, unit)) {
    for (const st of s.table.units[e.id]!.stands) {
      const d = Math.hypot(st.x - unit.anchor.x, st.y - unit.anchor.y);
      if (!best || d < best.d) best = { unit: e, point: st, d };
    }
  }
  return best;
}

/**
 * How far along its line an offered move is checked for room (the move's first inches decide whether it
 * goes anywhere; checking its whole length costs the computer's play dear).
 */
const OFFER_CHECK_INCHES = 2;

/** Inches a move must carry a unit, on its worst roll, to be offered. */
const LEAST_OFFERED_MOVE = 0.05;

/**
 * How far a move toward `to` would carry the unit on its best or worst roll (`best`) over the ground of
 * the line (5, 7), clear of other units and the table's edge: ending facing `facing`, or, where it has
 * no room to turn, keeping its front (as the move is made: actions.ts, `moveToward`). `within` caps the
 * inches looked at.
 */
export function moveOnRoll(
  s: Readable,
  unit: MdUnit,
  to: Point,
  facing: number,
  fired: boolean,
  best: boolean,
  within = Number.POSITIVE_INFINITY,
): { readonly inches: number; readonly allowance: MoveResult } {
  const how = { retiring: retiresFacing(unit, to, facing), fired };
  const allowance = extremeMove(moveFacts(s, unit, to, how), best);
  if (allowance.inches < LEAST_OFFERED_MOVE) return { inches: 0, allowance };
  for (const f of facing === unit.anchor.facing ? [facing] : [facing, unit.anchor.facing]) {
    const run = farthestRun(s, unit, to, Math.min(within, allowance.inches), f);
    if (run !== undefined) return { inches: run, allowance };
  }
  return { inches: 0, allowance };
}

/**
 * The moves offered to a unit: toward each objective, toward the nearest enemy (stopping 2" short),
 * straight ahead, and back toward its own edge, either still facing the enemy (half speed) or turned
 * about (5.7); each only where even its worst roll carries it some way (not into ground it may not
 * enter, nor against another unit or the table's edge, nor only past a friend it may not stop on). A unit that may not advance (3.2) is offered only the
 * retreats. Any other point is a legal move too; these are the representative ones.
 */
function moves(s: Readable, unit: MdUnit, control: string, fired: boolean): MdCommand[] {
  return representativeMoves(s, unit, control).filter((c) => {
    if (c.type !== 'move') return true;
    const facing = c.facing ?? facingTo(unit.anchor, c.to);
    return moveOnRoll(s, unit, c.to, facing, fired, false, OFFER_CHECK_INCHES).inches >= LEAST_OFFERED_MOVE;
  });
}

function representativeMoves(s: Readable, unit: MdUnit, control: string): MdCommand[] {
  const out: MdCommand[] = [];
  const a = unit.anchor;
  const home = edgeBearing(s.scenario.baseEdge[unit.side] ?? 'south');
  const back = clampToTable(s, { x: a.x + cosDegrees(home) * 12, y: a.y + sinDegrees(home) * 12 });
  out.push({ type: 'move', to: back, facing: a.facing });
  out.push({ type: 'move', to: back, facing: home });
  if (control === 'no-advance') return out;
  out.push({
    type: 'move',
    to: clampToTable(s, {
      x: a.x + cosDegrees(a.facing) * MOVE_PROBE_INCHES,
      y: a.y + sinDegrees(a.facing) * MOVE_PROBE_INCHES,
    }),
  });
  for (const o of s.scenario.objectives) out.push({ type: 'move', to: { x: o.position.x, y: o.position.y } });
  const enemy = nearestEnemy(s, unit);
  if (enemy) {
    const d = Math.hypot(enemy.point.x - a.x, enemy.point.y - a.y);
    if (d > 3) {
      const f = (d - 2) / d;
      out.push({
        type: 'move',
        to: { x: a.x + (enemy.point.x - a.x) * f, y: a.y + (enemy.point.y - a.y) * f },
      });
    }
  }
  return out;
}

function fitsFormation(s: Readable, unit: MdUnit, formation: MdUnit['formation']): boolean {
  const stands = layout(unit, formation, unit.anchor, s.scenario.basing);
  return stands !== undefined && onTable(s.table, stands) && !overlapsOthers(s.table, stands, [unit.id]);
}

/**
 * The reactions open to a charged unit (6.2): any may stand (firing if able); regular infantry may form
 * square, cavalry counter-charge, skirmishers evade (a full move) or, loaded, fire and evade (a fire
 * option that leaves half a move, then that half move back). A unit that acted and reserved its fire may only
 * stand and fire it (6.3).
 */
export function reactionsOf(s: Readable, target: MdUnit): Reaction[] {
  const out: Reaction[] = ['stand'];
  if (onlyReservedFire(target)) return out;
  if (
    target.ratings.troop === 'regular-infantry' &&
    target.formation !== 'square' &&
    fitsFormation(s, target, 'square')
  )
    out.push('form-square');
  if (isCavalry(target.ratings.troop)) out.push('counter-charge');
  if (target.formation === 'skirmish') out.push('evade');
  if (fireAndEvadeOption(s, target)) out.push('fire-and-evade');
  return out;
}

/**
 * The formations a unit may take now (4, 5.8): regular infantry before it moves or fires (the change
 * uses its move); irregular infantry, which needs no time to change, once an activation before it moves.
 */
function formationChanges(
  unit: MdUnit,
  node: Extract<MdNode, { phase: 'activation' }>,
): readonly MdFormationChange[] {
  if (unit.ratings.troop === 'regular-infantry' && !node.fired && !node.moved && !node.switched)
    return FORMATION_CHANGES.filter((f) => f !== 'mass');
  if (unit.ratings.troop === 'irregular-infantry' && !node.moved && !node.switched)
    return ['mass', 'skirmish'];
  return [];
}

function activationCommands(s: Readable, node: Extract<MdNode, { phase: 'activation' }>): MdCommand[] {
  const unit = s.units[node.unit]!;
  const target = !node.fired && !node.moved && loaded(s, unit) ? fireTarget(s, unit) : undefined;
  const options = target ? fireOptions(unit) : [];
  const fresh = !node.fired && !node.moved && !node.switched;
  const end: MdCommand = { type: 'end-activation' };
  if (node.control === 'impetuous') {
    const charge =
      fresh && (isCavalry(unit.ratings.troop) || !unit.ratings.smallArm)
        ? chargeTargets(s, unit)[0]
        : undefined;
    if (charge) return [{ type: 'charge', target: charge.id }];
    if (target && options.length > 0) return [{ type: 'fire', target: target.id, option: options[0]! }];
    return [end];
  }
  const out: MdCommand[] = [end];
  if (target) for (const option of options) out.push({ type: 'fire', target: target.id, option });
  if (fresh && node.control === 'free' && mayCharge(unit))
    for (const t of chargeTargets(s, unit)) out.push({ type: 'charge', target: t.id });
  if (!node.moved && (!node.fired || node.mayMoveAfterFire))
    out.push(...moves(s, unit, node.control, node.fired));
  for (const formation of formationChanges(unit, node))
    if (formation !== unit.formation && fitsFormation(s, unit, formation))
      out.push({ type: 'change-formation', formation });
  if (unit.ratings.guns > 0 && !node.switched && !node.fired) {
    if (unit.formation === 'unlimbered' && !node.moved && fitsFormation(s, unit, 'limbered'))
      out.push({ type: 'limber' });
    if (unit.formation === 'limbered' && fitsFormation(s, unit, 'unlimbered')) out.push({ type: 'unlimber' });
  }
  if (fresh && (unit.smoke > 0 || unit.held > 0 || unit.mustRallyToFire)) out.push({ type: 'rally' });
  if (fresh && loaded(s, unit) && (unit.ratings.smallArm || unit.ratings.guns > 0))
    out.push({ type: 'reserve-fire' });
  return out;
}

type Deciding = Readable & Pick<MdGameState, 'node'>;

/** Every command `side` may give now (a finite, representative list; any point is a legal move). */
export const legalCommands: (state: Deciding, side: string) => MdCommand[] = perStateAndSide(listCommands);

function listCommands(state: Deciding, side: string): MdCommand[] {
  const node = state.node;
  if (node.phase === 'over' || node.side !== side) return [];
  switch (node.phase) {
    case 'choose-unit':
      return Object.values(state.units)
        .filter((u) => u.side === side && !u.activated && isOnTable(state, u.id))
        .map((u) => ({ type: 'activate', unit: u.id }));
    case 'reaction':
      return reactionsOf(state, state.units[node.target]!).map((reaction) => ({ type: 'react', reaction }));
    case 'activation':
      return activationCommands(state, node);
  }
}
