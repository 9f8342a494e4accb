import { pointSegmentDistanceSq } from '../../../../core/geometry/segments.ts';
import type { GeneralState, UnitId } from '../../../../core/table/model.ts';
import { RETREAT_CLEARANCE } from '../measurement/line-of-retreat.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import type { TableBasis } from './basis.ts';
import { type KnownFire, sameFireState } from './fire.ts';
import { type DerivedReactionFacts, retreatLookahead } from './reaction.ts';
import { sameData } from './same-data.ts';

/**
 * Facts carried from an earlier table of the same battle to a later one (docs/ARCHITECTURE.md, Facts
 * carried from one state to the next): a fact is taken over when nothing that changed between the two
 * tables lies within its reach, so that it is the answer fresh work would give.
 */

/**
 * Inches added to every reach within which a change may alter a unit's facts (the rules' own tolerances
 * and the rounding of the measurements are far smaller).
 */
const CARRY_SLACK = 1;

/** What changed from an earlier table of the same battle to a later one, unit by unit. */
export interface TableChanges {
  /** Per unit (by index, the same in both): 1 when its record, profile and state are as they were. */
  readonly same: Uint8Array;
  /** The units that changed in any way, as they are now and as they were. */
  readonly changed: readonly UnitGeometry[];
  /** The units whose stands changed (moved, formed, lost), as they are now and as they were. */
  readonly moved: readonly UnitGeometry[];
  /** The farthest any unit reaches, in either table: its charge reach or its Normal Move. */
  readonly reach: number;
  /** The Generals that changed (where they stand, whom they are attached to, their profile). */
  readonly generals: readonly GeneralState[];
}

/**
 * The changes from `before` to `after`; null when the two cannot be compared unit by unit (another
 * terrain, or other units, or the same in another order).
 */
export function changesBetween(after: TableBasis, before: TableBasis): TableChanges | null {
  if (before.terrain !== after.terrain) return null;
  const n = after.units.length;
  if (before.units.length !== n) return null;
  const same = new Uint8Array(n);
  const changed: UnitGeometry[] = [];
  const moved: UnitGeometry[] = [];
  let reach = 0;
  for (let i = 0; i < n; i++) {
    const now = after.units[i]!;
    const then = before.units[i]!;
    if (now.unit.id !== then.unit.id) return null;
    reach = Math.max(reach, after.chargeReach[i]!, before.chargeReach[i]!);
    if (!Number.isNaN(after.moves[i]!)) reach = Math.max(reach, after.moves[i]!);
    if (!Number.isNaN(before.moves[i]!)) reach = Math.max(reach, before.moves[i]!);
    if (now !== then) moved.push(now, then);
    if (
      now !== then ||
      after.profiles[i] !== before.profiles[i] ||
      !sameData(after.states[i], before.states[i])
    )
      changed.push(now, then);
    else same[i] = 1;
  }
  const generals: GeneralState[] = [];
  const generalsBefore = before.table.generals;
  const generalsNow = after.table.generals;
  const profilesBefore = before.forces.generals;
  const profilesNow = after.forces.generals;
  // The very same records of Generals and of their profiles hold no change.
  if (generalsNow !== generalsBefore || profilesNow !== profilesBefore) {
    for (const id in generalsNow) {
      const now = generalsNow[id]!;
      const then = generalsBefore[id];
      if (now !== then || !sameData(profilesNow?.[id], profilesBefore?.[id])) {
        generals.push(now);
        if (then) generals.push(then);
      }
    }
    for (const id in generalsBefore) if (!(id in generalsNow)) generals.push(generalsBefore[id]!);
  }
  return { same, changed, moved, reach, generals };
}

/**
 * Puts into `into` the Reaction Test facts `known` of the table of `before`, of each unit that nothing
 * changed can have altered. A unit's facts (`deriveReaction`) read its own record, profile and state;
 * the armies' stand totals (positive 1); the units within reach of it: an enemy able to charge it (its
 * charge reach), a friend to its flank or rear (his Normal Move), an enemy closing its line of retreat
 * (its lookahead, two stand widths and the clearance); and the Generals in contact with it or attached
 * to it. So they carry over when the totals are the same, the unit itself is the same (the very same
 * record and profile, a state of the same content), and no unit that changed lies within that reach of
 * it, in either table, nor any General that changed within contact of it or attached to it. Units
 * defending works (positive 10 looks at enemies anywhere in them) and units charged this turn (negative
 * 8 counts the chargers' stands) are always worked out afresh.
 */
