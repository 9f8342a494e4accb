import { bearing, turnBetween } from '../../core/geometry/angles.ts';
import { flattenPoints, type Point } from '../../core/geometry/points.ts';
import { pointInPolygon } from '../../core/geometry/polygons.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { type Rect, rectsOverlap } from '../../core/geometry/rectangles.ts';
import { segmentsCrossProperly } from '../../core/geometry/segments.ts';
import type { TableState, TerrainFeature, UnitStandState } from '../../core/table/model.ts';
import { SightTracer } from '../../core/table/sight-line.ts';
import { type SightProfile, TableIndex } from '../../core/table/spatial-index.ts';
import type { PathLeg } from '../../rulesets/macduff/procedures/movement.ts';
import type { Ground } from '../../rulesets/macduff/tables/movement.ts';
import type { ScenarioBasing } from '../scenario/schema.ts';
import { unitStands } from '../scenario/table.ts';
import type { Anchor, MdUnit } from './state.ts';

/**
 * The virtual table as MacDuff reads it: units laid out from their anchor (front centre and facing) by
 * the scenario's formations, distances between stands, the ground a move crosses, cover, and sight.
 */

/** Stands a unit shows: one per `figuresPerStand` figures (a part stand counts), or one gun model per gun. */
export function standCount(unit: Pick<MdUnit, 'ratings' | 'figures' | 'figuresPerStand' | 'guns'>): number {
  if (unit.ratings.guns > 0) return Math.max(1, unit.guns);
  return Math.max(1, Math.ceil(unit.figures / unit.figuresPerStand));
}

/**
 * The unit's stands at `anchor` in `formation`, or undefined when the formation cannot take that many
 * stands (a square of fewer than four).
 */
