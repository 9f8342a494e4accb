import { cosDegrees, sinDegrees, toRadians } from '../../../core/geometry/angles.ts';
import { flattenPoints } from '../../../core/geometry/points.ts';
import { pointInPolygon, segmentPolygonRelation } from '../../../core/geometry/polygons.ts';
import {
  BOX_STRIDE,
  boxCorners,
  boxDistance,
  frontFaceOverlap,
  packBox,
  segmentBoxDistance,
} from '../../../core/geometry/rectangles.ts';
import { ALL, boxMeetsSector, capsuleSpan, roundedBoxSpan, SPAN } from '../../../core/geometry/sectors.ts';
import { EPSILON, SEGMENT_STRIDE } from '../../../core/geometry/segments.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import type {
  BarrierKind,
  FeatureId,
  StandState,
  TableState,
  TerrainKind,
  UnitState,
} from '../../../core/table/model.ts';
import { type RangedWeapon, rangeLimitsFor } from '../procedures/fire/range-band.ts';
import { bandIndexFor } from '../tables/firing-table.ts';
import type { MoverClass } from '../tables/movement-rates.ts';
import { SMALL_ARMS_WEAPON_DEFS, type SmallArmsWeapon } from '../tables/small-arms.ts';
import { TERRAIN_COSTS, type TerrainId } from '../tables/terrain-costs.ts';
import { type Formation, jc4, RANGE_BANDS, type RangeBand } from '../vocabulary.ts';
import { isFormation } from './formations.ts';
import type { JohnCompanySight } from './line-of-sight.ts';
import { CONTACT_TOLERANCE } from './terrain.ts';

/**
 * John Company's measurements on the virtual table: ranges, the stands that may fire, enfilade,
 * flanks and rear, lines of retreat, contact, command radius and slopes. Lengths in inches. Each
 * function states the reading it implements; docs/table-john-company.md gathers them.
 *
 * Measurements work on `UnitGeometry` (a unit's stands packed once per table state) and
 * `TerrainGeometry` (the table's terrain, flattened once), so that deriving every unit's facts stays
 * cheap.
 */

// ---------------------------------------------------------------------------------------------
// Prepared geometry

/**
 * A unit's stands packed for measuring, and its frame: the front-centre anchor (formations.ts), the
 * facing (ux, uy), and its footprint in that frame (lateral `left`..`right`, forward `rear`..`front`,
 * relative to the anchor: `front` is 0 unless a stand juts ahead of the front rank).
 */
