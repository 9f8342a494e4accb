import { angleBetween, bearing, cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import { flattenPoints } from '../../core/geometry/points.ts';
import { pointInPolygon } from '../../core/geometry/polygons.ts';
import { groupBounds } from '../../core/geometry/rect-groups.ts';
import { pointSegmentDistanceSq, segmentCrossingT } from '../../core/geometry/segments.ts';
import type { UnitStandState } from '../../core/table/model.ts';
import type { Ground } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import type { ScenarioBasing, ScenarioFeature } from '../scenario/schema.ts';
import { unitStands } from '../scenario/table.ts';
import type { HfFormation, HfUnit } from './state.ts';

/**
 * Honour & Fortitude's reading of the table (docs/rules/honour-and-fortitude.md, "The table"): units
 * laid out from their front centre by the scenario format's formations, distances between stands,
 * the ground and cover under a unit, and where an enemy stands relative to its front.
 */

/** The least gap, inches, between stands of different units: none may overlap or touch. */
export const MIN_GAP = 0.1;
/** Units this close (inches) are in contact (melee). */
export const CONTACT = 0.5;

export type Placement = Pick<
  HfUnit,
  'id' | 'arm' | 'formation' | 'ranks' | 'crews' | 'figures' | 'figuresPerStand' | 'x' | 'y' | 'facing'
>;

/** Stands (or gun models) a unit of `figures` fills: a part-filled stand counts. */
export function standsFor(figures: number, perStand: number): number {
  return Math.max(1, Math.ceil(figures / perStand));
}

/**
 * The unit's stands at a placement, or undefined when its formation cannot take that shape. `files`
 * (stands per rank, columns and mass only) takes the place of the unit's `ranks` when given.
 */
export function layout(p: Placement, basing: ScenarioBasing, files?: number): UnitStandState[] | undefined {
  const stands = standsFor(p.figures, p.figuresPerStand);
  const grid = p.formation === 'column' || p.formation === 'mass';
  const keepRanks = files === undefined && p.ranks !== undefined && p.ranks <= stands && grid;
  try {
    return unitStands(
      {
        id: p.id,
        arm: p.arm,
        formation: p.formation,
        stands,
        ...(keepRanks ? { ranks: p.ranks } : {}),
        ...(files !== undefined && grid ? { files: Math.min(files, stands) } : {}),
        crews: p.crews,
        position: { x: p.x, y: p.y },
        facing: p.facing,
      },
      basing,
    );
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * The unit's stands once it has `figures` left (docs/rules/honour-and-fortitude.md, "The table: a unit
 * after losses"). With as many stands as before nothing moves. With fewer, it keeps its front rank where
 * it stood and its frontage (the files of its front rank) where its formation allows, so the stands
 * lost go from the rear; a layout that would overlap a unit in `others` its old stands were clear of is
 * refused, and the unit then keeps its old stands less the rearmost (rear rank first, outer files
 * first), which lie within the ground it held. A battery is laid out again by its guns left.
 */
export function layoutAfterLosses(
  unit: Placement & Pick<HfUnit, 'stands'>,
  figures: number,
  basing: ScenarioBasing,
  others: readonly (readonly UnitStandState[])[],
): UnitStandState[] {
  const count = standsFor(figures, unit.figuresPerStand);
  if (unit.arm !== 'artillery' && count === unit.stands.length) return [...unit.stands];
  const frontage = unit.stands.filter((s) => s.rank === 0).length;
  const shrunk = layout({ ...unit, figures }, basing, frontage);
  const clear = (stands: readonly UnitStandState[]) =>
    others.every((o) => standsApart(stands, o, 0) || !standsApart(unit.stands, o, 0));
  if (shrunk !== undefined && clear(shrunk)) return shrunk;
  if (unit.arm === 'artillery') return shrunk ?? [...unit.stands];
  // Kept: the front rank first, within a rank the stands nearest the unit's centre line.
  const across = (st: UnitStandState) =>
    Math.abs((st.x - unit.x) * sinDegrees(unit.facing) - (st.y - unit.y) * cosDegrees(unit.facing));
  return [...unit.stands].sort((a, b) => a.rank - b.rank || across(a) - across(b)).slice(0, count);
}

/**
 * Whether two units' stands are all at least `gap` apart: a separating-axis test on each pair of
 * stands grown by half the gap (square corners, so it is a little stricter than the exact distance).
 */
export function standsApart(
  a: readonly UnitStandState[],
  b: readonly UnitStandState[],
  gap: number,
): boolean {
  const ba = groupBounds(a);
  const bb = groupBounds(b);
  if (Math.hypot(ba.x - bb.x, ba.y - bb.y) - ba.r - bb.r > gap) return true;
  for (const s of a) for (const t of b) if (!rectsApart(s, t, gap / 2)) return false;
  return true;
}

function rectsApart(s: UnitStandState, t: UnitStandState, grow: number): boolean {
  const dx = t.x - s.x;
  const dy = t.y - s.y;
  const reach = (Math.hypot(s.width, s.depth) + Math.hypot(t.width, t.depth)) / 2 + 2 * grow;
  if (dx * dx + dy * dy > reach * reach) return true;
  const sc = cosDegrees(s.facing);
  const ss = sinDegrees(s.facing);
  const tc = cosDegrees(t.facing);
  const ts = sinDegrees(t.facing);
  const sw = s.width / 2 + grow;
  const sd = s.depth / 2 + grow;
  const tw = t.width / 2 + grow;
  const td = t.depth / 2 + grow;
  // Axes: each rectangle's forward (c, s) and lateral (s, -c) directions.
  const axes = [sc, ss, ss, -sc, tc, ts, ts, -tc];
  for (let i = 0; i < 8; i += 2) {
    const ax = axes[i]!;
    const ay = axes[i + 1]!;
    const rs = sd * Math.abs(sc * ax + ss * ay) + sw * Math.abs(ss * ax - sc * ay);
    const rt = td * Math.abs(tc * ax + ts * ay) + tw * Math.abs(ts * ax - tc * ay);
    if (Math.abs(dx * ax + dy * ay) > rs + rt) return true;
  }
  return false;
}

export function centreOf(stands: readonly UnitStandState[]): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (const s of stands) {
    x += s.x;
    y += s.y;
  }
  return { x: x / stands.length, y: y / stands.length };
}

/** Whether every stand's centre is on the table. */
export function onTable(stands: readonly UnitStandState[], width: number, depth: number): boolean {
  return stands.every((s) => s.x >= 0 && s.x <= width && s.y >= 0 && s.y <= depth);
}

/** A point `inches` from (x, y) in direction `facing`. */
export function ahead(x: number, y: number, facing: number, inches: number): { x: number; y: number } {
  return { x: x + cosDegrees(facing) * inches, y: y + sinDegrees(facing) * inches };
}

/** Where a point lies from a unit: within 45° of its front, its flank, or behind it (beyond 135°). */
export function quarterOf(
  unit: Pick<HfUnit, 'stands' | 'facing'>,
  x: number,
  y: number,
): 'front' | 'flank' | 'rear' {
  const c = centreOf(unit.stands);
  const off = angleBetween(unit.facing, bearing(c.x, c.y, x, y));
  return off <= 45 ? 'front' : off <= 135 ? 'flank' : 'rear';
}

const flat = new WeakMap<object, Float64Array>();
function coords(points: readonly { x: number; y: number }[]): Float64Array {
  let f = flat.get(points);
  if (!f) {
    f = flattenPoints(points);
    flat.set(points, f);
  }
  return f;
}

function inside(outline: readonly { x: number; y: number }[], x: number, y: number): boolean {
  return pointInPolygon(coords(outline), 0, outline.length, x, y) >= 0;
}

function nearPath(path: readonly { x: number; y: number }[], x: number, y: number, within: number): boolean {
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    if (pointSegmentDistanceSq(x, y, a.x, a.y, b.x, b.y) <= within * within) return true;
  }
  return false;
}

function crossesPath(
  path: readonly { x: number; y: number }[],
  closed: boolean,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  const n = path.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const p = path[i]!;
    const q = path[(i + 1) % n]!;
    if (!Number.isNaN(segmentCrossingT(ax, ay, bx, by, p.x, p.y, q.x, q.y))) return true;
  }
  return false;
}

