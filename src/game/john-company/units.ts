import { normalizeDegrees } from '../../core/geometry/angles.ts';
import { BOX_STRIDE, boxDistance } from '../../core/geometry/rectangles.ts';
import type { AppliedModifier } from '../../core/rules/modifiers.ts';
import { type UnitId, type UnitStandState, type UnitState, unitPlaced } from '../../core/table/model.ts';
import type {
  ReactionFacts,
  ReactionTestResult,
} from '../../rulesets/john-company/procedures/reaction-test.ts';
import { frontCentre } from '../../rulesets/john-company/table/formations.ts';
import { unitGeometry } from '../../rulesets/john-company/table/measurement/unit-geometry.ts';
import { countedStands, countsAsStand } from '../../rulesets/john-company/table/unit-profile.ts';
import { orderType } from '../../rulesets/john-company/tables/orders.ts';
import type {
  NegativeReactionModifierId,
  PositiveReactionModifierId,
} from '../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { OrderType, ResolveStatus } from '../../rulesets/john-company/vocabulary.ts';
import type { Draft } from './draft.ts';
import type { Placement } from './events.ts';
import type { OffTable, PendingModifier, TurnTest } from './state.ts';

/** Unit helpers the steps share: distances, losses, leaving the table, statuses and test facts. */

/**
 * A unit's stands as `unitDistance` and `unitsWithin` measure them: packed as boxes (rectangles.ts, the
 * unit's own `unitGeometry` boxes), each stand's circumradius, and a circle holding every stand (the mean
 * of the stand centres, and the farthest reach of a stand's circle from it).
 */
interface MeasuredStands {
  readonly count: number;
  readonly boxes: Float64Array;
  readonly radii: Float64Array;
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** `measuredStands` by unit state (states are never changed in place). */
const measured = new WeakMap<UnitState, MeasuredStands>();

/**
 * The unit's `MeasuredStands`, worked out once per unit state from its packed boxes, which hold each
 * stand's centre as it is and half its width and depth (so twice a half is the width or depth exactly):
 * the numbers reading the stands themselves gives, without reading stands of many shapes one by one.
 */
function measuredStands(u: UnitState): MeasuredStands {
  let m = measured.get(u);
  if (!m) {
    const { boxes, count } = unitGeometry(u);
    const radii = new Float64Array(count);
    let x = 0;
    let y = 0;
    for (let i = 0; i < count; i++) {
      const at = i * BOX_STRIDE;
      radii[i] = Math.hypot(2 * boxes[at + 4]!, 2 * boxes[at + 5]!) / 2;
      x += boxes[at]!;
      y += boxes[at + 1]!;
    }
    x /= count;
    y /= count;
    let r = 0;
    for (let i = 0; i < count; i++)
      r = Math.max(r, Math.hypot(boxes[i * BOX_STRIDE]! - x, boxes[i * BOX_STRIDE + 1]! - y) + radii[i]!);
    m = { count, boxes, radii, x, y, r };
    measured.set(u, m);
  }
  return m;
}

/**
 * The mean of the unit's stand centres: `unitCentre` (movement-geometry.ts) of its stands, the same sum
 * in the same order, kept with the unit state (read only).
 */
export function standsCentre(u: UnitState): { readonly x: number; readonly y: number } {
  return measuredStands(u);
}

/**
 * Slack (inches) for the bounds that let `unitDistance` and `unitsWithin` skip or accept pairs of stands
 * unmeasured: far above the rounding in working the bounds out.
 */
const BOUND_SLACK = 1e-9;

/**
 * The gap between two circles of radii `ra` and `rb` whose centres are `dx`, `dy` apart, to be compared
 * with `limit`: `Math.hypot(dx, dy) - ra - rb`, worked out with `Math.sqrt` (which the optimising
 * compiler does in place, where `Math.hypot` is a call that allocates its answer) except within
 * `HYPOT_SLACK` of the limit, where the two (which differ by rounding only) might fall on different
 * sides of it: there `Math.hypot` itself, so that every comparison with the limit falls as it would.
 */
export function circlesGap(dx: number, dy: number, ra: number, rb: number, limit: number): number {
  const gap = Math.sqrt(dx * dx + dy * dy) - ra - rb;
  return gap > limit + HYPOT_SLACK || gap < limit - HYPOT_SLACK ? gap : Math.hypot(dx, dy) - ra - rb;
}

/** Inches: far above the rounding by which `Math.sqrt(dx * dx + dy * dy)` and `Math.hypot` differ on a table. */
const HYPOT_SLACK = 1e-6;

/** Scratch for `unitDistance`: each pair of stands' least possible distance (their circles' gap). */
let pairGaps = new Float64Array(64);

/**
 * Exact `unitDistance(a, b)` by the two unit states (never changed once made; a unit that has not moved
 * keeps its state from one game state to the next), once measured.
 */
const exactDistances = new WeakMap<UnitState, WeakMap<UnitState, number>>();

/**
 * Edge-to-edge distance between two units' nearest stands; when it is surely more than `beyond`, any
 * number above `beyond` (the bounding circles, of the units or of every pair of stands, decide it
 * without measuring stands). Only pairs of stands whose circles are no further apart than both the
 * nearest pair found and the nearest pair of centres (a pair of stands is never farther apart than
 * their centres) are measured: the nearest pair is always among them. An exact answer is remembered
 * for the pair of unit states (`exactDistances`).
 */
export function unitDistance(a: UnitState, b: UnitState, beyond = Number.POSITIVE_INFINITY): number {
  const pa = measuredStands(a);
  const pb = measuredStands(b);
  const apart = circlesGap(pa.x - pb.x, pa.y - pb.y, pa.r, pb.r, beyond);
  if (apart > beyond) return apart;
  let fromA = exactDistances.get(a);
  const known = fromA?.get(b);
  if (known !== undefined) return known;
  const na = pa.count;
  const nb = pb.count;
  if (pairGaps.length < na * nb) pairGaps = new Float64Array(na * nb);
  const gaps = pairGaps;
  let nearestCentres = Number.POSITIVE_INFINITY;
  let nearestGap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < na; i++) {
    const x = pa.boxes[i * BOX_STRIDE]!;
    const y = pa.boxes[i * BOX_STRIDE + 1]!;
    for (let j = 0; j < nb; j++) {
      const dx = x - pb.boxes[j * BOX_STRIDE]!;
      const dy = y - pb.boxes[j * BOX_STRIDE + 1]!;
      const centres = Math.sqrt(dx * dx + dy * dy);
      const gap = centres - pa.radii[i]! - pb.radii[j]!;
      gaps[i * nb + j] = gap;
      if (centres < nearestCentres) nearestCentres = centres;
      if (gap < nearestGap) nearestGap = gap;
    }
  }
  if (nearestGap > beyond + BOUND_SLACK) return nearestGap;
  let best = nearestCentres + BOUND_SLACK;
  let found = Number.POSITIVE_INFINITY;
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < nb; j++) {
      if (gaps[i * nb + j]! > best + BOUND_SLACK) continue;
      const dist = boxDistance(pa.boxes, i * BOX_STRIDE, pb.boxes, j * BOX_STRIDE);
      if (dist < found) {
        found = dist;
        if (dist < best) best = dist;
      }
    }
  }
  if (!fromA) {
    fromA = new WeakMap();
    exactDistances.set(a, fromA);
  }
  fromA.set(b, found);
  return found;
}

