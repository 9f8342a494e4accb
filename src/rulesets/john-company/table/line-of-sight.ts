import { flattenPoints } from '../../../core/geometry/points.ts';
import { pointInPolygon } from '../../../core/geometry/polygons.ts';
import { BOX_STRIDE, segmentBoxDistance } from '../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq } from '../../../core/geometry/segments.ts';
import type { RuleRef, TraceStep } from '../../../core/rules/trace.ts';
import type {
  FeatureId,
  StandId,
  TableState,
  TerrainFeature,
  TerrainKind,
  UnitId,
} from '../../../core/table/model.ts';
import { SightTracer } from '../../../core/table/sight-line.ts';
import { DEFAULT_CELL, TableIndex } from '../../../core/table/spatial-index.ts';
import type { TargetCover } from '../tables/firing-table.ts';
import { jc4 } from '../vocabulary.ts';
import {
  HILL_SIGHT,
  JC_SIGHT_PROFILE,
  LIMIT_SLACK,
  sightRule,
  TOWN_SIGHT,
  WOODS_SIGHT,
  type WoodsSight,
} from './terrain.ts';

/**
 * Line of sight as John Company measures it (Part 4, small arms fire, "1. Line of Sight"), on the
 * neutral machinery of `SightTracer`. Sight lines run from the centre of one stand to the centre of the
 * other (or to a bare point), and every distance the rules give is measured along that line from the
 * edge of one stand to the edge of the other.
 *
 * - Any unit's stands block, friend or foe (General Officers do not: they are not units); so do walls,
 *   barricades, entrenchments and fortifications, except for a stand in contact with them.
 * - Light woods / heavy woods (A, B): see `WoodsSight`. Asymmetric, as the text is: a unit just inside
 *   a wood sees out at any range, while a unit outside sees in only from close by.
 * - Hills (C), read as dead ground, symmetric: a crest hides what lies beyond it from both sides unless
 *   one end stands higher than that hill; then the other end, if not also higher, is seen (and sees
 *   back) only within 6" past the crest (3" if the hill is steep). A stand touching a crest is on it
 *   and the crest does not hide it. A hill without a crest line is all crest: it hides only what lies
 *   beyond it (the line crosses it and leaves again).
 * - Towns (D) block. A unit defending a town (`townDefenders`) is seen by anyone who sees the town, and
 *   sees out likewise; a unit merely in a town is seen, and sees, only at its edge (`TOWN_SIGHT.edge`).
 *   Symmetric.
 * Everything except woods is symmetric: `sees(a, b) === sees(b, a)`.
 */

/** Why a sight line is blocked. */
export const SIGHT_REASONS = [
  'stand-in-the-way',
  'barrier',
  'woods-too-far-inside',
  'woods-too-deep-to-see-out',
  'woods-too-far-outside',
  'woods-too-deep-to-see-in',
  'woods-in-the-way',
  'town-in-the-way',
  'town-not-at-edge',
  'hill-crest',
  'hill-dead-ground',
] as const;
export type SightReason = (typeof SIGHT_REASONS)[number];
/** Each reason's index in SIGHT_REASONS (the hot path records a number, not a string). */
const REASON = Object.fromEntries(SIGHT_REASONS.map((r, i) => [r, i])) as Readonly<
  Record<SightReason, number>
>;

export type SightBlocker =
  | { readonly kind: 'stand'; readonly standId: StandId; readonly ownerId: string }
  | { readonly kind: 'terrain'; readonly featureId: FeatureId; readonly terrainKind: TerrainKind };

export interface SightVerdict {
  readonly visible: boolean;
  /** Why not (absent when visible): what blocks, under which rule, in Muster's words. */
  readonly blocked?: {
    readonly reason: SightReason;
    readonly by: SightBlocker;
    readonly rule: RuleRef;
    readonly label: string;
  };
}

/** One end of a sight line: a stand, or a bare point on the table. */
export type SightEndpoint = { readonly stand: StandId } | { readonly x: number; readonly y: number };

export interface CoverVerdict {
  readonly cover: TargetCover;
  /** The feature giving it (absent in the open). */
  readonly featureId?: FeatureId;
  readonly rule?: RuleRef;
}

export interface JcSightOptions {
  /** Units defending the town they are in (e.g. on Defend orders). */
  readonly townDefenders?: readonly UnitId[];
  /** Grid cell size for the spatial index (inches). */
  readonly cellSize?: number;
}

const LIGHT = 1;
const HEAVY = 2;
const HILL = 3;
const TOWN = 4;

const WORKS: ReadonlySet<TerrainKind> = new Set(['entrenchment', 'fortification', 'fortified-city-wall']);

/** `seesIndex` verdicts kept in a sight's memo (0: not worked out yet). */
const SEES = 1;
const BLOCKED = 2;
/** How many sights back a verdict may be inherited from (older sights are let go). */
const INHERIT_DEPTH = 4;
/** How many recent sights over a terrain are candidates to inherit from (the nearest alike wins). */
const INHERIT_CANDIDATES = 3;
/**
 * Inches: a blocking stand that came, went or moved no nearer than this to the line between two stand
 * centres cannot have changed whether it is blocked (the tracer's contact tolerance is far smaller).
 */
