import { pointSegmentDistanceSq } from '../../../../core/geometry/segments.ts';
import type { GeneralState, SideId, UnitId } from '../../../../core/table/model.ts';
import { RETREAT_CLEARANCE } from '../measurement/line-of-retreat.ts';
import { quarterOf } from '../measurement/quarters.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import type { CarryBasis } from './basis.ts';
import { mayDefendWorks } from './defended-works.ts';
import { type KnownFire, sameFireState } from './fire.ts';
import {
  ableToCharge,
  alikeToOthers,
  behindWithinMove,
  type DerivedReactionFacts,
  OWN_STATE_READ,
  retreatLookahead,
  withOwnOrders,
} from './reaction.ts';
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

/**
 * How many tables back Reaction Test facts may be carried from, along a line of facts each carrying
 * from the one before: each new facts stops the one this many back from carrying, so that no facts keep
 * a long line of earlier tables alive.
 */
export const CARRY_DEPTH = 8;

/** What changed from an earlier table of the same battle to a later one, unit by unit. */
export interface TableChanges {
  /**
   * The units that came, or changed in what other units' Reaction Test facts read of them (their
   * record, profile, or state as `alikeToOthers` compares it), as they are now: their indices in the
   * later table.
   */
  readonly changedNow: readonly number[];
  /** The units that went or changed so, as they were: their indices in the earlier table. */
  readonly changedThen: readonly number[];
  /** The units whose stands changed (moved, formed, lost, came or went), as they are now and as they were. */
  readonly moved: readonly UnitGeometry[];
  /** The Generals that changed (where they stand, whom they are attached to, their profile). */
  readonly generals: readonly GeneralState[];
}

/**
 * The changes from `before` to `after`, matching units by id: a unit on one table only counts as
 * changed (it came or went, or a side spotted or lost it). Null when the two cannot be compared (another
 * terrain).
 */
export function changesBetween(after: CarryBasis, before: CarryBasis): TableChanges | null {
  if (before.terrain !== after.terrain) return null;
  const n = after.units.length;
  const changedNow: number[] = [];
  const changedThen: number[] = [];
  const moved: UnitGeometry[] = [];
  // Units are mostly at the same place in both (always when the index by id is shared, layout.ts).
  // The units on both must come in the same order: facts name the first unit found of several.
  let matched = 0;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const now = after.units[i]!;
    const j = before.units[i]?.unit.id === now.unit.id ? i : before.byId.get(now.unit.id);
    if (j === undefined) {
      moved.push(now);
      changedNow.push(i);
      continue;
    }
    if (j < last) return null;
    last = j;
    matched++;
    const then = before.units[j]!;
    if (now !== then) moved.push(now, then);
    if (
      now !== then ||
      after.profiles[i] !== before.profiles[j] ||
      !alikeToOthers(after.states[i]!, before.states[j]!)
    ) {
      changedNow.push(i);
      changedThen.push(j);
    }
  }
  // Every unit of `before` matched (ids are unique): none went.
  if (matched < before.units.length)
    for (let j = 0; j < before.units.length; j++) {
      const then = before.units[j]!;
      if (after.byId.has(then.unit.id)) continue;
      moved.push(then);
      changedThen.push(j);
    }
  const generals: GeneralState[] = [];
  const generalsBefore = before.tableGenerals;
  const generalsNow = after.tableGenerals;
  const profilesBefore = before.generalProfiles;
  const profilesNow = after.generalProfiles;
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
  return { changedNow, changedThen, moved, generals };
}

