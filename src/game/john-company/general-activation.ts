import { rectDistance } from '../../core/geometry/rectangles.ts';
import { SuppliedDice } from '../../core/random/dice.ts';
import type { GeneralId, UnitId } from '../../core/table/model.ts';
import { resolveGeneralMovement } from '../../rulesets/john-company/procedures/general-movement.ts';
import type { TerrainSegment } from '../../rulesets/john-company/procedures/movement-allowance/path-cost.ts';
import { boundsOf } from '../../rulesets/john-company/table/movement-geometry.ts';
import {
  crossingsOf,
  linesMayMeet,
  terrainAlong,
  terrainMayMeet,
} from '../../rulesets/john-company/table/movement-terrain.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import type { TerrainId, WallHeight, WaterHazard } from '../../rulesets/john-company/tables/terrain-costs.ts';
import type { Rejection } from '../engine/game.ts';
import { groundOf } from './caches.ts';
import { activeCard, isRejection, reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import type { GeneralActivation } from './state.ts';
import { isActive } from './units.ts';

/**
 * Step 5, the active General's commands (Part 3, Movement of General Officers): his move, attaching to a
 * unit and leaving it.
 */

/** Inches a General may still spend this activation (Part 3, Movement of General Officers). */
export function generalInchesLeft(d: Draft, a: GeneralActivation): number {
  const g = d.general(a.general);
  const rate = generalRate(g.mounted, g.casualty === 'injured');
  const available = g.moveCap !== undefined ? Math.min(g.moveCap, rate) : rate;
  return Math.max(0, available - a.used);
}

/**
 * The inches a General may spend in a turn by his mount and injury, before events cap them: the
 * General movement procedure's `available`, which throws no dice for these two facts (it is given no
 * dice to throw), so it is worked out once for each of the four.
 */
function generalRate(mounted: boolean, injured: boolean): number {
  const key = (mounted ? 2 : 0) + (injured ? 1 : 0);
  let rate = GENERAL_RATES[key];
  if (rate === undefined) {
    rate = resolveGeneralMovement(
      { mount: mounted ? 'mounted' : 'foot', ...(injured ? { injured: true } : {}) },
      new SuppliedDice([]),
    ).available;
    GENERAL_RATES[key] = rate;
  }
  return rate;
}

/** `generalRate` by mount and injury (on foot, injured, mounted, mounted and injured), once known. */
const GENERAL_RATES: (number | undefined)[] = [];

/** The ride `generalPathCost` and `procedureRideCost` cost (no callee keeps it). */
const RIDE = new Float64Array(4);

/**
 * What riding straight from one point to another costs a General, terrain included: `procedureRideCost`,
 * but for a ride whose bounds meet no area, town, wall or water course, which is all open ground
 * (`terrainAlong` finds no terrain there, `crossingsOf` no crossing) and costs its length (path-cost.ts
 * `costPath`): the computer's rides ask for many such costs (legal-activation.ts `rideToward`).
 */
export function generalPathCost(d: Draft, gid: GeneralId, x: number, y: number): number | undefined {
  const ground = groundOf(d.table());
  const bounds = boundsOf(ridePath(d, gid, x, y));
  if (linesMayMeet(ground, bounds) || terrainMayMeet(ground, bounds)) return procedureRideCost(d, gid, x, y);
  return Math.hypot(x - RIDE[0]!, y - RIDE[1]!);
}

/** The General's ride to (x, y), in `RIDE`. */
function ridePath(d: Draft, gid: GeneralId, x: number, y: number): Float64Array {
  const stand = d.tableGeneral(gid)!;
  RIDE[0] = stand.stand.x;
  RIDE[1] = stand.stand.y;
  RIDE[2] = x;
  RIDE[3] = y;
  return RIDE;
}

/**
 * What riding straight from one point to another costs a General by the General movement procedure
 * (Part 3, Movement of General Officers), with the terrain along the ride and the walls and water it
 * crosses.
 */
export function procedureRideCost(d: Draft, gid: GeneralId, x: number, y: number): number | undefined {
  const g = d.general(gid);
  const ground = groundOf(d.table());
  const path = ridePath(d, gid, x, y);
  const dist = Math.hypot(x - path[0]!, y - path[1]!);
  const mover = g.mounted ? 'cavalry' : 'regular-infantry';
  const shares = terrainAlong(ground, path, mover);
  const terrain: TerrainSegment[] = [];
  let inTerrain = 0;
  for (const [t, share] of Object.entries(shares) as [TerrainId, number][]) {
    if (share <= 0) continue;
    inTerrain += share;
    terrain.push({ terrain: t, inches: share * dist });
  }
  const walls: WallHeight[] = [];
  const water: WaterHazard[] = [];
  if (linesMayMeet(ground, boundsOf(path))) {
    for (const b of ground.barriers) {
      const n = crossingsOf(b, path);
      for (let i = 0; i < n; i++) {
        if (b.crossing === 'impassable') return undefined;
        walls.push(b.crossing);
      }
    }
    for (const w of ground.water) for (let i = 0; i < crossingsOf(w, path); i++) water.push(w.hazard);
  }
  // Water costs dice: a General's crossing is costed at its average (Muster reading), so that a
  // command's legality never depends on a throw.
  const run = resolveGeneralMovement(
    {
      mount: g.mounted ? 'mounted' : 'foot',
      moveInches: Math.max(0, 1 - inTerrain) * dist,
      terrain,
      walls,
    },
    d.dice,
  );
  if (run.impassable) return undefined;
  return run.used + water.length * 3.5;
}

export function moveGeneral(d: Draft, general: GeneralId, x: number, y: number): Rejection | undefined {
  const a = activeCard(d, 'general', general);
  if (isRejection(a)) return a;
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo !== undefined) return reject('attached', `${general} must detach before riding off`);
  const table = d.table();
  if (x < 0 || y < 0 || x > table.width || y > table.depth)
    return reject('off-table', 'the point is off the table');
  const cost = generalPathCost(d, general, x, y);
  if (cost === undefined) return reject('impassable', 'he cannot ride through there');
  const left = generalInchesLeft(d, a);
  if (cost > left + 1e-9)
    return reject('too-far', `the ride costs ${cost.toFixed(1)}" and he has ${left.toFixed(1)}" left`);
  d.setTableGeneral({ ...stand, stand: { ...stand.stand, x, y } });
  d.emit({
    type: 'general-moved',
    visibleTo: 'all',
    general,
    x,
    y,
    inches: Math.round(Math.hypot(x - stand.stand.x, y - stand.stand.y) * 100) / 100,
  });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + cost } };
  return undefined;
}

