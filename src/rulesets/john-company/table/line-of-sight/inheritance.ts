import { BOX_STRIDE, segmentBoxDistance } from '../../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq } from '../../../../core/geometry/segments.ts';
import type { TableState } from '../../../../core/table/model.ts';
import type { TableIndex } from '../../../../core/table/spatial-index.ts';

/** A sight as an inheritance reads it (`JohnCompanySight`). */
export interface InheritableSight {
  readonly index: TableIndex;
  /** Whether stand s (by index) defends a town. */
  defendingAt(s: number): number;
  /** The verdict on the line from stand v to stand t it knows: 1 sees, 2 blocked, 0 not known. */
  knownSees(v: number, t: number): number;
  /** The verdict of unit a on unit b it knows, likewise. */
  knownUnitSees(a: number, b: number): number;
}

/** How many sights back a verdict may be inherited from (older sights are let go). */
export const INHERIT_DEPTH = 4;
/** How many recent sights over a terrain are candidates to inherit from (the nearest alike wins). */
export const INHERIT_CANDIDATES = 3;
/**
 * Inches: a blocking stand that came, went or moved no nearer than this to the line between two stand
 * centres cannot have changed whether it is blocked (the tracer's contact tolerance is far smaller).
 */
export const INHERIT_MARGIN = 0.05;

/**
 * What a sight may take from an earlier sight over the same terrain (see `JohnCompanySight`): a
 * stand-to-stand verdict depends only on the two stands' boxes (and whether they defend a town), the
 * terrain, and the blocking stands touching the line between them. So a verdict there still holds here
 * when both stands are where they were and no blocking stand that changed comes near the line; and a
 * unit-to-unit verdict (any stand of one sees any stand of the other) when that holds for every pair
 * of their stands.
 */
export interface Inheritance<S extends InheritableSight> {
  readonly from: S;
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

/** The sight line `lineMeetsChange` reads: from x, y to x, y. */
export const SIGHT_LINE = new Float64Array(4);

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
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
export function inheritanceFrom<S extends InheritableSight>(
  from: S,
  here: TableIndex,
  defending: Uint8Array,
): Inheritance<S> {
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
  // Indexes sharing a roster number units and stands alike: no need to look them up by id.
  const sameRoster = here.unitIds === there.unitIds;
  // A unit whose state is the very one `from` had keeps every stand where it was: no need to compare.
  for (let u = 0; u < here.unitIds.length; u++) {
    const id = here.unitIds[u]!;
    const v = sameRoster ? u : there.unitIndex(id);
    const first = here.unitStandStart[u]!;
    const end = here.unitStandStart[u + 1]!;
    if (v >= 0 && here.unitStates[u] === there.unitStates[v]) {
      const at = there.unitStandStart[v]!;
      let alike = true;
      for (let i = first; i < end; i++) {
        const j = at + i - first;
        kept[j] = 1;
        if (defending[i] === from.defendingAt(j)) same[i] = j;
        else alike = false;
      }
      if (alike) sameUnit[u] = v;
      continue;
    }
    for (let i = first; i < end; i++) {
      const j = sameRoster ? i : there.standIndex(here.standIds[i]!);
      if (j >= 0 && sameStand(here, i, there, j)) {
        kept[j] = 1;
        if (defending[i] === from.defendingAt(j)) same[i] = j;
      } else if (here.standBlocks[i] === 1) addChanged(here, i, changed, circles, bounds);
    }
  }
  // Generals' stands (after the units'): compared one by one.
  for (let i = here.unitStandStart[here.unitIds.length]!; i < here.standCount; i++) {
    const j = sameRoster ? i : there.standIndex(here.standIds[i]!);
    if (j >= 0 && sameStand(here, i, there, j)) {
      kept[j] = 1;
      if (defending[i] === from.defendingAt(j)) same[i] = j;
    } else if (here.standBlocks[i] === 1) addChanged(here, i, changed, circles, bounds);
  }
  for (let j = 0; j < there.standCount; j++)
    if (kept[j] === 0 && there.standBlocks[j] === 1) addChanged(there, j, changed, circles, bounds);
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

/** Adds stand s of `ix` to the changed boxes of an inheritance, with its bounding circle and the bounds. */
function addChanged(
  ix: TableIndex,
  s: number,
  changed: number[],
  circles: number[],
  bounds: [number, number, number, number],
): void {
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
}

/** How many units are not the very same unit state in the tables of both indexes (either way). */
export function changedUnits(a: TableIndex, b: TableIndex): number {
  if (a.unitIds === b.unitIds) {
    // The same roster: the same units, in the same order.
    let n = 0;
    for (let u = 0; u < a.unitStates.length; u++) if (a.unitStates[u] !== b.unitStates[u]) n++;
    return n;
  }
  return changedTableUnits(a.table, b.table);
}

function changedTableUnits(a: TableState, b: TableState): number {
  let n = 0;
  for (const id of Object.keys(b.units)) if (a.units[id] !== b.units[id]) n++;
  for (const id of Object.keys(a.units)) if (!(id in b.units)) n++;
  return n;
}

/** Whether a changed stand of `inh` comes near the sight line in `SIGHT_LINE`. */
export function lineMeetsChange(inh: Inheritance<InheritableSight>): boolean {
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
export function boxMeetsChange(
  inh: Inheritance<InheritableSight>,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
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