const INHERIT_MARGIN = 0.05;

/**
 * What a sight may take from an earlier sight over the same terrain (see `JohnCompanySight`): a
 * stand-to-stand verdict depends only on the two stands' boxes (and whether they defend a town), the
 * terrain, and the blocking stands touching the line between them. So a verdict there still holds here
 * when both stands are where they were and no blocking stand that changed comes near the line; and a
 * unit-to-unit verdict (any stand of one sees any stand of the other) when that holds for every pair
 * of their stands.
 */
interface Inheritance {
  readonly from: JohnCompanySight;
  /** Each stand's index in `from` when its box, its blocking and its town defence are as they were there; else -1. */
  readonly same: Int32Array;
  /** Each unit's index in `from` when it is the very same unit state there, defending alike; else -1. */
  readonly sameUnit: Int32Array;
  /** Packed boxes (rectangles.ts) of the blocking stands that came, went or moved since `from`. */
  readonly changed: Float64Array;
  /** Each changed box's bounding circle: x, y, radius. */
  readonly circles: Float64Array;
  readonly changedCount: number;
  /** The box, aligned with the table, holding every changed box: minX, minY, maxX, maxY. */
  readonly bounds: readonly [number, number, number, number];
}

/** What a sight reads of the terrain, by the index's zone and feature numbers (they follow the terrain alone). */
interface TerrainSight {
  readonly role: Uint8Array;
  readonly zoneElevation: Float64Array;
  readonly zoneSteep: Uint8Array;
  readonly outlines: readonly Float64Array[];
  readonly buildings: readonly (readonly Float64Array[])[];
  /** The box, aligned with the table, holding each town's outline: minX, minY, maxX, maxY. */
  readonly townBoxes: Float64Array;
}

const terrainSights = new WeakMap<Readonly<Record<string, TerrainFeature>>, TerrainSight>();

/** The terrain's part of a sight, worked out once per terrain (it never changes during a battle). */
function terrainSightOf(terrain: Readonly<Record<string, TerrainFeature>>, index: TableIndex): TerrainSight {
  const known = terrainSights.get(terrain);
  if (known) return known;
  const z = index.zoneCount;
  const role = new Uint8Array(z);
  const zoneElevation = new Float64Array(z);
  const zoneSteep = new Uint8Array(z);
  for (let k = 0; k < z; k++) {
    const f = index.features[index.zoneFeature[k]!]!;
    if (f.kind === 'light-woods') role[k] = LIGHT;
    else if (f.kind === 'heavy-woods') role[k] = HEAVY;
    else if (f.kind === 'town') role[k] = TOWN;
    else if (f.kind === 'hill') {
      role[k] = HILL;
      zoneElevation[k] = f.elevation;
      zoneSteep[k] = f.steep ? 1 : 0;
    }
  }
  const outlines = index.features.map((f) =>
    'outline' in f ? flattenPoints(f.outline) : 'path' in f ? flattenPoints(f.path) : new Float64Array(0),
  );
  const buildings = index.features.map((f) => (f.kind === 'town' ? f.buildings.map(flattenPoints) : []));
  const towns = index.features.flatMap((f, fi) => (f.kind === 'town' ? [outlines[fi]!] : []));
  const townBoxes = new Float64Array(4 * towns.length);
  towns.forEach((outline, k) => {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < outline.length; c += 2) {
      x0 = Math.min(x0, outline[c]!);
      y0 = Math.min(y0, outline[c + 1]!);
      x1 = Math.max(x1, outline[c]!);
      y1 = Math.max(y1, outline[c + 1]!);
    }
    townBoxes.set([x0, y0, x1, y1], 4 * k);
  });
  const built = { role, zoneElevation, zoneSteep, outlines, buildings, townBoxes };
  terrainSights.set(terrain, built);
  return built;
}

/** The latest sights built over each terrain, newest first: the next one there inherits from one. */
const recentSights = new WeakMap<Readonly<Record<string, TerrainFeature>>, JohnCompanySight[]>();
const SIGHT_LINE = new Float64Array(4);
/** The box holding two units' stand centres (`inheritedUnits`): minX, minY, maxX, maxY. */
const CENTRES_BOX = new Float64Array(4);

/**
 * Inches: a stand's bounding box farther than this from every town's cannot touch one, whatever the
 * rounding of the sight line's runs through the town (which is far finer).
 */
const TOWN_MARGIN = 0.01;

/**
 * Each stand's town defence (1: its unit is among `townDefenders`), kept only where a town's outline may
 * touch the stand. Defence is read only there (a line's run through a town reaching the stand; the
 * stand's centre in the town, for cover), so sights whose defenders differ elsewhere are the same sight.
 */
