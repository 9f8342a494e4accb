import type { SideId, TableState, UnitId, UnitState } from '../../../core/table/model.ts';
import {
  boundsGap,
  boundsOf,
  convexDistance,
  convexHull,
  convexOverlapDepth,
  convexPenetrate,
  PENETRATION,
  standCorners,
  translationContactTime,
} from './movement-geometry.ts';
import {
  divisible,
  type Manoeuvre,
  type Motion,
  maxTravel,
  motionOf,
  type Pose,
  partOf,
  poseAt,
  SWEEP_STEP_DEGREES,
} from './movement-manoeuvres.ts';

/**
 * When and where a moving unit meets the others: its manoeuvres as legs, the other units as obstacles,
 * the first moment it would interpenetrate one, where it must stop (Part 3, Interpenetration rule 5),
 * and distances to the enemy. Straight legs are exact (contact times of translating rectangles); turns
 * and formation changes are checked in coarse swept hulls, then sampled and bisected.
 */

/** One manoeuvre from the pose it starts at. */
export interface Leg {
  readonly pose: Pose;
  readonly m: Manoeuvre;
  readonly motion: Motion;
}

export function legsOf(start: Pose, manoeuvres: readonly Manoeuvre[]): { legs: Leg[]; end: Pose } {
  const legs: Leg[] = [];
  let pose = start;
  for (const m of manoeuvres) {
    const motion = motionOf(pose, m);
    legs.push({ pose, m, motion });
    pose = poseAt(pose, motion, 1);
  }
  return { legs, end: pose };
}

/** The pose after progress u (manoeuvre index + fraction). */
export function poseAtProgress(legs: readonly Leg[], end: Pose, u: number): Pose {
  if (legs.length === 0) return end;
  const i = Math.floor(u);
  if (i >= legs.length) return end;
  const leg = legs[i]!;
  return poseAt(leg.pose, leg.motion, u - i);
}

/** Another unit as an obstacle: its stands' corners and the bounds of them all. */
export interface Obstacle {
  readonly unitId: UnitId;
  readonly side: SideId;
  readonly stands: readonly Float64Array[];
  readonly bounds: [number, number, number, number];
}

const OBSTACLES = new WeakMap<TableState, readonly Obstacle[]>();
const UNIT_OBSTACLES = new WeakMap<UnitState, Obstacle>();

/** A unit as an obstacle, built once per unit state (tables share the units that did not change). */
function obstacleOf(u: UnitState): Obstacle {
  let o = UNIT_OBSTACLES.get(u);
  if (!o) {
    const stands = u.stands.map(standCorners);
    o = { unitId: u.id, side: u.side, stands, bounds: boundsOf(flat(stands)) };
    UNIT_OBSTACLES.set(u, o);
  }
  return o;
}

/** Every unit of the table but `except` as an obstacle (the table's obstacles are built once and kept). */
export function obstaclesOf(table: TableState, except: UnitId): Obstacle[] {
  let all = OBSTACLES.get(table);
  if (!all) {
    const built: Obstacle[] = [];
    for (const u of Object.values(table.units)) if (u.stands.length > 0) built.push(obstacleOf(u));
    all = built;
    OBSTACLES.set(table, all);
  }
  return all.filter((o) => o.unitId !== except);
}

