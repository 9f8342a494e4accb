import type { SideId, TableState, UnitId, UnitStandState, UnitState } from '../../../core/table/model.ts';
import { packedMap } from '../../../core/table/packed-map.ts';
import {
  boundsGap,
  boundsOf,
  convexDistance,
  convexHull,
  convexOverlapDepth,
  convexPenetrate,
  PENETRATION,
  rotatePoint,
  standCorners,
  translationContactTime,
  writeStandCorners,
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

/** One manoeuvre from the pose it starts at to the pose it ends at (`poseAt` of its motion at 1). */
export interface Leg {
  readonly pose: Pose;
  readonly m: Manoeuvre;
  readonly motion: Motion;
  readonly end: Pose;
  /**
   * What is known of its swept ground (`legSweep`), kept with the leg once worked out: a move asks it
   * for every unit it may meet.
   */
  sweep?: LegSweep | undefined;
}

export function legsOf(start: Pose, manoeuvres: readonly Manoeuvre[]): { legs: Leg[]; end: Pose } {
  const legs: Leg[] = [];
  let pose = start;
  for (const m of manoeuvres) {
    const motion = motionOf(pose, m);
    const end = poseAt(pose, motion, 1);
    legs.push({ pose, m, motion, end, sweep: undefined });
    pose = end;
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

/** Stands as corners, with the bounds of each and of them all. */
export interface Shape {
  readonly stands: readonly Float64Array[];
  /** Each stand's bounds in turn: x0, y0, x1, y1 (`boundsOf` its corners). */
  readonly standBounds: Float64Array;
  /** The bounds of all the corners. */
  readonly bounds: [number, number, number, number];
}

/** Another unit as an obstacle: its stands' corners and their bounds. */
export interface Obstacle extends Shape {
  readonly unitId: UnitId;
  readonly side: SideId;
}

/** Obstacles by the table's record of units (tables of one state share it; it is never changed). */
const OBSTACLES = new WeakMap<TableState['units'], readonly Obstacle[]>();
const UNIT_OBSTACLES = new WeakMap<UnitState, Obstacle>();

/** A unit as an obstacle, built once per unit state (tables share the units that did not change). */
function obstacleOf(u: UnitState): Obstacle {
  let o = UNIT_OBSTACLES.get(u);
  if (!o) {
    o = { unitId: u.id, side: u.side, ...shapeOfCorners(packedMap(u.stands, standCorners)) };
    UNIT_OBSTACLES.set(u, o);
  }
  return o;
}

/** Every unit of the table but `except` as an obstacle (the table's obstacles are built once and kept). */
export function obstaclesOf(table: TableState, except: UnitId): Obstacle[] {
  let all = OBSTACLES.get(table.units);
  if (!all) {
    const built: Obstacle[] = [];
    for (const u of Object.values(table.units)) if (u.stands.length > 0) built.push(obstacleOf(u));
    all = built;
    OBSTACLES.set(table.units, all);
  }
  const out: Obstacle[] = [];
  for (const o of all) if (o.unitId !== except) out.push(o);
  return out;
}

/**
 * Stands' corners with their bounds: each stand's the same numbers as `boundsOf` its corners, and all
 * of them the same as `boundsOf(flat(stands))` (a minimum or a maximum does not depend on the order
 * it is taken in).
 */
function shapeOfCorners(stands: readonly Float64Array[]): Shape {
  const standBounds = new Float64Array(4 * stands.length);
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < stands.length; k++) {
    const c = stands[k]!;
    let sx0 = Number.POSITIVE_INFINITY;
    let sy0 = Number.POSITIVE_INFINITY;
    let sx1 = Number.NEGATIVE_INFINITY;
    let sy1 = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < c.length; i += 2) {
      const x = c[i]!;
      const y = c[i + 1]!;
      if (x < sx0) sx0 = x;
      if (x > sx1) sx1 = x;
      if (y < sy0) sy0 = y;
      if (y > sy1) sy1 = y;
    }
    standBounds[4 * k] = sx0;
    standBounds[4 * k + 1] = sy0;
    standBounds[4 * k + 2] = sx1;
    standBounds[4 * k + 3] = sy1;
    if (sx0 < x0) x0 = sx0;
    if (sx1 > x1) x1 = sx1;
    if (sy0 < y0) y0 = sy0;
    if (sy1 > y1) y1 = sy1;
  }
  return { stands, standBounds, bounds: [x0, y0, x1, y1] };
}

/** Whether stand i's bounds in `a` and stand j's in `b` meet. */
function standBoxesMeet(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): boolean {
  return (
    a[4 * i]! <= b[4 * j + 2]! &&
    b[4 * j]! <= a[4 * i + 2]! &&
    a[4 * i + 1]! <= b[4 * j + 3]! &&
    b[4 * j + 1]! <= a[4 * i + 3]!
  );
}

/** The gap between stand i's bounds in `a` and stand j's in `b`: no more than the stands' distance. */
function standBoxesGap(a: Float64Array, i: number, b: Float64Array, j: number): number {
  const dx = Math.max(0, a[4 * i]! - b[4 * j + 2]!, b[4 * j]! - a[4 * i + 2]!);
  const dy = Math.max(0, a[4 * i + 1]! - b[4 * j + 3]!, b[4 * j + 1]! - a[4 * i + 3]!);
  return Math.hypot(dx, dy);
}

/**
 * Inches by which bounds must be further apart than a distance already found before the stands in
 * them are left unmeasured: far above the rounding between a bound and a measured distance, so that a
 * stand left out is surely not nearer.
 */
const BOUND_SLACK = 1e-9;

export function flat(shapes: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(shapes.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of shapes) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The lesser of `best` and the edge-to-edge distance from the shape's stands to the obstacle's (the
 * nearest pair's `convexDistance`). Pairs whose bounds are further apart than the least found so far
 * are not measured: they cannot be nearer.
 */
function nearerGap(shape: Shape, o: Obstacle, best: number): number {
  if (boundsGap(shape.bounds, o.bounds) > best) return best;
  for (let i = 0; i < shape.stands.length; i++)
    for (let j = 0; j < o.stands.length; j++) {
      if (standBoxesGap(shape.standBounds, i, o.standBounds, j) > best + BOUND_SLACK) continue;
      best = Math.min(best, convexDistance(shape.stands[i]!, o.stands[j]!));
    }
  return best;
}

/** Whether the shape's stands are within `tolerance` of the obstacle's, edge to edge (`convexDistance`). */
export function inContact(shape: Shape, o: Obstacle, tolerance: number): boolean {
  if (boundsGap(shape.bounds, o.bounds) > tolerance) return false;
  for (let i = 0; i < shape.stands.length; i++)
    for (let j = 0; j < o.stands.length; j++) {
      if (standBoxesGap(shape.standBounds, i, o.standBounds, j) > tolerance + BOUND_SLACK) continue;
      if (convexDistance(shape.stands[i]!, o.stands[j]!) <= tolerance) return true;
    }
  return false;
}

function boxesMeet(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;
}

/** Shapes by the stands they are made of (stands are never changed once placed). */
const SHAPES = new WeakMap<readonly UnitStandState[], Shape>();

/**
 * A pose's shape, worked out once per list of stands: for poses that are asked about again and again
 * (a unit where it stands; the end of each leg of a move).
 */
export function shapeOf(pose: Pose): Shape {
  let shape = SHAPES.get(pose.stands);
  if (!shape) {
    shape = freshShapeOf(pose);
    SHAPES.set(pose.stands, shape);
  }
  return shape;
}

/** A pose's shape, not kept: for poses made to be looked at once (samples along a leg). */
function freshShapeOf(pose: Pose): Shape {
  return shapeOfCorners(packedMap(pose.stands, standCorners));
}

/**
 * Whether the shape's stands overlap the obstacle by more than `depth` (default: interpenetrate it;
 * never less than half that). Stands whose bounds do not meet are apart, their overlap no deeper than
 * rounding, and are not measured.
 */
export function penetrates(shape: Shape, o: Obstacle, depth = PENETRATION): boolean {
  if (!boxesMeet(shape.bounds, o.bounds)) return false;
  for (let i = 0; i < shape.stands.length; i++) {
    if (!standBoxesMeet(shape.standBounds, i, o.bounds, 0)) continue;
    for (let j = 0; j < o.stands.length; j++)
      if (
        standBoxesMeet(shape.standBounds, i, o.standBounds, j) &&
        convexOverlapDepth(shape.stands[i]!, o.stands[j]!) > depth
      )
        return true;
  }
  return false;
}

/**
 * A stop found by sampling keeps its overlap under half the interpenetration threshold, so that the
 * pose rebuilt from the cut manoeuvres (by other arithmetic) is still clear.
 */
const STOP_DEPTH = PENETRATION / 2;

/**
 * Whether any stand's hull from one shape to the next interpenetrates the obstacle. `hulls` keeps the
 * hulls by stand, for the next obstacle asked about between the same two shapes. Obstacle stands
 * outside the bounds of both of a stand's shapes are apart from its hull, and are not measured.
 */
function sweepPenetrates(from: Shape, to: Shape, o: Obstacle, hulls: (Float64Array | undefined)[]): boolean {
  const fb = from.bounds;
  const tb = to.bounds;
  const ob = o.bounds;
  // The bounds of both shapes meet the obstacle's.
  if (
    !(
      Math.min(fb[0], tb[0]) <= ob[2] &&
      ob[0] <= Math.max(fb[2], tb[2]) &&
      Math.min(fb[1], tb[1]) <= ob[3] &&
      ob[1] <= Math.max(fb[3], tb[3])
    )
  )
    return false;
  const swept = SWEPT;
  for (let i = 0; i < from.stands.length; i++) {
    swept[0] = Math.min(from.standBounds[4 * i]!, to.standBounds[4 * i]!);
    swept[1] = Math.min(from.standBounds[4 * i + 1]!, to.standBounds[4 * i + 1]!);
    swept[2] = Math.max(from.standBounds[4 * i + 2]!, to.standBounds[4 * i + 2]!);
    swept[3] = Math.max(from.standBounds[4 * i + 3]!, to.standBounds[4 * i + 3]!);
    if (!boxesMeet(swept, o.bounds)) continue;
    for (let j = 0; j < o.stands.length; j++) {
      if (!standBoxesMeet(swept, 0, o.standBounds, j)) continue;
      hulls[i] ??= convexHull(flat([from.stands[i]!, to.stands[i]!]));
      if (convexPenetrate(hulls[i]!, o.stands[j]!)) return true;
    }
  }
  return false;
}

/** The bounds of one stand's two shapes in `sweepPenetrates`, kept between calls (nothing else holds them). */
const SWEPT = new Float64Array(4);

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
  const t1 = far - translationContactTime(translated(a, dx, dy, far), b, -dx, -dy);
  if (!(t1 > t0)) return Infinity;
  return convexOverlapDepth(translated(a, dx, dy, (t0 + t1) / 2), b) > PENETRATION ? t0 : Infinity;
}

/**
 * Flat points `a` moved by t(dx, dy), written into scratch: the array holds them until the next call
 * (`entryTime` looks at each once).
 */
function translated(a: Float64Array, dx: number, dy: number, t: number): Float64Array {
  let c = TRANSLATED.get(a.length);
  if (!c) {
    c = new Float64Array(a.length);
    TRANSLATED.set(a.length, c);
  }
  for (let i = 0; i < a.length; i += 2) {
    c[i] = a[i]! + dx * t;
    c[i + 1] = a[i + 1]! + dy * t;
  }
  return c;
}

/** `translated`'s scratch, by length. */
const TRANSLATED = new Map<number, Float64Array>();

/**
 * A leg's shapes at coarse steps of its progress (start and end of a translation; every
 * `SWEEP_STEP_DEGREES` of a turn; every inch of a formation change), and the bounds of them all. Hulls of
 * a stand's successive shapes cover the ground it sweeps (exactly for a translation). Built once a leg.
 */
interface LegShapes {
  readonly steps: readonly number[];
  readonly shapes: readonly Shape[];
  /** Each stand's hull from step k - 1 to step k, at k, by stand: worked out when first needed. */
  readonly hulls: (Float64Array | undefined)[][];
  readonly bounds: [number, number, number, number];
}

/**
 * What is known of a leg's swept ground: bounds holding all of it, for a turn the bounds holding each
 * stand's part of it (x0, y0, x1, y1 in turn), and its shapes once built.
 */
interface LegSweep {
  readonly reach: readonly number[];
  readonly standReach?: Float64Array;
  shapes?: LegShapes;
}

/** Inches added to a reach worked out by other arithmetic than the shapes', far above its rounding. */
const REACH_SLACK = 1e-6;

function legSweep(leg: Leg): LegSweep {
  let sweep = leg.sweep;
  if (!sweep) {
    const standReach = turnReach(leg);
    if (standReach) sweep = { reach: unionOfStands(standReach), standReach };
    else {
      const shapes = buildLegShapes(leg);
      sweep = { reach: shapes.bounds, shapes };
    }
    leg.sweep = sweep;
  }
  return sweep;
}

/**
 * Bounds holding each stand's swept ground in a turning leg (`legShapes` among it), without building
 * its shapes. A turn about a point carries every corner along an arc: up to a half turn the arc lies
 * within its sagitta, r(1 - cos(θ/2)), of the chord from the corner's start to its end, so within the
 * bounds of the stand's start and end grown by that; a longer turn keeps each corner within its
 * distance of the point. A turn in place keeps every corner within half its stand's diagonal of the
 * stand's centre. Undefined for the other motions, whose shapes are few and cheap.
 */
function turnReach(leg: Leg): Float64Array | undefined {
  const motion = leg.motion;
  if (motion.type === 'rotate') {
    const from = shapeOf(leg.pose);
    const to = shapeOf(leg.end);
    const reach = new Float64Array(from.standBounds.length);
    const halfTurnOrLess = Math.abs(motion.degrees) <= 180;
    const sagitta = 1 - Math.cos((Math.abs(motion.degrees) * Math.PI) / 360);
    for (let k = 0; k < from.stands.length; k++) {
      const c = from.stands[k]!;
      let r = 0;
      for (let i = 0; i < c.length; i += 2)
        r = Math.max(r, Math.hypot(c[i]! - motion.px, c[i + 1]! - motion.py));
      if (halfTurnOrLess) {
        const grow = r * sagitta + REACH_SLACK;
        reach[4 * k] = Math.min(from.standBounds[4 * k]!, to.standBounds[4 * k]!) - grow;
        reach[4 * k + 1] = Math.min(from.standBounds[4 * k + 1]!, to.standBounds[4 * k + 1]!) - grow;
        reach[4 * k + 2] = Math.max(from.standBounds[4 * k + 2]!, to.standBounds[4 * k + 2]!) + grow;
        reach[4 * k + 3] = Math.max(from.standBounds[4 * k + 3]!, to.standBounds[4 * k + 3]!) + grow;
      } else {
        const grown = r + REACH_SLACK;
        reach[4 * k] = motion.px - grown;
        reach[4 * k + 1] = motion.py - grown;
        reach[4 * k + 2] = motion.px + grown;
        reach[4 * k + 3] = motion.py + grown;
      }
    }
    return reach;
  }
  if (motion.type === 'in-place') {
    const stands = leg.pose.stands;
    const reach = new Float64Array(4 * stands.length);
    for (let k = 0; k < stands.length; k++) {
      const st = stands[k]!;
      const h = Math.hypot(st.width, st.depth) / 2 + REACH_SLACK;
      reach[4 * k] = st.x - h;
      reach[4 * k + 1] = st.y - h;
      reach[4 * k + 2] = st.x + h;
      reach[4 * k + 3] = st.y + h;
    }
    return reach;
  }
  return undefined;
}

/** The bounds holding every stand's bounds (x0, y0, x1, y1 in turn). */
function unionOfStands(standBounds: Float64Array): [number, number, number, number] {
  const out: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < standBounds.length; k += 4) {
    out[0] = Math.min(out[0], standBounds[k]!);
    out[1] = Math.min(out[1], standBounds[k + 1]!);
    out[2] = Math.max(out[2], standBounds[k + 2]!);
    out[3] = Math.max(out[3], standBounds[k + 3]!);
  }
  return out;
}

/**
 * Whether the leg's swept ground may meet the obstacle: false only when it surely does not (in a turn,
 * when no stand's reach meets any of the obstacle's stands).
 */
function legMayMeet(leg: Leg, o: Obstacle): boolean {
  const sweep = legSweep(leg);
  if (!boxesMeet(sweep.reach, o.bounds)) return false;
  const reach = sweep.standReach;
  if (!reach) return true;
  for (let i = 0; i < reach.length / 4; i++) {
    if (!standBoxesMeet(reach, i, o.bounds, 0)) continue;
    for (let j = 0; j < o.stands.length; j++) if (standBoxesMeet(reach, i, o.standBounds, j)) return true;
  }
  return false;
}

function legShapes(leg: Leg): LegShapes {
  const sweep = legSweep(leg);
  sweep.shapes ??= buildLegShapes(leg);
  return sweep.shapes;
}

/**
 * The shapes at each step: the shapes of the leg's own start and end poses where `poseAt` gives the
 * same stands (at the end always; at the start for every motion but a turn about a point, which moves
 * stands by arithmetic that need not give back the very same numbers).
 */
function buildLegShapes(leg: Leg): LegShapes {
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
    shapes.push(
      k === n
        ? shapeOf(leg.end)
        : k === 0 && motion.type !== 'rotate'
          ? shapeOf(leg.pose)
          : sampledShape(leg, k / n),
    );
  }
  const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const sh of shapes) {
    bounds[0] = Math.min(bounds[0], sh.bounds[0]);
    bounds[1] = Math.min(bounds[1], sh.bounds[1]);
    bounds[2] = Math.max(bounds[2], sh.bounds[2]);
    bounds[3] = Math.max(bounds[3], sh.bounds[3]);
  }
  return { steps, shapes, hulls: shapes.map(() => []), bounds };
}