/** Whether a General's stand touches a unit's front rank (Part 3: attaching needs base contact with it). */
export function touchesFront(d: Draft, general: GeneralId, unit: UnitId): boolean {
  const stand = d.tableGeneral(general);
  const u = d.findTableUnit(unit);
  if (!stand || !u) return false;
  const reach = Math.hypot(stand.stand.width, stand.stand.depth) / 2 + CONTACT_TOLERANCE;
  return u.stands.some(
    (s) =>
      s.rank === 0 &&
      Math.hypot(s.x - stand.stand.x, s.y - stand.stand.y) <= reach + Math.hypot(s.width, s.depth) / 2 &&
      rectDistance(s, stand.stand) <= CONTACT_TOLERANCE,
  );
}

export function attach(d: Draft, general: GeneralId, unit: UnitId): Rejection | undefined {
  const a = activeCard(d, 'general', general);
  if (isRejection(a)) return a;
  const u = d.findUnit(unit);
  if (!u || u.side !== a.side || !isActive(d, unit))
    return reject('no-such-unit', `${unit} is not a unit of his side on the table`);
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo !== undefined)
    return reject('attached', `${general} is already attached to ${stand.attachedTo}`);
  if (!touchesFront(d, general, unit))
    return reject('not-in-contact', `${general} must touch ${unit}'s front rank`);
  if (generalInchesLeft(d, a) < 5 - 1e-9) return reject('too-far', 'attaching costs 5" of his move');
  d.setTableGeneral({ ...stand, attachedTo: unit });
  d.emit({ type: 'general-attached', visibleTo: 'all', general, unit });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + 5 } };
  return undefined;
}

export function detach(d: Draft, general: GeneralId): Rejection | undefined {
  const a = activeCard(d, 'general', general);
  if (isRejection(a)) return a;
  const stand = d.tableGeneral(general)!;
  if (stand.attachedTo === undefined) return reject('not-attached', `${general} is not attached`);
  if (d.general(general).rallyFailed)
    return reject('rally-failed', 'a General whose rally failed may not detach this turn');
  if (generalInchesLeft(d, a) < 5 - 1e-9) return reject('too-far', 'detaching costs 5" of his move');
  const { attachedTo, ...free } = stand;
  d.setTableGeneral(free);
  d.emit({ type: 'general-detached', visibleTo: 'all', general, unit: attachedTo });
  d.node = { phase: 'activation', activation: { ...a, used: a.used + 5 } };
  return undefined;
}
