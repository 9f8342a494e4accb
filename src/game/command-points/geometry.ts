import { bearing, cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import { flattenPoints, type Point } from '../../core/geometry/points.ts';
import { pointInPolygon } from '../../core/geometry/polygons.ts';
import { groupBounds, groupDistance } from '../../core/geometry/rect-groups.ts';
import { rectsOverlap } from '../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq, segmentsCrossProperly } from '../../core/geometry/segments.ts';
import type { TerrainFeature, UnitStandState } from '../../core/table/model.ts';
import type { ScenarioBasing } from '../scenario/schema.ts';
import { unitStands } from '../scenario/table.ts';
import { type CpBoard, type CpFormation, type CpUnit, onTable } from './state.ts';

/**
 * The command-point battle's reading of the table: unit layouts, distances between units (edge to edge,
 * between their nearest stands), overlap, and the terrain questions the rules ask (difficult going,
 * works, walls, hills). docs/rules/command-points.md records each reading.
 */

/** Stands closer than this are touching, not overlapping (units may stand shoulder to shoulder). */
const TOUCH = 0.02;
/** A stand within this of a barrier lines it (and is in the work or behind the wall). */
export const LINING = 1;

export interface Placement {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly formation: CpFormation;
  readonly bases: number;
}

/** The stands of a unit placed so, or undefined when the formation cannot take that many bases. */
export function layOut(
  unit: Pick<CpUnit, 'id' | 'ratings'>,
  at: Placement,
  basing: ScenarioBasing,
): UnitStandState[] | undefined {
  try {
    return unitStands(
      {
        id: unit.id,
        arm: unit.ratings.arm,
        formation: at.formation,
        stands: at.bases,
        position: { x: at.x, y: at.y },
        facing: at.facing,
      },
      basing,
    );
  } catch {
    return undefined;
  }
}

/** The point `distance` inches from (x, y) along `heading`. */
export function step(x: number, y: number, heading: number, distance: number): Point {
  return { x: x + cosDegrees(heading) * distance, y: y + sinDegrees(heading) * distance };
}

export function unitDistance(a: CpUnit, b: CpUnit, limit?: number): number {
  return groupDistance(a.stands, b.stands, limit);
}

/** Whether two units are within `d` inches of each other. */
export function within(a: CpUnit, b: CpUnit, d: number): boolean {
  return groupDistance(a.stands, b.stands, d) <= d;
}

/** Distance from a point to a stand's edge (0 inside it). */
function pointStandDistance(p: Point, s: UnitStandState): number {
  const c = cosDegrees(s.facing);
  const n = sinDegrees(s.facing);
  const dx = p.x - s.x;
  const dy = p.y - s.y;
  const ahead = Math.max(0, Math.abs(dx * c + dy * n) - s.depth / 2);
  const across = Math.max(0, Math.abs(dx * n - dy * c) - s.width / 2);
  return Math.hypot(ahead, across);
}

/** Distance from a point to a unit's nearest stand edge. */
export function pointDistance(p: Point, u: Pick<CpUnit, 'stands'>): number {
  let best = Number.POSITIVE_INFINITY;
  for (const s of u.stands) best = Math.min(best, pointStandDistance(p, s));
  return best;
}

function shrunk(s: UnitStandState) {
  return { x: s.x, y: s.y, facing: s.facing, width: s.width - TOUCH, depth: s.depth - TOUCH };
}

/** Whether these stands overlap (more than touch) any stand of another unit on the table. */
export function overlapsAnother(state: CpBoard, self: string, stands: readonly UnitStandState[]): boolean {
  const b = groupBounds(stands);
  for (const u of Object.values(state.units)) {
    if (u.id === self || !onTable(u)) continue;
    const c = groupBounds(u.stands);
    if (Math.hypot(b.x - c.x, b.y - c.y) > b.r + c.r) continue;
    for (const s of stands) for (const t of u.stands) if (rectsOverlap(shrunk(s), shrunk(t))) return true;
  }
  return false;
}

/** Whether every stand's centre is on the table. */
export function onTheTable(state: CpBoard, stands: readonly UnitStandState[]): boolean {
  return stands.every((s) => s.x >= 0 && s.y >= 0 && s.x <= state.table.width && s.y <= state.table.depth);
}

const flat = new WeakMap<readonly Point[], Float64Array>();
function coords(points: readonly Point[]): Float64Array {
  let c = flat.get(points);
  if (!c) {
    c = flattenPoints(points);
    flat.set(points, c);
  }
  return c;
}

function inside(outline: readonly Point[], p: Point): boolean {
  return pointInPolygon(coords(outline), 0, outline.length, p.x, p.y) >= 0;
}

function pathSegments(f: { path: readonly Point[]; closed?: boolean }): [Point, Point][] {
  const out: [Point, Point][] = [];
  for (let i = 0; i + 1 < f.path.length; i++) out.push([f.path[i]!, f.path[i + 1]!]);
  if (f.closed && f.path.length > 2) out.push([f.path[f.path.length - 1]!, f.path[0]!]);
  return out;
}

function nearPath(f: { path: readonly Point[]; closed?: boolean }, p: Point, within: number): boolean {
  return pathSegments(f).some(
    ([a, b]) => pointSegmentDistanceSq(p.x, p.y, a.x, a.y, b.x, b.y) <= within * within,
  );
}

function crossesPath(f: { path: readonly Point[]; closed?: boolean }, from: Point, to: Point): boolean {
  return pathSegments(f).some(([a, b]) =>
    segmentsCrossProperly(from.x, from.y, to.x, to.y, a.x, a.y, b.x, b.y),
  );
}

const DIFFICULT_AREAS = new Set(['difficult', 'light-woods', 'heavy-woods', 'swamp', 'town']);

/**
 * Difficult going (Muster's reconstruction of the lost manoeuvre rules): a move that starts or ends in
 * woods, swamp, difficult ground or a town, or crosses a water course, wall or work.
 */
export function difficultGoing(terrain: readonly TerrainFeature[], from: Point, to: Point): boolean {
  for (const f of terrain) {
    if ('outline' in f) {
      if (DIFFICULT_AREAS.has(f.kind) && (inside(f.outline, from) || inside(f.outline, to))) return true;
    } else if (f.kind !== 'road' && crossesPath(f, from, to)) return true;
  }
  return false;
}

export type Works = 'fort' | 'fieldwork' | 'building' | 'none';

/** The cover a unit stands in: lining a fortification (fort), an entrenchment or barricade, or in a town. */
export function worksOf(terrain: readonly TerrainFeature[], u: Pick<CpUnit, 'stands'>): Works {
  let best: Works = 'none';
  for (const f of terrain) {
    if (f.kind === 'fortification' || f.kind === 'fortified-city-wall') {
      if (u.stands.some((s) => nearPath(f, s, LINING))) return 'fort';
    } else if (f.kind === 'entrenchment' || f.kind === 'barricade') {
      if (u.stands.some((s) => nearPath(f, s, LINING))) best = 'fieldwork';
    } else if (f.kind === 'town' && best === 'none' && u.stands.some((s) => inside(f.outline, s)))
      best = 'building';
  }
  return best;
}

/** Whether a unit lines a wall (a terrain advantage when defending). */
export function liningWall(terrain: readonly TerrainFeature[], u: Pick<CpUnit, 'stands'>): boolean {
  return terrain.some(
    (f) => f.kind.startsWith('wall-') && 'path' in f && u.stands.some((s) => nearPath(f, s, LINING)),
  );
}

/** The height of the ground at a point: the highest hill containing it, 0 on the plain. */
export function elevationAt(terrain: readonly TerrainFeature[], p: Point): number {
  let e = 0;
  for (const f of terrain) if (f.kind === 'hill' && f.elevation > e && inside(f.outline, p)) e = f.elevation;
  return e;
}

/** Whether point p lies within `half` degrees of the unit's facing, seen from its front centre. */
export function inFrontArc(u: Pick<CpUnit, 'x' | 'y' | 'facing'>, p: Point, half: number): boolean {
  const d = Math.abs(((bearing(u.x, u.y, p.x, p.y) - u.facing + 540) % 360) - 180);
  return d <= half;
}

/** The centre of a unit's stands. */
export function centreOf(u: Pick<CpUnit, 'stands'>): Point {
  const b = groupBounds(u.stands);
  return { x: b.x, y: b.y };
}

/** The frontage of a unit's front rank, inches (the wheel's radius). */
export function frontage(u: Pick<CpUnit, 'stands'>): number {
  let w = 0;
  for (const s of u.stands) if (s.rank === 0) w += s.width;
  return Math.max(w, u.stands[0]?.width ?? 0);
}
