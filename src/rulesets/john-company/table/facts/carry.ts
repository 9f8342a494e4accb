import type { GeneralState, UnitId } from '../../../../core/table/model.ts';
import { RETREAT_CLEARANCE } from '../measurement/line-of-retreat.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import type { TableBasis } from './basis.ts';
import { type DerivedReactionFacts, retreatLookahead } from './reaction.ts';

/**
 * Facts carried from an earlier table of the same battle to a later one (docs/ARCHITECTURE.md, Facts
 * carried from one state to the next): a fact is taken over when nothing that changed between the two
 * tables lies within its reach, so that it is the answer fresh work would give.
 */

/**
 * Inches added to every reach within which a change may alter a unit's Reaction Test facts (the rules'
 * own tolerances and the rounding of the measurements are far smaller).
 */
const CARRY_SLACK = 1;

/** Whether two plain data values are equal, field by field (a unit's state, a General's profile). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of ka) if (!(k in rb) || !sameData(ra[k], rb[k])) return false;
  return true;
}

/**
 * Puts into `into` the Reaction Test facts `known` of the table of `before` (an earlier table over the
 * same terrain as `after`), of each unit that nothing changed can have altered. A unit's facts (`deriveReaction`)
 * read its own record, profile and state; the armies' stand totals (positive 1); the units within reach
 * of it: an enemy able to charge it (its charge reach), a friend to its flank or rear (his Normal Move),
 * an enemy closing its line of retreat (its lookahead, two stand widths and the clearance); and the
 * Generals in contact with it or attached to it. So they carry over when the units are the same in the
 * same order, the totals and the terrain are the same, the unit itself is the same (the very same record
 * and profile, a state of the same content), and no unit that changed lies within that reach of it, in
 * either table, nor any General that changed within contact of it or attached to it. Units defending
 * works (positive 10 looks at enemies anywhere in them) and units charged this turn (negative 8 counts
 * the chargers' stands) are always worked out afresh.
 */
export function carryReactions(
  after: TableBasis,
  before: TableBasis,
  known: ReadonlyMap<UnitId, DerivedReactionFacts>,
  into: Map<UnitId, DerivedReactionFacts>,
): void {
  if (known.size === 0 || before.terrain !== after.terrain) return;
  const n = after.units.length;
  if (before.units.length !== n) return;
  if (before.sideStands.size !== after.sideStands.size) return;
  for (const [side, count] of after.sideStands) if (before.sideStands.get(side) !== count) return;
  // The units that changed, as they are now and as they were, and the farthest any reaches.
  const changed: UnitGeometry[] = [];
  let reach = 0;
  for (let i = 0; i < n; i++) {
    const now = after.units[i]!;
    const then = before.units[i]!;
    if (now.unit.id !== then.unit.id) return;
    reach = Math.max(reach, after.chargeReach[i]!, before.chargeReach[i]!);
    if (!Number.isNaN(after.moves[i]!)) reach = Math.max(reach, after.moves[i]!);
    if (!Number.isNaN(before.moves[i]!)) reach = Math.max(reach, before.moves[i]!);
    if (
      now !== then ||
      after.profiles[i] !== before.profiles[i] ||
      !sameData(after.states[i], before.states[i])
    )
      changed.push(now, then);
  }
  // The Generals that changed (where they stand, whom they are attached to, their profile).
  const generalsChanged: GeneralState[] = [];
  const generalsBefore = before.table.generals;
  const generalsNow = after.table.generals;
  const profilesBefore = before.forces.generals;
  const profilesNow = after.forces.generals;
  for (const id of Object.keys(generalsNow)) {
    const now = generalsNow[id]!;
    const then = generalsBefore[id];
    if (now !== then || !sameData(profilesNow?.[id], profilesBefore?.[id])) {
      generalsChanged.push(now);
      if (then) generalsChanged.push(then);
    }
  }
  for (const id of Object.keys(generalsBefore))
    if (!(id in generalsNow)) generalsChanged.push(generalsBefore[id]!);
  for (let i = 0; i < n; i++) {
    const g = after.units[i]!;
    const id = g.unit.id;
    const carried = known.get(id);
    if (carried === undefined) continue;
    if (g !== before.units[i] || after.profiles[i] !== before.profiles[i]) continue;
    const state = after.states[i]!;
    if (!sameData(state, before.states[i]) || state.orders === 'defend') continue;
    if (state.chargedBy !== undefined && state.chargedBy.length > 0) continue;
    const width = g.unit.stands[0]?.width ?? 0;
    const retreat = retreatLookahead(after.profiles[i]!, g) + 2 * width + RETREAT_CLEARANCE;
    const within = g.radius + Math.max(reach, retreat) + CARRY_SLACK;
    let near = false;
    for (const e of changed) {
      if (Math.hypot(e.cx - g.cx, e.cy - g.cy) <= within + e.radius) {
        near = true;
        break;
      }
    }
    for (let k = 0; k < generalsChanged.length && !near; k++) {
      const gen = generalsChanged[k]!;
      const s = gen.stand;
      const contact = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE + CARRY_SLACK;
      near = gen.attachedTo === id || Math.hypot(s.x - g.cx, s.y - g.cy) <= contact;
    }
    if (!near) into.set(id, carried);
  }
}