/** Whether the legs' swept ground interpenetrates the obstacle. */
export function sweptThrough(legs: readonly Leg[], o: Obstacle): boolean {
  for (const leg of legs) {
    if (!legMayMeet(leg, o)) continue;
    const ls = legShapes(leg);
    if (!boxesMeet(ls.bounds, o.bounds)) continue;
    for (let k = 1; k < ls.shapes.length; k++)
      if (sweepPenetrates(ls.shapes[k - 1]!, ls.shapes[k]!, o, ls.hulls[k]!)) return true;
  }
  return false;
}

/** The progress at which the move first interpenetrates the obstacle, up to `upTo`; undefined if never. */
export function firstPenetration(legs: readonly Leg[], o: Obstacle, upTo: number): number | undefined {
  for (let i = 0; i < legs.length && i < upTo; i++) {
    const leg = legs[i]!;
    const sMax = Math.min(1, upTo - i);
    const motion = leg.motion;
    if (!legMayMeet(leg, o)) continue;
    const ls = legShapes(leg);
    if (!boxesMeet(ls.bounds, o.bounds)) continue;
    if (motion.type === 'translate') {
      // A translated stand stays within the bounds of where it starts and ends: an obstacle stand
      // further than that from them is never met in this leg (its entry time, if any, is past the end).
      const from = ls.shapes[0]!;
      const to = ls.shapes[1]!;
      let best = Infinity;
      for (let a = 0; a < from.stands.length; a++) {
        const x0 = Math.min(from.standBounds[4 * a]!, to.standBounds[4 * a]!) - BOUND_SLACK;
        const y0 = Math.min(from.standBounds[4 * a + 1]!, to.standBounds[4 * a + 1]!) - BOUND_SLACK;
        const x1 = Math.max(from.standBounds[4 * a + 2]!, to.standBounds[4 * a + 2]!) + BOUND_SLACK;
        const y1 = Math.max(from.standBounds[4 * a + 3]!, to.standBounds[4 * a + 3]!) + BOUND_SLACK;
        const ob = o.standBounds;
        for (let b = 0; b < o.stands.length; b++) {
          if (ob[4 * b]! > x1 || ob[4 * b + 2]! < x0 || ob[4 * b + 1]! > y1 || ob[4 * b + 3]! < y0) continue;
          best = Math.min(best, entryTime(from.stands[a]!, o.stands[b]!, motion.dx, motion.dy));
        }
      }
      if (best <= sMax) return i + best;
      continue;
    }
    // Coarse steps whose swept hulls rule most of the turn out, then fine samples and bisection.
    const travel = maxTravel(leg.pose, motion);
    for (let k = 1; k < ls.steps.length; k++) {
      const s0 = ls.steps[k - 1]!;
      if (s0 >= sMax) break;
      const s1 = Math.min(ls.steps[k]!, sMax);
      const to = s1 === ls.steps[k] ? ls.shapes[k]! : sampledShape(leg, s1);
      if (!sweepPenetrates(ls.shapes[k - 1]!, to, o, to === ls.shapes[k] ? ls.hulls[k]! : [])) continue;
      const n = Math.max(1, Math.ceil((travel * (s1 - s0)) / SAMPLE_STEP));
      let prev = s0;
      for (let j = 1; j <= n; j++) {
        const s = s0 + ((s1 - s0) * j) / n;
        if (penetratesAt(leg, s, o, STOP_DEPTH)) {
          let lo = prev;
          let hi = s;
          for (let it = 0; it < 50; it++) {
            const mid = (lo + hi) / 2;
            if (penetratesAt(leg, mid, o, STOP_DEPTH)) hi = mid;
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

/**
 * Writes into `out` the corners of the leg's stand `st` a fraction `s` through the leg: the stand
 * `poseAt` would place there, by its arithmetic, without building it. Not for a formation change.
 */
function writeSampleCorners(leg: Leg, st: UnitStandState, s: number, out: Float64Array): void {
  const motion = leg.motion;
  if (motion.type === 'translate')
    writeStandCorners(st.x + motion.dx * s, st.y + motion.dy * s, st.facing, st.width, st.depth, out);
  else if (motion.type === 'rotate') {
    const d = motion.degrees * s;
    const [x, y] = rotatePoint(st.x, st.y, motion.px, motion.py, d);
    writeStandCorners(x, y, st.facing + d, st.width, st.depth, out);
  } else if (motion.type === 'in-place')
    writeStandCorners(st.x, st.y, st.facing + motion.degrees * s, st.width, st.depth, out);
  else throw new Error('a formation change is sampled through poseAt');
}

/**
 * The shape of the pose a fraction `s` through the leg, not kept: `freshShapeOf(poseAt(leg.pose,
 * leg.motion, s))`, without building the pose (but for a formation change).
 */
function sampledShape(leg: Leg, s: number): Shape {
  if (leg.motion.type === 'form') return freshShapeOf(poseAt(leg.pose, leg.motion, s));
  const stands = leg.pose.stands;
  const corners: Float64Array[] = [];
  for (let i = 0; i < stands.length; i++) {
    const c = new Float64Array(8);
    writeSampleCorners(leg, stands[i]!, s, c);
    corners.push(c);
  }
  return shapeOfCorners(corners);
}

/**
 * Whether the pose a fraction `s` through the leg interpenetrates the obstacle by more than `depth`:
 * `penetrates(sampledShape(leg, s), o, depth)`, each stand's corners written into scratch and tested
 * in turn, without building the shape (the samples of a search are looked at once).
 */
function penetratesAt(leg: Leg, s: number, o: Obstacle, depth: number): boolean {
  if (leg.motion.type === 'form') return penetrates(sampledShape(leg, s), o, depth);
  const stands = leg.pose.stands;
  const corners = SAMPLE_CORNERS;
  for (let i = 0; i < stands.length; i++) {
    writeSampleCorners(leg, stands[i]!, s, corners);
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 8; k += 2) {
      const x = corners[k]!;
      const y = corners[k + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const ob = o.bounds;
    if (!(x0 <= ob[2] && ob[0] <= x1 && y0 <= ob[3] && ob[1] <= y1)) continue;
    const sb = o.standBounds;
    for (let j = 0; j < o.stands.length; j++)
      if (
        x0 <= sb[4 * j + 2]! &&
        sb[4 * j]! <= x1 &&
        y0 <= sb[4 * j + 3]! &&
        sb[4 * j + 1]! <= y1 &&
        convexOverlapDepth(corners, o.stands[j]!) > depth
      )
        return true;
  }
  return false;
}

/** A sampled stand's corners in `penetratesAt`, kept between calls (nothing else holds them). */
const SAMPLE_CORNERS = new Float64Array(8);

/** Where the move may end: before the first `stopAt` unit it meets, and never on another unit (rule 5). */
export function stopPoint(
  legs: readonly Leg[],
  end: Pose,
  obstacles: readonly Obstacle[],
  stopAt: ReadonlySet<UnitId>,
): { u: number; by: UnitId[] } {
  let u = legs.length;
  const by: UnitId[] = [];
  for (const o of obstacles) {
    if (!stopAt.has(o.unitId)) continue;
    const t = firstPenetration(legs, o, u);
    if (t !== undefined && t < u) {
      u = snapToWhole(legs, t);
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
    u = snapToWhole(legs, next);
    if (u <= 0) break;
  }
  return { u, by };
}

/** Progress u, or the start of its manoeuvre when that cannot stop part of the way through. */
function snapToWhole(legs: readonly Leg[], u: number): number {
  const i = Math.floor(u);
  return i < legs.length && u > i && !divisible(legs[i]!.m) ? i : u;
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
  const shape = shapeOf(pose);
  // The enemies' indices, nearest bounds first (a stable sort: ties in the obstacles' order).
  if (enemyGaps.length < obstacles.length) enemyGaps = new Float64Array(obstacles.length);
  const gaps = enemyGaps;
  const enemies: number[] = [];
  for (let i = 0; i < obstacles.length; i++) {
    const o = obstacles[i]!;
    if (o.side === side) continue;
    gaps[i] = boundsGap(shape.bounds, o.bounds);
    enemies.push(i);
  }
  enemies.sort((a, b) => gaps[a]! - gaps[b]!);
  let best = Number.POSITIVE_INFINITY;
  for (const i of enemies) {
    if (gaps[i]! > best) break;
    best = nearerGap(shape, obstacles[i]!, best);
  }
  return best;
}

/** Scratch for `enemyDistance`: each obstacle's bounds gap, by its index. */
let enemyGaps = new Float64Array(64);
