import { angleBetween, bearing, normalizeDegrees } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import { inchesPerPoint } from '../../rulesets/command-points/procedures/movement.ts';
import { COMBAT_DISTANCE } from '../../rulesets/command-points/tables/combat.ts';
import { INFANTRY_FIRE_TABLE } from '../../rulesets/command-points/tables/infantry.ts';
import { inches, plain, refusalWords, stepWords, turnWords } from '../engine/words.ts';
import type { PlannedAttack, PlannedMove, Reach, TableAids } from '../rule-set.ts';
import type { CpCommand } from './commands.ts';
import { namesOf } from './describe.ts';
import { FIRE_ARC, Sight } from './facts.ts';
import { unitDistance } from './geometry.ts';
import { deciderOf } from './legal.ts';
import { mayTakeMovementPoint, moverOf, type Planned, payerFor, planMove, turnCost } from './moves.ts';
import { type CpBoard, type CpUnit, onTable } from './state.ts';
import type { CpView } from './view.ts';

/**
 * The command-point rules' measuring and planning aids for the table (src/game/rule-set.ts): ranges
 * from the front within 45° either side, a movement point's inches, an attack's reach (a move that ends
 * within 4" of the enemy), sight as fire judges it, and a point chosen on the table as a move: turn to
 * the facing, then go straight ahead (or step straight back keeping the facing); an enemy unit chosen
 * as a move straight at it that ends within 4" of it, which makes it an attack.
 */

const unitOf = (view: CpBoard, id: string): CpUnit | undefined => {
  const u = view.units[id];
  return u && onTable(u) ? u : undefined;
};

function weaponRanges(view: CpBoard, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u) return undefined;
  if (u.ratings.arm === 'artillery') {
    const r = view.settings.gunRanges[u.ratings.gunClass ?? 'light'];
    return {
      bands: [
        { label: 'short range', inches: r.short },
        { label: 'long range', inches: r.long },
      ],
      arc: FIRE_ARC,
      words: `${u.ratings.gunClass ?? 'light'} guns: short range to ${inches(r.short)}, long to ${inches(r.long)}, ${FIRE_ARC}° either side of the front`,
    };
  }
  if (u.ratings.arm !== 'infantry' || u.ratings.smallArm === 'none') return undefined;
  const arm = u.ratings.smallArm === 'rifle' ? 'rifle' : 'musket';
  const range = INFANTRY_FIRE_TABLE.range[arm];
  return {
    bands: [{ label: 'range', inches: range }],
    arc: FIRE_ARC,
    words: `${arm}s: range ${inches(range)}, ${FIRE_ARC}° either side of the front`,
  };
}

function reach(view: CpBoard, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (u?.status !== 'formed') return undefined;
  const point = inchesPerPoint(moverOf(u));
  return {
    bands: [
      { label: 'a step back', inches: point / 2 },
      { label: 'a movement point', inches: point },
    ],
    arc: 180,
    words: `a movement point: ${inches(point)} ahead after turning (${inches(point / 2)} straight back; half in difficult going)`,
  };
}

function chargeReach(view: CpBoard, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (u?.status !== 'formed' || u.ratings.arm === 'artillery') return undefined;
  const point = inchesPerPoint(moverOf(u));
  return {
    bands: [{ label: 'attack', inches: point + COMBAT_DISTANCE }],
    arc: 180,
    words: `an attack: a move of ${inches(point)} that ends within ${inches(COMBAT_DISTANCE)} of an enemy`,
  };
}

/** Sight on one view, worked out once. */
const sights = new WeakMap<object, Sight>();

function lineOfSight(view: CpBoard, from: string, to: string): boolean {
  const a = unitOf(view, from);
  const b = unitOf(view, to);
  if (!a || !b) return false;
  let sight = sights.get(view.units);
  if (!sight) {
    sight = new Sight(view);
    sights.set(view.units, sight);
  }
  return sight.canSee(a, b);
}

function mayMove(view: CpBoard, side: string, id: string): boolean {
  const u = unitOf(view, id);
  return (
    u !== undefined &&
    u.side === side &&
    view.phase === 'command' &&
    deciderOf(view) === side &&
    u.status === 'formed' &&
    payerFor(view, u) !== undefined &&
    mayTakeMovementPoint(view, u)
  );
}

/** Degrees within which a chosen facing counts as the way the unit goes (or straight back). */
const SAME_WAY = 1;

/**
 * A point and facing as a move command (Movement): the unit turns to `facing`, then goes straight ahead
 * to the point; or, keeping its facing, steps straight back to it. Any other pair is refused in words.
 */
function moveTo(view: CpBoard, side: string, id: string, to: Point, facing: number): PlannedMove {
  const u = unitOf(view, id);
  if (!u || !mayMove(view, side, id))
    return { ok: false, reason: 'this unit may not take a movement point now' };
  const distance = Math.round(Math.hypot(to.x - u.x, to.y - u.y) * 1000) / 1000;
  const way = distance < 0.01 ? facing : bearing(u.x, u.y, to.x, to.y);
  const back = angleBetween(way, u.facing + 180) <= SAME_WAY && angleBetween(facing, u.facing) <= SAME_WAY;
  if (!back && distance >= 0.01 && angleBetween(way, facing) > SAME_WAY)
    return {
      ok: false,
      reason:
        'a unit turns first, then moves straight ahead: it ends facing the way it went (or steps straight back keeping its facing)',
    };
  const command: Extract<CpCommand, { type: 'move' }> = back
    ? { type: 'move', unit: u.id, facing: u.facing, distance, backward: true }
    : {
        type: 'move',
        unit: u.id,
        facing: Math.round(normalizeDegrees(distance < 0.01 ? facing : way) * 1000) / 1000,
        distance,
      };
  const plan = planMove(view, u, command);
  if (!plan.ok) return { ok: false, reason: refusalWords(plan.reason, namesOf(view)) };
  return { ok: true, command, stands: plan.unit.stands, words: moveWords(view, u, command, plan) };
}

