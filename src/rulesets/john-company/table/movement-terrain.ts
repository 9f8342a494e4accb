import { flattenPoints } from '../../../core/geometry/points.ts';
import { pointInPolygon, polygonRuns, polylineCrossings } from '../../../core/geometry/polygons.ts';
import { BOX_STRIDE, packBox, segmentBoxDistance } from '../../../core/geometry/rectangles.ts';
import type {
  BarrierKind,
  FeatureId,
  TableState,
  UnitStandState,
  WatercourseKind,
} from '../../../core/table/model.ts';
import type { MoverClass } from '../tables/movement-rates.ts';
import { TERRAIN_COSTS, type TerrainId, type WallHeight, type WaterHazard } from '../tables/terrain-costs.ts';
import {
  boundsOf,
  pointPolygonDistance,
  pointPolylineDistance,
  segmentCapsuleInterval,
  standCorners,
} from './movement-geometry.ts';

/**
 * The ground of the virtual table as John Company's movement sees it (Part 3, Terrain Effects On
 * Movement): areas with a cost per inch crossed, towns (every point within 2" of a building), roads
 * (which spare a town's Disorder), walls and works (a cost per crossing), water courses (dice per
 * crossing). Built once per table state; the functions below follow a point's path across it.
 */

/** A town's ground: within this many inches of any of its buildings (Part 3, Towns And Villages). */
export const TOWN_REACH = 2;

/**
 * How each kind of barrier is crossed: as a wall of that height, or not at all. Barricades count as low
 * walls, entrenchments as medium, fortifications as high walls; a fortified city wall cannot be crossed
 * (only through a gate, which is a gap). Muster defaults (docs/table-movement.md): the text classes walls
 * and barricades only by height.
 */
export const BARRIER_CROSSING: Readonly<Record<BarrierKind, WallHeight | 'impassable'>> = {
  'wall-low': 'low',
  'wall-medium': 'medium',
  'wall-high': 'high',
  barricade: 'low',
  entrenchment: 'medium',
  fortification: 'high',
  'fortified-city-wall': 'impassable',
};

export const WATER_OF_KIND: Readonly<Record<WatercourseKind, WaterHazard>> = {
  nullah: 'nullah',
  stream: 'stream',
  'fordable-river': 'river',
};

type Bounds = [number, number, number, number];

interface Area {
  readonly terrain: TerrainId;
  readonly coords: Float64Array;
  readonly bounds: Bounds;
}

interface Town {
  readonly buildings: readonly Float64Array[];
  readonly bounds: Bounds;
}

export interface Line {
  readonly id: FeatureId;
  readonly coords: Float64Array;
  /** Half the width (roads, water); 0 for barriers. */
  readonly reach: number;
  readonly bounds: Bounds;
}

export interface Barrier extends Line {
  readonly crossing: WallHeight | 'impassable';
}

export interface Watercourse extends Line {
  readonly hazard: WaterHazard;
  readonly dice: number;
}

/** The table's ground, prepared for movement. */
export interface Ground {
  readonly areas: readonly Area[];
  readonly towns: readonly Town[];
  readonly roads: readonly Line[];
  readonly barriers: readonly Barrier[];
  readonly water: readonly Watercourse[];
}

function grow(b: Bounds, r: number): Bounds {
  return [b[0] - r, b[1] - r, b[2] + r, b[3] + r];
}

export function prepareGround(table: TableState): Ground {
  const areas: Area[] = [];
  const towns: Town[] = [];
  const roads: Line[] = [];
  const barriers: Barrier[] = [];
  const water: Watercourse[] = [];
  for (const f of Object.values(table.terrain)) {
    switch (f.kind) {
      case 'difficult':
      case 'swamp':
      case 'light-woods':
      case 'heavy-woods': {
        const coords = flattenPoints(f.outline);
        areas.push({ terrain: f.kind, coords, bounds: boundsOf(coords) });
        break;
      }
      case 'hill':
        // Steep hills are difficult ground (Part 3, Difficult Ground); gentle slopes cost nothing.
        if (f.steep) {
          const coords = flattenPoints(f.outline);
          areas.push({ terrain: 'difficult', coords, bounds: boundsOf(coords) });
        }
        break;
      case 'town': {
        if (f.buildings.length === 0) break;
        const buildings = f.buildings.map(flattenPoints);
        const all = Float64Array.from(buildings.flatMap((b) => [...b]));
        towns.push({ buildings, bounds: grow(boundsOf(all), TOWN_REACH) });
        break;
      }
      case 'road': {
        const coords = flattenPoints(f.path);
        roads.push({ id: f.id, coords, reach: f.width / 2, bounds: grow(boundsOf(coords), f.width / 2) });
        break;
      }
      case 'nullah':
      case 'stream':
      case 'fordable-river': {
        const coords = flattenPoints(f.path);
        water.push({
          id: f.id,
          coords,
          reach: f.width / 2,
          bounds: grow(boundsOf(coords), f.width / 2),
          hazard: WATER_OF_KIND[f.kind],
          dice: f.crossingDice,
        });
        break;
      }
      case 'open':
        break;
      default: {
        const ring = f.closed === true ? [...f.path, f.path[0]!] : f.path;
        const coords = flattenPoints(ring);
        barriers.push({
          id: f.id,
          coords,
          reach: 0,
          bounds: boundsOf(coords),
          crossing: BARRIER_CROSSING[f.kind],
        });
      }
    }
  }
  return { areas, towns, roads, barriers, water };
}