/**
 * Whether two units' nearest stands are at most `reach` inches apart: the same answer as
 * `unitDistance(a, b, reach) <= reach`, found without measuring every pair of stands. A pair whose
 * centres are within `reach` (less the slack) is surely within it (a box is never farther from
 * another than its centre is); pairs whose circles are surely beyond it are left unmeasured.
 */
export function unitsWithin(a: UnitState, b: UnitState, reach: number): boolean {
  const pa = measuredStands(a);
  const pb = measuredStands(b);
  if (circlesGap(pa.x - pb.x, pa.y - pb.y, pa.r, pb.r, reach) > reach) return false;
  for (let i = 0; i < pa.count; i++) {
    const x = pa.boxes[i * BOX_STRIDE]!;
    const y = pa.boxes[i * BOX_STRIDE + 1]!;
    for (let j = 0; j < pb.count; j++) {
      const dx = x - pb.boxes[j * BOX_STRIDE]!;
      const dy = y - pb.boxes[j * BOX_STRIDE + 1]!;
      const centres = Math.sqrt(dx * dx + dy * dy);
      if (centres <= reach - BOUND_SLACK) return true;
      if (centres - pa.radii[i]! - pb.radii[j]! > reach + BOUND_SLACK) continue;
      if (boxDistance(pa.boxes, i * BOX_STRIDE, pb.boxes, j * BOX_STRIDE) <= reach) return true;
    }
  }
  return false;
}

/** The unit's front-centre, facing and formation, for events. */
export function placementOf(u: UnitState): Placement {
  const a = frontCentre(u);
  return {
    x: Math.round(a.x * 100) / 100,
    y: Math.round(a.y * 100) / 100,
    facing: Math.round(normalizeDegrees(a.facing) * 100) / 100,
    formation: u.formation,
  };
}

