/**
 * The line of retreat (Part 4, Reaction Test Modifiers, negative 9): whether a unit has a clear corridor
 * back, away from the enemy and from ground or barriers it cannot cross, and who closes it; with the
 * passability of barriers and ground for each mover (Part 3, Walls; Terrain).
 */
import { BOX_STRIDE, boxCorners } from '../../../../core/geometry/rectangles.ts';
import { ALL, capsuleSpan, roundedBoxSpan, SPAN } from '../../../../core/geometry/sectors.ts';
import { EPSILON, SEGMENT_STRIDE } from '../../../../core/geometry/segments.ts';
import type { RuleRef } from '../../../../core/rules/trace.ts';
import type { BarrierKind } from '../../../../core/table/model.ts';
import type { MoverClass } from '../../tables/movement-rates.ts';
import { TERRAIN_COSTS, type TerrainId } from '../../tables/terrain-costs.ts';
import { jc4 } from '../../vocabulary.ts';
import { inBox, type TerrainGeometry } from './terrain-geometry.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Scratch for `boxCorners`: four corners, x then y. */
const CORNERS = new Float64Array(8);

/** The clear space a line of retreat keeps from every enemy (Part 4, negative 9). */
export const RETREAT_CLEARANCE = 2;
const RETREAT_RULE = jc4('Reaction Test Modifiers', 'negative 9');

/** Whether a unit has a line of retreat, and who closes it when it has none. */
export interface LineOfRetreat {
  readonly open: boolean;
  /** When closed: the enemy units and impassable features that close it. */
  readonly closedBy: readonly string[];
  readonly rule: RuleRef;
}

/** Barrier kinds a mover cannot cross (Part 3, Walls: guns need a gap; cavalry cannot jump high walls). */
export function impassableBarrier(kind: BarrierKind, mover: MoverClass): boolean {
  if (mover === 'artillery') return true;
  if (kind === 'fortified-city-wall') return true;
  if (mover === 'cavalry') return kind === 'wall-high' || kind === 'fortification';
  return false;
}

/** Ground a mover cannot enter (Part 3, Terrain: heavy woods for cavalry and artillery). */
export function impassableGround(kind: TerrainId, mover: MoverClass): boolean {
  return TERRAIN_COSTS.terrains[kind].cost[mover] === null;
}

/** Scratch for the retreat's blocked directions: pairs lo, hi (radians relative to straight back). */
let blocked = new Float64Array(64);
let blockedCount = 0;
const SPAN_OUT = new Float64Array(2);
const HALF_PI = Math.PI / 2;

function pushBlocked(lo: number, hi: number): void {
  const a = Math.max(lo, -HALF_PI);
  const b = Math.min(hi, HALF_PI);
  if (a > b) return;
  if (2 * blockedCount + 2 > blocked.length) {
    const grown = new Float64Array(blocked.length * 2);
    grown.set(blocked);
    blocked = grown;
  }
  blocked[2 * blockedCount] = a;
  blocked[2 * blockedCount + 1] = b;
  blockedCount++;
}

/** Records a span (absolute radians) as blocked directions relative to `back`; `all` blocks every one. */
function block(kind: number, back: number): void {
  if (kind === ALL) {
    pushBlocked(-HALF_PI, HALF_PI);
    return;
  }
  let lo = SPAN_OUT[0]! - back;
  let hi = SPAN_OUT[1]! - back;
  const mid = (lo + hi) / 2;
  const turns = Math.round(mid / (2 * Math.PI));
  lo -= turns * 2 * Math.PI;
  hi -= turns * 2 * Math.PI;
  pushBlocked(lo, hi);
  if (lo < -Math.PI) pushBlocked(lo + 2 * Math.PI, hi + 2 * Math.PI);
  if (hi > Math.PI) pushBlocked(lo - 2 * Math.PI, hi - 2 * Math.PI);
}

/** Whether the blocked directions cover every direction within 90 degrees of straight back. */
function rearCovered(): boolean {
  // Insertion sort by lo (a handful of spans).
  for (let i = 1; i < blockedCount; i++) {
    const lo = blocked[2 * i]!;
    const hi = blocked[2 * i + 1]!;
    let j = i - 1;
    while (j >= 0 && blocked[2 * j]! > lo) {
      blocked[2 * j + 2] = blocked[2 * j]!;
      blocked[2 * j + 3] = blocked[2 * j + 1]!;
      j--;
    }
    blocked[2 * j + 2] = lo;
    blocked[2 * j + 3] = hi;
  }
  let reached = -HALF_PI;
  for (let i = 0; i < blockedCount; i++) {
    if (blocked[2 * i]! > reached + 1e-12) return false;
    if (blocked[2 * i + 1]! > reached) reached = blocked[2 * i + 1]!;
  }
  return reached >= HALF_PI - 1e-12;
}