export interface UnitGeometry {
  readonly unit: UnitState;
  readonly formation: Formation;
  readonly count: number;
  /** Stand i packed at i * BOX_STRIDE (rectangles.ts). */
  readonly boxes: Float64Array;
  /** The rank each stand fires from: its rank, except that every face of a square is a front rank. */
  readonly firingRank: Int32Array;
  readonly ux: number;
  readonly uy: number;
  readonly ax: number;
  readonly ay: number;
  readonly left: number;
  readonly right: number;
  readonly rear: number;
  readonly front: number;
  /** A circle holding every stand: centre and radius. */
  readonly cx: number;
  readonly cy: number;
  readonly radius: number;
  /** The box, aligned with the table's axes, holding every stand. */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

const CORNERS = new Float64Array(8);

const geometries = new WeakMap<UnitState, UnitGeometry>();

/**
 * Packs a unit for measuring. Its formation must be one of John Company's. The anchor is
 * `frontCentre`'s (formations.ts), worked out here in the same pass as the footprint. Packed once per
 * unit state (states are never changed, and tables share the units that did not change).
 */
export function unitGeometry(unit: UnitState): UnitGeometry {
  let g = geometries.get(unit);
  if (!g) {
    g = packUnit(unit);
    geometries.set(unit, g);
  }
  return g;
}

function packUnit(unit: UnitState): UnitGeometry {
  if (!isFormation(unit.formation))
    throw new RangeError(`${unit.id}: ${unit.formation} is not a John Company formation`);
  const count = unit.stands.length;
  if (count === 0) throw new RangeError(`unit ${unit.id} has no stands`);
  const boxes = new Float64Array(count * BOX_STRIDE);
  const firingRank = new Int32Array(count);
  const square = unit.formation === 'square';
  const ux = cosDegrees(unit.facing);
  const uy = sinDegrees(unit.facing);
  // Offsets from the first stand's centre, in the unit's frame (lateral to the right, forward).
  const ox = unit.stands[0]!.x;
  const oy = unit.stands[0]!.y;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let rear = Number.POSITIVE_INFINITY;
  let front = Number.NEGATIVE_INFINITY;
  let hasRank0 = false;
  for (let i = 0; i < count; i++) if (unit.stands[i]!.rank === 0) hasRank0 = true;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let left0 = Number.POSITIVE_INFINITY;
  let right0 = Number.NEGATIVE_INFINITY;
  let front0 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const s = unit.stands[i]!;
    const b = i * BOX_STRIDE;
    packBox(s, boxes, b);
    firingRank[i] = square ? 0 : s.rank;
    const dx = s.x - ox;
    const dy = s.y - oy;
    const along = dx * ux + dy * uy;
    const across = dx * uy - dy * ux;
    const c = Math.abs(boxes[b + 2]! * ux + boxes[b + 3]! * uy);
    const sn = Math.abs(boxes[b + 3]! * ux - boxes[b + 2]! * uy);
    const halfAlong = c * boxes[b + 5]! + sn * boxes[b + 4]!;
    const halfAcross = c * boxes[b + 4]! + sn * boxes[b + 5]!;
    if (across - halfAcross < left) left = across - halfAcross;
    if (across + halfAcross > right) right = across + halfAcross;
    if (along - halfAlong < rear) rear = along - halfAlong;
    if (along + halfAlong > front) front = along + halfAlong;
    // The stand's own extent along the table's axes.
    const ex = Math.abs(boxes[b + 3]!) * boxes[b + 4]! + Math.abs(boxes[b + 2]!) * boxes[b + 5]!;
    const ey = Math.abs(boxes[b + 2]!) * boxes[b + 4]! + Math.abs(boxes[b + 3]!) * boxes[b + 5]!;
    if (s.x - ex < minX) minX = s.x - ex;
    if (s.x + ex > maxX) maxX = s.x + ex;
    if (s.y - ey < minY) minY = s.y - ey;
    if (s.y + ey > maxY) maxY = s.y + ey;
    if (hasRank0 && s.rank !== 0) continue;
    if (across - halfAcross < left0) left0 = across - halfAcross;
    if (across + halfAcross > right0) right0 = across + halfAcross;
    if (along + halfAlong > front0) front0 = along + halfAlong;
  }
  const lat0 = (left0 + right0) / 2;
  const ax = ox + uy * lat0 + ux * front0;
  const ay = oy - ux * lat0 + uy * front0;
  const midLat = (left + right) / 2;
  const midFwd = (rear + front) / 2;
  return {
    unit,
    formation: unit.formation,
    count,
    boxes,
    firingRank,
    ux,
    uy,
    ax,
    ay,
    left: left - lat0,
    right: right - lat0,
    rear: rear - front0,
    front: front - front0,
    cx: ox + uy * midLat + ux * midFwd,
    cy: oy - ux * midLat + uy * midFwd,
    radius: Math.hypot((right - left) / 2, (front - rear) / 2),
    minX,
    minY,
    maxX,
    maxY,
  };
}

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
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
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

function inBox(s: FlatShape, x: number, y: number, grow: number): boolean {
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

// ---------------------------------------------------------------------------------------------
// Distances and contact

const FACE = new Float64Array(SEGMENT_STRIDE);

/** Writes the front face of packed box `b` (its front-left to front-right corner) into FACE. */
function packFrontFace(boxes: ArrayLike<number>, b: number): void {
  boxCorners(boxes, b, CORNERS);
  FACE[0] = CORNERS[0]!;
  FACE[1] = CORNERS[1]!;
  FACE[2] = CORNERS[2]!;
  FACE[3] = CORNERS[3]!;
}

/** The distance from the front face of stand i of `a` to stand j of `b` (front edge to nearest edge). */
export function standFrontDistance(a: UnitGeometry, i: number, b: UnitGeometry, j: number): number {
  packFrontFace(a.boxes, i * BOX_STRIDE);
  return segmentBoxDistance(FACE, 0, b.boxes, j * BOX_STRIDE);
}

/** Which stands of a target are measured to: its gun models if it has any (Part 4), else all of them. */
export function measuredStands(target: UnitGeometry): boolean[] {
  const guns = target.unit.stands.map((s) => s.kind === 'gun');
  return guns.some((g) => g) ? guns : guns.map(() => true);
}

/**
 * Range as the rules measure it (Part 4, Using The Fire Table: front edge to front edge): the shortest
 * distance from the front face of one of `from`'s front-rank stands to the nearest edge of a stand of
 * `to` (its gun models, when it has guns and `toGuns` holds: Part 4 measures fire at artillery to the
 * gun model). With `toGuns` false, every stand of `to` counts: a charger's distance to its target.
 */
export function frontDistance(from: UnitGeometry, to: UnitGeometry, toGuns = true): number {
  const measured = toGuns ? measuredStands(to) : to.unit.stands.map(() => true);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < from.count; i++) {
    if (from.firingRank[i] !== 0) continue;
    for (let j = 0; j < to.count; j++) {
      if (!measured[j]) continue;
      const d = standFrontDistance(from, i, to, j);
      if (d < best) best = d;
    }
  }
  return best;
}

