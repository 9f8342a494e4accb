import { cosDegrees, sinDegrees, turnBetween } from '../../../core/geometry/angles.ts';
import { standPlaced, type UnitStandState, type UnitState } from '../../../core/table/model.ts';
import { packedMap } from '../../../core/table/packed-map.ts';
import { type Anchor, changeFormation, type FormationTarget } from './formations.ts';
import {
  convexHull,
  frontEnds,
  rotatePoint,
  rotateStandAbout,
  standCorners,
  translateStand,
  unitCentre,
  writeStandCorners,
} from './movement-geometry.ts';

/**
 * The manoeuvres a move is made of (Part 3, Wheeling, Oblique Movement, Flank March, and About Face;
 * Normal Movement), and what each does to a unit's stands. Angles are degrees, positive
 * counter-clockwise (a turn to the unit's left), as everywhere in Muster.
 *
 * - advance: straight ahead.
 * - oblique: `degrees` off straight ahead (+ left, - right), keeping facing: the whole unit is carried
 *   along that line (the end stand moved first, the rest closed up on it in their places).
 * - flank-march: sideways, parallel to the front, keeping facing.
 * - straight: a straight line in a table direction, keeping facing: the moves the rules lay out
 *   themselves (a mandatory move "away", a charge's last straight line "toward the enemy"), not a drill
 *   manoeuvre a player may order.
 * - wheel: the unit turns rigidly about the front corner of its inner end (left end for a wheel to the
 *   left, degrees > 0; right end for degrees < 0); measured along the path of the outer front corner.
 * - about-face: every stand turns about its own centre, keeping its place.
 * - face: the unit turns rigidly about its centre (re-facing allowed by some orders; free facing changes).
 * - form: the stands go to a new layout (`changeFormation` of formations.ts), each straight to its new
 *   place, keeping their ids.
 */
export type Manoeuvre =
  | { readonly kind: 'advance'; readonly inches: number }
  | { readonly kind: 'oblique'; readonly inches: number; readonly degrees: number }
  | { readonly kind: 'flank-march'; readonly inches: number; readonly side: 'left' | 'right' }
  | { readonly kind: 'straight'; readonly inches: number; readonly direction: number }
  | { readonly kind: 'wheel'; readonly degrees: number }
  | { readonly kind: 'about-face' }
  | { readonly kind: 'face'; readonly degrees: number }
  | {
      readonly kind: 'form';
      /** The new formation, and for columns, mass and skirmishers its ranks or files. */
      readonly target: FormationTarget;
      /** Where its new front-centre goes, and its new facing (default: the old front-centre and facing). */
      readonly anchor?: Anchor;
    };

export type ManoeuvreKind = Manoeuvre['kind'];

/** A unit's stands and front at one moment of its move. */
export interface Pose {
  readonly facing: number;
  readonly formation: string;
  readonly stands: readonly UnitStandState[];
}

/**
 * A pose built with its fields in this one order, whatever it is made from (a unit, or another pose):
 * one record shape for the movement code that reads poses by the thousand, where spread copies
 * (`{ ...pose, stands }`) of units and poses gave each copying site a shape of its own.
 */
export function poseWith(facing: number, formation: string, stands: readonly UnitStandState[]): Pose {
  return { facing, formation, stands };
}

export function poseOf(unit: UnitState): Pose {
  return poseWith(unit.facing, unit.formation, unit.stands);
}

/** How the manoeuvre's inches are charged by the movement-allowance procedure. */
export type Measure = 'move' | 'wheel' | 'flank-march' | 'none';

export function measureOf(m: Manoeuvre): Measure {
  switch (m.kind) {
    case 'advance':
    case 'oblique':
    case 'straight':
      return 'move';
    case 'wheel':
      return 'wheel';
    case 'flank-march':
      return 'flank-march';
    default:
      return 'none';
  }
}

/**
 * The rigid motion of a manoeuvre from `pose`: a translation (dx, dy), or a turn by `degrees` about
 * (px, py) for the whole unit, or about each stand's own centre (`inPlace`); a formation change
 * interpolates each stand to its new place.
 */
export type Motion =
  | { readonly type: 'translate'; readonly dx: number; readonly dy: number }
  | { readonly type: 'rotate'; readonly px: number; readonly py: number; readonly degrees: number }
  | { readonly type: 'in-place'; readonly degrees: number }
  | {
      readonly type: 'form';
      readonly to: ReadonlyMap<string, UnitStandState>;
      readonly facing: number;
      readonly formation: string;
    };

