import { flattenPoints } from '../geometry/points.ts';
import { pointInPolygon } from '../geometry/polygons.ts';
import {
  BOX_STRIDE,
  boxDistance,
  packBox,
  pointBoxDistance,
  segmentBoxDistance,
} from '../geometry/rectangles.ts';
import { EPSILON, SEGMENT_STRIDE } from '../geometry/segments.ts';
import {
  type FeatureId,
  type GeneralState,
  hasOutline,
  type StandId,
  type StandKind,
  type StandState,
  type TableState,
  type TerrainFeature,
  type TerrainKind,
  type UnitId,
  type UnitState,
} from './model.ts';

/**
 * How a rule set's sight lines treat what is on the table. The index sorts terrain by this when it is
 * built, so a sight line looks only at what can matter.
 */
export interface SightProfile {
  /** Kinds whose path (or outline, as a ring) blocks any sight line that touches it. */
  readonly barriers: readonly TerrainKind[];
  /**
   * Kinds with an outline whose runs along a sight line are reported to the rule set, which decides
   * what they do (woods, towns, hills). A hill zone also reports crossings of its crest.
   */
  readonly zones: readonly TerrainKind[];
  /** Stand kinds that block sight lines. */
  readonly blockingStands: readonly StandKind[];
  /** A stand no further than this (inches) from a barrier or a crest is in contact with it. */
  readonly contact: number;
}

export interface TableIndexOptions {
  /** Grid cell size in inches (default 2). */
  readonly cellSize?: number;
}

/** Grid cell size in inches when none is asked for. */
export const DEFAULT_CELL = 2;
const MAX_CELLS = 1 << 20;

/**
 * A uniform grid: `columns` x `rows` square cells of `cellSize` inches, the first with its corner at
 * (gridX, gridY); cell (c, r) is number r * columns + c.
 */
interface GridLayout {
  readonly cellSize: number;
  readonly gridX: number;
  readonly gridY: number;
  readonly columns: number;
  readonly rows: number;
}

/**
 * A grid with the terrain bucketed in it (CSR arrays, as `TableIndex` describes). `layout` is the grid
 * alone, the one kind of record the cell functions (`cellSpan`, `bucket`) are given, so that the
 * optimising compiler sees a single shape there rather than a grid, a layout and an index in turn.
 */
interface TerrainGrid extends GridLayout {
  readonly layout: GridLayout;
  readonly cellBarrierStart: Int32Array;
  readonly cellBarriers: Int32Array;
  readonly cellZoneStart: Int32Array;
  readonly cellZones: Int32Array;
}

/**
 * Where one group of stands (a unit's `stands`, or a General's stand) is on a terrain index. It depends
 * on the stands alone (and the terrain), so it is worked out once per stand list and shared by every
 * index over that terrain.
 */
interface Placement {
  readonly count: number;
  /** Packed boxes (rectangles.ts), BOX_STRIDE numbers per stand. */
  readonly boxes: Float64Array;
  /** Each stand's bounding box grown by `EPSILON`: minX, minY, maxX, maxY. */
  readonly grown: Float64Array;
  readonly blocks: Uint8Array;
  readonly elevation: Float64Array;
  /** The box holding every stand's bounding box (not grown): minX, minY, maxX, maxY. */
  readonly extent: readonly [number, number, number, number];
  /** Each stand's crests (see `TerrainIndex.crestsTouched`). */
  readonly crests: readonly Int32Array[];
  /** Each stand's barrier contacts on the terrain's own grid (see `TerrainIndex.contactsOn`; made when first needed). */
  contacts?: readonly Int32Array[];
}

/**
 * The terrain half of a `TableIndex`: everything that follows from the terrain, the table's size, the
 * profile and the cell size asked for, with the terrain bucketed in the grid that the table and terrain
 * alone call for. Terrain never changes during a battle, so this is built once per terrain record and
 * shared by every index over it; an index whose stands all lie within the terrain's grid uses that grid.
 */
class TerrainIndex {
  readonly features: readonly TerrainFeature[];
  readonly featureById = new Map<FeatureId, number>();
  readonly zoneByFeature: Int32Array;
  readonly zoneCount: number;
  readonly zoneFeature: Int32Array;
  readonly zoneCoords: Float64Array;
  readonly zoneOffset: Int32Array;
  readonly zoneVertices: Int32Array;
  readonly crestOffset: Int32Array;
  readonly crestVertices: Int32Array;
  readonly zoneBox: Float64Array;
  readonly barrierCount: number;
  readonly barrierSegments: Float64Array;
  readonly barrierFeature: Int32Array;
  readonly hills: readonly { readonly elevation: number; readonly outline: Float64Array }[];
  /** Bounding boxes of the barrier segments, then of the zones, grown by `EPSILON`: minX, minY, maxX, maxY. */
  private readonly itemBoxes: Float64Array;
  /** The table and everything of the terrain on it: minX, minY, maxX, maxY (not grown). */
  readonly extent: readonly [number, number, number, number];
  /** The cell size asked for (the grid may double it). */
  readonly cellOption: number;
  /** The grid over `extent`, with the terrain bucketed in it. */
  readonly grid: TerrainGrid;
  private lastGrid: { readonly extent: readonly number[]; readonly grid: TerrainGrid } | undefined;
  private readonly placements = new WeakMap<readonly StandState[] | StandState, Placement>();
  /** The stand layouts of the indexes built most recently over this terrain index, most recent first. */
  private readonly layouts: StandLayout[] = [];
  private readonly blocking: ReadonlySet<StandKind>;