const GROUND_RANK: Readonly<Record<Ground, number>> = { open: 0, broken: 1, rough: 2 };
const worse = (a: Ground, b: Ground): Ground => (GROUND_RANK[b] > GROUND_RANK[a] ? b : a);

/**
 * The ground at a point (H&F QRS, Movement): woods, brush (difficult ground), hills and towns are
 * broken; heavy woods and swamp rough; streams and nullahs broken, fordable rivers rough (Muster's
 * reading of the table's terrain kinds).
 */
export function groundAt(terrain: readonly ScenarioFeature[], x: number, y: number): Ground {
  let g: Ground = 'open';
  for (const f of terrain) {
    switch (f.kind) {
      case 'difficult':
      case 'light-woods':
      case 'hill':
      case 'town':
        if (inside(f.outline, x, y)) g = worse(g, 'broken');
        break;
      case 'heavy-woods':
      case 'swamp':
        if (inside(f.outline, x, y)) g = worse(g, 'rough');
        break;
      case 'nullah':
      case 'stream':
        if (nearPath(f.path, x, y, f.width / 2)) g = worse(g, 'broken');
        break;
      case 'fordable-river':
        if (nearPath(f.path, x, y, f.width / 2)) g = worse(g, 'rough');
        break;
      default:
        break;
    }
  }
  return g;
}