export function motionOf(pose: Pose, m: Manoeuvre): Motion {
  switch (m.kind) {
    case 'advance':
      return translate(pose.facing, m.inches);
    case 'oblique':
      return translate(pose.facing + m.degrees, m.inches);
    case 'flank-march':
      return translate(pose.facing + (m.side === 'left' ? 90 : -90), m.inches);
    case 'straight':
      return translate(m.direction, m.inches);
    case 'wheel': {
      const [lx, ly, rx, ry] = frontEnds(pose);
      return m.degrees >= 0
        ? { type: 'rotate', px: lx, py: ly, degrees: m.degrees }
        : { type: 'rotate', px: rx, py: ry, degrees: m.degrees };
    }
    case 'about-face':
      return { type: 'in-place', degrees: 180 };
    case 'face': {
      const [cx, cy] = unitCentre(pose.stands);
      return { type: 'rotate', px: cx, py: cy, degrees: m.degrees };
    }
    case 'form': {
      const unit: UnitState = {
        id: 'moving',
        side: '',
        formation: pose.formation,
        facing: pose.facing,
        stands: pose.stands,
      };
      const formed = m.anchor ? changeFormation(unit, m.target, m.anchor) : changeFormation(unit, m.target);
      return {
        type: 'form',
        to: new Map(formed.stands.map((s) => [s.id, s])),
        facing: formed.facing,
        formation: formed.formation,
      };
    }
  }
}

function translate(direction: number, inches: number): Motion {
  return { type: 'translate', dx: inches * cosDegrees(direction), dy: inches * sinDegrees(direction) };
}

/** The pose a fraction `s` (0..1) of the way through a manoeuvre with motion `motion`. */
export function poseAt(from: Pose, motion: Motion, s: number): Pose {
  switch (motion.type) {
    case 'translate':
      return poseWith(
        from.facing,
        from.formation,
        packedMap(from.stands, (st) => translateStand(st, motion.dx * s, motion.dy * s)),
      );
    case 'rotate': {
      const d = motion.degrees * s;
      return poseWith(
        from.facing + d,
        from.formation,
        packedMap(from.stands, (st) => rotateStandAbout(st, motion.px, motion.py, d)),
      );
    }
    case 'in-place': {
      const d = motion.degrees * s;
      return poseWith(
        from.facing + d,
        from.formation,
        packedMap(from.stands, (st) => standPlaced(st, st.x, st.y, st.facing + d)),
      );
    }
    case 'form': {
      const stands = packedMap(from.stands, (st) => {
        const to = motion.to.get(st.id);
        if (!to) throw new Error(`the new formation has no place for stand ${st.id}`);
        if (s >= 1) return to;
        return standPlaced(
          st,
          st.x + (to.x - st.x) * s,
          st.y + (to.y - st.y) * s,
          st.facing + turnBetween(st.facing, to.facing) * s,
        );
      });
      return poseWith(
        s >= 1 ? motion.facing : from.facing + turnBetween(from.facing, motion.facing) * s,
        s >= 1 ? motion.formation : from.formation,
        stands,
      );
    }
  }
}

/**
 * The inches the rules measure for the manoeuvre: the distance moved (advance, oblique, flank march),
 * the path of the outer front corner (wheel); 0 for about faces, re-facing and formation changes (their
 * cost is not in inches of ground).
 */
export function measuredInches(pose: Pose, m: Manoeuvre): number {
  switch (m.kind) {
    case 'advance':
    case 'oblique':
    case 'flank-march':
    case 'straight':
      return m.inches;
    case 'wheel': {
      const [lx, ly, rx, ry] = frontEnds(pose);
      return Math.hypot(rx - lx, ry - ly) * Math.abs((m.degrees * Math.PI) / 180);
    }
    default:
      return 0;
  }
}

/** The largest distance any point of the unit travels in the manoeuvre (for sampling steps). */
export function maxTravel(pose: Pose, motion: Motion): number {
  switch (motion.type) {
    case 'translate':
      return Math.hypot(motion.dx, motion.dy);
    case 'rotate': {
      let r = 0;
      const c = STAND_CORNERS;
      for (const st of pose.stands) {
        writeStandCorners(st.x, st.y, st.facing, st.width, st.depth, c);
        for (let i = 0; i < 8; i += 2) r = Math.max(r, Math.hypot(c[i]! - motion.px, c[i + 1]! - motion.py));
      }
      return (r * Math.abs(motion.degrees) * Math.PI) / 180;
    }
    case 'in-place': {
      let r = 0;
      for (const st of pose.stands) r = Math.max(r, Math.hypot(st.width, st.depth) / 2);
      return (r * Math.abs(motion.degrees) * Math.PI) / 180;
    }
    case 'form': {
      let d = 0;
      for (const st of pose.stands) {
        const to = motion.to.get(st.id);
        if (!to) continue;
        const turn = Math.abs(turnBetween(st.facing, to.facing));
        d = Math.max(
          d,
          Math.hypot(to.x - st.x, to.y - st.y) +
            (Math.hypot(st.width, st.depth) / 2) * ((turn * Math.PI) / 180),
        );
      }
      return d;
    }
  }
}

/** The manoeuvre cut to a fraction `s` of itself; undefined when it cannot be cut (about face, formation change) and s < 1. */
export function partOf(m: Manoeuvre, s: number): Manoeuvre | undefined {
  if (s >= 1) return m;
  switch (m.kind) {
    case 'advance':
    case 'oblique':
    case 'flank-march':
    case 'straight':
      return { ...m, inches: m.inches * s };
    case 'wheel':
    case 'face':
      return { ...m, degrees: m.degrees * s };
    default:
      return undefined;
  }
}