/**
 * Whether the Reaction Test facts of unit `i` of `after`, as they were on the table of `before`, hold
 * on `after` too, but for its orders (`withOrdersNow`): whether nothing that changed may have altered
 * them. A unit's facts (`deriveReaction`) read its own record, profile, orders and the fields of its
 * state in `OWN_STATE_READ`; the armies' stand totals (positive 1: only whether its army outnumbers the
 * enemy 2:1, and when it does, the two totals); the units within reach of it: an enemy able to charge
 * it (within the enemy's charge reach), a friend to its flank or rear (within the friend's Normal
 * Move), an enemy closing its line of retreat (within its lookahead, two stand widths and the
 * clearance); and the Generals in contact with it or attached to it. So they carry over when positive
 * 1 reads the same, the unit is the very same record with the same profile and those fields of its
 * state, and no other unit that came, went or changed lies within that reach of it, as it is in either
 * table, nor any General that changed within contact of it or attached to it. A unit with Defend orders
 * in either table carries only where positive 10 cannot hold whatever the enemies do
 * (`mayDefendWorks`: it looks at enemies anywhere along the works or wall), and a unit charged this turn
 * never (negative 8 counts the chargers' stands).
 */
export function reactionCarries(
  after: CarryBasis,
  before: CarryBasis,
  changes: TableChanges,
  i: number,
): boolean {
  const g = after.units[i]!;
  const id = g.unit.id;
  const state = after.states[i]!;
  if (state.chargedBy !== undefined && state.chargedBy.length > 0) return false;
  const j = before.units[i]?.unit.id === id ? i : before.byId.get(id);
  if (j === undefined || before.units[j] !== g || before.profiles[j] !== after.profiles[i]) return false;
  const was = before.states[j]!;
  let defends = state.orders === 'defend';
  if (was !== state) {
    for (const k of OWN_STATE_READ) if (!sameData(state[k], was[k])) return false;
    if (was.orders === 'defend') defends = true;
  }
  if (defends && mayDefendWorks(after.terrain, after.lined, g)) return false;
  if (!sameOutnumbering(after, before, g.unit.side)) return false;
  const width = g.unit.stands[0]?.width ?? 0;
  const retreat = retreatLookahead(after.moves[i]!, after.profiles[i]!) + 2 * width + RETREAT_CLEARANCE;
  for (const k of changes.changedNow) if (mayAlter(after, k, g, retreat)) return false;
  for (const k of changes.changedThen) if (mayAlter(before, k, g, retreat)) return false;
  for (const gen of changes.generals) {
    const s = gen.stand;
    const contact = g.radius + Math.hypot(s.width, s.depth) / 2 + CONTACT_TOLERANCE + CARRY_SLACK;
    if (gen.attachedTo === id || Math.hypot(s.x - g.cx, s.y - g.cy) <= contact) return false;
  }
  return true;
}

/** Carried facts `then` of unit `i` of `after` (`reactionCarries`), with its orders there. */
export function withOrdersNow(
  after: CarryBasis,
  i: number,
  then: DerivedReactionFacts,
): DerivedReactionFacts {
  const orders = after.states[i]!.orders ?? 'without-orders';
  return then.facts.orders === orders ? then : withOwnOrders(then, orders);
}

/**
 * Whether unit `k` of `basis` (one table of the two) may alter the Reaction Test facts of unit `g`, as
 * it stands there: an enemy that can charge g from behind its front line (positive 3, negative 3) or
 * lies within `retreat` of it (negative 9's lookahead), or a friend that counts for positive 5. Each of
 * those names the first unit found, so one that counts on neither table alters nothing.
 */
function mayAlter(basis: CarryBasis, k: number, g: UnitGeometry, retreat: number): boolean {
  const e = basis.units[k]!;
  if (e.unit.id === g.unit.id) return false;
  if (e.unit.side === g.unit.side) return behindWithinMove(basis.states[k]!, basis.moves[k]!, e, g) !== null;
  // How far apart their bounding circles are (every stand lies within them).
  const apart = Math.hypot(e.cx - g.cx, e.cy - g.cy) - g.radius - e.radius - CARRY_SLACK;
  if (apart <= retreat) return true;
  return quarterOf(g, e.ax, e.ay) !== null && ableToCharge(basis.chargeReach[k]!, e, g) !== null;
}

/**
 * Whether positive 1 reads the same for a unit of `side` on both tables: its army outnumbers the enemy
 * 2:1 in stands on neither, or on both with the same totals (its reason gives them).
 */
