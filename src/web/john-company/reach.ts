import type { Point } from '../../core/geometry/points.ts';
import type { UnitState } from '../../core/table/model.ts';
import { ARTILLERY_RANGE_TABLE, type ArtilleryWeapon } from '../../rulesets/john-company/tables/artillery.ts';
import type { RangeLimits } from '../../rulesets/john-company/tables/firing-table.ts';
import {
  MOVEMENT_RATES,
  movementRate,
  rateColumnOf,
  type TroopTypeId,
} from '../../rulesets/john-company/tables/movement-rates.ts';
import {
  SMALL_ARMS_RANGE_TABLE,
  SMALL_ARMS_WEAPON_DEFS,
  type SmallArmsWeapon,
} from '../../rulesets/john-company/tables/small-arms.ts';
import {
  FORMATIONS,
  type Formation,
  RANGE_BANDS,
  type RangeBand,
} from '../../rulesets/john-company/vocabulary.ts';

/**
 * What the table draws around a selected unit, as plain geometry in table inches: its front, the
 * ground within each range band of its weapon, an artillery battery's fire arc, and its charge reach.
 * These overlays show the player where things are; the engine still judges every fire and charge
 * (stands bearing, line of sight, the exact edge-to-edge range).
 */

/** Artillery fires 30 degrees either side of straight ahead: a 60-degree arc (Part 4). */
export const ARTILLERY_HALF_ARC = 30;

/** A unit's front: the front rank's outer front corners (left and right seen from behind) and facing. */
export interface Front {
  readonly left: Point;
  readonly right: Point;
  readonly facing: number;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The front of a unit: the front rank's extreme front corners, on the line of its most advanced stand. */
export function frontOf(unit: UnitState): Front {
  const f = rad(unit.facing);
  const ux = Math.cos(f);
  const uy = Math.sin(f);
  const rx = Math.sin(f);
  const ry = -Math.cos(f);
  const frontRank = unit.stands.filter((s) => s.rank === 0);
  const stands = frontRank.length > 0 ? frontRank : unit.stands;
  let minLateral = Number.POSITIVE_INFINITY;
  let maxLateral = Number.NEGATIVE_INFINITY;
  let ahead = Number.NEGATIVE_INFINITY;
  for (const s of stands) {
    const lateral = s.x * rx + s.y * ry;
    const forward = s.x * ux + s.y * uy + s.depth / 2;
    minLateral = Math.min(minLateral, lateral - s.width / 2);
    maxLateral = Math.max(maxLateral, lateral + s.width / 2);
    ahead = Math.max(ahead, forward);
  }
  const at = (lateral: number): Point => ({ x: lateral * rx + ahead * ux, y: lateral * ry + ahead * uy });
  return { left: at(minLateral), right: at(maxLateral), facing: unit.facing };
}

/** The point `gap` inches behind the middle of a unit's rearmost stand (where its counter lies). */
export function behindUnit(unit: UnitState, gap: number): Point {
  const f = rad(unit.facing);
  const ux = Math.cos(f);
  const uy = Math.sin(f);
  const rx = Math.sin(f);
  const ry = -Math.cos(f);
  let minLateral = Number.POSITIVE_INFINITY;
  let maxLateral = Number.NEGATIVE_INFINITY;
  let rear = Number.POSITIVE_INFINITY;
  for (const s of unit.stands) {
    const lateral = s.x * rx + s.y * ry;
    minLateral = Math.min(minLateral, lateral);
    maxLateral = Math.max(maxLateral, lateral);
    rear = Math.min(rear, s.x * ux + s.y * uy - s.depth / 2);
  }
  const lateral = (minLateral + maxLateral) / 2;
  const forward = rear - gap;
  return { x: lateral * rx + forward * ux, y: lateral * ry + forward * uy };
}

/** The middle of a unit's stands (the end of its sight lines on the map). */
export function unitMiddle(unit: UnitState): Point {
  let x = 0;
  let y = 0;
  for (const s of unit.stands) {
    x += s.x;
    y += s.y;
  }
  return { x: x / unit.stands.length, y: y / unit.stands.length };
}

/** A point `distance` inches from `from` in the direction `degrees`. */
function towards(from: Point, degrees: number, distance: number): Point {
  return { x: from.x + distance * Math.cos(rad(degrees)), y: from.y + distance * Math.sin(rad(degrees)) };
}

/** Points on an arc about `centre`, from `fromDegrees` to `toDegrees` (counter-clockwise if to > from). */
function arc(centre: Point, radius: number, fromDegrees: number, toDegrees: number, steps = 12): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i++)
    out.push(towards(centre, fromDegrees + ((toDegrees - fromDegrees) * i) / steps, radius));
  return out;
}

/** The ground ahead of the front within `distance` of it: the front swept forward, with rounded ends. */
export function groundAhead(front: Front, distance: number): Point[] {
  const f = front.facing;
  return [
    front.left,
    front.right,
    ...arc(front.right, distance, f - 90, f),
    ...arc(front.left, distance, f, f + 90),
  ];
}

/** An artillery arc: the sector of `halfArc` degrees either side of the facing, from the front's middle. */
export function fireSector(front: Front, radius: number, halfArc = ARTILLERY_HALF_ARC, inner = 0): Point[] {
  const centre = { x: (front.left.x + front.right.x) / 2, y: (front.left.y + front.right.y) / 2 };
  const outer = arc(centre, radius, front.facing - halfArc, front.facing + halfArc);
  const near = inner > 0 ? arc(centre, inner, front.facing + halfArc, front.facing - halfArc) : [centre];
  return [...outer, ...near];
}

export function isArtilleryWeapon(weapon: string): weapon is ArtilleryWeapon {
  return weapon in ARTILLERY_RANGE_TABLE.rows;
}

/** The upper limit in inches of each band a weapon has, nearest first; `minimum` for mortars. */
export function rangeBandsOf(weapon: string): {
  readonly bands: readonly { readonly band: RangeBand; readonly limit: number }[];
  readonly minimum?: number;
} {
  let limits: RangeLimits | undefined;
  if (isArtilleryWeapon(weapon)) limits = ARTILLERY_RANGE_TABLE.rows[weapon];
  else if (weapon in SMALL_ARMS_WEAPON_DEFS)
    limits = SMALL_ARMS_RANGE_TABLE.rows[SMALL_ARMS_WEAPON_DEFS[weapon as SmallArmsWeapon].rangeRow];
  if (!limits) return { bands: [] };
  const bands = RANGE_BANDS.flatMap((band, i) => {
    const limit = limits.limits[i];
    return limit === null || limit === undefined ? [] : [{ band, limit }];
  });
  return limits.minimum === undefined ? { bands } : { bands, minimum: limits.minimum };
}

function isFormation(formation: string): formation is Formation {
  return (FORMATIONS as readonly string[]).includes(formation);
}

/**
 * A unit's Normal Move in its formation and its Charge Bonus (Movement Rate Tables), in inches; the move
 * is 0 where the table gives NA (e.g. deployed guns that may not charge).
 */
export function moveAndCharge(troop: TroopTypeId, formation: string): { move: number; chargeBonus: number } {
  const type = MOVEMENT_RATES.troops[troop];
  const move = isFormation(formation) ? (movementRate(troop, rateColumnOf(formation)) ?? 0) : 0;
  return { move, chargeBonus: type.chargeBonus };
}