/** The range band of a distance for a weapon (the fire tables' lookup), or null beyond its reach. */
export function rangeBandAt(weapon: RangedWeapon, distance: number): RangeBand | null {
  const i = bandIndexFor(rangeLimitsFor(weapon), distance);
  return i >= 0 ? RANGE_BANDS[i]! : null;
}

const longestRanges = new Map<RangedWeapon, number>();

/** The longest range (inches) at which a weapon can fire: its extreme band's limit. */
export function maximumRange(weapon: RangedWeapon): number {
  let most = longestRanges.get(weapon);
  if (most === undefined) {
    most = 0;
    for (const l of rangeLimitsFor(weapon).limits) if (l !== null && l > most) most = l;
    longestRanges.set(weapon, most);
  }
  return most;
}

/** How many stands of `a` are in base contact with `b` (edge to edge within `tolerance`). */
export function standsInContact(a: UnitGeometry, b: UnitGeometry, tolerance = CONTACT_TOLERANCE): number {
  if (Math.hypot(a.cx - b.cx, a.cy - b.cy) > a.radius + b.radius + tolerance) return 0;
  let n = 0;
  for (let i = 0; i < a.count; i++)
    for (let j = 0; j < b.count; j++)
      if (boxDistance(a.boxes, i * BOX_STRIDE, b.boxes, j * BOX_STRIDE) <= tolerance) {
        n++;
        break;
      }
  return n;
}

const ONE_BOX = new Float64Array(BOX_STRIDE);