function meets(a: Bounds, b: Bounds): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/**
 * Whether any area or town of the ground may lie in the bounds: when not, every point within them is
 * on open ground for `terrainAt` and `terrainAlong`.
 */
export function terrainMayMeet(ground: Ground, bounds: Bounds): boolean {
  for (const a of ground.areas) if (meets(a.bounds, bounds)) return true;
  for (const t of ground.towns) if (meets(t.bounds, bounds)) return true;
  return false;
}

/**
 * Whether any wall or water course of the ground may lie in the bounds: when not, `crossingsOf` finds
 * no crossing of them by a path within the bounds.
 */
export function linesMayMeet(ground: Ground, bounds: Bounds): boolean {
  for (const b of ground.barriers) if (meets(b.bounds, bounds)) return true;
  for (const w of ground.water) if (meets(w.bounds, bounds)) return true;
  return false;
}

/** Whether any water course of the ground may lie in the bounds: when not, `waterUnder` finds none there. */
export function waterMayMeet(ground: Ground, bounds: Bounds): boolean {
  for (const w of ground.water) if (meets(w.bounds, bounds)) return true;
  return false;
}

/** The cost per inch of a terrain for a mover: +Infinity where impassable. */
export function costPerInch(terrain: TerrainId, mover: MoverClass): number {
  return TERRAIN_COSTS.terrains[terrain].cost[mover] ?? Number.POSITIVE_INFINITY;
}

/**
 * The terrain a mover pays for at a point: the costliest of the areas it is inside and, within 2" of a
 * town's building, the town (on a road: the town following the road); ties go to the terrain that
 * Disorders. 'open' when none.
 */
export function terrainAt(ground: Ground, x: number, y: number, mover: MoverClass): TerrainId {
  let best: TerrainId = 'open';
  let bestCost = 1;
  for (const a of ground.areas) {
    if (x < a.bounds[0] || x > a.bounds[2] || y < a.bounds[1] || y > a.bounds[3]) continue;
    if (
      pointInPolygon(a.coords, 0, a.coords.length / 2, x, y) > 0 &&
      outranks(a.terrain, best, bestCost, mover)
    ) {
      best = a.terrain;
      bestCost = costPerInch(best, mover);
    }
  }
  for (const t of ground.towns) {
    if (x < t.bounds[0] || x > t.bounds[2] || y < t.bounds[1] || y > t.bounds[3]) continue;
    if (!withinTown(t, x, y)) continue;
    const terrain: TerrainId = onRoad(ground, x, y) ? 'town-on-road' : 'town';
    if (outranks(terrain, best, bestCost, mover)) {
      best = terrain;
      bestCost = costPerInch(terrain, mover);
    }
  }
  return best;
}

/** Whether terrain `t` is paid for rather than `best` (costing `bestCost`): it costs more, or as much and Disorders. */
function outranks(t: TerrainId, best: TerrainId, bestCost: number, mover: MoverClass): boolean {
  const c = costPerInch(t, mover);
  return (
    c > bestCost ||
    (c === bestCost && TERRAIN_COSTS.terrains[t].disorders && !TERRAIN_COSTS.terrains[best].disorders)
  );
}

/** Whether the point is within `TOWN_REACH` of one of the town's buildings. */
function withinTown(t: Town, x: number, y: number): boolean {
  for (const b of t.buildings) if (pointPolygonDistance(b, x, y) <= TOWN_REACH) return true;
  return false;
}

/** Whether the point is on a road (within half its width of its line). */
function onRoad(ground: Ground, x: number, y: number): boolean {
  for (const r of ground.roads)
    if (
      x >= r.bounds[0] &&
      x <= r.bounds[2] &&
      y >= r.bounds[1] &&
      y <= r.bounds[3] &&
      pointPolylineDistance(r.coords, x, y) <= r.reach
    )
      return true;
  return false;
}

let runsBuf = new Float64Array(64);

function runsOfPolygon(coords: Float64Array, seg: Float64Array, out: number[]): void {
  if (runsBuf.length < coords.length) runsBuf = new Float64Array(coords.length);
  const n = polygonRuns(coords, 0, coords.length / 2, seg, 0, runsBuf);
  for (let i = 0; i < 2 * n; i++) out.push(runsBuf[i]!);
}