/** A move in words: its turn (and the wheel it costs), its step, and the enemy it attacks. */
function moveWords(
  view: CpBoard,
  u: CpUnit,
  command: Extract<CpCommand, { type: 'move' }>,
  plan: Extract<Planned, { ok: true }>,
): string {
  const back = command.backward === true;
  const turn = back ? '' : turnWords(u.facing, command.facing);
  const step = stepWords({ x: u.x, y: u.y }, command.facing, plan.unit);
  const wheel = back ? 0 : turnCost(u, command.facing);
  const words = [
    turn && `${turn}${wheel > 0 ? ` (a wheel of ${inches(wheel)})` : ''}`,
    back ? `${inches(command.distance)} straight back` : step,
  ]
    .filter(Boolean)
    .join(', then ');
  const attack = plan.attacking ? `, attacking ${view.units[plan.attacking]?.name ?? 'the enemy'}` : '';
  return `${words || 'stays'}${attack}`;
}

/** Why the unit may not take a movement point now, in words; undefined when it may (`mayMove`). */
function noMove(view: CpBoard, side: string, u: CpUnit): string | undefined {
  if (u.side !== side) return 'that unit is not yours';
  if (view.phase !== 'command' || deciderOf(view) !== side)
    return "an attack is a move of your side's command phase, and this is not it";
  if (u.status !== 'formed') return `it is ${plain(u.status)}: only a formed unit moves`;
  if (payerFor(view, u) === undefined) return 'no commander has a command point to spend on it';
  if (!mayTakeMovementPoint(view, u)) return 'it may take no further movement point this turn';
  return undefined;
}

/** Inches between the distances tried for a move at an enemy. */
const ATTACK_STEP = 0.1;

/**
 * The unit's attack on `targetId` (Movement; Combat): a movement point turning to face the target's
 * nearest stand and going straight at it, as far as the move allows and the engine's own check of a
 * move (`planMove`) finds it ending within 4" of that enemy and of no nearer one. Such a move is an
 * attack wherever it is given, so it need not be among the few moves the legal list offers.
 */
function attackOn(
  view: CpBoard,
  side: string,
  id: string,
  targetId: string,
  _legal: readonly unknown[],
): PlannedAttack {
  const u = unitOf(view, id);
  const t = unitOf(view, targetId);
  if (!u || !t) return { ok: false, reason: 'that unit is not on the table' };
  const cannot = noMove(view, side, u);
  if (cannot) return { ok: false, reason: cannot };
  if (u.ratings.arm === 'artillery') return { ok: false, reason: 'guns do not attack: they fire' };
  const nearest = t.stands.reduce((a, b) =>
    Math.hypot(a.x - u.x, a.y - u.y) <= Math.hypot(b.x - u.x, b.y - u.y) ? a : b,
  );
  const facing = Math.round(normalizeDegrees(bearing(u.x, u.y, nearest.x, nearest.y)) * 1000) / 1000;
  const point = inchesPerPoint(moverOf(u));
  let refusal: string | undefined;
  let other: string | undefined;
  for (let distance = Math.floor(point / ATTACK_STEP) * ATTACK_STEP; distance > 0; distance -= ATTACK_STEP) {
    const command: Extract<CpCommand, { type: 'move' }> = {
      type: 'move',
      unit: u.id,
      facing,
      distance: Math.round(distance * 1000) / 1000,
    };
    const plan = planMove(view, u, command);
    if (plan.ok && plan.attacking === targetId)
      return {
        ok: true,
        command,
        to: { x: plan.unit.x, y: plan.unit.y },
        stands: plan.unit.stands,
        words: moveWords(view, u, command, plan),
      };
    if (plan.ok) other ??= plan.attacking;
    else refusal ??= plan.reason;
  }
  const gap = unitDistance(u, t);
  const short = `no move straight at it ends within ${inches(COMBAT_DISTANCE)} of it`;
  if (gap > point + COMBAT_DISTANCE)
    return {
      ok: false,
      reason: `out of reach: ${inches(gap)} away, and a movement point of ${inches(point)} ends within ${inches(COMBAT_DISTANCE)} only of an enemy up to ${inches(point + COMBAT_DISTANCE)} away`,
    };
  if (other !== undefined)
    return {
      ok: false,
      reason: `${short}: ${view.units[other]?.name ?? 'another enemy'} is nearer, and would be attacked instead`,
    };
  if (refusal !== undefined)
    return { ok: false, reason: `${short}: ${refusalWords(refusal, namesOf(view))}` };
  const wheel = turnCost(u, facing);
  return {
    ok: false,
    reason: `${short}${wheel > 0 ? `: turning to face it is a wheel of ${inches(wheel)}, and leaves too little of the move` : ''}`,
  };
}

/** The command-point rules' aids for the table in the browser. */
export const tableAids: TableAids<CpView> = {
  front: (view, id) => {
    const u = unitOf(view, id);
    return u && { x: u.x, y: u.y, facing: u.facing };
  },
  weaponRanges,
  reach,
  chargeReach,
  lineOfSight,
  mayMove,
  moveTo,
  attackOn,
};