/** Whether the manoeuvre can stop part of the way through (otherwise it is all or nothing). */
export function divisible(m: Manoeuvre): boolean {
  return m.kind !== 'about-face' && m.kind !== 'form';
}

/** A stand's corners in `maxTravel` and `leadingPoints`, kept between calls (nothing else holds them). */
const STAND_CORNERS = new Float64Array(8);

/** Degrees of arc per sample when a turning motion is followed along chords or swept (see docs). */
export const TURN_STEP_DEGREES = 1;
/** Degrees of turn per swept-area piece. */
export const SWEEP_STEP_DEGREES = 3;

/**
 * The leading points of a stand for a manoeuvre that covers ground: the two ends and the middle of the
 * edge facing its direction of travel (the front edge straight ahead, obliquely or wheeling; the flank
 * edge in a flank march). The paths of these points decide what ground, walls and water it crosses.
 */
export function leadingPoints(st: UnitStandState, motion: Motion): Float64Array | undefined {
  let dx: number;
  let dy: number;
  if (motion.type === 'translate') {
    dx = motion.dx;
    dy = motion.dy;
  } else if (motion.type === 'rotate') {
    const rx = st.x - motion.px;
    const ry = st.y - motion.py;
    const sign = motion.degrees >= 0 ? 1 : -1;
    dx = -ry * sign;
    dy = rx * sign;
    if (dx === 0 && dy === 0) {
      dx = cosDegrees(st.facing);
      dy = sinDegrees(st.facing);
    }
  } else return undefined;
  const c = STAND_CORNERS;
  writeStandCorners(st.x, st.y, st.facing, st.width, st.depth, c);
  // Edges: front (0-1), right (1-2), rear (2-3), left (3-0); pick the one whose outward normal best
  // matches the direction of travel.
  let best = -Infinity;
  let e = 0;
  const cx = st.x;
  const cy = st.y;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    const mx = (c[2 * i]! + c[2 * j]!) / 2 - cx;
    const my = (c[2 * i + 1]! + c[2 * j + 1]!) / 2 - cy;
    const len = Math.hypot(mx, my);
    const dot = len > 0 ? (mx * dx + my * dy) / len : 0;
    if (dot > best + 1e-12) {
      best = dot;
      e = i;
    }
  }
  const j = (e + 1) % 4;
  return Float64Array.of(
    c[2 * e]!,
    c[2 * e + 1]!,
    (c[2 * e]! + c[2 * j]!) / 2,
    (c[2 * e + 1]! + c[2 * j + 1]!) / 2,
    c[2 * j]!,
    c[2 * j + 1]!,
  );
}

/**
 * The path of point (x, y) under the motion, as a polyline whose vertices are equally spaced in the
 * manoeuvre's progress: a segment for a translation, chords of `TURN_STEP_DEGREES` for a turn.
 */
export function pointPath(x: number, y: number, motion: Motion): Float64Array {
  if (motion.type === 'translate') return Float64Array.of(x, y, x + motion.dx, y + motion.dy);
  if (motion.type !== 'rotate') return Float64Array.of(x, y, x, y);
  const n = Math.max(1, Math.ceil(Math.abs(motion.degrees) / TURN_STEP_DEGREES));
  const out = new Float64Array(2 * (n + 1));
  for (let i = 0; i <= n; i++) {
    const [px, py] = rotatePoint(x, y, motion.px, motion.py, (motion.degrees * i) / n);
    out[2 * i] = px;
    out[2 * i + 1] = py;
  }
  return out;
}

/**
 * The ground each stand sweeps in the manoeuvre (by stand index), as convex pieces whose union covers
 * it: the hull of its start and end for a translation or a formation change; hulls of successive
 * positions every `SWEEP_STEP_DEGREES` for a turn. Each position of the unit is worked out once for
 * all its stands.
 */
export function sweptPieces(pose: Pose, motion: Motion): Float64Array[][] {
  const first = pose.stands.map((st) => standCorners(st));
  if (motion.type === 'translate' || motion.type === 'form') {
    const end = poseAt(pose, motion, 1).stands;
    return first.map((corners, j) => [hullOf(corners, standCorners(end[j]!))]);
  }
  const n = Math.max(1, Math.ceil(Math.abs(motion.degrees) / SWEEP_STEP_DEGREES));
  const pieces: Float64Array[][] = first.map(() => []);
  let prev = first;
  for (let i = 1; i <= n; i++) {
    const next = poseAt(pose, motion, i / n).stands.map((st) => standCorners(st));
    for (let j = 0; j < next.length; j++) pieces[j]!.push(hullOf(prev[j]!, next[j]!));
    prev = next;
  }
  return pieces;
}

function hullOf(a: Float64Array, b: Float64Array): Float64Array {
  const both = new Float64Array(a.length + b.length);
  both.set(a, 0);
  both.set(b, a.length);
  return convexHull(both);
}