function capsuleBreaks(
  coords: Float64Array,
  closed: boolean,
  r: number,
  seg: Float64Array,
  out: number[],
): void {
  const n = coords.length / 2;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const j = (i + 1) % n;
    const run = segmentCapsuleInterval(
      seg[0]!,
      seg[1]!,
      seg[2]!,
      seg[3]!,
      coords[2 * i]!,
      coords[2 * i + 1]!,
      coords[2 * j]!,
      coords[2 * j + 1]!,
      r,
    );
    if (run) out.push(run[0], run[1]);
  }
}

/** Inches of each terrain along a path, as fractions of the path's progress. */
export type TerrainShares = Partial<Record<TerrainId, number>>;

/**
 * The terrain along a point's path (a polyline whose vertices are equally spaced in progress, see
 * `pointPath`), as the share of the progress spent in each terrain other than open ground. Exact along
 * each chord: the chord is cut wherever it enters or leaves an area, a town's reach or a road, and
 * each piece is judged at its middle by `terrainAt`.
 */
export function terrainAlong(ground: Ground, path: Float64Array, mover: MoverClass): TerrainShares {
  const shares: TerrainShares = {};
  // A path whose bounds meet no area or town lies all in the open: each piece's middle is within them.
  if (!terrainMayMeet(ground, boundsOf(path))) return shares;
  const chords = path.length / 2 - 1;
  const seg = new Float64Array(4);
  const breaks: number[] = [];
  for (let c = 0; c < chords; c++) {
    seg[0] = path[2 * c]!;
    seg[1] = path[2 * c + 1]!;
    seg[2] = path[2 * c + 2]!;
    seg[3] = path[2 * c + 3]!;
    if (seg[0] === seg[2] && seg[1] === seg[3]) continue;
    const box: Bounds = [
      Math.min(seg[0]!, seg[2]!),
      Math.min(seg[1]!, seg[3]!),
      Math.max(seg[0]!, seg[2]!),
      Math.max(seg[1]!, seg[3]!),
    ];
    breaks.length = 0;
    breaks.push(0, 1);
    for (const a of ground.areas) if (meets(a.bounds, box)) runsOfPolygon(a.coords, seg, breaks);
    let nearTown = false;
    for (const t of ground.towns) {
      if (!meets(t.bounds, box)) continue;
      nearTown = true;
      for (const b of t.buildings) {
        runsOfPolygon(b, seg, breaks);
        capsuleBreaks(b, true, TOWN_REACH, seg, breaks);
      }
    }
    if (nearTown)
      for (const r of ground.roads)
        if (meets(r.bounds, box)) capsuleBreaks(r.coords, false, r.reach, seg, breaks);
    breaks.sort((a, b) => a - b);
    for (let i = 0; i + 1 < breaks.length; i++) {
      const t0 = Math.max(0, breaks[i]!);
      const t1 = Math.min(1, breaks[i + 1]!);
      if (t1 - t0 <= 1e-12) continue;
      const tm = (t0 + t1) / 2;
      const terrain = terrainAt(
        ground,
        seg[0]! + (seg[2]! - seg[0]!) * tm,
        seg[1]! + (seg[3]! - seg[1]!) * tm,
        mover,
      );
      if (terrain === 'open') continue;
      shares[terrain] = (shares[terrain] ?? 0) + (t1 - t0) / chords;
    }
  }
  return shares;
}

let crossBuf = new Float64Array(64);

/** How many times a point's path crosses a line feature (from one side to the other). */
export function crossingsOf(line: Line, path: Float64Array): number {
  const box = boundsOf(path);
  if (!meets(line.bounds, box)) return 0;
  const seg = new Float64Array(4);
  if (crossBuf.length < line.coords.length) crossBuf = new Float64Array(line.coords.length);
  const out = crossBuf;
  let n = 0;
  for (let c = 0; c + 3 < path.length; c += 2) {
    seg[0] = path[c]!;
    seg[1] = path[c + 1]!;
    seg[2] = path[c + 2]!;
    seg[3] = path[c + 3]!;
    if (seg[0] === seg[2] && seg[1] === seg[3]) continue;
    const k = polylineCrossings(line.coords, 0, line.coords.length / 2, seg, 0, out);
    // A crossing exactly at a chord's join is counted once, by the chord it ends.
    for (let i = 0; i < k; i++) if (out[i]! > 0 || c === 0) n++;
  }
  return n;
}

/** The water course a stand stands in at the end of its move (any part within the water's width), if any. */
export function waterUnder(ground: Ground, stand: UnitStandState): Watercourse | undefined {
  const box = new Float64Array(BOX_STRIDE);
  packBox(stand, box, 0);
  const bounds = boundsOf(standCorners(stand));
  for (const w of ground.water) {
    if (!meets(w.bounds, bounds)) continue;
    for (let i = 0; i + 3 < w.coords.length; i += 2)
      if (segmentBoxDistance(w.coords, i, box, 0) <= w.reach) return w;
  }
  return undefined;
}
