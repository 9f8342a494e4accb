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
  hasOutline,
  type StandId,
  type StandKind,
  type StandState,
  type TableState,
  type TerrainFeature,
  type TerrainKind,
  type UnitId,
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

const DEFAULT_CELL = 2;
const MAX_CELLS = 1 << 20;

/**
 * A spatial index of one table state for one sight profile: stands and terrain in flat typed arrays,
 * bucketed in a uniform grid. Built once per state (it copies what it needs; the state is never
 * changed) and rebuilt when the state changes: building is linear in the number of stands and terrain
 * vertices. Stands are numbered 0..standCount-1: each unit's stands together, in its `stands` order,
 * units in the order of `Object.values(table.units)`, then the generals likewise.
 *
 * Terrain is sorted by the profile into
 * - barrier segments: every segment of a barrier feature's path (or outline ring);
 * - zones: features with an outline that the rule set interprets along a sight line.
 * Each stand also knows the barrier segments it is in contact with (it lines the wall) and the hills
 * whose crest it touches (it stands on the crest; a hill without a crest line: its outline).
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

  private readonly standById = new Map<StandId, number>();
  private readonly unitById = new Map<UnitId, number>();
  private readonly featureById = new Map<FeatureId, number>();
  private readonly zoneByFeature: Int32Array;
  private readonly hills: readonly { readonly elevation: number; readonly outline: Float64Array }[];
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(table: TableState, profile: SightProfile, options: TableIndexOptions = {}) {
    this.table = table;
    this.profile = profile;

    // Stands.
    const stands: StandState[] = [];
    const owners: string[] = [];
    const units: number[] = [];
    const unitIds: UnitId[] = [];
    const unitStart: number[] = [];
    for (const unit of Object.values(table.units)) {
      this.unitById.set(unit.id, unitIds.length);
      unitStart.push(stands.length);
      for (const s of unit.stands) {
        stands.push(s);
        owners.push(unit.id);
        units.push(unitIds.length);
      }
      unitIds.push(unit.id);
    }
    unitStart.push(stands.length);
    for (const g of Object.values(table.generals)) {
      stands.push(g.stand);
      owners.push(g.id);
      units.push(-1);
    }
    const n = stands.length;
    this.standCount = n;
    this.mark = new Int32Array(n);
    this.stands = stands;
    this.standOwner = owners;
    this.standIds = stands.map((s) => s.id);
    this.unitIds = unitIds;
    this.unitStandStart = Int32Array.from(unitStart);
    this.standUnit = Int32Array.from(units);
    this.standBoxes = new Float64Array(n * BOX_STRIDE);
    this.standBlocks = new Uint8Array(n);
    this.standElevation = new Float64Array(n);
    const blocking = new Set<StandKind>(profile.blockingStands);
    for (let i = 0; i < n; i++) {
      const s = stands[i]!;
      if (this.standById.has(s.id)) throw new Error(`duplicate stand id ${s.id}`);
      if (!(s.width > 0 && s.depth > 0))
        throw new Error(`stand ${s.id} must have a positive width and depth`);
      this.standById.set(s.id, i);
      packBox(s, this.standBoxes, i * BOX_STRIDE);
      this.standBlocks[i] = blocking.has(s.kind) ? 1 : 0;
    }

    // Terrain.
    const features = Object.values(table.terrain);
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

    // Elevations.
    this.hills = features.flatMap((f) =>
      f.kind === 'hill' ? [{ elevation: f.elevation, outline: flattenPoints(f.outline) }] : [],
    );
    const boxesOf = this.standBoxes;
    for (let i = 0; i < n; i++)
      this.standElevation[i] = this.elevationAt(boxesOf[i * BOX_STRIDE]!, boxesOf[i * BOX_STRIDE + 1]!);

    // The grid covers the table and everything on it, with a cell to spare all round.
    const boxes = new Float64Array(4 * (n + b + z));
    let gx0 = 0;
    let gy0 = 0;
    let gx1 = table.width;
    let gy1 = table.depth;
    const put = (k: number, x0: number, y0: number, x1: number, y1: number) => {
      boxes[4 * k] = x0 - EPSILON;
      boxes[4 * k + 1] = y0 - EPSILON;
      boxes[4 * k + 2] = x1 + EPSILON;
      boxes[4 * k + 3] = y1 + EPSILON;
      if (x0 < gx0) gx0 = x0;
      if (y0 < gy0) gy0 = y0;
      if (x1 > gx1) gx1 = x1;
      if (y1 > gy1) gy1 = y1;
    };
    for (let i = 0; i < n; i++) {
      const k = i * BOX_STRIDE;
      const c = Math.abs(boxesOf[k + 2]!);
      const s = Math.abs(boxesOf[k + 3]!);
      const hw = boxesOf[k + 4]!;
      const hd = boxesOf[k + 5]!;
      const ex = hw * s + hd * c;
      const ey = hw * c + hd * s;
      put(i, boxesOf[k]! - ex, boxesOf[k + 1]! - ey, boxesOf[k]! + ex, boxesOf[k + 1]! + ey);
    }
    const segsOf = this.barrierSegments;
    for (let i = 0; i < b; i++) {
      const k = i * SEGMENT_STRIDE;
      const x0 = segsOf[k]!;
      const y0 = segsOf[k + 1]!;
      const x1 = segsOf[k + 2]!;
      const y1 = segsOf[k + 3]!;
      put(n + i, Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
    }
    for (let k = 0; k < z; k++) {
      const zb = this.zoneBox;
      put(n + b + k, zb[4 * k]!, zb[4 * k + 1]!, zb[4 * k + 2]!, zb[4 * k + 3]!);
    }
    let cell = options.cellSize ?? DEFAULT_CELL;
    if (!(cell > 0)) throw new Error('cellSize must be positive');
    while (((gx1 - gx0) / cell + 3) * ((gy1 - gy0) / cell + 3) > MAX_CELLS) cell *= 2;
    this.cellSize = cell;
    this.gridX = gx0 - cell;
    this.gridY = gy0 - cell;
    this.columns = Math.floor((gx1 - gx0) / cell) + 3;
    this.rows = Math.floor((gy1 - gy0) / cell) + 3;
    [this.cellStandStart, this.cellStands] = this.bucket(boxes, 0, n);
    [this.cellBarrierStart, this.cellBarriers] = this.bucket(boxes, n, b);
    [this.cellZoneStart, this.cellZones] = this.bucket(boxes, n + b, z);

    // Contacts: barrier segments each stand lines, crests it stands on.
    const contactStart = [0];
    const contacts: number[] = [];
    const crestStart = [0];
    const crests: number[] = [];
    const reach = profile.contact;
    const seen = new Int32Array(b).fill(-1);
    for (let i = 0; i < n; i++) {
      const bx0 = boxes[4 * i]! - reach;
      const by0 = boxes[4 * i + 1]! - reach;
      const bx1 = boxes[4 * i + 2]! + reach;
      const by1 = boxes[4 * i + 3]! + reach;
      this.forEachCell(bx0, by0, bx1, by1, (cellIndex) => {
        for (let k = this.cellBarrierStart[cellIndex]!; k < this.cellBarrierStart[cellIndex + 1]!; k++) {
          const g = this.cellBarriers[k]!;
          if (seen[g] === i) continue;
          seen[g] = i;
          if (segmentBoxDistance(this.barrierSegments, g * SEGMENT_STRIDE, boxesOf, i * BOX_STRIDE) <= reach)
            contacts.push(g);
        }
      });
      contactStart.push(contacts.length);
      for (let k = 0; k < z; k++) {
        const f = features[this.zoneFeature[k]!]!;
        if (f.kind !== 'hill') continue;
        const zb = this.zoneBox;
        if (zb[4 * k]! > bx1 || zb[4 * k + 2]! < bx0 || zb[4 * k + 1]! > by1 || zb[4 * k + 3]! < by0)
          continue;
        if (this.touchesCrest(k, i, reach)) crests.push(k);
      }
      crestStart.push(crests.length);
    }
    this.standContactStart = Int32Array.from(contactStart);
    this.standContacts = Int32Array.from(contacts);
    this.standCrestStart = Int32Array.from(crestStart);
    this.standCrests = Int32Array.from(crests);
  }

  /** The index of a stand by id, or -1. */
  standIndex(id: StandId): number {
    return this.standById.get(id) ?? -1;
  }

  /** The index of a unit by id, or -1. */
  unitIndex(id: UnitId): number {
    return this.unitById.get(id) ?? -1;
  }

  /** The index of a terrain feature by id, or -1. */
  featureIndex(id: FeatureId): number {
    return this.featureById.get(id) ?? -1;
  }

  /** The zone index of a feature, or -1 when the profile does not make it a zone. */
  zoneOfFeature(featureIndex: number): number {
    return this.zoneByFeature[featureIndex] ?? -1;
  }

  /** The elevation of a point: the highest level of the hills whose interior contains it; 0 on the plain. */
  elevationAt(x: number, y: number): number {
    let e = 0;
    for (const h of this.hills) {
      if (h.elevation > e && pointInPolygon(h.outline, 0, h.outline.length / 2, x, y) > 0) e = h.elevation;
    }
    return e;
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
    this.forEachCell(x - r, y - r, x + r, y + r, (cellIndex) => {
      for (let k = this.cellStandStart[cellIndex]!; k < this.cellStandStart[cellIndex + 1]!; k++) {
        const i = this.cellStands[k]!;
        if (this.mark[i] === stamp) continue;
        this.mark[i] = stamp;
        if (pointBoxDistance(x, y, this.standBoxes, i * BOX_STRIDE) <= radius) out.push(i);
      }
    });
    out.sort((a, b) => a - b);
    return out.length;
  }

  /** The edge-to-edge distance between stands i and j (0 when they touch or overlap). */
  standDistance(i: number, j: number): number {
    return boxDistance(this.standBoxes, i * BOX_STRIDE, this.standBoxes, j * BOX_STRIDE);
  }

  /** Whether stand s is within `reach` of hill zone z's crest line (its outline when it has none). */
  private touchesCrest(z: number, s: number, reach: number): boolean {
    const crest = this.crestVertices[z]! > 0;
    const off = crest ? this.crestOffset[z]! : this.zoneOffset[z]!;
    const count = crest ? this.crestVertices[z]! : this.zoneVertices[z]!;
    const last = crest ? count - 1 : count;
    const zc = this.zoneCoords;
    const seg = new Float64Array(SEGMENT_STRIDE);
    for (let i = 0; i < last; i++) {
      const j = (i + 1) % count;
      seg[0] = zc[off + 2 * i]!;
      seg[1] = zc[off + 2 * i + 1]!;
      seg[2] = zc[off + 2 * j]!;
      seg[3] = zc[off + 2 * j + 1]!;
      if (segmentBoxDistance(seg, 0, this.standBoxes, s * BOX_STRIDE) <= reach) return true;
    }
    return false;
  }

  private forEachCell(x0: number, y0: number, x1: number, y1: number, visit: (cell: number) => void): void {
    const inv = 1 / this.cellSize;
    const c0 = clampInt(Math.floor((x0 - this.gridX) * inv), this.columns);
    const c1 = clampInt(Math.floor((x1 - this.gridX) * inv), this.columns);
    const r0 = clampInt(Math.floor((y0 - this.gridY) * inv), this.rows);
    const r1 = clampInt(Math.floor((y1 - this.gridY) * inv), this.rows);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.columns + c);
  }

  /** Buckets items first..first+count-1 (boxes in `boxes`) into cells, as CSR arrays. */
  private bucket(boxes: Float64Array, first: number, count: number): [Int32Array, Int32Array] {
    const cells = this.columns * this.rows;
    const start = new Int32Array(cells + 1);
    const each = (k: number, visit: (cell: number) => void) =>
      this.forEachCell(boxes[4 * k]!, boxes[4 * k + 1]!, boxes[4 * k + 2]!, boxes[4 * k + 3]!, visit);
    for (let i = 0; i < count; i++) each(first + i, (cell) => start[cell + 1]!++);
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
    const fill = start.slice(0, cells);
    const items = new Int32Array(start[cells]!);
    for (let i = 0; i < count; i++) each(first + i, (cell) => (items[fill[cell]!++] = i));
    return [start, items];
  }
}

function clampInt(v: number, n: number): number {
  return v < 0 ? 0 : v >= n ? n - 1 : v;
}