  constructor(
    terrain: Readonly<Record<FeatureId, TerrainFeature>>,
    readonly width: number,
    readonly depth: number,
    readonly profile: SightProfile,
    cellOption: number,
  ) {
    this.blocking = new Set(profile.blockingStands);
    const features = Object.values(terrain);
    this.features = features;
    const barrierKinds = new Set<TerrainKind>(profile.barriers);
    const zoneKinds = new Set<TerrainKind>(profile.zones);
    const zoneFeature: number[] = [];
    const coords: number[] = [];
    const zoneOffset: number[] = [];
    const zoneVertices: number[] = [];
    const crestOffset: number[] = [];
    const crestVertices: number[] = [];
    const segs: number[] = [];
    const segFeature: number[] = [];
    this.zoneByFeature = new Int32Array(features.length).fill(-1);
    features.forEach((f, fi) => {
      if (this.featureById.has(f.id)) throw new Error(`duplicate terrain id ${f.id}`);
      this.featureById.set(f.id, fi);
      if (hasOutline(f) && f.outline.length < 3) throw new Error(`${f.id}: an outline needs 3 points`);
      if ('path' in f && f.path.length < 2) throw new Error(`${f.id}: a path needs 2 points`);
      if (zoneKinds.has(f.kind) && hasOutline(f)) {
        this.zoneByFeature[fi] = zoneFeature.length;
        zoneFeature.push(fi);
        zoneOffset.push(coords.length);
        zoneVertices.push(f.outline.length);
        for (const p of f.outline) coords.push(p.x, p.y);
        const crest = f.kind === 'hill' ? f.crest : undefined;
        crestOffset.push(coords.length);
        crestVertices.push(crest ? crest.length : 0);
        if (crest) for (const p of crest) coords.push(p.x, p.y);
      }
      if (barrierKinds.has(f.kind)) {
        const line = 'path' in f ? f.path : f.outline;
        const ring = 'path' in f ? 'closed' in f && f.closed === true : true;
        const last = ring ? line.length : line.length - 1;
        for (let i = 0; i < last; i++) {
          const p = line[i]!;
          const q = line[(i + 1) % line.length]!;
          segs.push(p.x, p.y, q.x, q.y);
          segFeature.push(fi);
        }
      }
    });
    const z = zoneFeature.length;
    this.zoneCount = z;
    this.zoneFeature = Int32Array.from(zoneFeature);
    this.zoneCoords = Float64Array.from(coords);
    this.zoneOffset = Int32Array.from(zoneOffset);
    this.zoneVertices = Int32Array.from(zoneVertices);
    this.crestOffset = Int32Array.from(crestOffset);
    this.crestVertices = Int32Array.from(crestVertices);
    this.zoneBox = new Float64Array(4 * z);
    for (let k = 0; k < z; k++) {
      let x0 = Number.POSITIVE_INFINITY;
      let y0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY;
      let y1 = Number.NEGATIVE_INFINITY;
      const end = this.crestOffset[k]! + 2 * this.crestVertices[k]!;
      for (let c = this.zoneOffset[k]!; c < end; c += 2) {
        const x = this.zoneCoords[c]!;
        const y = this.zoneCoords[c + 1]!;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      this.zoneBox[4 * k] = x0;
      this.zoneBox[4 * k + 1] = y0;
      this.zoneBox[4 * k + 2] = x1;
      this.zoneBox[4 * k + 3] = y1;
    }
    const b = segFeature.length;
    this.barrierCount = b;
    this.barrierFeature = Int32Array.from(segFeature);
    this.barrierSegments = Float64Array.from(segs);
    this.hills = features.flatMap((f) =>
      f.kind === 'hill' ? [{ elevation: f.elevation, outline: flattenPoints(f.outline) }] : [],
    );

    // The extent: the table and every barrier segment and zone.
    const boxes = new Float64Array(4 * (b + z));
    const extent: [number, number, number, number] = [0, 0, width, depth];
    const put = (k: number, x0: number, y0: number, x1: number, y1: number) => {
      boxes[4 * k] = x0 - EPSILON;
      boxes[4 * k + 1] = y0 - EPSILON;
      boxes[4 * k + 2] = x1 + EPSILON;
      boxes[4 * k + 3] = y1 + EPSILON;
      extendExtent(extent, x0, y0, x1, y1);
    };
    const segsOf = this.barrierSegments;
    for (let i = 0; i < b; i++) {
      const k = i * SEGMENT_STRIDE;
      const x0 = segsOf[k]!;
      const y0 = segsOf[k + 1]!;
      const x1 = segsOf[k + 2]!;
      const y1 = segsOf[k + 3]!;
      put(i, Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
    }
    for (let k = 0; k < z; k++) {
      const zb = this.zoneBox;
      put(b + k, zb[4 * k]!, zb[4 * k + 1]!, zb[4 * k + 2]!, zb[4 * k + 3]!);
    }
    this.itemBoxes = boxes;
    this.extent = extent;
    if (!(cellOption > 0)) throw new Error('cellSize must be positive');
    this.cellOption = cellOption;
    this.grid = this.gridOver(extent);
  }

  /**
   * The grid over `extent` (the table and all on it, with a cell to spare all round), the terrain
   * bucketed in it. The last one made is kept: a stand off the terrain's own grid tends to stay there.
   */
  gridOver(extent: readonly [number, number, number, number]): TerrainGrid {
    const [gx0, gy0, gx1, gy1] = extent;
    const last = this.lastGrid;
    if (
      last &&
      last.extent[0] === gx0 &&
      last.extent[1] === gy0 &&
      last.extent[2] === gx1 &&
      last.extent[3] === gy1
    )
      return last.grid;
    let cell = this.cellOption;
    while (((gx1 - gx0) / cell + 3) * ((gy1 - gy0) / cell + 3) > MAX_CELLS) cell *= 2;
    const layout: GridLayout = {
      cellSize: cell,
      gridX: gx0 - cell,
      gridY: gy0 - cell,
      columns: Math.floor((gx1 - gx0) / cell) + 3,
      rows: Math.floor((gy1 - gy0) / cell) + 3,
    };
    const [cellBarrierStart, cellBarriers] = bucket(layout, this.itemBoxes, 0, this.barrierCount);
    const [cellZoneStart, cellZones] = bucket(layout, this.itemBoxes, this.barrierCount, this.zoneCount);
    const grid = { ...layout, layout, cellBarrierStart, cellBarriers, cellZoneStart, cellZones };
    this.lastGrid = { extent: [gx0, gy0, gx1, gy1], grid };
    return grid;
  }

  /** The elevation of a point (see `TableIndex.elevationAt`). */
  elevationAt(x: number, y: number): number {
    let e = 0;
    for (const h of this.hills) {
      if (h.elevation > e && pointInPolygon(h.outline, 0, h.outline.length / 2, x, y) > 0) e = h.elevation;
    }
    return e;
  }

  /** The roster of a recent layout that numbers these units and generals, if any. */
  recentRoster(units: readonly UnitState[], generals: readonly GeneralState[]): Roster | undefined {
    for (const layout of this.layouts)
      if (rosterFits(layout.roster, units, generals, layout.lists)) return layout.roster;
    return undefined;
  }

  /** The recent layout of this roster with the fewest of these stand lists changed, if any. */
  recentLayout(roster: Roster, lists: readonly StandList[]): StandLayout | undefined {
    let best: StandLayout | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const layout of this.layouts) {
      if (layout.roster !== roster) continue;
      let changed = 0;
      for (let k = 0; k < lists.length; k++) if (layout.lists[k] !== lists[k]) changed++;
      if (changed < fewest) {
        fewest = changed;
        best = layout;
      }
    }
    return best;
  }

  /** Keeps a layout as the most recent, letting go of the oldest beyond `LAYOUTS_KEPT`. */
  rememberLayout(layout: StandLayout): void {
    const at = this.layouts.indexOf(layout);
    if (at === 0) return;
    if (at > 0) this.layouts.splice(at, 1);
    this.layouts.unshift(layout);
    if (this.layouts.length > LAYOUTS_KEPT) this.layouts.pop();
  }

  /** Where a unit's stands, or a General's stand, are on this terrain (worked out once per stand list). */
  placementOf(stands: StandList): Placement {
    const known = this.placements.get(stands);
    if (known) return known;
    const list = Array.isArray(stands) ? (stands as readonly StandState[]) : [stands as StandState];
    const count = list.length;
    const boxes = new Float64Array(count * BOX_STRIDE);
    const grown = new Float64Array(4 * count);
    const blocks = new Uint8Array(count);
    const elevation = new Float64Array(count);
    const extent: [number, number, number, number] = [
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (let i = 0; i < count; i++) {
      const s = list[i]!;
      checkStand(s);
      const at = i * BOX_STRIDE;
      packBox(s, boxes, at);
      const c = Math.abs(boxes[at + 2]!);
      const sn = Math.abs(boxes[at + 3]!);
      const hw = boxes[at + 4]!;
      const hd = boxes[at + 5]!;
      const ex = hw * sn + hd * c;
      const ey = hw * c + hd * sn;
      const x0 = boxes[at]! - ex;
      const y0 = boxes[at + 1]! - ey;
      const x1 = boxes[at]! + ex;
      const y1 = boxes[at + 1]! + ey;
      grown[4 * i] = x0 - EPSILON;
      grown[4 * i + 1] = y0 - EPSILON;
      grown[4 * i + 2] = x1 + EPSILON;
      grown[4 * i + 3] = y1 + EPSILON;
      extendExtent(extent, x0, y0, x1, y1);
      blocks[i] = this.blocking.has(s.kind) ? 1 : 0;
      elevation[i] = this.elevationAt(boxes[at]!, boxes[at + 1]!);
    }
    const crests: Int32Array[] = [];
    for (let i = 0; i < count; i++) crests.push(this.crestsTouched(boxes, grown, i));
    const placement: Placement = { count, boxes, grown, blocks, elevation, extent, crests };
    this.placements.set(stands, placement);
    return placement;
  }

  /**
   * The barrier segments each stand of a placement is in contact with, in the order met on `grid` (see
   * `barriersTouched`). Which segments those are does not depend on the grid, only their order: so the
   * lists made on the terrain's own grid are kept with the placement, and serve any grid where no stand
   * has two.
   */
  contactsOn(p: Placement, grid: TerrainGrid): readonly Int32Array[] {
    p.contacts ??= this.contactsOnGrid(p, this.grid);
    if (grid === this.grid || p.contacts.every((c) => c.length < 2)) return p.contacts;
    return this.contactsOnGrid(p, grid);
  }

  private contactsOnGrid(p: Placement, grid: TerrainGrid): Int32Array[] {
    const contacts: Int32Array[] = [];
    for (let i = 0; i < p.count; i++) contacts.push(this.barriersTouched(grid, p.boxes, p.grown, i));
    return contacts;
  }

  /**
   * The barrier segments within `profile.contact` of stand i of `boxes` (packed), whose grown bounding
   * box is at 4 * i of `grown`, in the order met scanning the cells of `grid` that box, grown by the
   * reach, covers.
   */
  barriersTouched(grid: TerrainGrid, boxes: Float64Array, grown: Float64Array, i: number): Int32Array {
    if (this.barrierCount === 0) return NONE;
    const reach = this.profile.contact;
    const found: number[] = [];
    const span = cellSpan(
      grid.layout,
      grown[4 * i]! - reach,
      grown[4 * i + 1]! - reach,
      grown[4 * i + 2]! + reach,
      grown[4 * i + 3]! + reach,
    );
    const cellStart = grid.cellBarrierStart;
    const cellItems = grid.cellBarriers;
    for (let r = span[2]!; r <= span[3]!; r++)
      for (let c = span[0]!; c <= span[1]!; c++) {
        const cell = r * grid.columns + c;
        for (let k = cellStart[cell]!; k < cellStart[cell + 1]!; k++) {
          const g = cellItems[k]!;
          if (found.includes(g)) continue;
          if (segmentBoxDistance(this.barrierSegments, g * SEGMENT_STRIDE, boxes, i * BOX_STRIDE) <= reach)
            found.push(g);
        }
      }
    return found.length > 0 ? Int32Array.from(found) : NONE;
  }

  /**
   * The hill zones whose crest (outline, when it has none) is within `profile.contact` of stand i of
   * `boxes` (packed), whose grown bounding box is at 4 * i of `grown`; ascending.
   */
  crestsTouched(boxes: Float64Array, grown: Float64Array, i: number): Int32Array {
    const reach = this.profile.contact;
    const bx0 = grown[4 * i]! - reach;
    const by0 = grown[4 * i + 1]! - reach;
    const bx1 = grown[4 * i + 2]! + reach;
    const by1 = grown[4 * i + 3]! + reach;
    const zb = this.zoneBox;
    const found: number[] = [];
    for (let k = 0; k < this.zoneCount; k++) {
      if (this.features[this.zoneFeature[k]!]!.kind !== 'hill') continue;
      if (zb[4 * k]! > bx1 || zb[4 * k + 2]! < bx0 || zb[4 * k + 1]! > by1 || zb[4 * k + 3]! < by0) continue;
      if (this.touchesCrest(k, boxes, i * BOX_STRIDE, reach)) found.push(k);
    }
    return found.length > 0 ? Int32Array.from(found) : NONE;
  }

  /** Whether a packed box is within `reach` of hill zone z's crest line (its outline when it has none). */
  private touchesCrest(z: number, boxes: Float64Array, at: number, reach: number): boolean {
    const crest = this.crestVertices[z]! > 0;
    const off = crest ? this.crestOffset[z]! : this.zoneOffset[z]!;
    const count = crest ? this.crestVertices[z]! : this.zoneVertices[z]!;
    const last = crest ? count - 1 : count;
    const zc = this.zoneCoords;
    const seg = CREST_SEGMENT;
    for (let i = 0; i < last; i++) {
      const j = (i + 1) % count;
      seg[0] = zc[off + 2 * i]!;
      seg[1] = zc[off + 2 * i + 1]!;
      seg[2] = zc[off + 2 * j]!;
      seg[3] = zc[off + 2 * j + 1]!;
      if (segmentBoxDistance(seg, 0, boxes, at) <= reach) return true;
    }
    return false;
  }
}

const NONE = new Int32Array(0);
const CREST_SEGMENT = new Float64Array(SEGMENT_STRIDE);
const SPAN = new Int32Array(4);

/** The terrain indexes built over each terrain record (one per table size, profile and cell size asked for). */
const terrainIndexes = new WeakMap<Readonly<Record<FeatureId, TerrainFeature>>, TerrainIndex[]>();
/** How many terrain indexes a terrain record keeps (the most recently built). */
const TERRAIN_VARIANTS = 4;

function terrainIndexOf(table: TableState, profile: SightProfile, cellOption: number): TerrainIndex {
  const known = terrainIndexes.get(table.terrain) ?? [];
  for (const t of known)
    if (
      t.profile === profile &&
      t.cellOption === cellOption &&
      t.width === table.width &&
      t.depth === table.depth
    )
      return t;
  const built = new TerrainIndex(table.terrain, table.width, table.depth, profile, cellOption);
  terrainIndexes.set(table.terrain, [built, ...known.slice(0, TERRAIN_VARIANTS - 1)]);
  return built;
}

/** Grows `extent` (minX, minY, maxX, maxY) to hold the box x0, y0, x1, y1. */
function extendExtent(
  extent: [number, number, number, number],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
) {
  if (x0 < extent[0]) extent[0] = x0;
  if (y0 < extent[1]) extent[1] = y0;
  if (x1 > extent[2]) extent[2] = x1;
  if (y1 > extent[3]) extent[3] = y1;
}

/** The cells of `grid` that the box x0, y0, x1, y1 meets, clamped to the grid: c0, c1, r0, r1 (in a shared scratch array). */
function cellSpan(grid: GridLayout, x0: number, y0: number, x1: number, y1: number): Int32Array {
  const inv = 1 / grid.cellSize;
  SPAN[0] = clampInt(Math.floor((x0 - grid.gridX) * inv), grid.columns);
  SPAN[1] = clampInt(Math.floor((x1 - grid.gridX) * inv), grid.columns);
  SPAN[2] = clampInt(Math.floor((y0 - grid.gridY) * inv), grid.rows);
  SPAN[3] = clampInt(Math.floor((y1 - grid.gridY) * inv), grid.rows);
  return SPAN;
}

/**
 * Buckets items first..first+count-1 (bounding boxes, 4 numbers each, in `boxes`) into the cells of
 * `grid`, as CSR arrays: the items meeting cell i are items[start[i] .. start[i + 1] - 1], ascending.
 */
function bucket(
  grid: GridLayout,
  boxes: Float64Array,
  first: number,
  count: number,
): [Int32Array, Int32Array] {
  const start = new Int32Array(grid.columns * grid.rows + 1);
  countCells(grid, boxes, first, count, start);
  const items = new Int32Array(start[start.length - 1]!);
  fillCells(grid, boxes, first, count, start, items);
  return [start, items];
}

/** The first half of `bucket`: makes `start` (zeroed, one more than the cells) the CSR starts. */
function countCells(grid: GridLayout, boxes: Float64Array, first: number, count: number, start: Int32Array) {
  const cells = grid.columns * grid.rows;
  const columns = grid.columns;
  for (let i = 0; i < count; i++) {
    const k = 4 * (first + i);
    const span = cellSpan(grid, boxes[k]!, boxes[k + 1]!, boxes[k + 2]!, boxes[k + 3]!);
    for (let r = span[2]!; r <= span[3]!; r++)
      for (let c = span[0]!; c <= span[1]!; c++) start[r * columns + c + 1]!++;
  }
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
}

/** The second half of `bucket`: fills `items` by the starts `countCells` made. */
function fillCells(
  grid: GridLayout,
  boxes: Float64Array,
  first: number,
  count: number,
  start: Int32Array,
  items: Int32Array,
) {
  const columns = grid.columns;
  if (fillScratch.length < start.length)
    fillScratch = new Int32Array(Math.max(start.length, 2 * fillScratch.length));
  const fill = fillScratch;
  fill.set(start);
  for (let i = 0; i < count; i++) {
    const k = 4 * (first + i);
    const span = cellSpan(grid, boxes[k]!, boxes[k + 1]!, boxes[k + 2]!, boxes[k + 3]!);
    for (let r = span[2]!; r <= span[3]!; r++)
      for (let c = span[0]!; c <= span[1]!; c++) items[fill[r * columns + c]!++] = i;
  }
}

/** Scratch arrays for building an index, grown as needed and reused (an index is built in one go). */
let intScratch = new Int32Array(0);
let fillScratch = new Int32Array(0);

function scratchInts(length: number): Int32Array {
  if (intScratch.length < length) intScratch = new Int32Array(Math.max(length, 2 * intScratch.length));
  return intScratch.subarray(0, length);
}

/**
 * A spatial index of one table state for one sight profile: stands and terrain in flat typed arrays,
 * bucketed in a uniform grid. Built once per state (it copies what it needs; the state is never
 * changed). The terrain's half (barrier segments, zones, hills and their buckets) is built once per
 * terrain record and shared, and so is what each stand state comes to on it (its box, elevation and
 * contacts). An index over the same terrain and roster as a recent one is that one updated: the
 * stands of the units and Generals whose stand lists changed are placed again, the rest copied in one
 * go, and the cells filled again (`carried`); over a known terrain either is linear in the number of
 * stands and grid cells. Stands are numbered 0..standCount-1: each unit's stands together, in
 * its `stands` order, units in the order of `Object.values(table.units)`, then the generals likewise.
 *
 * Terrain is sorted by the profile into
 * - barrier segments: every segment of a barrier feature's path (or outline ring);
 * - zones: features with an outline that the rule set interprets along a sight line.
 * Each stand also knows the barrier segments it is in contact with (it lines the wall) and the hills
 * whose crest it touches (it stands on the crest; a hill without a crest line: its outline).
 *
 * The typed arrays may be shared between indexes over the same terrain: treat them as read-only.
 */
export class TableIndex {
  readonly table: TableState;
  readonly profile: SightProfile;

  readonly standCount: number;
  readonly standIds: readonly StandId[];
  readonly stands: readonly StandState[];
  /** Unit index of each stand, or -1 for a general. */
  readonly standUnit: Int32Array;
  /** Unit id or general id owning each stand. */
  readonly standOwner: readonly string[];
  /** Stand s as a packed box (rectangles.ts) at s * BOX_STRIDE: x, y, cos, sin, half width, half depth. */
  readonly standBoxes: Float64Array;
  readonly standBlocks: Uint8Array;
  /** Elevation of each stand's centre (see `elevationAt`). */
  readonly standElevation: Float64Array;

  readonly unitIds: readonly UnitId[];
  /** Stands of unit u are standUnitStart[u] .. standUnitStart[u + 1] - 1. */
  readonly unitStandStart: Int32Array;

  readonly features: readonly TerrainFeature[];

  readonly zoneCount: number;
  /** Feature index of each zone. */
  readonly zoneFeature: Int32Array;
  /** Outline of zone z: vertices zoneOffset[z] (a coordinate index into zoneCoords), zoneVertices[z] of them. */
  readonly zoneCoords: Float64Array;
  readonly zoneOffset: Int32Array;
  readonly zoneVertices: Int32Array;
  /** Crest line of a hill zone, in zoneCoords; 0 vertices when it has none. */
  readonly crestOffset: Int32Array;
  readonly crestVertices: Int32Array;
  /** Bounding box of each zone: minX, minY, maxX, maxY. */
  readonly zoneBox: Float64Array;

  readonly barrierCount: number;
  /** Barrier segment g, packed (segments.ts) at g * SEGMENT_STRIDE. */
  readonly barrierSegments: Float64Array;
  /** Feature index of each barrier segment. */
  readonly barrierFeature: Int32Array;

  /**
   * The grid: `columns` x `rows` square cells of `cellSize` inches, the first with its corner at
   * (gridX, gridY), covering the table and everything on it; cell (c, r) is number r * columns + c.
   * The stands whose bounding box (grown by `EPSILON`) meets cell i are
   * cellStands[cellStandStart[i] .. cellStandStart[i + 1] - 1]; likewise barrier segments and zones.
   */
  readonly cellSize: number;
  readonly gridX: number;
  readonly gridY: number;
  readonly columns: number;
  readonly rows: number;
  /** The grid alone (see `TerrainGrid`). */
  private readonly layout: GridLayout;
  readonly cellStandStart: Int32Array;
  readonly cellStands: Int32Array;
  readonly cellBarrierStart: Int32Array;
  readonly cellBarriers: Int32Array;
  readonly cellZoneStart: Int32Array;
  readonly cellZones: Int32Array;

  /** Barrier segments stand s is in contact with: standContactStart[s] .. standContactStart[s + 1] - 1. */
  readonly standContactStart: Int32Array;
  readonly standContacts: Int32Array;
  /** Zones (hills) whose crest stand s touches, same layout. */
  readonly standCrestStart: Int32Array;
  readonly standCrests: Int32Array;

  /**
   * Whether this index was made by updating a recent one over the same terrain and roster (the stands
   * of the units that moved placed again, the rest copied) rather than laid out afresh: the answers
   * are the same either way (test/game/jc-spatial-index.test.ts).
   */
  readonly carried: boolean;

  private readonly roster: Roster;
  private readonly terrain: TerrainIndex;
  /** Scratch for `standsWithin` (made when first needed). */
  private mark: Int32Array | undefined;
  private stamp = 0;

  constructor(table: TableState, profile: SightProfile, options: TableIndexOptions = {}) {
    this.table = table;
    this.profile = profile;

    // Stands.
    const units = Object.values(table.units);
    const generals = Object.values(table.generals);
    const terrain = terrainIndexOf(table, profile, options.cellSize ?? DEFAULT_CELL);
    const roster = terrain.recentRoster(units, generals) ?? rosterOf(units, generals);
    this.roster = roster;
    const n = roster.standIds.length;
    this.standCount = n;
    this.standIds = roster.standIds;
    this.standOwner = roster.standOwner;
    this.standUnit = roster.standUnit;
    this.unitIds = roster.unitIds;
    this.unitStandStart = roster.unitStandStart;

    // Terrain.
    this.terrain = terrain;
    this.features = terrain.features;
    this.zoneCount = terrain.zoneCount;
    this.zoneFeature = terrain.zoneFeature;
    this.zoneCoords = terrain.zoneCoords;
    this.zoneOffset = terrain.zoneOffset;
    this.zoneVertices = terrain.zoneVertices;
    this.crestOffset = terrain.crestOffset;
    this.crestVertices = terrain.crestVertices;
    this.zoneBox = terrain.zoneBox;
    this.barrierCount = terrain.barrierCount;
    this.barrierSegments = terrain.barrierSegments;
    this.barrierFeature = terrain.barrierFeature;

    // Where each stand is: updated from a recent index over the same terrain and roster when there is
    // one on the same grid, else laid out afresh.
    const lists: StandList[] = new Array(units.length + generals.length);
    for (let u = 0; u < units.length; u++) lists[u] = units[u]!.stands;
    for (let g = 0; g < generals.length; g++) lists[units.length + g] = generals[g]!.stand;
    const earlier = terrain.recentLayout(roster, lists);
    const updated = earlier && updatedLayout(terrain, earlier, lists);
    const layout = updated ?? freshLayout(terrain, roster, lists);
    terrain.rememberLayout(layout);
    this.carried = updated !== undefined;
    this.stands = layout.stands;
    const grid = layout.grid;
    this.cellSize = grid.cellSize;
    this.gridX = grid.gridX;
    this.gridY = grid.gridY;
    this.columns = grid.columns;
    this.rows = grid.rows;
    this.layout = grid.layout;
    this.cellBarrierStart = grid.cellBarrierStart;
    this.cellBarriers = grid.cellBarriers;
    this.cellZoneStart = grid.cellZoneStart;
    this.cellZones = grid.cellZones;
    this.standBoxes = layout.standBoxes;
    this.standElevation = layout.standElevation;
    this.standBlocks = layout.standBlocks;
    this.cellStandStart = layout.cellStandStart;
    this.cellStands = layout.cellStands;
    this.standContactStart = layout.standContactStart;
    this.standContacts = layout.standContacts;
    this.standCrestStart = layout.standCrestStart;
    this.standCrests = layout.standCrests;
  }

  /** The index of a stand by id, or -1. */
  standIndex(id: StandId): number {
    return this.roster.standById.get(id) ?? -1;
  }

  /** The index of a unit by id, or -1. */
  unitIndex(id: UnitId): number {
    return this.roster.unitById.get(id) ?? -1;
  }

  /** The index of a terrain feature by id, or -1. */
  featureIndex(id: FeatureId): number {
    return this.terrain.featureById.get(id) ?? -1;
  }

  /** The zone index of a feature, or -1 when the profile does not make it a zone. */
  zoneOfFeature(featureIndex: number): number {
    return this.terrain.zoneByFeature[featureIndex] ?? -1;
  }

  /** The elevation of a point: the highest level of the hills whose interior contains it; 0 on the plain. */
  elevationAt(x: number, y: number): number {
    return this.terrain.elevationAt(x, y);
  }

  /** Whether stand s lines barrier segment g (is within `profile.contact` of it). */
  standContactsBarrier(s: number, g: number): boolean {
    for (let k = this.standContactStart[s]!; k < this.standContactStart[s + 1]!; k++)
      if (this.standContacts[k] === g) return true;
    return false;
  }

  /** Whether stand s stands on the crest of hill zone z. */
  standOnCrest(s: number, z: number): boolean {
    for (let k = this.standCrestStart[s]!; k < this.standCrestStart[s + 1]!; k++)
      if (this.standCrests[k] === z) return true;
    return false;
  }

  /**
   * The stands within `radius` inches of point (x, y) (edge distance: 0 inside a stand), in index
   * order, written to `out` (cleared first); returns how many.
   */
  standsWithin(x: number, y: number, radius: number, out: number[]): number {
    out.length = 0;
    const r = radius + EPSILON;
    const stamp = ++this.stamp;
    this.mark ??= new Int32Array(this.standCount);
    const mark = this.mark;
    const span = cellSpan(this.layout, x - r, y - r, x + r, y + r);
    for (let row = span[2]!; row <= span[3]!; row++)
      for (let col = span[0]!; col <= span[1]!; col++) {
        const cellIndex = row * this.columns + col;
        for (let k = this.cellStandStart[cellIndex]!; k < this.cellStandStart[cellIndex + 1]!; k++) {
          const i = this.cellStands[k]!;
          if (mark[i] === stamp) continue;
          mark[i] = stamp;
          if (pointBoxDistance(x, y, this.standBoxes, i * BOX_STRIDE) <= radius) out.push(i);
        }
      }
    out.sort((a, b) => a - b);
    return out.length;
  }

  /** The edge-to-edge distance between stands i and j (0 when they touch or overlap). */
  standDistance(i: number, j: number): number {
    return boxDistance(this.standBoxes, i * BOX_STRIDE, this.standBoxes, j * BOX_STRIDE);
  }
}

/** A unit's `stands`, or a General's stand: what one placement places. */
type StandList = readonly StandState[] | StandState;

/** The typed arrays of a `StandLayout` that hold one number (or list) per stand. */
interface StandArrays {
  readonly standBoxes: Float64Array;
  readonly standElevation: Float64Array;
  /** Each stand's bounding box grown by `EPSILON` (as `Placement.grown`): what the cells bucket. */
  readonly standGrown: Float64Array;
  readonly standContactStart: Int32Array;
  readonly standContacts: Int32Array;
  readonly standCrestStart: Int32Array;
  readonly standCrests: Int32Array;
  readonly standBlocks: Uint8Array;
}

/**
 * Everything of a `TableIndex` that follows from where the stands are, for one roster on one terrain
 * index: each stand list's placement, the grid, the per-stand arrays (in one buffer, since a typed
 * array's own memory is dear to make) and the stands bucketed in the grid's cells.
 */
interface StandLayout extends StandArrays {
  readonly roster: Roster;
  /** The stand lists placed, one per unit then one per General, in roster order. */
  readonly lists: readonly StandList[];
  readonly placements: readonly Placement[];
  readonly stands: readonly StandState[];
  readonly grid: TerrainGrid;
  /** The buffer holding the `StandArrays`. */
  readonly buffer: ArrayBuffer;
  readonly cellStandStart: Int32Array;
  readonly cellStands: Int32Array;
}

/** How many layouts a terrain index keeps to update (a battle's table, and the tables each side sees). */
const LAYOUTS_KEPT = 4;

/** The grid for these placements: the terrain's own, unless a stand lies beyond it. */
function gridFor(terrain: TerrainIndex, placements: readonly Placement[]): TerrainGrid {
  const [tx0, ty0, tx1, ty1] = terrain.extent;
  let within = true;
  for (let k = 0; within && k < placements.length; k++) {
    const e = placements[k]!.extent;
    within = e[0] >= tx0 && e[1] >= ty0 && e[2] <= tx1 && e[3] <= ty1;
  }
  if (within) return terrain.grid;
  const extent: [number, number, number, number] = [tx0, ty0, tx1, ty1];
  for (const p of placements) extendExtent(extent, p.extent[0], p.extent[1], p.extent[2], p.extent[3]);
  const own = extent[0] === tx0 && extent[1] === ty0 && extent[2] === tx1 && extent[3] === ty1;
  return own ? terrain.grid : terrain.gridOver(extent);
}

/** Views of a stand buffer laid out for `n` stands with so many contacts and crests. */
function standArrays(buffer: ArrayBuffer, n: number, contactCount: number, crestCount: number): StandArrays {
  const standBoxes = new Float64Array(buffer, 0, n * BOX_STRIDE);
  let at = 8 * n * BOX_STRIDE;
  const standElevation = new Float64Array(buffer, at, n);
  at += 8 * n;
  const standGrown = new Float64Array(buffer, at, 4 * n);
  at += 32 * n;
  const standContactStart = new Int32Array(buffer, at, n + 1);
  at += 4 * (n + 1);
  const standContacts = new Int32Array(buffer, at, contactCount);
  at += 4 * contactCount;
  const standCrestStart = new Int32Array(buffer, at, n + 1);
  at += 4 * (n + 1);
  const standCrests = new Int32Array(buffer, at, crestCount);
  at += 4 * crestCount;
  const standBlocks = new Uint8Array(buffer, at, n);
  return {
    standBoxes,
    standElevation,
    standGrown,
    standContactStart,
    standContacts,
    standCrestStart,
    standCrests,
    standBlocks,
  };
}

/** The bytes of a stand buffer for `n` stands with so many contacts and crests. */
const standBufferBytes = (n: number, contactCount: number, crestCount: number) =>
  8 * n * (BOX_STRIDE + 5) + 4 * (2 * (n + 1) + contactCount + crestCount) + n;

/** The stands (by their grown boxes) bucketed in the cells of `grid`, as `TableIndex` describes. */
function standCells(
  grid: TerrainGrid,
  grown: Float64Array,
  n: number,
): { cellStandStart: Int32Array; cellStands: Int32Array } {
  const cells = grid.columns * grid.rows;
  const counts = scratchInts(cells + 1);
  counts.fill(0);
  countCells(grid.layout, grown, 0, n, counts);
  const both = new Int32Array(cells + 1 + counts[cells]!);
  const cellStandStart = both.subarray(0, cells + 1);
  const cellStands = both.subarray(cells + 1);
  cellStandStart.set(counts);
  fillCells(grid.layout, grown, 0, n, cellStandStart, cellStands);
  return { cellStandStart, cellStands };
}

/** The layout of these stand lists worked out from their placements alone. */
function freshLayout(terrain: TerrainIndex, roster: Roster, lists: readonly StandList[]): StandLayout {
  const placements: Placement[] = [];
  for (let k = 0; k < lists.length; k++) placements.push(terrain.placementOf(lists[k]!));
  const grid = gridFor(terrain, placements);
  const n = roster.standIds.length;
  const contacts: Int32Array[] = [];
  const crests: Int32Array[] = [];
  let contactCount = 0;
  let crestCount = 0;
  for (const p of placements) {
    for (const c of terrain.contactsOn(p, grid)) {
      contacts.push(c);
      contactCount += c.length;
    }
    for (const c of p.crests) {
      crests.push(c);
      crestCount += c.length;
    }
  }
  const buffer = new ArrayBuffer(standBufferBytes(n, contactCount, crestCount));
  const arrays = standArrays(buffer, n, contactCount, crestCount);
  const stands: StandState[] = new Array(n);
  let first = 0;
  for (let k = 0; k < placements.length; k++) {
    const p = placements[k]!;
    placeStands(arrays, stands, p, lists[k]!, first);
    first += p.count;
  }
  joinLists(contacts, arrays.standContactStart, arrays.standContacts);
  joinLists(crests, arrays.standCrestStart, arrays.standCrests);
  return standLayout(
    roster,
    lists,
    placements,
    stands,
    grid,
    buffer,
    arrays,
    standCells(grid, arrays.standGrown, n),
  );
}

/**
 * The layout of these stand lists made from an earlier layout of the same roster: the lists that are
 * the same objects keep what they had, the others are placed again and the cells filled again. None
 * when it cannot be an update: the grid changed, or a stand placed again touches a different number of
 * barrier segments or crests (the lists' lengths would move); the caller then lays them out afresh.
 */
function updatedLayout(
  terrain: TerrainIndex,
  before: StandLayout,
  lists: readonly StandList[],
): StandLayout | undefined {
  const changed: number[] = [];
  for (let k = 0; k < lists.length; k++) if (lists[k] !== before.lists[k]) changed.push(k);
  if (changed.length === 0) return before;
  const placements = before.placements.slice();
  for (const k of changed) placements[k] = terrain.placementOf(lists[k]!);
  const grid = gridFor(terrain, placements);
  if (grid !== before.grid) return undefined;
  const roster = before.roster;
  const contactsOf: (readonly Int32Array[])[] = [];
  for (const k of changed) {
    const p = placements[k]!;
    const contacts = terrain.contactsOn(p, grid);
    const first = firstStandOf(roster, k);
    for (let i = 0; i < p.count; i++) {
      const s = first + i;
      if (contacts[i]!.length !== before.standContactStart[s + 1]! - before.standContactStart[s]!)
        return undefined;
      if (p.crests[i]!.length !== before.standCrestStart[s + 1]! - before.standCrestStart[s]!)
        return undefined;
    }
    contactsOf.push(contacts);
  }
  const n = roster.standIds.length;
  const buffer = before.buffer.slice(0);
  const arrays = standArrays(buffer, n, before.standContacts.length, before.standCrests.length);
  const stands = before.stands.slice();
  for (let j = 0; j < changed.length; j++) {
    const k = changed[j]!;
    const p = placements[k]!;
    const first = firstStandOf(roster, k);
    placeStands(arrays, stands, p, lists[k]!, first);
    const contacts = contactsOf[j]!;
    for (let i = 0; i < p.count; i++) {
      arrays.standContacts.set(contacts[i]!, arrays.standContactStart[first + i]!);
      arrays.standCrests.set(p.crests[i]!, arrays.standCrestStart[first + i]!);
    }
  }
  return standLayout(
    roster,
    lists,
    placements,
    stands,
    grid,
    buffer,
    arrays,
    standCells(grid, arrays.standGrown, n),
  );
}

/** The first stand of stand list k (a unit's, then a General's) of a roster. */
function firstStandOf(roster: Roster, k: number): number {
  const unitCount = roster.unitIds.length;
  return k < unitCount ? roster.unitStandStart[k]! : roster.unitStandStart[unitCount]! + k - unitCount;
}

/** A stand layout, its fields set one by one in one order (no spread copies in this hot path). */
function standLayout(
  roster: Roster,
  lists: readonly StandList[],
  placements: readonly Placement[],
  stands: readonly StandState[],
  grid: TerrainGrid,
  buffer: ArrayBuffer,
  arrays: StandArrays,
  cells: { cellStandStart: Int32Array; cellStands: Int32Array },
): StandLayout {
  return {
    roster,
    lists,
    placements,
    stands,
    grid,
    buffer,
    standBoxes: arrays.standBoxes,
    standElevation: arrays.standElevation,
    standGrown: arrays.standGrown,
    standContactStart: arrays.standContactStart,
    standContacts: arrays.standContacts,
    standCrestStart: arrays.standCrestStart,
    standCrests: arrays.standCrests,
    standBlocks: arrays.standBlocks,
    cellStandStart: cells.cellStandStart,
    cellStands: cells.cellStands,
  };
}

/** Writes a placement's stands from stand `first` on: their states, boxes, elevations, grown boxes and whether they block. */
function placeStands(
  arrays: StandArrays,
  stands: StandState[],
  p: Placement,
  list: StandList,
  first: number,
): void {
  if (Array.isArray(list))
    for (let i = 0; i < p.count; i++) stands[first + i] = (list as readonly StandState[])[i]!;
  else stands[first] = list as StandState;
  arrays.standBoxes.set(p.boxes, first * BOX_STRIDE);
  arrays.standElevation.set(p.elevation, first);
  arrays.standGrown.set(p.grown, 4 * first);
  arrays.standBlocks.set(p.blocks, first);
}

/** Writes the lists one after another as CSR arrays into `start` (one more than the lists) and `items`. */
function joinLists(lists: readonly Int32Array[], start: Int32Array, items: Int32Array): void {
  start[0] = 0;
  for (let i = 0; i < lists.length; i++) {
    const list = lists[i]!;
    if (list.length > 0) items.set(list, start[i]!);
    start[i + 1] = start[i]! + list.length;
  }
}

function checkStand(s: StandState): void {
  if (!(s.width > 0 && s.depth > 0)) throw new Error(`stand ${s.id} must have a positive width and depth`);
}

/**
 * Who is on a table, in index order (see `TableIndex`): the numbering of units and stands. It follows
 * the ids alone, so tables with the same units and stands (wherever they stand) share one.
 */
interface Roster {
  readonly unitIds: readonly UnitId[];
  readonly unitStandStart: Int32Array;
  readonly standIds: readonly StandId[];
  readonly standOwner: readonly string[];
  readonly standUnit: Int32Array;
  readonly standById: ReadonlyMap<StandId, number>;
  readonly unitById: ReadonlyMap<UnitId, number>;
}

/** The most recently used rosters, most recent first. */
const recentRosters: Roster[] = [];
/** How many rosters are kept for reuse (a battle's table, and the tables each side sees of it). */
const ROSTERS_KEPT = 6;

/** The roster of these units and generals: a recent one when it numbers them alike, else a new one. */
function rosterOf(units: readonly UnitState[], generals: readonly GeneralState[]): Roster {
  for (let k = 0; k < recentRosters.length; k++) {
    const r = recentRosters[k]!;
    if (!rosterFits(r, units, generals)) continue;
    if (k > 0) {
      recentRosters.splice(k, 1);
      recentRosters.unshift(r);
    }
    return r;
  }
  const r = newRoster(units, generals);
  recentRosters.unshift(r);
  if (recentRosters.length > ROSTERS_KEPT) recentRosters.pop();
  return r;
}

/**
 * Whether the roster numbers these units and generals. `placed`: stand lists known to fit it (a layout's,
 * in roster order); a unit whose `stands` is that very list fits without its stand ids compared.
 */
function rosterFits(
  r: Roster,
  units: readonly UnitState[],
  generals: readonly GeneralState[],
  placed?: readonly StandList[],
): boolean {
  if (
    r.unitIds.length !== units.length ||
    r.standIds.length - r.unitStandStart[units.length]! !== generals.length
  )
    return false;
  let i = 0;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    const end = r.unitStandStart[u + 1]!;
    if (r.unitIds[u] !== unit.id || end - i !== unit.stands.length) return false;
    if (placed?.[u] === unit.stands) i = end;
    else for (const s of unit.stands) if (r.standIds[i++] !== s.id) return false;
  }
  for (const g of generals) {
    if (r.standOwner[i] !== g.id || r.standIds[i] !== g.stand.id) return false;
    i++;
  }
  return true;
}

/** Numbers the units and stands, rejecting duplicate stand ids and stands without area. */
function newRoster(units: readonly UnitState[], generals: readonly GeneralState[]): Roster {
  const standIds: StandId[] = [];
  const owners: string[] = [];
  const standUnit: number[] = [];
  const unitIds: UnitId[] = [];
  const unitStart: number[] = [];
  const standById = new Map<StandId, number>();
  const unitById = new Map<UnitId, number>();
  const add = (s: StandState, owner: string, unit: number) => {
    if (standById.has(s.id)) throw new Error(`duplicate stand id ${s.id}`);
    checkStand(s);
    standById.set(s.id, standIds.length);
    standIds.push(s.id);
    owners.push(owner);
    standUnit.push(unit);
  };
  for (const unit of units) {
    unitById.set(unit.id, unitIds.length);
    unitStart.push(standIds.length);
    for (const s of unit.stands) add(s, unit.id, unitIds.length);
    unitIds.push(unit.id);
  }
  unitStart.push(standIds.length);
  for (const g of generals) add(g.stand, g.id, -1);
  return {
    unitIds,
    unitStandStart: Int32Array.from(unitStart),
    standIds,
    standOwner: owners,
    standUnit: Int32Array.from(standUnit),
    standById,
    unitById,
  };
}

function clampInt(v: number, n: number): number {
  return v < 0 ? 0 : v >= n ? n - 1 : v;
}