export function carryReactions(
  after: TableBasis,
  before: TableBasis,
  changes: TableChanges,
  known: ReadonlyMap<UnitId, DerivedReactionFacts>,
  into: Map<UnitId, DerivedReactionFacts>,
): void {
  if (before.sideStands.size !== after.sideStands.size) return;
  for (const [side, count] of after.sideStands) if (before.sideStands.get(side) !== count) return;
  const { changed, reach, generals } = changes;
  for (let i = 0; i < after.units.length; i++) {
    const g = after.units[i]!;
    const id = g.unit.id;
    const carried = known.get(id);
    if (carried === undefined || changes.same[i] === 0) continue;
    const state = after.states[i]!;
    if (state.orders === 'defend') continue;
    if (state.chargedBy !== undefined && state.chargedBy.length > 0) continue;
    const width = g.unit.stands[0]?.width ?? 0;
    const retreat = retreatLookahead(after, i) + 2 * width + RETREAT_CLEARANCE;
    const within = g.radius + Math.max(reach, retreat) + CARRY_SLACK;
    let near = false;
    for (const e of changed) {
      if (Math.hypot(e.cx - g.cx, e.cy - g.cy) <= within + e.radius) {
        near = true;
        break;
      }
    }
    for (let k = 0; k < generals.length && !near; k++) {
      const gen = generals[k]!;
      const s = gen.stand;
      const contact = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE + CARRY_SLACK;
      near = gen.attachedTo === id || Math.hypot(s.x - g.cx, s.y - g.cy) <= contact;
    }
    if (!near) into.set(id, carried);
  }
}

/**
 * Adds to `into` the fire facts `known` of the table of `before` (by firer, then target) that nothing
 * changed can have altered, where `into` has none for the same firer and target. A unit's fire at another (`deriveFire`) reads the two units' records and
 * profiles, and a few fields of their states (`sameFireState`); the lines of sight between their stands,
 * which any unit's stands may block and which run inside the two units' bounding circles and the band
 * between them; and the target's cover, which the terrain and its own stands decide. So a fire carries
 * over when both units have the same records and profiles and states the same for fire, no unit whose
 * stands changed lies within that band, in either table, and both facts read a line of sight or neither
 * does. Whether each unit defends a town it stands in may change while its record does not
 * (a continuing Hold): the fire keeps how it was (`KnownFire`), for the facts to compare when asked.
 */
export function carryFires(
  after: TableBasis,
  before: TableBasis,
  changes: TableChanges,
  known: ReadonlyMap<UnitId, ReadonlyMap<UnitId, KnownFire>>,
  into: Map<UnitId, Map<UnitId, KnownFire>>,
): void {
  if (after.sighted !== before.sighted) return;
  const { moved } = changes;
  for (const [firerId, byTarget] of known) {
    const f = after.byId.get(firerId);
    if (f === undefined || !sameForFire(after, before, f)) continue;
    const fg = after.units[f]!;
    let kept = into.get(firerId);
    for (const [targetId, fire] of byTarget) {
      if (kept?.has(targetId)) continue;
      const t = after.byId.get(targetId);
      if (t === undefined || !sameForFire(after, before, t)) continue;
      const tg = after.units[t]!;
      const band = Math.max(fg.radius, tg.radius) + CARRY_SLACK;
      let near = false;
      for (const e of moved) {
        const within = band + e.radius;
        if (pointSegmentDistanceSq(e.cx, e.cy, fg.cx, fg.cy, tg.cx, tg.cy) <= within * within) {
          near = true;
          break;
        }
      }
      if (near) continue;
      kept ??= new Map();
      kept.set(targetId, fire);
    }
    if (kept && !into.has(firerId)) into.set(firerId, kept);
  }
}

/** Whether unit `i` has the same record and profile in both tables, and a state the same for fire. */
function sameForFire(after: TableBasis, before: TableBasis, i: number): boolean {
  return (
    after.units[i] === before.units[i] &&
    after.profiles[i] === before.profiles[i] &&
    sameFireState(after.states[i]!, before.states[i]!)
  );
}
