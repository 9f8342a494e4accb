/**
 * The table's terrain flattened once for measuring (`TerrainGeometry`): ground areas, hills, town
 * buildings, closed works and barrier segments, with the point and box queries measurements ask of
 * them (inside a shape, elevation, which side of a barrier).
 */
import { flattenPoints, pointBounds } from '../../../../core/geometry/points.ts';
import { pointInPolygon, segmentPolygonRelation } from '../../../../core/geometry/polygons.ts';
import { boxCorners } from '../../../../core/geometry/rectangles.ts';
import { EPSILON, SEGMENT_STRIDE } from '../../../../core/geometry/segments.ts';
import type { BarrierKind, FeatureId, TableState, TerrainKind } from '../../../../core/table/model.ts';
import type { TerrainId } from '../../tables/terrain-costs.ts';

/** Scratch for `boxCorners`: four corners, x then y. */
const CORNERS = new Float64Array(8);

/** A polygon flattened for the kernels, with its bounding box. */
interface FlatShape {
  readonly id: FeatureId;
  readonly flat: Float64Array;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface AreaShape extends FlatShape {
  readonly kind: TerrainId;
}

export interface HillShape extends FlatShape {
  readonly elevation: number;
}

/**
 * The terrain that measurements need, flattened once per table: ground areas, hills, buildings, closed
 * works, and barrier segments packed (segments.ts) with their features' kinds.
 */
export interface TerrainGeometry {
  readonly areas: readonly AreaShape[];
  readonly hills: readonly HillShape[];
  /** Buildings of towns (id: the town's). */
  readonly buildings: readonly FlatShape[];
  /** Closed rings of entrenchments, fortifications and fortified city walls. */
  readonly works: readonly FlatShape[];
  readonly barrierCount: number;
  readonly barriers: Float64Array;
  readonly barrierKind: readonly BarrierKind[];
  readonly barrierFeature: readonly FeatureId[];
}

const BARRIERS: ReadonlySet<TerrainKind> = new Set([
  'wall-low',
  'wall-medium',
  'wall-high',
  'barricade',
  'entrenchment',
  'fortification',
  'fortified-city-wall',
]);
const WORKS: ReadonlySet<TerrainKind> = new Set(['entrenchment', 'fortification', 'fortified-city-wall']);
const GROUND: ReadonlySet<TerrainKind> = new Set([
  'open',
  'difficult',
  'light-woods',
  'heavy-woods',
  'swamp',
]);

function flatShape(id: FeatureId, points: readonly { x: number; y: number }[]): FlatShape {
  const flat = flattenPoints(points);
  const { minX, minY, maxX, maxY } = pointBounds(points);
  return { id, flat, minX, minY, maxX, maxY };
}

const terrains = new WeakMap<TableState['terrain'], TerrainGeometry>();

/** The table's terrain flattened for measuring: once per terrain (it never changes during a battle). */
export function terrainGeometry(table: TableState): TerrainGeometry {
  let t = terrains.get(table.terrain);
  if (!t) {
    t = flattenTerrain(table);
    terrains.set(table.terrain, t);
  }
  return t;
}

function flattenTerrain(table: TableState): TerrainGeometry {
  const areas: AreaShape[] = [];
  const hills: HillShape[] = [];
  const buildings: FlatShape[] = [];
  const works: FlatShape[] = [];
  const segs: number[] = [];
  const barrierKind: BarrierKind[] = [];
  const barrierFeature: FeatureId[] = [];
  for (const f of Object.values(table.terrain)) {
    if (GROUND.has(f.kind) && 'outline' in f)
      areas.push({ ...flatShape(f.id, f.outline), kind: f.kind as TerrainId });
    else if (f.kind === 'hill') hills.push({ ...flatShape(f.id, f.outline), elevation: f.elevation });
    else if (f.kind === 'town') for (const b of f.buildings) buildings.push(flatShape(f.id, b));
    else if (BARRIERS.has(f.kind) && 'path' in f) {
      const closed = 'closed' in f && f.closed === true;
      if (closed && WORKS.has(f.kind)) works.push(flatShape(f.id, f.path));
      const n = f.path.length;
      for (let i = 0; i < (closed ? n : n - 1); i++) {
        const p = f.path[i]!;
        const q = f.path[(i + 1) % n]!;
        segs.push(p.x, p.y, q.x, q.y);
        barrierKind.push(f.kind as BarrierKind);
        barrierFeature.push(f.id);
      }
    }
  }
  return {
    areas,
    hills,
    buildings,
    works,
    barrierCount: barrierKind.length,
    barriers: Float64Array.from(segs),
    barrierKind,
    barrierFeature,
  };
}

/** Whether (x, y) lies in the shape's bounding box grown by `grow` inches. */
export function inBox(s: FlatShape, x: number, y: number, grow: number): boolean {
  return x >= s.minX - grow && x <= s.maxX + grow && y >= s.minY - grow && y <= s.maxY + grow;
}

/** Whether (x, y) lies strictly inside the shape. */
export function insideShape(s: FlatShape, x: number, y: number): boolean {
  return inBox(s, x, y, 0) && pointInPolygon(s.flat, 0, s.flat.length / 2, x, y) > 0;
}

/** The elevation of a point: the highest level of the hills whose interior holds it (0 on the plain). */
export function elevationAt(terrain: TerrainGeometry, x: number, y: number): number {
  let e = 0;
  for (const h of terrain.hills) if (h.elevation > e && insideShape(h, x, y)) e = h.elevation;
  return e;
}

/** Whether packed box `b` lies wholly in the interior of the shape (each edge inside it). */
export function boxInsideShape(s: FlatShape, boxes: ArrayLike<number>, b: number): boolean {
  boxCorners(boxes, b, CORNERS);
  const n = s.flat.length / 2;
  for (let k = 0; k < 8; k += 2) {
    const x = CORNERS[k]!;
    const y = CORNERS[k + 1]!;
    if (!inBox(s, x, y, 0)) return false;
    const j = (k + 2) & 7;
    if (segmentPolygonRelation(s.flat, 0, n, x, y, CORNERS[j]!, CORNERS[j + 1]!) !== 'inside') return false;
  }
  return true;
}

/** Which side of barrier segment g the point is on: +1 left, -1 right, 0 on its line or beside its ends. */
export function sideOfBarrier(terrain: TerrainGeometry, g: number, x: number, y: number): -1 | 0 | 1 {
  const s = terrain.barriers;
  const at = g * SEGMENT_STRIDE;
  const x0 = s[at]!;
  const y0 = s[at + 1]!;
  const vx = s[at + 2]! - x0;
  const vy = s[at + 3]! - y0;
  const len2 = vx * vx + vy * vy;
  const t = ((x - x0) * vx + (y - y0) * vy) / len2;
  if (!(t >= 0 && t <= 1)) return 0;
  const cross = vx * (y - y0) - vy * (x - x0);
  return cross > EPSILON ? 1 : cross < -EPSILON ? -1 : 0;
}