export function flat(shapes: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(shapes.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of shapes) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The edge-to-edge distance from stands (corners) to an obstacle, or more than `limit` when it is farther. */
export function gapTo(
  stands: readonly Float64Array[],
  bounds: readonly number[],
  o: Obstacle,
  limit: number,
): number {
  if (boundsGap(bounds, o.bounds) > limit) return Number.POSITIVE_INFINITY;
  let best = Number.POSITIVE_INFINITY;
  for (const a of stands) for (const b of o.stands) best = Math.min(best, convexDistance(a, b));
  return best;
}

function boxesMeet(a: readonly number[], b: readonly number[]): boolean {
  return a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;
}

/** A pose's stands as corners, with their bounds. */
export interface Shape {
  readonly stands: readonly Float64Array[];
  readonly bounds: [number, number, number, number];
}

export function shapeOf(pose: Pose): Shape {
  const stands = pose.stands.map(standCorners);
  return { stands, bounds: boundsOf(flat(stands)) };
}

/** Whether the shape's stands overlap the obstacle by more than `depth` (default: interpenetrate it). */
export function penetrates(shape: Shape, o: Obstacle, depth = PENETRATION): boolean {
  if (!boxesMeet(shape.bounds, o.bounds)) return false;
  for (const c of shape.stands) {
    if (!boxesMeet(boundsOf(c), o.bounds)) continue;
    for (const b of o.stands) if (convexOverlapDepth(c, b) > depth) return true;
  }
  return false;
}

/**
 * A stop found by sampling keeps its overlap under half the interpenetration threshold, so that the
 * pose rebuilt from the cut manoeuvres (by other arithmetic) is still clear.
 */
const STOP_DEPTH = PENETRATION / 2;

/** Whether any stand's hull from one shape to the next interpenetrates the obstacle. */
function sweepPenetrates(from: Shape, to: Shape, o: Obstacle): boolean {
  if (!boxesMeet(union(from.bounds, to.bounds), o.bounds)) return false;
  for (let i = 0; i < from.stands.length; i++) {
    const a = from.stands[i]!;
    const b = to.stands[i]!;
    if (!boxesMeet(union(boundsOf(a), boundsOf(b)), o.bounds)) continue;
    const hull = convexHull(flat([a, b]));
    for (const c of o.stands) if (convexPenetrate(hull, c)) return true;
  }
  return false;
}

function union(a: readonly number[], b: readonly number[]): [number, number, number, number] {
  return [Math.min(a[0]!, b[0]!), Math.min(a[1]!, b[1]!), Math.max(a[2]!, b[2]!), Math.max(a[3]!, b[3]!)];
}

/** Inches of travel between samples when a turning or re-forming move is searched for contact. */
const SAMPLE_STEP = 0.02;

/**
 * When translating convex `a` by t(dx, dy) first interpenetrates `b` (it touches then, and goes in
 * after): +Infinity when it never does or only slides along it.
 */
function entryTime(a: Float64Array, b: Float64Array, dx: number, dy: number): number {
  const t0 = translationContactTime(a, b, dx, dy);
  if (!Number.isFinite(t0)) return t0;
  const len = Math.hypot(dx, dy);
  if (len === 0) return convexOverlapDepth(a, b) > PENETRATION ? 0 : Infinity;
  const [ax0, ay0, ax1, ay1] = boundsOf(a);
  const [bx0, by0, bx1, by1] = boundsOf(b);
  const far = t0 + (Math.hypot(ax1 - ax0, ay1 - ay0) + Math.hypot(bx1 - bx0, by1 - by0)) / len + 1;
  const moved = (t: number) => {
    const c = new Float64Array(a.length);
    for (let i = 0; i < a.length; i += 2) {
      c[i] = a[i]! + dx * t;
      c[i + 1] = a[i + 1]! + dy * t;
    }
    return c;
  };
  const t1 = far - translationContactTime(moved(far), b, -dx, -dy);
  if (!(t1 > t0)) return Infinity;
  return convexOverlapDepth(moved((t0 + t1) / 2), b) > PENETRATION ? t0 : Infinity;
}

/**
 * A leg's shapes at coarse steps of its progress (start and end of a translation; every
 * `SWEEP_STEP_DEGREES` of a turn; every inch of a formation change), and the bounds of them all. Hulls of
 * a stand's successive shapes cover the ground it sweeps (exactly for a translation). Built once a leg.
 */
interface LegShapes {
  readonly steps: readonly number[];
  readonly shapes: readonly Shape[];
  readonly bounds: [number, number, number, number];
}

const LEG_SHAPES = new WeakMap<Leg, LegShapes>();

function legShapes(leg: Leg): LegShapes {
  const cached = LEG_SHAPES.get(leg);
  if (cached) return cached;
  const motion = leg.motion;
  const n =
    motion.type === 'translate'
      ? 1
      : Math.max(
          1,
          Math.ceil(
            motion.type === 'form'
              ? maxTravel(leg.pose, motion)
              : Math.abs(motion.degrees) / SWEEP_STEP_DEGREES,
          ),
        );
  const steps: number[] = [];
  const shapes: Shape[] = [];
  for (let k = 0; k <= n; k++) {
    steps.push(k / n);
    shapes.push(shapeOf(poseAt(leg.pose, motion, k / n)));
  }
  const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const sh of shapes) {
    bounds[0] = Math.min(bounds[0], sh.bounds[0]);
    bounds[1] = Math.min(bounds[1], sh.bounds[1]);
    bounds[2] = Math.max(bounds[2], sh.bounds[2]);
    bounds[3] = Math.max(bounds[3], sh.bounds[3]);
  }
  const built = { steps, shapes, bounds };
  LEG_SHAPES.set(leg, built);
  return built;
}

/** Whether the legs' swept ground interpenetrates the obstacle. */
export function sweptThrough(legs: readonly Leg[], o: Obstacle): boolean {
  for (const leg of legs) {
    const ls = legShapes(leg);
    if (!boxesMeet(ls.bounds, o.bounds)) continue;
    for (let k = 1; k < ls.shapes.length; k++)
      if (sweepPenetrates(ls.shapes[k - 1]!, ls.shapes[k]!, o)) return true;
  }
  return false;
}