/** The distance (edge to edge) from a single stand (a General Officer) to the nearest stand of a unit. */
export function standToUnitDistance(stand: StandState, unit: UnitGeometry): number {
  packBox(stand, ONE_BOX, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j < unit.count; j++) {
    const d = boxDistance(ONE_BOX, 0, unit.boxes, j * BOX_STRIDE);
    if (d < best) best = d;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Fire

/** Artillery fires within 30 degrees either side of straight ahead (Part 4, Angle Of Fire). */
export const ARTILLERY_ARC_DEGREES = 30;
const ARTILLERY_HALF_ARC = toRadians(ARTILLERY_ARC_DEGREES);

/** The stands of a unit that can fire at a target, and the range they fire at. */
export interface FiringStands {
  /** Small arms: firing stands of the front rank; artillery: the crew stands of the guns that bear. */
  readonly frontRank: number;
  /** Bows and javelins: firing stands of the second rank (0 otherwise). */
  readonly secondRank: number;
  /** Artillery: the gun models that bear (0 for small arms). */
  readonly guns: number;
  /** Stand indices (in the firer) that fire: for artillery, the guns. */
  readonly stands: readonly number[];
  /** Shortest range from a firing stand's front face to a target stand it fires at (Infinity when none). */
  readonly distance: number;
}

export interface FiringOptions {
  /** Checks each firing stand's line of sight; without it every line is taken as clear. */
  readonly sight?: JohnCompanySight;
}

/** The crew stands serving gun `gunId`. */
function crewsOf(u: UnitGeometry, gunId: string): number {
  let n = 0;
  for (const s of u.unit.stands) if (s.kind === 'crew' && s.serves === gunId) n++;
  return n;
}

function isSmallArm(weapon: RangedWeapon): weapon is SmallArmsWeapon {
  return weapon in SMALL_ARMS_WEAPON_DEFS;
}

/**
 * Which stands of `firer` can fire at `target` with `weapon` (Part 4, Troops And Figures Able To Fire;
 * Angle Of Fire), measuring to the target's gun models when it has any:
 * - small arms: stands of the front rank (the first two for bows and javelins) whose front face's
 *   projection straight ahead overlaps some part of a target stand, within the weapon's extreme range
 *   and (with a sight) seeing that stand; a second-rank stand sees with the front-rank stand of its
 *   file, if there is one; a battery with a small arm (Zambureks, swivel guns) aims from its gun models'
 *   front faces the same way and fires with their crew stands;
 * - artillery (deployed only): each gun of the front rank whose 60-degree arc (30 either side of its
 *   facing, from the middle of its front edge) holds some part of a target stand within range and in
 *   sight; its crew stands are the stands firing.
 */
export function firingStands(
  firer: UnitGeometry,
  weapon: RangedWeapon,
  target: UnitGeometry,
  options: FiringOptions = {},
): FiringStands {
  const measured = measuredStands(target);
  const reach = maximumRange(weapon) + EPSILON;
  const sight = options.sight;
  const idOf = (u: UnitGeometry, i: number) => u.unit.stands[i]!.id;
  const sees = (i: number, j: number) =>
    !sight ||
    sight.seesIndex(sight.index.standIndex(idOf(firer, i)), sight.index.standIndex(idOf(target, j)));
  const stands: number[] = [];
  let distance = Number.POSITIVE_INFINITY;
  if (!isSmallArm(weapon)) {
    if (firer.formation !== 'artillery-deployed')
      return { frontRank: 0, secondRank: 0, guns: 0, stands, distance };
    let crews = 0;
    for (let i = 0; i < firer.count; i++) {
      const gun = firer.unit.stands[i]!;
      if (gun.kind !== 'gun' || firer.firingRank[i] !== 0) continue;
      const b = i * BOX_STRIDE;
      const c = firer.boxes[b + 2]!;
      const s = firer.boxes[b + 3]!;
      const apexX = firer.boxes[b]! + c * firer.boxes[b + 5]!;
      const apexY = firer.boxes[b + 1]! + s * firer.boxes[b + 5]!;
      let best = Number.POSITIVE_INFINITY;
      for (let j = 0; j < target.count; j++) {
        if (!measured[j]) continue;
        if (!boxMeetsSector(apexX, apexY, c, s, ARTILLERY_HALF_ARC, target.boxes, j * BOX_STRIDE)) continue;
        const d = standFrontDistance(firer, i, target, j);
        if (d <= reach && d < best && sees(i, j)) best = d;
      }
      if (best === Number.POSITIVE_INFINITY) continue;
      stands.push(i);
      if (best < distance) distance = best;
      crews += crewsOf(firer, gun.id);
    }
    return { frontRank: crews, secondRank: 0, guns: stands.length, stands, distance };
  }
  const ranks = SMALL_ARMS_WEAPON_DEFS[weapon].ranks;
  let frontRank = 0;
  let secondRank = 0;
  for (let i = 0; i < firer.count; i++) {
    const rank = firer.firingRank[i]!;
    if (rank >= ranks) continue;
    const st = firer.unit.stands[i]!;
    // A battery's crews and limbers fire through their guns (below).
    if (st.kind === 'limber' || (st.kind === 'crew' && st.serves !== undefined)) continue;
    // A second-rank stand sees with the front-rank stand of its file, where there is one.
    let eye = i;
    if (rank === 1)
      for (let k = 0; k < firer.count; k++)
        if (firer.firingRank[k] === 0 && firer.unit.stands[k]!.file === st.file) eye = k;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < target.count; j++) {
      if (!measured[j]) continue;
      if (frontFaceOverlap(st, target.unit.stands[j]!) <= EPSILON) continue;
      const d = standFrontDistance(firer, i, target, j);
      if (d <= reach && d < best && sees(eye, j)) best = d;
    }
    if (best === Number.POSITIVE_INFINITY) continue;
    stands.push(i);
    if (best < distance) distance = best;
    // A gun model with a small arm (Zambureks, swivel guns) fires with its crew stands.
    const firing = st.kind === 'gun' ? crewsOf(firer, st.id) : 1;
    if (rank === 0) frontRank += firing;
    else secondRank += firing;
  }
  return { frontRank, secondRank, guns: 0, stands, distance };
}

/** Fire arriving within this many degrees of the end of a line or the flank of a column is enfilade. */
export const ENFILADE_DEGREES = 10;
const ENFILADE_RULE = jc4('Enfilade Fire');

export interface Enfilade {
  /** The target's flank the fire comes from. */
  readonly flank: 'left' | 'right';
  /** Degrees between the target's front line and the line from its flank to the firer. */
  readonly angle: number;
  /** Ranks of stands in the target (2 stands may fire per rank; 3 against cavalry or artillery). */
  readonly targetRanks: number;
  readonly rule: RuleRef;
}

/** Formations that have an end or a flank to enfilade: lines, columns and batteries. */
export function mayBeEnfiladed(formation: Formation): boolean {
  return formation !== 'square' && formation !== 'mass' && formation !== 'skirmish-order';
}

/**
 * Enfilade (Part 4, Enfilade Fire), read as: the firer stands within 10 degrees of the target's front
 * line extended beyond one of its ends. The angle is measured at the middle of the target's flank (the
 * point on its left or right edge halfway between its front and rear), between the target's lateral
 * axis pointing outwards and the line to the firer's position, taken as the mean of the middles of the
 * front edges of the firer's firing stands. The same test serves a line (fire from the end) and a
 * column (fire from the flank: along its ranks). Null when the fire is not enfilade, or the target is in
 * a square, mass or skirmish order.
 */
export function enfiladeOf(
  firer: UnitGeometry,
  firing: readonly number[],
  target: UnitGeometry,
): Enfilade | null {
  if (firing.length === 0 || !mayBeEnfiladed(target.formation)) return null;
  let px = 0;
  let py = 0;
  for (const i of firing) {
    const b = i * BOX_STRIDE;
    px += firer.boxes[b]! + firer.boxes[b + 2]! * firer.boxes[b + 5]!;
    py += firer.boxes[b + 1]! + firer.boxes[b + 3]! * firer.boxes[b + 5]!;
  }
  px /= firing.length;
  py /= firing.length;
  const dx = px - target.ax;
  const dy = py - target.ay;
  const lat = dx * target.uy - dy * target.ux;
  const fwd = dx * target.ux + dy * target.uy - (target.front + target.rear) / 2;
  const flank = lat >= 0 ? 'right' : 'left';
  const out = flank === 'right' ? lat - target.right : target.left - lat;
  if (out <= 0) return null;
  const angle = (Math.atan2(Math.abs(fwd), out) * 180) / Math.PI;
  if (angle > ENFILADE_DEGREES + 1e-9) return null;
  return {
    flank,
    angle,
    targetRanks: new Set(target.unit.stands.map((s) => s.rank)).size,
    rule: ENFILADE_RULE,
  };
}

// ---------------------------------------------------------------------------------------------
// Flanks and rear

/** Where a point lies relative to a unit's front line: a flank, the rear, or (null) not behind it. */
export type Quarter = 'left' | 'right' | 'rear';

/**
 * Which quarter of `unit` the point (x, y) is in, or null when it is not behind the line extended
 * along the unit's front face. Behind that line, the rear is the region behind the unit's rear edge
 * between the lines running back at 45 degrees from its rear corners; the rest is the left or right
 * flank. A square has no flank or rear: every face is a front (null).
 */
export function quarterOf(unit: UnitGeometry, x: number, y: number): Quarter | null {
  if (unit.formation === 'square') return null;
  const dx = x - unit.ax;
  const dy = y - unit.ay;
  const lat = dx * unit.uy - dy * unit.ux;
  const fwd = dx * unit.ux + dy * unit.uy;
  if (fwd >= unit.front - EPSILON) return null;
  const mid = (unit.left + unit.right) / 2;
  const half = (unit.right - unit.left) / 2;
  if (fwd < unit.rear && Math.abs(lat - mid) - half <= unit.rear - fwd) return 'rear';
  return lat < mid ? 'left' : 'right';
}

/** "Facing towards" another unit: some part of it lies within this many degrees either side of straight ahead. */
export const FACING_TOWARDS_DEGREES = 45;
const FACING_HALF = toRadians(FACING_TOWARDS_DEGREES);

/**
 * Whether `unit` faces towards `other`: some part of one of `other`'s stands lies within 45 degrees
 * either side of straight ahead of `unit`'s front-centre. A square faces every way.
 */
export function facesTowards(unit: UnitGeometry, other: UnitGeometry): boolean {
  if (unit.formation === 'square') return true;
  for (let j = 0; j < other.count; j++)
    if (boxMeetsSector(unit.ax, unit.ay, unit.ux, unit.uy, FACING_HALF, other.boxes, j * BOX_STRIDE))
      return true;
  return false;
}

/** The distance between two units' front-centres: how far one must move to stand where the other stands. */
export function anchorDistance(a: UnitGeometry, b: UnitGeometry): number {
  return Math.hypot(a.ax - b.ax, a.ay - b.ay);
}

// ---------------------------------------------------------------------------------------------
// Line of retreat

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

// ---------------------------------------------------------------------------------------------
// Slopes

/** Ground that is rough for the uphill modifier: difficult ground, swamp and woods. */
const ROUGH: ReadonlySet<TerrainId> = new Set(['difficult', 'swamp', 'light-woods', 'heavy-woods']);
/** Works whose defenders get their own modifiers, not uphill (Part 4, Confrontation modifier 2). */
const DEFENDED_WORKS: ReadonlySet<BarrierKind> = new Set([
  'entrenchment',
  'fortification',
  'fortified-city-wall',
  'wall-high',
]);

/** Whether a unit fights uphill of its opponent, and why (not). */
export interface Uphill {
  readonly uphill: boolean;
  /** The elevations compared: its own and its opponent's. */
  readonly elevation: number;
  readonly opponentElevation: number;
  /** Why it does not count although higher: rough ground, an obstacle between them, or defending works. */
  readonly spoiledBy?: 'rough-ground' | 'obstacle' | 'works';
  readonly rule: RuleRef;
}

const UPHILL_RULE = jc4('Confrontation Tactical Modifiers', '2. uphill');

/** Stand indices of `a` in contact with `b`, or (when none) its front-rank stands. */
function engagedStands(a: UnitGeometry, b: UnitGeometry): number[] {
  const touching: number[] = [];
  for (let i = 0; i < a.count; i++)
    for (let j = 0; j < b.count; j++)
      if (boxDistance(a.boxes, i * BOX_STRIDE, b.boxes, j * BOX_STRIDE) <= CONTACT_TOLERANCE) {
        touching.push(i);
        break;
      }
  if (touching.length > 0) return touching;
  const front: number[] = [];
  for (let i = 0; i < a.count; i++) if (a.firingRank[i] === 0) front.push(i);
  return front;
}

function highest(u: UnitGeometry, stands: readonly number[], terrain: TerrainGeometry): number {
  let e = 0;
  for (const i of stands)
    e = Math.max(e, elevationAt(terrain, u.boxes[i * BOX_STRIDE]!, u.boxes[i * BOX_STRIDE + 1]!));
  return e;
}

/**
 * Uphill for Confrontation (Part 4, tactical modifier 2), read from the hills: a side's elevation is
 * the highest hill level under the centre of its stands in contact with the opponent (its front rank
 * when none touch). `a` is uphill when higher than `b`, unless one of those stands stands in rough
 * ground (difficult ground, swamp, woods), a barrier lies between the two (within contact of a stand of
 * each), or it lines entrenchments, fortifications or a high wall.
 */
export function uphillOf(a: UnitGeometry, b: UnitGeometry, terrain: TerrainGeometry): Uphill {
  const mine = engagedStands(a, b);
  const theirs = engagedStands(b, a);
  const elevation = highest(a, mine, terrain);
  const opponentElevation = highest(b, theirs, terrain);
  const base = { elevation, opponentElevation, rule: UPHILL_RULE };
  if (elevation <= opponentElevation) return { uphill: false, ...base };
  for (const i of mine) {
    const x = a.boxes[i * BOX_STRIDE]!;
    const y = a.boxes[i * BOX_STRIDE + 1]!;
    for (const area of terrain.areas)
      if (ROUGH.has(area.kind) && insideShape(area, x, y))
        return { uphill: false, ...base, spoiledBy: 'rough-ground' };
  }
  for (let g = 0; g < terrain.barrierCount; g++) {
    const at = g * SEGMENT_STRIDE;
    const lined = mine.some(
      (i) => segmentBoxDistance(terrain.barriers, at, a.boxes, i * BOX_STRIDE) <= CONTACT_TOLERANCE,
    );
    if (!lined) continue;
    if (DEFENDED_WORKS.has(terrain.barrierKind[g]!)) return { uphill: false, ...base, spoiledBy: 'works' };
    if (
      theirs.some(
        (j) => segmentBoxDistance(terrain.barriers, at, b.boxes, j * BOX_STRIDE) <= CONTACT_TOLERANCE,
      )
    )
      return { uphill: false, ...base, spoiledBy: 'obstacle' };
  }
  return { uphill: true, ...base };
}

// ---------------------------------------------------------------------------------------------
// Works and cover for reactions

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