function defendingStands(
  index: TableIndex,
  townBoxes: Float64Array,
  townDefenders: readonly UnitId[],
): Uint8Array {
  const defending = new Uint8Array(index.standCount);
  const boxes = index.standBoxes;
  for (const id of townDefenders) {
    const u = index.unitIndex(id);
    if (u < 0) throw new Error(`town defender ${id} is not a unit on the table`);
    for (let i = index.unitStandStart[u]!; i < index.unitStandStart[u + 1]!; i++) {
      const at = i * BOX_STRIDE;
      const cos = Math.abs(boxes[at + 2]!);
      const sin = Math.abs(boxes[at + 3]!);
      const reachX = boxes[at + 4]! * sin + boxes[at + 5]! * cos + TOWN_MARGIN;
      const reachY = boxes[at + 4]! * cos + boxes[at + 5]! * sin + TOWN_MARGIN;
      const x = boxes[at]!;
      const y = boxes[at + 1]!;
      for (let k = 0; k < townBoxes.length; k += 4)
        if (
          x + reachX >= townBoxes[k]! &&
          x - reachX <= townBoxes[k + 2]! &&
          y + reachY >= townBoxes[k + 1]! &&
          y - reachY <= townBoxes[k + 3]!
        )
          defending[i] = 1;
    }
  }
  return defending;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameStand(a: TableIndex, i: number, b: TableIndex, j: number): boolean {
  if (a.standBlocks[i] !== b.standBlocks[j]) return false;
  for (let k = 0; k < BOX_STRIDE; k++)
    if (a.standBoxes[i * BOX_STRIDE + k] !== b.standBoxes[j * BOX_STRIDE + k]) return false;
  return true;
}

/** The inheritance of a sight over `here` (its stands' town defence in `defending`) from `from`. */
function inheritanceFrom(from: JohnCompanySight, here: TableIndex, defending: Uint8Array): Inheritance {
  const there = from.index;
  const same = new Int32Array(here.standCount).fill(-1);
  const sameUnit = new Int32Array(here.unitIds.length).fill(-1);
  const kept = new Uint8Array(there.standCount);
  const changed: number[] = [];
  const circles: number[] = [];
  const bounds: [number, number, number, number] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  const add = (ix: TableIndex, s: number) => {
    const at = s * BOX_STRIDE;
    for (let k = 0; k < BOX_STRIDE; k++) changed.push(ix.standBoxes[at + k]!);
    const x = ix.standBoxes[at]!;
    const y = ix.standBoxes[at + 1]!;
    const r = Math.hypot(ix.standBoxes[at + 4]!, ix.standBoxes[at + 5]!);
    circles.push(x, y, r);
    bounds[0] = Math.min(bounds[0], x - r);
    bounds[1] = Math.min(bounds[1], y - r);
    bounds[2] = Math.max(bounds[2], x + r);
    bounds[3] = Math.max(bounds[3], y + r);
  };
  const sameStandAt = (i: number, j: number) => {
    kept[j] = 1;
    if (defending[i] === from.defendingAt(j)) same[i] = j;
  };
  // A unit whose state is the very one `from` had keeps every stand where it was: no need to compare.
  for (let u = 0; u < here.unitIds.length; u++) {
    const id = here.unitIds[u]!;
    const v = there.unitIndex(id);
    const first = here.unitStandStart[u]!;
    const end = here.unitStandStart[u + 1]!;
    if (v >= 0 && here.table.units[id] === there.table.units[id]) {
      const at = there.unitStandStart[v]!;
      let alike = true;
      for (let i = first; i < end; i++) {
        sameStandAt(i, at + i - first);
        if (same[i]! < 0) alike = false;
      }
      if (alike) sameUnit[u] = v;
      continue;
    }
    for (let i = first; i < end; i++) {
      const j = there.standIndex(here.standIds[i]!);
      if (j >= 0 && sameStand(here, i, there, j)) sameStandAt(i, j);
      else if (here.standBlocks[i] === 1) add(here, i);
    }
  }
  // Generals' stands (after the units'): compared one by one.
  for (let i = here.unitStandStart[here.unitIds.length]!; i < here.standCount; i++) {
    const j = there.standIndex(here.standIds[i]!);
    if (j >= 0 && sameStand(here, i, there, j)) sameStandAt(i, j);
    else if (here.standBlocks[i] === 1) add(here, i);
  }
  for (let j = 0; j < there.standCount; j++) if (kept[j] === 0 && there.standBlocks[j] === 1) add(there, j);
  return {
    from,
    same,
    sameUnit,
    changed: Float64Array.from(changed),
    circles: Float64Array.from(circles),
    changedCount: changed.length / BOX_STRIDE,
    bounds,
  };
}

/** How many units are not the very same unit state in both tables (either way). */
function changedUnits(a: TableState, b: TableState): number {
  let n = 0;
  for (const id of Object.keys(b.units)) if (a.units[id] !== b.units[id]) n++;
  for (const id of Object.keys(a.units)) if (!(id in b.units)) n++;
  return n;
}

/** Whether a changed stand of `inh` comes near the sight line in `SIGHT_LINE`. */
function lineMeetsChange(inh: Inheritance): boolean {
  const ax = SIGHT_LINE[0]!;
  const ay = SIGHT_LINE[1]!;
  const bx = SIGHT_LINE[2]!;
  const by = SIGHT_LINE[3]!;
  const m = INHERIT_MARGIN;
  const b = inh.bounds;
  if (Math.max(ax, bx) < b[0] - m || Math.min(ax, bx) > b[2] + m) return false;
  if (Math.max(ay, by) < b[1] - m || Math.min(ay, by) > b[3] + m) return false;
  const c = inh.circles;
  for (let k = 0; k < inh.changedCount; k++) {
    const reach = c[3 * k + 2]! + m;
    if (pointSegmentDistanceSq(c[3 * k]!, c[3 * k + 1]!, ax, ay, bx, by) > reach * reach) continue;
    if (segmentBoxDistance(SIGHT_LINE, 0, inh.changed, k * BOX_STRIDE) <= m) return true;
  }
  return false;
}

/**
 * Whether a changed stand of `inh` comes near the box minX, minY, maxX, maxY (aligned with the table):
 * when none does, none comes near any line within it.
 */
function boxMeetsChange(inh: Inheritance, x0: number, y0: number, x1: number, y1: number): boolean {
  const m = INHERIT_MARGIN;
  const b = inh.bounds;
  if (x1 < b[0] - m || x0 > b[2] + m || y1 < b[1] - m || y0 > b[3] + m) return false;
  const c = inh.circles;
  for (let k = 0; k < inh.changedCount; k++) {
    const cx = c[3 * k]!;
    const cy = c[3 * k + 1]!;
    const reach = c[3 * k + 2]! + m;
    const dx = cx < x0 ? x0 - cx : cx > x1 ? cx - x1 : 0;
    const dy = cy < y0 ? y0 - cy : cy > y1 ? cy - y1 : 0;
    if (dx * dx + dy * dy <= reach * reach) return true;
  }
  return false;
}

/**
 * John Company's line of sight over one table state. Build it once per state (it indexes the table);
 * `seesIndex` is the allocation-free hot path, `verdict` says why. `seesIndex` keeps its verdicts, and
 * a sight built over the same terrain as the last one takes that one's verdicts wherever they cannot
 * have changed (`Inheritance`), so a table where one unit moved re-traces only the lines it affects. A
 * sight over the very same units and Generals as a recent one, with the same town defence where it is
 * read (`defendingStands`), is that sight again: it shares its index and verdicts.
 */
export class JohnCompanySight {
  readonly index: TableIndex;
  private readonly tracer: SightTracer;
  private readonly defending: Uint8Array;
  /** `seesIndex` verdicts, viewer * standCount + target (made when first asked for). */
  private memo: Uint8Array | undefined;
  /** `unitSeesUnitIndex` verdicts, viewer * unit count + target (made when first asked for). */
  private unitMemo: Uint8Array | undefined;
  private inheritance: Inheritance | undefined;
  private readonly role: Uint8Array;
  private readonly zoneElevation: Float64Array;
  private readonly zoneSteep: Uint8Array;
  private readonly outlines: readonly Float64Array[];
  private readonly buildings: readonly (readonly Float64Array[])[];
  /** The last block: a SIGHT_REASONS index (or -1), and the stand or feature index responsible. */
  private reason = -1;
  private culprit = -1;

  constructor(table: TableState, options: JcSightOptions = {}) {
    const cellSize = options.cellSize ?? DEFAULT_CELL;
    const recent = recentSights.get(table.terrain) ?? [];
    const sameStands = recent.find(
      (s) =>
        s.index.cellSize === cellSize &&
        s.index.table.units === table.units &&
        s.index.table.generals === table.generals,
    );
    const index = sameStands?.index ?? new TableIndex(table, JC_SIGHT_PROFILE, { cellSize });
    this.index = index;
    const terrain = terrainSightOf(table.terrain, index);
    this.role = terrain.role;
    this.zoneElevation = terrain.zoneElevation;
    this.zoneSteep = terrain.zoneSteep;
    this.outlines = terrain.outlines;
    this.buildings = terrain.buildings;
    this.defending = defendingStands(index, terrain.townBoxes, options.townDefenders ?? []);
    if (sameStands && sameBytes(sameStands.defending, this.defending)) {
      // The very same sight: share its verdicts, worked out and to come.
      this.tracer = sameStands.tracer;
      const n = index.standCount;
      const units = index.unitIds.length;
      sameStands.memo ??= new Uint8Array(n * n);
      sameStands.unitMemo ??= new Uint8Array(units * units);
      this.memo = sameStands.memo;
      this.unitMemo = sameStands.unitMemo;
      this.inheritance = sameStands.inheritance;
      return;
    }
    this.tracer = new SightTracer(index);
    this.inheritFromRecent(table.terrain);
  }

  /**
   * Inherits from the recent sight over the same terrain most alike this one (fewest changed units),
   * and lets go of sights too far back.
   */
  private inheritFromRecent(terrain: Readonly<Record<string, TerrainFeature>>): void {
    const recent = recentSights.get(terrain) ?? [];
    let best: JohnCompanySight | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const candidate of recent) {
      if (candidate.index.cellSize !== this.index.cellSize) continue;
      const changed = changedUnits(candidate.index.table, this.index.table);
      if (changed < fewest) {
        fewest = changed;
        best = candidate;
      }
    }
    this.inheritance = best && inheritanceFrom(best, this.index, this.defending);
    recentSights.set(terrain, [this, ...recent.slice(0, INHERIT_CANDIDATES - 1)]);
    let s: JohnCompanySight | undefined = this;
    for (let depth = 1; s && depth < INHERIT_DEPTH; depth++) s = s.inheritance?.from;
    if (s) s.inheritance = undefined;
  }

  /** Whether stand s (by index) defends a town. */
  defendingAt(s: number): number {
    return this.defending[s]!;
  }

  /** The verdict the sight inherited from for the line from stand v to stand t, when it still holds. */
  private inherited(v: number, t: number): boolean | undefined {
    const inh = this.inheritance;
    if (!inh) return undefined;
    const from = inh.same[v]!;
    const to = inh.same[t]!;
    if (from < 0 || to < 0) return undefined;
    const boxes = this.index.standBoxes;
    SIGHT_LINE[0] = boxes[v * BOX_STRIDE]!;
    SIGHT_LINE[1] = boxes[v * BOX_STRIDE + 1]!;
    SIGHT_LINE[2] = boxes[t * BOX_STRIDE]!;
    SIGHT_LINE[3] = boxes[t * BOX_STRIDE + 1]!;
    if (inh.changedCount > 0 && lineMeetsChange(inh)) return undefined;
    return inh.from.seesIndex(from, to);
  }

  /** Whether the viewer stand sees the target stand. */
  sees(viewer: StandId, target: StandId): boolean {
    return this.seesIndex(this.standIndexOf(viewer), this.standIndexOf(target));
  }

  /** `sees` by stand index (see `TableIndex`): the hot path, allocation-free. */
  seesIndex(viewer: number, target: number): boolean {
    this.reason = -1;
    if (viewer === target) return true;
    const n = this.index.standCount;
    this.memo ??= new Uint8Array(n * n);
    const at = viewer * n + target;
    const known = this.memo[at];
    if (known === SEES) return true;
    if (known === BLOCKED) return false;
    const sees = this.inherited(viewer, target) ?? this.traceIndex(viewer, target);
    this.memo[at] = sees ? SEES : BLOCKED;
    return sees;
  }

  /**
   * `seesIndex` worked out afresh: the line traced and judged, no memo read or written, nothing
   * inherited. The same answer as `seesIndex`; what the benchmark measures (a memo hit is not a query).
   */
  traceIndex(viewer: number, target: number): boolean {
    this.reason = -1;
    if (viewer === target) return true;
    return this.judge(this.tracer.traceStands(viewer, target), viewer, target);
  }

  /** Whether the viewer stand sees any stand of the unit. */
  standSeesUnit(viewer: StandId, unit: UnitId): boolean {
    const v = this.standIndexOf(viewer);
    const u = this.unitIndexOf(unit);
    for (let t = this.index.unitStandStart[u]!; t < this.index.unitStandStart[u + 1]!; t++)
      if (this.seesIndex(v, t)) return true;
    return false;
  }

  /** Whether any stand of one unit sees any stand of the other. */
  unitSeesUnit(viewer: UnitId, target: UnitId): boolean {
    return this.unitSeesUnitIndex(this.unitIndexOf(viewer), this.unitIndexOf(target));
  }

  /** `unitSeesUnit` by unit index (see `TableIndex`). */
  unitSeesUnitIndex(a: number, b: number): boolean {
    const units = this.index.unitIds.length;
    this.unitMemo ??= new Uint8Array(units * units);
    const at = a * units + b;
    const known = this.unitMemo[at];
    if (known === SEES) return true;
    if (known === BLOCKED) return false;
    const sees = this.inheritedUnits(a, b) ?? this.anyStandSees(a, b);
    this.unitMemo[at] = sees ? SEES : BLOCKED;
    return sees;
  }

  private anyStandSees(a: number, b: number): boolean {
    const ix = this.index;
    for (let v = ix.unitStandStart[a]!; v < ix.unitStandStart[a + 1]!; v++)
      for (let t = ix.unitStandStart[b]!; t < ix.unitStandStart[b + 1]!; t++)
        if (this.seesIndex(v, t)) return true;
    return false;
  }

  /**
   * The unit-to-unit verdict the sight inherited from, when it still holds: both units as they were,
   * and no changed stand near the box holding their stands' centres (which holds every line between them).
   */
  private inheritedUnits(a: number, b: number): boolean | undefined {
    const inh = this.inheritance;
    if (!inh) return undefined;
    const from = inh.sameUnit[a]!;
    const to = inh.sameUnit[b]!;
    if (from < 0 || to < 0) return undefined;
    if (inh.changedCount > 0) {
      const ix = this.index;
      const boxes = ix.standBoxes;
      const box = CENTRES_BOX;
      box[0] = Number.POSITIVE_INFINITY;
      box[1] = Number.POSITIVE_INFINITY;
      box[2] = Number.NEGATIVE_INFINITY;
      box[3] = Number.NEGATIVE_INFINITY;
      for (let u = a, pass = 0; pass < 2; u = b, pass++)
        for (let s = ix.unitStandStart[u]!; s < ix.unitStandStart[u + 1]!; s++) {
          const x = boxes[s * BOX_STRIDE]!;
          const y = boxes[s * BOX_STRIDE + 1]!;
          if (x < box[0]!) box[0] = x;
          if (y < box[1]!) box[1] = y;
          if (x > box[2]!) box[2] = x;
          if (y > box[3]!) box[3] = y;
        }
      if (boxMeetsChange(inh, box[0]!, box[1]!, box[2]!, box[3]!)) return undefined;
    }
    return inh.from.unitSeesUnitIndex(from, to);
  }

  /** Line of sight between two stands or points, and why not. */
  verdict(viewer: SightEndpoint, target: SightEndpoint): SightVerdict {
    const a = this.endpoint(viewer);
    const b = this.endpoint(target);
    this.reason = -1;
    if (a.stand >= 0 && a.stand === b.stand) return { visible: true };
    if (this.judge(this.tracer.trace(a.x, a.y, a.stand, b.x, b.y, b.stand), a.stand, b.stand))
      return { visible: true };
    return { visible: false, blocked: this.describeBlock() };
  }

  /**
   * The cover a stand is in, for the fire modifiers (Part 4, small arms and artillery fire, terrain
   * items), the best that applies:
   * - entrenchments or buildings: in contact with an entrenchment or fortification, or its centre inside
   *   a closed one; its centre inside a building; or its centre inside a town its unit defends;
   * - heavy woods, light woods: its centre inside the wood.
   * Walls and barricades give no fire cover (the fire modifiers list none).
   */
  coverOf(stand: StandId): CoverVerdict {
    const ix = this.index;
    const s = this.standIndexOf(stand);
    const x = ix.standBoxes[s * BOX_STRIDE]!;
    const y = ix.standBoxes[s * BOX_STRIDE + 1]!;
    for (let k = ix.standContactStart[s]!; k < ix.standContactStart[s + 1]!; k++) {
      const f = ix.features[ix.barrierFeature[ix.standContacts[k]!]!]!;
      if (WORKS.has(f.kind))
        return coverVerdict('entrenchments-or-buildings', f.id, 'in contact with the works');
    }
    let best: CoverVerdict = { cover: 'open' };
    const consider = (cover: TargetCover, featureId: FeatureId, how: string) => {
      if (COVER_RANK[cover] > COVER_RANK[best.cover]) best = coverVerdict(cover, featureId, how);
    };
    ix.features.forEach((f, fi) => {
      const outline = this.outlines[fi]!;
      if (WORKS.has(f.kind) && 'closed' in f && f.closed) {
        if (inside(outline, x, y)) consider('entrenchments-or-buildings', f.id, 'inside the works');
      } else if (f.kind === 'town') {
        if (this.buildings[fi]!.some((b) => inside(b, x, y)))
          consider('entrenchments-or-buildings', f.id, 'in a building');
        else if (this.defending[s] === 1 && inside(outline, x, y))
          consider('entrenchments-or-buildings', f.id, 'defending the town');
      } else if ((f.kind === 'heavy-woods' || f.kind === 'light-woods') && inside(outline, x, y)) {
        consider(f.kind, f.id, 'centre inside the wood');
      }
    });
    return best;
  }

  /** Judges the line the tracer has just traced between ends sa and sb (stand indices or -1). */
  private judge(traced: boolean, sa: number, sb: number): boolean {
    const tracer = this.tracer;
    if (!traced) {
      if (tracer.blockingStand >= 0) return this.block(REASON['stand-in-the-way'], tracer.blockingStand);
      return this.block(REASON['barrier'], this.index.barrierFeature[tracer.blockingBarrier]!);
    }
    const zones = tracer.zones;
    for (let k = 0; k < tracer.zoneCount; k++) {
      const z = zones[k]!;
      const role = this.role[z]!;
      const ok =
        role === LIGHT
          ? this.woods(z, WOODS_SIGHT['light-woods'])
          : role === HEAVY
            ? this.woods(z, WOODS_SIGHT['heavy-woods'])
            : role === TOWN
              ? this.town(z, sa, sb)
              : role === HILL
                ? this.hill(z, sa, sb)
                : true;
      if (!ok) return false;
    }
    return true;
  }

  /** Part 4, Line of Sight A/B, for each run of the line through wood z. */
  private woods(z: number, w: WoodsSight): boolean {
    const t = this.tracer;
    const n = t.zoneRuns(z);
    const runs = t.runs;
    const len = t.length;
    for (let i = 0; i < n; i++) {
      const t0 = runs[2 * i]!;
      const t1 = runs[2 * i + 1]!;
      const depth = (t1 - t0) * len;
      const atA = t0 === t.from;
      const atB = t1 === t.to;
      let reason = -1;
      if (atA && atB) {
        if (depth > w.within + LIMIT_SLACK) reason = REASON['woods-too-far-inside'];
      } else if (atA) {
        if (depth > w.fireOut + LIMIT_SLACK) reason = REASON['woods-too-deep-to-see-out'];
      } else if (atB) {
        if ((t0 - t.from) * len > w.reach + LIMIT_SLACK) reason = REASON['woods-too-far-outside'];
        else if (depth > w.seeIn + LIMIT_SLACK) reason = REASON['woods-too-deep-to-see-in'];
      } else if (
        depth > w.seeIn + LIMIT_SLACK ||
        ((t0 - t.from) * len > w.reach + LIMIT_SLACK && (t.to - t1) * len > w.reach + LIMIT_SLACK)
      )
        reason = REASON['woods-in-the-way'];
      if (reason >= 0) return this.block(reason, this.index.zoneFeature[z]!);
    }
    return true;
  }

  /** Part 4, Line of Sight D, for each run of the line through town z. */
  private town(z: number, sa: number, sb: number): boolean {
    const t = this.tracer;
    const n = t.zoneRuns(z);
    const runs = t.runs;
    const defA = sa >= 0 && this.defending[sa] === 1;
    const defB = sb >= 0 && this.defending[sb] === 1;
    const edge = TOWN_SIGHT.edge + LIMIT_SLACK;
    for (let i = 0; i < n; i++) {
      const t0 = runs[2 * i]!;
      const t1 = runs[2 * i + 1]!;
      const depth = (t1 - t0) * t.length;
      const atA = t0 === t.from;
      const atB = t1 === t.to;
      let ok: boolean;
      if (atA && atB) ok = (defA && defB) || depth <= edge;
      else if (atA) ok = defA || depth <= edge;
      else if (atB) ok = defB || depth <= edge;
      else return this.block(REASON['town-in-the-way'], this.index.zoneFeature[z]!);
      if (!ok) return this.block(REASON['town-not-at-edge'], this.index.zoneFeature[z]!);
    }
    return true;
  }

  /** Part 4, Line of Sight C, for hill z (dead-ground reading, see the class comment). */
  private hill(z: number, sa: number, sb: number): boolean {
    const ix = this.index;
    if ((sa >= 0 && ix.standOnCrest(sa, z)) || (sb >= 0 && ix.standOnCrest(sb, z))) return true;
    const t = this.tracer;
    // The crossings of the crest nearest each end.
    let nearA: number;
    let nearB: number;
    if (ix.crestVertices[z]! > 0) {
      const n = t.crestCrossings(z);
      if (n === 0) return true;
      nearA = t.crossings[0]!;
      nearB = t.crossings[n - 1]!;
    } else {
      // No crest line: the whole top is the crest, so only a line that crosses the hill and leaves it
      // again (a run reaching neither end) passes over it.
      const n = t.zoneRuns(z);
      nearA = Number.NaN;
      nearB = Number.NaN;
      for (let i = 0; i < n; i++) {
        const t0 = t.runs[2 * i]!;
        const t1 = t.runs[2 * i + 1]!;
        if (t0 === t.from || t1 === t.to) continue;
        if (Number.isNaN(nearA)) nearA = t0;
        nearB = t1;
      }
      if (Number.isNaN(nearA)) return true;
    }
    const hill = this.zoneElevation[z]!;
    const ends = t.ends;
    const ea = sa >= 0 ? ix.standElevation[sa]! : ix.elevationAt(ends[0]!, ends[1]!);
    const eb = sb >= 0 ? ix.standElevation[sb]! : ix.elevationAt(ends[2]!, ends[3]!);
    const feature = ix.zoneFeature[z]!;
    if (ea <= hill && eb <= hill) return this.block(REASON['hill-crest'], feature);
    if (ea > hill && eb > hill) return true;
    const past = (ea < eb ? nearA - t.from : t.to - nearB) * t.length;
    const limit = this.zoneSteep[z] === 1 ? HILL_SIGHT.pastLowerSteepCrest : HILL_SIGHT.pastLowerCrest;
    return past <= limit + LIMIT_SLACK || this.block(REASON['hill-dead-ground'], feature);
  }

  private block(reason: number, culprit: number): false {
    this.reason = reason;
    this.culprit = culprit;
    return false;
  }

  private describeBlock(): NonNullable<SightVerdict['blocked']> {
    const ix = this.index;
    const reason = SIGHT_REASONS[this.reason]!;
    if (reason === 'stand-in-the-way') {
      const standId = ix.standIds[this.culprit]!;
      const ownerId = ix.standOwner[this.culprit]!;
      return {
        reason,
        by: { kind: 'stand', standId, ownerId },
        rule: sightRule('any unit blocks'),
        label: `Stand ${standId} of ${ownerId} is in the way`,
      };
    }
    const f = ix.features[this.culprit]!;
    const by: SightBlocker = { kind: 'terrain', featureId: f.id, terrainKind: f.kind };
    const woods =
      f.kind === 'light-woods' || f.kind === 'heavy-woods' ? WOODS_SIGHT[f.kind] : WOODS_SIGHT['light-woods'];
    const hillRule = HILL_SIGHT.rule;
    switch (reason) {
      case 'barrier':
        return {
          reason,
          by,
          rule: sightRule('walls and buildings block'),
          label: `${f.kind} ${f.id} is in the way`,
        };
      case 'woods-too-far-inside':
        return { reason, by, rule: woods.rule, label: `Both in ${f.id}, more than ${woods.within}" apart` };
      case 'woods-too-deep-to-see-out':
        return {
          reason,
          by,
          rule: woods.rule,
          label: `More than ${woods.fireOut}" of ${f.id} between the viewer and its edge`,
        };
      case 'woods-too-far-outside':
        return { reason, by, rule: woods.rule, label: `Viewer more than ${woods.reach}" outside ${f.id}` };
      case 'woods-too-deep-to-see-in':
        return { reason, by, rule: woods.rule, label: `Target more than ${woods.seeIn}" inside ${f.id}` };
      case 'woods-in-the-way':
        return { reason, by, rule: woods.rule, label: `${f.id} is in the way` };
      case 'town-in-the-way':
        return { reason, by, rule: TOWN_SIGHT.rule, label: `Town ${f.id} is in the way` };
      case 'town-not-at-edge':
        return {
          reason,
          by,
          rule: TOWN_SIGHT.edgeRule,
          label: `In ${f.id} but not defending it, and more than ${TOWN_SIGHT.edge}" from its edge`,
        };
      case 'hill-crest':
        return { reason, by, rule: hillRule, label: `The crest of ${f.id} hides it (neither end is higher)` };
      default: {
        const steep = f.kind === 'hill' && f.steep;
        const limit = steep ? HILL_SIGHT.pastLowerSteepCrest : HILL_SIGHT.pastLowerCrest;
        return { reason, by, rule: hillRule, label: `More than ${limit}" past the crest of ${f.id}` };
      }
    }
  }

  private endpoint(e: SightEndpoint): { x: number; y: number; stand: number } {
    if ('stand' in e) {
      const s = this.standIndexOf(e.stand);
      const boxes = this.index.standBoxes;
      return { x: boxes[s * BOX_STRIDE]!, y: boxes[s * BOX_STRIDE + 1]!, stand: s };
    }
    return { x: e.x, y: e.y, stand: -1 };
  }

  private standIndexOf(id: StandId): number {
    const s = this.index.standIndex(id);
    if (s < 0) throw new Error(`no stand ${id} on the table`);
    return s;
  }

  private unitIndexOf(id: UnitId): number {
    const u = this.index.unitIndex(id);
    if (u < 0) throw new Error(`no unit ${id} on the table`);
    return u;
  }
}