/**
 * The worst ground a move meets: under the unit's stands where it ends, at points every inch along
 * its front centre's path, and walls or works crossed (broken; fortifications rough).
 */
export function groundOfMove(
  terrain: readonly ScenarioFeature[],
  from: { x: number; y: number },
  to: { x: number; y: number },
  stands: readonly UnitStandState[],
): Ground {
  let g: Ground = 'open';
  for (const s of stands) g = worse(g, groundAt(terrain, s.x, s.y));
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.ceil(length);
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    g = worse(g, groundAt(terrain, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t));
  }
  for (const f of terrain) {
    if (
      !('path' in f) ||
      f.kind === 'road' ||
      f.kind === 'nullah' ||
      f.kind === 'stream' ||
      f.kind === 'fordable-river'
    )
      continue;
    if (crossesPath(f.path, 'closed' in f && f.closed === true, from.x, from.y, to.x, to.y))
      g = worse(g, f.kind === 'fortification' || f.kind === 'fortified-city-wall' ? 'rough' : 'broken');
  }
  return g;
}

/** The worst ground under a unit's stands. */
export function groundUnder(terrain: readonly ScenarioFeature[], stands: readonly UnitStandState[]): Ground {
  let g: Ground = 'open';
  for (const s of stands) g = worse(g, groundAt(terrain, s.x, s.y));
  return g;
}

export type Cover = 'none' | 'soft' | 'hard';
/** Inches from a wall or work within which a stand lines it. */
const LINING = 1;

/**
 * A unit's cover (H&F QRS, Firing, Melees, Morale): hard in a town or lining a medium or high wall,
 * an entrenchment or a fortification; soft in woods or lining a low wall or a barricade (Muster's
 * reading: any of its stands).
 */
export function coverOf(terrain: readonly ScenarioFeature[], stands: readonly UnitStandState[]): Cover {
  let cover: Cover = 'none';
  for (const s of stands)
    for (const f of terrain) {
      switch (f.kind) {
        case 'town':
          if (inside(f.outline, s.x, s.y)) return 'hard';
          break;
        case 'light-woods':
        case 'heavy-woods':
          if (inside(f.outline, s.x, s.y)) cover = 'soft';
          break;
        case 'wall-low':
        case 'barricade':
          if (nearPath(f.path, s.x, s.y, LINING + s.depth / 2)) cover = 'soft';
          break;
        case 'wall-medium':
        case 'wall-high':
        case 'entrenchment':
        case 'fortification':
        case 'fortified-city-wall':
          if (nearPath(f.path, s.x, s.y, LINING + s.depth / 2)) return 'hard';
          break;
        default:
          break;
      }
    }
  return cover;
}

/** Whether a formation is deep (column, mass or square) for the "deep target" modifier. */
export function isDeep(formation: HfFormation): boolean {
  return (
    formation === 'column' || formation === 'open-column' || formation === 'mass' || formation === 'square'
  );
}