/** The progress at which the move first interpenetrates the obstacle, up to `upTo`; undefined if never. */
export function firstPenetration(legs: readonly Leg[], o: Obstacle, upTo: number): number | undefined {
  for (let i = 0; i < legs.length && i < upTo; i++) {
    const leg = legs[i]!;
    const sMax = Math.min(1, upTo - i);
    const motion = leg.motion;
    const ls = legShapes(leg);
    if (!boxesMeet(ls.bounds, o.bounds)) continue;
    if (motion.type === 'translate') {
      let best = Infinity;
      for (const a of ls.shapes[0]!.stands)
        for (const b of o.stands) best = Math.min(best, entryTime(a, b, motion.dx, motion.dy));
      if (best <= sMax) return i + best;
      continue;
    }
    // Coarse steps whose swept hulls rule most of the turn out, then fine samples and bisection.
    const travel = maxTravel(leg.pose, motion);
    const at = (s: number) => shapeOf(poseAt(leg.pose, motion, s));
    for (let k = 1; k < ls.steps.length; k++) {
      const s0 = ls.steps[k - 1]!;
      if (s0 >= sMax) break;
      const s1 = Math.min(ls.steps[k]!, sMax);
      const to = s1 === ls.steps[k] ? ls.shapes[k]! : at(s1);
      if (!sweepPenetrates(ls.shapes[k - 1]!, to, o)) continue;
      const n = Math.max(1, Math.ceil((travel * (s1 - s0)) / SAMPLE_STEP));
      let prev = s0;
      for (let j = 1; j <= n; j++) {
        const s = s0 + ((s1 - s0) * j) / n;
        if (penetrates(at(s), o, STOP_DEPTH)) {
          let lo = prev;
          let hi = s;
          for (let it = 0; it < 50; it++) {
            const mid = (lo + hi) / 2;
            if (penetrates(at(mid), o, STOP_DEPTH)) hi = mid;
            else lo = mid;
          }
          return i + lo;
        }
        prev = s;
      }
    }
  }
  return undefined;
}

/** Where the move may end: before the first `stopAt` unit it meets, and never on another unit (rule 5). */
export function stopPoint(
  legs: readonly Leg[],
  end: Pose,
  obstacles: readonly Obstacle[],
  stopAt: ReadonlySet<UnitId>,
): { u: number; by: UnitId[] } {
  let u = legs.length;
  const by: UnitId[] = [];
  const snap = (v: number) => {
    const i = Math.floor(v);
    return i < legs.length && v > i && !divisible(legs[i]!.m) ? i : v;
  };
  for (const o of obstacles) {
    if (!stopAt.has(o.unitId)) continue;
    const t = firstPenetration(legs, o, u);
    if (t !== undefined && t < u) {
      u = snap(t);
      by.length = 0;
      by.push(o.unitId);
    }
  }
  for (let guard = 0; guard < obstacles.length + 1; guard++) {
    const shape = shapeOf(poseAtProgress(legs, end, u));
    const on = obstacles.filter((o) => penetrates(shape, o));
    if (on.length === 0) break;
    let next = u;
    for (const o of on) {
      const t = firstPenetration(legs, o, u) ?? 0;
      if (t < next) next = t;
      if (!by.includes(o.unitId)) by.push(o.unitId);
    }
    u = snap(next);
    if (u <= 0) break;
  }
  return { u, by };
}

/** The manoeuvres up to progress u. */
export function cutManoeuvres(manoeuvres: readonly Manoeuvre[], u: number): Manoeuvre[] {
  const out: Manoeuvre[] = [];
  for (let i = 0; i < manoeuvres.length; i++) {
    if (u >= i + 1) out.push(manoeuvres[i]!);
    else {
      const part = u > i ? partOf(manoeuvres[i]!, u - i) : undefined;
      if (part) out.push(part);
      break;
    }
  }
  return out;
}

/** Edge-to-edge distance from the stands to the nearest stand of another side (Infinity when none). */
export function enemyDistance(obstacles: readonly Obstacle[], side: SideId, pose: Pose): number {
  const stands = pose.stands.map(standCorners);
  const bounds = boundsOf(flat(stands));
  const enemies = obstacles
    .filter((o) => o.side !== side)
    .map((o) => ({ o, gap: boundsGap(bounds, o.bounds) }))
    .sort((a, b) => a.gap - b.gap);
  let best = Number.POSITIVE_INFINITY;
  for (const { o, gap } of enemies) {
    if (gap > best) break;
    best = Math.min(best, gapTo(stands, bounds, o, best));
  }
  return best;
}