export function layout(
  unit: Pick<MdUnit, 'id' | 'ratings' | 'figures' | 'figuresPerStand' | 'guns' | 'crews'>,
  formation: MdUnit['formation'],
  anchor: Anchor,
  basing: ScenarioBasing,
): UnitStandState[] | undefined {
  const arm =
    unit.ratings.guns > 0 ? 'artillery' : unit.ratings.troop.endsWith('cavalry') ? 'cavalry' : 'infantry';
  try {
    return unitStands(
      {
        id: unit.id,
        arm,
        formation,
        stands: standCount(unit),
        crews: unit.crews,
        position: { x: anchor.x, y: anchor.y },
        facing: anchor.facing,
      },
      basing,
    );
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

const unitDistances = new WeakMap<TableState, Map<string, number>>();

/** The distance between two units on a table, measured once per table state. */
export function unitDistance(table: TableState, a: string, b: string): number {
  let cache = unitDistances.get(table);
  if (!cache) {
    cache = new Map();
    unitDistances.set(table, cache);
  }
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  let d = cache.get(key);
  if (d === undefined) {
    d = groupDistance(table.units[a]?.stands ?? [], table.units[b]?.stands ?? []);
    cache.set(key, d);
  }
  return d;
}

/** Whether `stands` overlap any stand of the table's units other than `except`. */
export function overlapsOthers(
  table: TableState,
  stands: readonly Rect[],
  except: readonly string[],
): boolean {
  for (const u of Object.values(table.units)) {
    if (except.includes(u.id)) continue;
    for (const t of u.stands) {
      for (const s of stands) {
        if (Math.abs(s.x - t.x) > 4 || Math.abs(s.y - t.y) > 4) continue;
        if (rectsOverlap(s, t)) return true;
      }
    }
  }
  return false;
}

/** Every stand centre on the playing surface. */
export function onTable(table: TableState, stands: readonly Rect[]): boolean {
  return stands.every((s) => s.x >= 0 && s.y >= 0 && s.x <= table.width && s.y <= table.depth);
}

const flatOutlines = new WeakMap<
  readonly Point[],
  { coords: Float64Array; minX: number; minY: number; maxX: number; maxY: number }
>();

function inside(outline: readonly Point[], p: Point): boolean {
  let flat = flatOutlines.get(outline);
  if (!flat) {
    const xs = outline.map((q) => q.x);
    const ys = outline.map((q) => q.y);
    flat = {
      coords: flattenPoints(outline),
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    };
    flatOutlines.set(outline, flat);
  }
  if (p.x < flat.minX || p.x > flat.maxX || p.y < flat.minY || p.y > flat.maxY) return false;
  return pointInPolygon(flat.coords, 0, outline.length, p.x, p.y) >= 0;
}

/** The ground at a point (7): jungle and swamp difficult; woods and steep hills broken; towns villages. */
export function groundAt(terrain: readonly TerrainFeature[], p: Point): Ground {
  let ground: Ground = 'open';
  for (const f of terrain) {
    if (!('outline' in f) || !inside(f.outline, p)) continue;
    if (f.kind === 'difficult' || f.kind === 'swamp') return 'difficult';
    if (f.kind === 'town') ground = 'village';
    else if (
      (f.kind === 'light-woods' || f.kind === 'heavy-woods' || (f.kind === 'hill' && f.steep)) &&
      ground === 'open'
    )
      ground = 'broken';
  }
  return ground;
}

/** Barriers and water a move crosses as a linear obstacle (7.4); high walls and forts stop it. */
const LINEAR = new Set([
  'wall-low',
  'wall-medium',
  'barricade',
  'entrenchment',
  'nullah',
  'stream',
  'fordable-river',
]);
const IMPASSABLE = new Set(['wall-high', 'fortification', 'fortified-city-wall']);

function pathOf(f: TerrainFeature): readonly Point[] | undefined {
  if (!('path' in f) || f.kind === 'road') return undefined;
  return 'closed' in f && f.closed ? [...f.path, f.path[0]!] : f.path;
}

/** How far a move line runs through a wall, barricade or work (the crossing of a water course is its width). */
const BARRIER_DEPTH_INCHES = 1;
/** A unit whose front is this close to an obstacle's near bank stands at it: its move starts with the crossing. */
const AT_OBSTACLE_INCHES = 1;
/** The ground along a move is read every quarter inch. */
const SAMPLE_INCHES = 0.25;

/** Where `ab` crosses `pq` properly, as a fraction of `ab`; undefined if it does not. */
function crossingAt(a: Point, b: Point, p: Point, q: Point): number | undefined {
  if (!segmentsCrossProperly(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y)) return undefined;
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = q.x - p.x;
  const sy = q.y - p.y;
  return ((p.x - a.x) * sy - (p.y - a.y) * sx) / (rx * sy - ry * sx);
}

/**
 * The line of a move from a to b as MacDuff walks it (7), leg by leg: the ground every quarter inch
 * (roads: within a road's width, plus an inch, of its centre line; Muster reads the scenarios' roads as
 * secondary roads), and each wall, barricade, work or water course the line crosses (7.4), from bank to
 * bank (a water course's width; 1" for a wall), high walls and forts as barriers no one crosses. A unit
 * within 1" of an obstacle's near bank stands at it.
 */
export function pathLegs(terrain: readonly TerrainFeature[], a: Point, b: Point): PathLeg[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length < 1e-9) return [];
  const bands: { from: number; to: number; impassable: boolean }[] = [];
  for (const f of terrain) {
    const path = pathOf(f);
    if (!path) continue;
    const impassable = IMPASSABLE.has(f.kind);
    if (!impassable && !LINEAR.has(f.kind)) continue;
    const depth = 'width' in f ? f.width : BARRIER_DEPTH_INCHES;
    for (let i = 0; i + 1 < path.length; i++) {
      const t = crossingAt(a, b, path[i]!, path[i + 1]!);
      if (t === undefined) continue;
      const at = t * length;
      const from = at - depth / 2 < AT_OBSTACLE_INCHES ? 0 : at - depth / 2;
      bands.push({ from, to: Math.max(from, at + depth / 2), impassable });
    }
  }
  bands.sort((x, y) => x.from - y.from);
  const legs: PathLeg[] = [];
  const ground = (from: number, to: number) => {
    const n = Math.ceil((to - from) / SAMPLE_INCHES - 1e-9);
    for (let i = 0; i < n; i++) {
      const d0 = from + ((to - from) * i) / n;
      const d1 = from + ((to - from) * (i + 1)) / n;
      const mid = (d0 + d1) / 2 / length;
      const p = { x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid };
      const g = groundAt(terrain, p);
      const road = onRoad(terrain, p) ? 'secondary' : 'none';
      const last = legs[legs.length - 1];
      if (last?.kind === 'ground' && last.ground === g && last.road === road)
        legs[legs.length - 1] = { ...last, inches: last.inches + (d1 - d0) };
      else legs.push({ kind: 'ground', inches: d1 - d0, ground: g, road });
    }
  };
  let at = 0;
  for (const band of bands) {
    if (band.to <= at) continue;
    const from = Math.max(at, band.from);
    ground(at, from);
    const last = legs[legs.length - 1];
    if (last?.kind === 'obstacle' && from <= at)
      legs[legs.length - 1] = {
        kind: 'obstacle',
        inches: last.inches + (band.to - from),
        ...(last.impassable || band.impassable ? { impassable: true } : {}),
      };
    else
      legs.push({
        kind: 'obstacle',
        inches: band.to - from,
        ...(band.impassable ? { impassable: true } : {}),
      });
    at = band.to;
  }
  if (at < length) ground(at, length);
  return legs;
}

function onRoad(terrain: readonly TerrainFeature[], p: Point): boolean {
  return terrain.some((f) => f.kind === 'road' && nearPolyline(f.path, p, f.width / 2 + ROAD_SLACK_INCHES));
}

/** A unit's front centre this far off a road's edge still counts as on it. */
const ROAD_SLACK_INCHES = 1;

function nearPolyline(path: readonly Point[], p: Point, within: number): boolean {
  for (let i = 0; i + 1 < path.length; i++)
    if (pointSegment(p, path[i]!, path[i + 1]!) <= within) return true;
  return false;
}

/** Hard cover (10.2): in a village, or lining a wall, barricade or work (a stand within 1" of it). */
export function inHardCover(terrain: readonly TerrainFeature[], stands: readonly Rect[]): boolean {
  for (const s of stands) {
    if (groundAt(terrain, s) === 'village') return true;
    for (const f of terrain) {
      const path = pathOf(f);
      if (
        !path ||
        !(LINEAR.has(f.kind) || IMPASSABLE.has(f.kind)) ||
        f.kind === 'stream' ||
        f.kind === 'fordable-river'
      )
        continue;
      for (let i = 0; i + 1 < path.length; i++) if (pointSegment(s, path[i]!, path[i + 1]!) <= 1) return true;
    }
  }
  return false;
}

/** Natives in brush or rocks claim cover from small arms (10.2): woods, jungle, swamp or steep hills. */
export function inNaturalCover(terrain: readonly TerrainFeature[], stands: readonly Rect[]): boolean {
  return stands.some((s) => {
    const g = groundAt(terrain, s);
    return g === 'broken' || g === 'difficult';
  });
}

/** Ground that conceals (7.7): woods, jungle, swamps and villages. */
export function inConcealingGround(terrain: readonly TerrainFeature[], stands: readonly Rect[]): boolean {
  return stands.length > 0 && stands.every((s) => groundAt(terrain, s) !== 'open');
}

function pointSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/** Whether `target` lies within `degrees` of straight ahead of a unit facing `facing` from `from`. */
export function inArc(from: Anchor, target: readonly Rect[], degrees: number): boolean {
  return target.some((t) => Math.abs(turnBetween(from.facing, bearing(from.x, from.y, t.x, t.y))) <= degrees);
}

/**
 * MacDuff's sight (Muster's reading; the rules say only "visible"): a line is blocked by a stand of
 * another unit, by a high wall or fort, or by more than 4" of woods, jungle or village along it.
 */
const SIGHT: SightProfile = {
  barriers: ['wall-high', 'fortification', 'fortified-city-wall'],
  zones: ['light-woods', 'heavy-woods', 'difficult', 'swamp', 'town'],
  blockingStands: ['infantry', 'cavalry', 'gun', 'crew', 'limber'],
  contact: 0.5,
};
const SIGHT_THROUGH_COVER_INCHES = 4;

const tracers = new WeakMap<TableState, SightTracer>();

function tracerFor(table: TableState): SightTracer {
  let t = tracers.get(table);
  if (!t) {
    t = new SightTracer(new TableIndex(table, SIGHT));
    tracers.set(table, t);
  }
  return t;
}

/** Whether any stand of unit `a` sees any stand of unit `b` (both on the table). */
export function unitsSeeEachOther(table: TableState, a: string, b: string): boolean {
  const tracer = tracerFor(table);
  const ix = tracer.index;
  const ua = ix.unitIndex(a);
  const ub = ix.unitIndex(b);
  if (ua < 0 || ub < 0) return false;
  for (let s = ix.unitStandStart[ua]!; s < ix.unitStandStart[ua + 1]!; s++)
    for (let t = ix.unitStandStart[ub]!; t < ix.unitStandStart[ub + 1]!; t++)
      if (clear(tracer, s, t)) return true;
  return false;
}

/** Whether a general's stand sees any stand of a unit. */
export function generalSeesUnit(table: TableState, general: string, unit: string): boolean {
  const tracer = tracerFor(table);
  const ix = tracer.index;
  const g = ix.standIndex(table.generals[general]?.stand.id ?? '');
  const u = ix.unitIndex(unit);
  if (g < 0 || u < 0) return false;
  for (let t = ix.unitStandStart[u]!; t < ix.unitStandStart[u + 1]!; t++)
    if (clear(tracer, g, t)) return true;
  return false;
}

function clear(tracer: SightTracer, s: number, t: number): boolean {
  if (!tracer.traceStands(s, t)) return false;
  let through = 0;
  for (let i = 0; i < tracer.zoneCount; i++) {
    const n = tracer.zoneRuns(tracer.zones[i]!);
    for (let r = 0; r < n; r++) through += (tracer.runs[2 * r + 1]! - tracer.runs[2 * r]!) * tracer.length;
  }
  return through <= SIGHT_THROUGH_COVER_INCHES;
}
