import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import type { UnitState } from '../../core/table/model.ts';
import { frontCentre } from '../../rulesets/john-company/table/formations.ts';

/**
 * The Support order's station (Part 3, Definitions Of Unit Orders, Support: half to one Normal Move
 * behind the unit it supports, within 3" of its flank). Muster's reading on a gridless table, with
 * the supported unit's facing as "forward":
 * - **behind**: how far the supporter's front-centre lies back from the supported unit's rear edge,
 *   measured along the supported unit's facing;
 * - **within 3" of its flank**: the supporter's front-centre lies across the supported unit's
 *   frontage, or at most 3" beyond either of its flanks (measured square to its facing);
 * - the **Normal Move** is the supporter's own, in its formation.
 * The station's middle, where a supporting unit is sent, is three quarters of a Normal Move behind,
 * level with the supported unit's frontage where the supporter already is (it keeps its file).
 */

/** Inches beyond either flank of the supported unit that a supporter may stand (Part 3, Support). */
export const STATION_FLANK = 3;

/** Where a supporter stands against the unit it supports. */
export interface StationStanding {
  /** Inches its front-centre is behind the supported unit's rear edge (negative: in front of it). */
  readonly behind: number;
  /** Inches its front-centre is beyond the nearer flank of the supported unit's frontage (0 across it). */
  readonly offFlank: number;
  /** Inches across the supported unit's facing from its centre line (+ to its left). */
  readonly across: number;
  /** Half the supported unit's frontage, from its centre line to a flank. */
  readonly halfFrontage: number;
}

/** The supported unit's rear edge and frontage along and across its facing. */
function frame(supported: UnitState): { across: number; rear: number; half: number } {
  const fx = cosDegrees(supported.facing);
  const fy = sinDegrees(supported.facing);
  let rear = Number.POSITIVE_INFINITY;
  let left = Number.NEGATIVE_INFINITY;
  let right = Number.POSITIVE_INFINITY;
  for (const s of supported.stands) {
    const along = s.x * fx + s.y * fy;
    const across = -s.x * fy + s.y * fx;
    // Stands face the unit's way: depth along its facing, width across it.
    rear = Math.min(rear, along - s.depth / 2);
    left = Math.max(left, across + s.width / 2);
    right = Math.min(right, across - s.width / 2);
  }
  return { across: (left + right) / 2, rear, half: (left - right) / 2 };
}

/** Where `supporter` stands against `supported` (see the reading above). */
export function stationStanding(supporter: UnitState, supported: UnitState): StationStanding {
  const f = frame(supported);
  const p = frontCentre(supporter);
  const fx = cosDegrees(supported.facing);
  const fy = sinDegrees(supported.facing);
  const along = p.x * fx + p.y * fy;
  const across = -p.x * fy + p.y * fx - f.across;
  return {
    behind: f.rear - along,
    offFlank: Math.max(0, Math.abs(across) - f.half),
    across,
    halfFrontage: f.half,
  };
}

/** Slack on the station's limits (inches): a move rounded to the hundredth still keeps it. */
const STATION_SLACK = 0.02;

/** Whether a supporter whose Normal Move is `normalMove` stands at its station. */
export function atStation(supporter: UnitState, supported: UnitState, normalMove: number): boolean {
  const s = stationStanding(supporter, supported);
  return (
    s.behind >= normalMove / 2 - STATION_SLACK &&
    s.behind <= normalMove + STATION_SLACK &&
    s.offFlank <= STATION_FLANK + STATION_SLACK
  );
}

/**
 * The point the supporter's front-centre is sent to: three quarters of its Normal Move behind the
 * supported unit's rear edge, across from where it stands now but no farther out than the supported
 * unit's flanks.
 */
export function stationPoint(supporter: UnitState, supported: UnitState, normalMove: number): Point {
  const f = frame(supported);
  const s = stationStanding(supporter, supported);
  const across = f.across + Math.max(-f.half, Math.min(f.half, s.across));
  const along = f.rear - (3 * normalMove) / 4;
  const fx = cosDegrees(supported.facing);
  const fy = sinDegrees(supported.facing);
  return { x: along * fx - across * fy, y: along * fy + across * fx };
}