/** A sight verdict as a trace step. */
export function sightTraceStep(verdict: SightVerdict): TraceStep {
  if (!verdict.blocked) return { rule: sightRule(), label: 'Line of sight is clear', value: true };
  return { rule: verdict.blocked.rule, label: verdict.blocked.label, value: false };
}

function inside(flat: Float64Array, x: number, y: number): boolean {
  return flat.length >= 6 && pointInPolygon(flat, 0, flat.length / 2, x, y) > 0;
}

const COVER_RANK: Readonly<Record<TargetCover, number>> = {
  open: 0,
  'light-woods': 1,
  'heavy-woods': 2,
  'entrenchments-or-buildings': 3,
};

const COVER_ITEM: Readonly<Record<TargetCover, string>> = {
  open: 'open',
  'light-woods': 'light woods',
  'heavy-woods': 'heavy woods (jungle)',
  'entrenchments-or-buildings': 'entrenchments or buildings',
};

function coverVerdict(cover: TargetCover, featureId: FeatureId, how: string): CoverVerdict {
  return {
    cover,
    featureId,
    rule: jc4('Small Arms Fire Modifiers', `3. target cover: ${COVER_ITEM[cover]} (${how})`),
  };
}

const tableSights = new WeakMap<TableState, JohnCompanySight>();

/**
 * A table's line of sight with no town defenders, built once per table object (a table never changes
 * once built): for callers that know nothing of orders, such as a viewer's own table.
 */
export function sightOfTable(table: TableState): JohnCompanySight {
  let sight = tableSights.get(table);
  if (!sight) {
    sight = new JohnCompanySight(table);
    tableSights.set(table, sight);
  }
  return sight;
}