function sameOutnumbering(after: CarryBasis, before: CarryBasis, side: SideId): boolean {
  if (after.sideStands === before.sideStands) return true;
  const [own, enemy] = totals(after, side);
  const [ownBefore, enemyBefore] = totals(before, side);
  const outnumbers = own > 0 && own >= 2 * enemy;
  const outnumbered = ownBefore > 0 && ownBefore >= 2 * enemyBefore;
  if (outnumbers !== outnumbered) return false;
  return !outnumbers || (own === ownBefore && enemy === enemyBefore);
}

/** The counted stands of `side` and of every other side together (positive 1). */
function totals(basis: CarryBasis, side: SideId): [number, number] {
  let enemy = 0;
  for (const [s, n] of basis.sideStands) if (s !== side) enemy += n;
  return [basis.sideStands.get(side) ?? 0, enemy];
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
  after: CarryBasis,
  before: CarryBasis,
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

/**
 * Whether unit `i` of `after` is on the table of `before` too, with the same record and profile, and a
 * state the same for fire.
 */
function sameForFire(after: CarryBasis, before: CarryBasis, i: number): boolean {
  const id = after.units[i]!.unit.id;
  const j = before.units[i]?.unit.id === id ? i : before.byId.get(id);
  return (
    j !== undefined &&
    after.units[i] === before.units[j] &&
    after.profiles[i] === before.profiles[j] &&
    sameFireState(after.states[i]!, before.states[j]!)
  );
}

/**
 * The Reaction Test facts of one table's units worked out or carried over so far, and what carrying
 * more needs, one unit at a time as asked: the known facts of the tables before (each keeps those of
 * its own table before), and this table's `CarryBasis`. A unit's facts are carried from the latest
 * table before that knows them, when nothing that changed between that table and this one lies within
 * their reach (`reactionCarries`: facts are a function of their table, so the tables between play no
 * part). Each new one stops the one `CARRY_DEPTH` back from reaching further back, so that no facts keep
 * a long line of earlier tables alive (a unit's facts known only past that are worked out).
 */
export class KnownReactions {
  readonly basis: CarryBasis;
  /** Each unit's Reaction Test facts, once worked out or carried over. */
  readonly reactions = new Map<UnitId, DerivedReactionFacts>();
  /** Those of the table before, while they may still be carried from. */
  private before: KnownReactions | undefined;
  /** The changes from each earlier table carried from so far to this one (null: not comparable). */
  private changes: Map<KnownReactions, TableChanges | null> | undefined;

  /** `changes`: those from `before`'s table to this one, when already found. */
  constructor(basis: CarryBasis, before?: KnownReactions, changes?: TableChanges | null) {
    this.basis = basis;
    if (before === undefined || changes === null) return;
    this.before = before;
    if (changes !== undefined) this.changes = new Map([[before, changes]]);
    let back: KnownReactions | undefined = this;
    for (let i = 0; i < CARRY_DEPTH && back; i++) back = back.before;
    if (back) {
      back.before = undefined;
      back.changes = undefined;
    }
  }

  /**
   * The unit's Reaction Test facts carried from the latest table before that knows them (worked out or
   * carried there), when nothing that changed between the two can have altered them; nothing is kept.
   * The facts before are read as they are now: what they worked out or carried since this table's were
   * made is about their own table, so still exact.
   */
  carried(id: UnitId): DerivedReactionFacts | undefined {
    let from = this.before;
    while (from !== undefined && !from.reactions.has(id)) from = from.before;
    const i = this.basis.byId.get(id);
    if (from === undefined || i === undefined) return undefined;
    this.changes ??= new Map();
    let changes = this.changes.get(from);
    if (changes === undefined) {
      changes = changesBetween(this.basis, from.basis);
      this.changes.set(from, changes);
    }
    if (changes === null || !reactionCarries(this.basis, from.basis, changes, i)) return undefined;
    return withOrdersNow(this.basis, i, from.reactions.get(id)!);
  }
}