/** The nearest enemy unit on the table (edge to edge), optionally among those `accept` allows. */
export function nearestEnemy(
  d: Draft,
  id: UnitId,
  accept: (enemy: UnitState) => boolean = () => true,
): { readonly id: UnitId; readonly distance: number } | undefined {
  const me = d.tableUnit(id);
  let best: { id: UnitId; distance: number } | undefined;
  for (const other of Object.values(d.table().units)) {
    if (other.side === me.side || !accept(other)) continue;
    const dist = unitDistance(me, other);
    if (!best || dist < best.distance) best = { id: other.id, distance: dist };
  }
  return best;
}

/** Sorting stands for losses: the rear rank first, then the right-hand file (Muster reading). */
function lossOrder(a: UnitStandState, b: UnitStandState): number {
  return b.rank - a.rank || b.file - a.file;
}

/**
 * Removes up to `count` stands that count (troops, gun crews) from a unit, the rearmost first (Muster
 * reading "Losses: which stands are removed"); a gun left without crew goes with its limber. A unit
 * with no stand left that counts is destroyed. Returns the stands removed.
 */
export function removeStands(d: Draft, id: UnitId, count: number, cause: string): number {
  const u = d.findTableUnit(id);
  if (!u || count <= 0) return 0;
  const candidates = u.stands.filter((s) => countsAsStand(s.kind)).sort(lossOrder);
  const gone = new Set(candidates.slice(0, count).map((s) => s.id));
  const removed = gone.size;
  if (removed === 0) return 0;
  let stands = u.stands.filter((s) => !gone.has(s.id));
  const guns = stands.filter((s) => s.kind === 'gun');
  for (const g of guns) {
    if (!stands.some((s) => s.kind === 'crew' && s.serves === g.id))
      stands = stands.filter((s) => s.id !== g.id && s.serves !== g.id);
  }
  const left = stands.filter((s) => countsAsStand(s.kind)).length;
  const unit = d.unit(id);
  d.patchUnit(id, { standsLostSinceCheck: unit.standsLostSinceCheck + removed });
  d.emit({
    type: 'stands-lost',
    visibleTo: 'all',
    unit: id,
    count: removed,
    left,
    cause,
    irreversible: true,
  });
  if (left === 0) leaveTable(d, id, 'destroyed');
  else d.setTableUnit(unitPlaced(u, u.formation, u.facing, stands));
  return removed;
}

/**
 * The unit leaves the table for good: its card leaves the deck, it charges nobody any more (its
 * targets no longer count it among their chargers: negative 8 counts the chargers on the table), and
 * attached Generals leave with it or stay where they are.
 */
export function leaveTable(d: Draft, id: UnitId, why: OffTable): void {
  if (!d.onTable(id)) return;
  d.removeTableUnit(id);
  d.patchUnit(id, { offTable: why, activated: true });
  d.clearUnit(id, ['charge', 'pursuing']);
  for (const u of d.allUnits())
    if (u.chargedBy.includes(id)) d.patchUnit(u.id, { chargedBy: u.chargedBy.filter((c) => c !== id) });
  d.movementDeck = {
    drawPile: d.movementDeck.drawPile.filter((c) => c !== id),
    discards: d.movementDeck.discards.filter((c) => c !== id),
  };
  // Part 3, Movement of General Officers: an attached officer leaves the table with his unit (and comes
  // back next turn); one attached to a unit destroyed where it stands stays there.
  for (const g of d.allGenerals()) {
    const stand = d.tableGeneral(g.id);
    if (stand?.attachedTo !== id) continue;
    const { attachedTo: _a, ...free } = stand;
    if (why === 'destroyed') {
      d.setTableGeneral(free);
      continue;
    }
    d.removeTableGeneral(g.id);
    d.patchGeneral(g.id, { offTable: free.stand });
    d.movementDeck = {
      drawPile: d.movementDeck.drawPile.filter((c) => c !== g.id),
      discards: d.movementDeck.discards.filter((c) => c !== g.id),
    };
  }
  d.emit({ type: 'unit-left', visibleTo: 'all', unit: id, why, irreversible: true });
}

export function standsOf(d: Draft, id: UnitId): number {
  const u = d.findTableUnit(id);
  return u ? countedStands(u) : 0;
}

/** Sets a unit's status (and disorder) outside a test: Confrontation results, mandatory moves. */
export function setStatus(d: Draft, id: UnitId, status: ResolveStatus, disordered?: boolean): void {
  const u = d.unit(id);
  const dis = disordered === undefined ? u.disordered : disordered || u.disordered;
  if (u.status === status && u.disordered === dis) return;
  d.patchUnit(id, { status, disordered: dis });
  d.emit({ type: 'status-changed', visibleTo: 'all', unit: id, status, disordered: dis });
}