/**
 * Whether `unit` has a line of retreat (Part 4, negative 9), read as: a straight corridor two of its
 * stand widths wide, starting at the middle of its rear edge and running `lookahead` inches in some
 * direction within 90 degrees of straight back, that comes no nearer than 2" to any enemy stand and
 * does not touch ground or barriers it cannot cross. Only enemy stands reaching behind the line of its
 * front face count (an enemy it faces closes no line of retreat), and terrain alone never closes it: the
 * text asks for a gap between an enemy and impassable terrain, or between two enemies.
 */
export function lineOfRetreat(
  unit: UnitGeometry,
  enemies: readonly UnitGeometry[],
  terrain: TerrainGeometry,
  mover: MoverClass,
  lookahead: number,
): LineOfRetreat {
  const w = unit.unit.stands[0]?.width ?? 0;
  const mid = (unit.left + unit.right) / 2;
  const px = unit.ax + unit.uy * mid + unit.ux * unit.rear;
  const py = unit.ay - unit.ux * mid + unit.uy * unit.rear;
  const back = Math.atan2(-unit.uy, -unit.ux);
  // A gap of exactly two widths plus 2" each side is enough: ties leave the corridor open.
  const enemyReach = w + RETREAT_CLEARANCE - TIE;
  blockedCount = 0;
  const closers: string[] = [];
  for (const e of enemies) {
    if (Math.hypot(e.cx - px, e.cy - py) > lookahead + enemyReach + e.radius) continue;
    let hit = false;
    for (let j = 0; j < e.count; j++) {
      const b = j * BOX_STRIDE;
      if (!reachesBehind(unit, e.boxes, b)) continue;
      const kind = roundedBoxSpan(px, py, e.boxes, b, enemyReach, lookahead, SPAN_OUT);
      if (kind === SPAN || kind === ALL) {
        block(kind, back);
        hit = true;
      }
    }
    if (hit) closers.push(e.unit.id);
  }
  if (closers.length === 0) return { open: true, closedBy: [], rule: RETREAT_RULE };
  const far = lookahead + w;
  for (const a of terrain.areas) {
    if (!impassableGround(a.kind, mover) || !inBox(a, px, py, far)) continue;
    const n = a.flat.length / 2;
    let hit = false;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      EDGE[0] = a.flat[2 * i]!;
      EDGE[1] = a.flat[2 * i + 1]!;
      EDGE[2] = a.flat[2 * j]!;
      EDGE[3] = a.flat[2 * j + 1]!;
      const kind = capsuleSpan(px, py, EDGE, 0, w - TIE, lookahead, SPAN_OUT);
      if (kind === SPAN || kind === ALL) {
        block(kind, back);
        hit = true;
      }
    }
    if (hit) closers.push(a.id);
  }
  for (let g = 0; g < terrain.barrierCount; g++) {
    if (!impassableBarrier(terrain.barrierKind[g]!, mover)) continue;
    const kind = capsuleSpan(px, py, terrain.barriers, g * SEGMENT_STRIDE, w - TIE, lookahead, SPAN_OUT);
    if (kind === SPAN || kind === ALL) {
      block(kind, back);
      const id = terrain.barrierFeature[g]!;
      if (!closers.includes(id)) closers.push(id);
    }
  }
  const open = !rearCovered();
  return { open, closedBy: open ? [] : closers, rule: RETREAT_RULE };
}

const EDGE = new Float64Array(SEGMENT_STRIDE);
/** Slack that lets a gap of exactly the width needed count as open (inches). */
const TIE = 1e-7;

/** Whether some corner of packed box `b` lies behind the line of `unit`'s front face. */
function reachesBehind(unit: UnitGeometry, boxes: ArrayLike<number>, b: number): boolean {
  boxCorners(boxes, b, CORNERS);
  for (let k = 0; k < 8; k += 2) {
    const fwd = (CORNERS[k]! - unit.ax) * unit.ux + (CORNERS[k + 1]! - unit.ay) * unit.uy;
    if (fwd < unit.front - EPSILON) return true;
  }
  return false;
}