/** The unit's order type for its Reaction Test row. */
export function ordersOf(d: Draft, id: UnitId): OrderType | 'without-orders' {
  const u = d.unit(id);
  if (u.withoutOrdersNextTest || u.order === undefined) return 'without-orders';
  return orderType(u.order);
}

function applies(p: PendingModifier): boolean {
  return p.tests !== 'all-after-next';
}

/**
 * Adds a modifier to a list, merging a repeat into one entry with the counts summed (two events that each
 * leave "musicians lost", or the same modifier from the table and from an event, must not be listed twice;
 * a modifier that does not count "each" still applies once).
 */
function addModifier<Id extends string>(list: AppliedModifier<Id>[], m: AppliedModifier<Id>): void {
  const i = list.findIndex((e) => e.id === m.id);
  if (i < 0) list.push(m);
  else list[i] = { id: m.id, count: (list[i]!.count ?? 1) + (m.count ?? 1) };
}

/**
 * A unit's Reaction Test facts (without orders and occasion): those the table gives
 * (table/facts/reaction.ts), plus what only the game remembers: permanent Resolve changes, friends seen
 * falling back or routing (negatives 2 and 10), and the modifiers events left for its tests.
 */
export function reactionBase(d: Draft, id: UnitId): Omit<ReactionFacts, 'orders' | 'occasion'> {
  const unit = d.unit(id);
  const f = d.facts().reaction(id).facts;
  const positive: AppliedModifier<PositiveReactionModifierId>[] = [...(f.positive ?? [])];
  const negative: AppliedModifier<NegativeReactionModifierId>[] = [...(f.negative ?? [])];
  if (unit.friendsFallingBackSeen > 0)
    addModifier(negative, { id: 'friends-seen-falling-back', count: unit.friendsFallingBackSeen });
  if (unit.friendsRoutingSeen > 0)
    addModifier(negative, { id: 'friends-seen-forced-back-or-routing', count: unit.friendsRoutingSeen });
  for (const p of unit.pending) {
    if (!applies(p)) continue;
    const m = p.count === undefined ? { id: p.id } : { id: p.id, count: p.count };
    if (p.sign === 'positive') addModifier(positive, m as AppliedModifier<PositiveReactionModifierId>);
    else addModifier(negative, m as AppliedModifier<NegativeReactionModifierId>);
  }
  return {
    resolveLevel: f.resolveLevel,
    origin: f.origin,
    mayExceed20: f.mayExceed20,
    formation: f.formation,
    lastStatus: f.lastStatus,
    resolveAdjustments: unit.adjustments,
    positive,
    negative,
    generalInContact: f.generalInContact,
  };
}

/**
 * Records a Reaction Test: this turn's status, the last status when it tested, and a fresh start for
 * "since last check" (Part 4: the modifiers count since the unit's last test); event modifiers for the
 * next test are used up, those for every test after the next start to count.
 */
export function recordTest(d: Draft, id: UnitId, result: ReactionTestResult): TurnTest {
  const unit = d.unit(id);
  const test: TurnTest = {
    level: result.level,
    status: result.status,
    movement: result.movement,
    tested: result.tested,
    ...(result.withoutOrders ? { withoutOrders: result.withoutOrders } : {}),
  };
  const pending: PendingModifier[] = [];
  for (const p of unit.pending) {
    if (p.tests === 'next') continue;
    pending.push(p.tests === 'all-after-next' ? { ...p, tests: 'all-future' } : p);
  }
  d.patchUnit(id, {
    test,
    status: result.status,
    ...(result.tested ? { lastStatus: result.status } : {}),
    standsLostSinceCheck: 0,
    smallArmsFireSinceCheck: false,
    artilleryFireSinceCheck: false,
    friendsFallingBackSeen: 0,
    friendsRoutingSeen: 0,
    pending,
    withoutOrdersNextTest: false,
  });
  return test;
}

/** Whether a unit may still act in this turn's Step 5 (on the table, not finished). */
export function isActive(d: Draft, id: UnitId): boolean {
  const u = d.findUnit(id);
  return u !== undefined && u.offTable === undefined && d.onTable(id);
}

/** Adds a modifier to a unit's coming Reaction Tests (Part 4, Events; officer casualties). */
export function pend(d: Draft, id: UnitId, p: PendingModifier): void {
  if (!d.findUnit(id)) return;
  d.patchUnit(id, { pending: [...d.unit(id).pending, p] });
}
