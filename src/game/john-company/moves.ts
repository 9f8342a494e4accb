import { bearing, cosDegrees, sinDegrees, turnBetween } from '../../core/geometry/angles.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import { chargeTurn, contactAhead, contactLine } from '../../rulesets/john-company/table/charges.ts';
import { frontCentre, isFormation } from '../../rulesets/john-company/table/formations.ts';
import { type MoveReport, type MoverFacts, resolveMove } from '../../rulesets/john-company/table/movement.ts';
import { legsOf } from '../../rulesets/john-company/table/movement-contact.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import type { MoveKind } from '../../rulesets/john-company/table/movement-interpenetration.ts';
import type { Manoeuvre } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import {
  MOVEMENT_RATES,
  movementRate,
  rateColumnOf,
} from '../../rulesets/john-company/tables/movement-rates.ts';
import type { MovementResultId } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Draft } from './draft.ts';
import type { MoveReason } from './events.ts';
import { rejoinLightCompany } from './light-companies.ts';
import { FACING_FROM_EDGE } from './setup.ts';
import { leaveTable, placementOf, removeStands } from './units.ts';

/**
 * The moves the engine lays out itself (Part 3, Mandatory Moves and Charge Moves; Part 4,
 * Confrontation): fall back, forced back, rout, recoil, evading, the charge's two moves, pursuit and
 * quitting the battle. Each is a list of manoeuvres judged by the virtual table's `resolveMove`; the
 * engine keeps the unit's stands where the table puts them (it stops short of other units) and ignores
 * the order limits that bind a player's moves. A move that takes the unit's centre off the table takes
 * the unit off it.
 */

const FATAL = new Set(['passes-through-enemy', 'impassable-terrain', 'impassable-barrier']);

/** Whether the table lets the engine carry out a move as reported (it may be over the allowance). */
function usable(report: MoveReport): boolean {
  return !report.violations.some((v) => FATAL.has(v.code));
}

/** Enemy units of a side on the table, as `stopAt` for the engine's moves. */
function enemiesOf(d: Draft, id: UnitId): UnitId[] {
  const side = d.tableUnit(id).side;
  const out: UnitId[] = [];
  for (const u of Object.values(d.table().units)) if (u.side !== side) out.push(u.id);
  return out;
}

/** A unit's Normal Move in its formation, or its fastest rate where the formation has none. */
export function normalMove(d: Draft, id: UnitId): number {
  const u = d.unit(id);
  const t = d.tableUnit(id);
  const variant = u.profile.rateVariant;
  if (isFormation(t.formation)) {
    const r = movementRate(u.profile.troop, rateColumnOf(t.formation), variant);
    if (r !== undefined) return r;
  }
  let most = 0;
  for (const cell of Object.values(MOVEMENT_RATES.troops[u.profile.troop].rates)) {
    const v = typeof cell === 'number' ? cell : variant === 'second' ? cell[1] : cell[0];
    if (v > most) most = v;
  }
  return most;
}

export function chargeBonusOf(d: Draft, id: UnitId): number {
  return MOVEMENT_RATES.troops[d.unit(id).profile.troop].chargeBonus;
}

/** Runs the table's move for the engine, shortening it once in proportion when it is over its allowance. */
export function engineMove(
  d: Draft,
  id: UnitId,
  build: (inches: number) => Manoeuvre[],
  inches: number,
  kind: MoveKind,
  movement: MovementResultId,
  stopAt: readonly UnitId[],
): MoveReport | undefined {
  const unit = d.unit(id);
  const mover: MoverFacts = {
    troop: unit.profile.troop,
    movement,
    rateVariant: unit.profile.rateVariant || undefined,
    order: kind !== 'mandatory' ? unit.order : undefined,
  };
  const attempt = (n: number) =>
    resolveMove(
      d.moveContext(),
      { unitId: id, manoeuvres: build(n), mover, kind, stopAt, sweeps: false },
      d.dice,
    );
  let report = attempt(inches);
  if (!usable(report) && inches > 0) report = attempt(inches / 2);
  if (!usable(report)) report = inches > 0 ? attempt(0) : report;
  return usable(report) ? report : undefined;
}

/** Inches between two unit states' front-centres. */
function travelled(a: UnitState, b: UnitState): number {
  const p = frontCentre(a);
  const q = frontCentre(b);
  return Math.hypot(q.x - p.x, q.y - p.y);
}

/**
 * Puts a reported move on the table: the unit's stands, its disorder and the disorder of friends it
 * passed through, stands lost crossing walls, the Generals attached to it (carried along), and the
 * event. Returns false when the unit left the table.
 */
export function commitMove(d: Draft, id: UnitId, report: MoveReport, reason: MoveReason): boolean {
  const before = d.tableUnit(id);
  const after = report.unit;
  const a0 = frontCentre(before);
  const a1 = frontCentre(after);
  const turn = turnBetween(before.facing, after.facing);
  d.setTableUnit(after);
  for (const g of d.allGenerals()) {
    const stand = d.tableGeneral(g.id);
    if (stand?.attachedTo !== id) continue;
    const dx = stand.stand.x - a0.x;
    const dy = stand.stand.y - a0.y;
    const c = cosDegrees(turn);
    const s = sinDegrees(turn);
    d.setTableGeneral({
      ...stand,
      stand: {
        ...stand.stand,
        x: a1.x + dx * c - dy * s,
        y: a1.y + dx * s + dy * c,
        facing: stand.stand.facing + turn,
      },
    });
  }
  const inches = travelled(before, after);
  if (report.disordered && !d.unit(id).disordered) d.patchUnit(id, { disordered: true });
  for (const other of report.disordersOthers)
    if (d.findUnit(other) && !d.unit(other).disordered) d.patchUnit(other, { disordered: true });
  if (inches > 0 || report.manoeuvres.length > 0) d.patchUnit(id, { moved: true });
  d.emit({
    type: 'unit-moved',
    visibleTo: 'all',
    unit: id,
    reason,
    inches: Math.round(inches * 100) / 100,
    to: placementOf(after),
    disordered: d.unit(id).disordered,
  });
  if (report.allowance.standsLost > 0) removeStands(d, id, report.allowance.standsLost, 'wall-jump');
  if (!d.onTable(id)) return false;
  const [cx, cy] = unitCentre(after.stands);
  const table = d.table();
  if (cx < 0 || cy < 0 || cx > table.width || cy > table.depth) {
    leaveTable(d, id, reason === 'rout' ? 'routed-off' : reason === 'quit' ? 'quit' : 'left-table');
    return false;
  }
  return true;
}

/**
 * A unit marching its Normal Move in a direction, in formation (quitting the battle, or irregulars
 * making for a town to loot): it turns to face the way, then advances, stopping short of anything in
 * its way. Returns false when it left the table.
 */
export function marchTowards(d: Draft, id: UnitId, direction: number, inches = normalMove(d, id)): boolean {
  const me = d.tableUnit(id);
  const turn = ((direction - me.facing + 540) % 360) - 180;
  const report = engineMove(
    d,
    id,
    (n) => [
      ...(Math.abs(turn) > 0.5 ? [{ kind: 'face' as const, degrees: turn }] : []),
      ...(n > 0 ? [{ kind: 'advance' as const, inches: n }] : []),
    ],
    inches,
    'mandatory',
    'normal',
    [],
  );
  return report ? commitMove(d, id, report, 'quit') : true;
}

/** The direction from one unit's centre to another's. */
function bearingBetween(from: UnitState, to: UnitState): number {
  const [x0, y0] = unitCentre(from.stands);
  const [x1, y1] = unitCentre(to.stands);
  return bearing(x0, y0, x1, y1);
}

/** The direction from a unit towards its side's base edge. */
export function homeward(d: Draft, id: UnitId): number {
  const side = d.tableUnit(id).side;
  return FACING_FROM_EDGE[d.scenario.baseEdges[side] ?? 'south'] + 180;
}

/** The unit (or nothing) a mandatory move is made away from: the one given, else the nearest enemy. */
function threat(d: Draft, id: UnitId, from: UnitId | undefined): UnitState | undefined {
  if (from !== undefined && d.onTable(from)) return d.tableUnit(from);
  const me = d.tableUnit(id);
  const [x, y] = unitCentre(me.stands);
  let best: UnitState | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const u of Object.values(d.table().units)) {
    if (u.side === me.side) continue;
    const [ux, uy] = unitCentre(u.stands);
    const dist = Math.hypot(ux - x, uy - y);
    if (dist < bestD) {
      bestD = dist;
      best = u;
    }
  }
  return best;
}

/**
 * Friends who see a unit fall back, or be forced back or rout, take negative 2 or 10 at their next
 * test (Part 4, Reaction Test Modifiers: in, or passing through, their line of sight).
 */
function seenBy(d: Draft, id: UnitId, kind: 'fall-back' | 'forced-back' | 'rout'): void {
  const me = d.tableUnit(id);
  const sight = d.sight();
  for (const f of Object.values(d.table().units)) {
    if (f.side !== me.side || f.id === id) continue;
    if (!sight.unitSeesUnit(f.id, id)) continue;
    const u = d.unit(f.id);
    if (kind === 'fall-back') d.patchUnit(f.id, { friendsFallingBackSeen: u.friendsFallingBackSeen + 1 });
    else d.patchUnit(f.id, { friendsRoutingSeen: u.friendsRoutingSeen + 1 });
  }
}

/**
 * A mandatory move (Part 3, Mandatory Moves; Muster readings in docs/game-john-company.md):
 * - Fall Back: half a Normal Move (the least the rule allows) straight away from the enemy, still
 *   facing it;
 * - Forced Back: a full Normal Move towards its own base edge, backs to the enemy, Disordered;
 * - Rout: the Normal Move plus the Charge Bonus the same way, Disordered, and it routs on in later
 *   turns until rallied.
 * It stops short of any enemy in its way; Fall Back and Forced Back stop at the table's edge, a Rout
 * goes off it. Returns false when the unit left the table.
 */
export function mandatoryMove(
  d: Draft,
  id: UnitId,
  kind: 'fall-back' | 'forced-back' | 'rout',
  from?: UnitId,
): boolean {
  if (!d.onTable(id)) return false;
  // A battalion on a mandatory move takes its light company back first (Part 4, Skirmishers).
  if (d.unit(id).lightCompany !== undefined) rejoinLightCompany(d, id, true);
  seenBy(d, id, kind);
  const me = d.tableUnit(id);
  const rate = normalMove(d, id);
  const enemy = threat(d, id, from);
  let build: (n: number) => Manoeuvre[];
  let inches: number;
  if (kind === 'fall-back') {
    const away = enemy ? bearingBetween(enemy, me) : homeward(d, id);
    const degrees = turnBetween(me.facing, away);
    inches = Math.min(rate / 2, roomToEdge(d, me, away));
    build = (n) => (n > 0 ? [{ kind: 'oblique', inches: n, degrees }] : []);
  } else {
    const dir = homeward(d, id);
    inches = kind === 'rout' ? rate + chargeBonusOf(d, id) : Math.min(rate, roomToEdge(d, me, dir));
    build = awayThenTurn(me.facing, dir);
  }
  d.patchUnit(id, {
    mandatoryMove: kind,
    ...(kind === 'rout' ? { routing: true } : {}),
    ...(kind !== 'fall-back' ? { disordered: true } : {}),
  });
  const report = engineMove(d, id, build, inches, 'mandatory', kind, enemiesOf(d, id));
  if (!report) return true;
  return commitMove(d, id, report, kind);
}

/**
 * Moving off in a direction without first turning in place (a unit in contact would swing into its
 * enemy): it goes that way keeping its facing, then turns its back if it faced the other way (backs to
 * the enemy, Part 3, Mandatory Moves).
 */
function awayThenTurn(facing: number, direction: number): (n: number) => Manoeuvre[] {
  const degrees = turnBetween(facing, direction);
  return (n) => {
    const m: Manoeuvre[] = [];
    if (n > 0) m.push({ kind: 'oblique', inches: n, degrees });
    if (Math.abs(degrees) > 90) m.push({ kind: 'about-face' });
    return m;
  };
}

/**
 * How far a unit can go in a direction before a stand's centre would cross the table's edge: Fall
 * Back, Forced Back and Recoil stop there (only routing and quitting units leave the table).
 */
function roomToEdge(d: Draft, u: UnitState, direction: number): number {
  const table = d.table();
  const dx = cosDegrees(direction);
  const dy = sinDegrees(direction);
  let room = Number.POSITIVE_INFINITY;
  for (const s of u.stands) {
    if (dx > 1e-9) room = Math.min(room, (table.width - s.x) / dx);
    if (dx < -1e-9) room = Math.min(room, -s.x / dx);
    if (dy > 1e-9) room = Math.min(room, (table.depth - s.y) / dy);
    if (dy < -1e-9) room = Math.min(room, -s.y / dy);
  }
  return Math.max(0, room);
}

/**
 * Moves a unit straight back from `from` by `inches`, keeping its facing: a Recoil (Part 4,
 * Confrontation Results Table: moved 3" apart).
 */
export function recoil(d: Draft, id: UnitId, from: UnitId, inches: number): void {
  if (!d.onTable(id) || inches <= 0) return;
  const me = d.tableUnit(id);
  const away = d.onTable(from) ? bearingBetween(d.tableUnit(from), me) : homeward(d, id);
  const degrees = turnBetween(me.facing, away);
  const report = engineMove(
    d,
    id,
    (n) => (n > 0 ? [{ kind: 'oblique', inches: n, degrees }] : []),
    Math.min(inches, roomToEdge(d, me, away)),
    'mandatory',
    'normal',
    enemiesOf(d, id).filter((e) => e !== from),
  );
  if (report) commitMove(d, id, report, 'recoil');
}

/**
 * A target evading a charge on a retire order (Part 4, Confrontation: the target moves first): it
 * turns its back and moves its order's share of its Normal Move away from the charger (To The Rear
 * 3/4, Limber & Retire 1/2, Fire & Retire 1/4 facing the enemy).
 */
export function evade(d: Draft, id: UnitId, from: UnitId, fraction: number, facingEnemy: boolean): void {
  if (!d.onTable(id)) return;
  const me = d.tableUnit(id);
  const away = d.onTable(from) ? bearingBetween(d.tableUnit(from), me) : homeward(d, id);
  const inches = normalMove(d, id) * fraction;
  const build = facingEnemy
    ? (n: number): Manoeuvre[] =>
        n > 0 ? [{ kind: 'oblique', inches: n, degrees: turnBetween(me.facing, away) }] : []
    : awayThenTurn(me.facing, away);
  const report = engineMove(d, id, build, inches, 'mandatory', 'normal', enemiesOf(d, id));
  if (report) commitMove(d, id, report, 'evade');
}

/**
 * Turns a unit towards another as a charger does in Step 4 (`chargeTurn`: square to the side of the
 * target it comes at, or to face its centre where squaring up would carry it past; turned in place) and
 * advances it up to `inches` straight ahead, stopping on first touching it (or any other enemy). Used
 * for the Step-4 charge move, a counter-charge and a pursuit.
 */
export function advanceOn(
  d: Draft,
  id: UnitId,
  target: UnitId,
  inches: number,
  kind: MoveKind,
  reason: MoveReason,
): MovedAt | undefined {
  if (!d.onTable(id) || !d.onTable(target)) return undefined;
  const turn = chargeTurn(d.tableUnit(id), d.tableUnit(target), 'face');
  return moveAt(d, id, target, inches, kind, reason, (n) => {
    const m: Manoeuvre[] = [];
    if (turn !== 0) m.push({ kind: 'face', degrees: turn });
    if (n > 0) m.push({ kind: 'advance', inches: n });
    return m;
  });
}

/**
 * How far a charger turned as `advanceOn` turns it would go straight ahead to touch its target
 * (Infinity if it never would): the line of march the Step-4 move measures the Charge Bonus along.
 */
export function chargeGap(d: Draft, id: UnitId, target: UnitId): number {
  const me = d.tableUnit(id);
  const them = d.tableUnit(target);
  const turn = chargeTurn(me, them, 'face');
  const turned = turn === 0 ? me : { ...me, ...legsOf(me, [{ kind: 'face', degrees: turn }]).end };
  return contactAhead(turned, them, turned.facing);
}

/**
 * The charge's last move (Part 3, Charge Moves 2: "MUST be in a straight line towards the Enemy"): up to
 * `inches` along `contactLine`, keeping the charger's facing (it turned in Step 4), stopping on first
 * touching the target (or any other enemy). Also the chase of an evading target.
 */
export function chargeHome(
  d: Draft,
  id: UnitId,
  target: UnitId,
  inches: number,
  reason: MoveReason,
): MovedAt | undefined {
  if (!d.onTable(id) || !d.onTable(target)) return undefined;
  const line = contactLine(d.tableUnit(id), d.tableUnit(target));
  return moveAt(d, id, target, inches, 'charge-contact', reason, (n): Manoeuvre[] =>
    n <= 0
      ? []
      : [
          line.straightAhead
            ? { kind: 'advance', inches: n }
            : { kind: 'straight', inches: n, direction: line.direction },
        ],
  );
}

export interface MovedAt {
  /** Inches its front-centre travelled. */
  readonly moved: number;
  /** It touched the target. */
  readonly contact: boolean;
  readonly onTable: boolean;
}

function moveAt(
  d: Draft,
  id: UnitId,
  target: UnitId,
  inches: number,
  kind: MoveKind,
  reason: MoveReason,
  build: (n: number) => Manoeuvre[],
): MovedAt | undefined {
  const me = d.tableUnit(id);
  const report = engineMove(d, id, build, Math.max(0, inches), kind, 'normal', enemiesOf(d, id));
  if (!report) return undefined;
  const contact = report.stoppedShort.includes(target) || report.contacts.includes(target);
  const moved = travelled(me, report.unit);
  const onTable = commitMove(d, id, report, reason);
  return { moved, contact, onTable };
}

/**
 * Supporting units move with the unit they support (Part 3, Support): each unit on Support for it that
 * has not yet acted this turn makes the same shift, keeping its own facing, and stops short of anything
 * in its way (Muster reading: the supported unit's turns are not copied).
 */
export function followSupported(d: Draft, id: UnitId, before: UnitState): void {
  const after = d.findTableUnit(id);
  if (!after) return;
  const [x0, y0] = unitCentre(before.stands);
  const [x1, y1] = unitCentre(after.stands);
  const dist = Math.hypot(x1 - x0, y1 - y0);
  if (dist < 0.01) return;
  const direction = bearing(x0, y0, x1, y1);
  for (const u of d.allUnits()) {
    const supporting =
      u.order !== undefined
        ? u.order === 'support' && u.orderTarget === id
        : u.counter?.order === 'support'
          ? u.counter.target === id
          : (u.counter === undefined || u.counter.order === 'blank') &&
            u.continuing?.order === 'support' &&
            u.continuing.target === id;
    if (!supporting || u.activated || u.inConfrontation) continue;
    if (!d.onTable(u.id) || u.routing || u.mandatoryMove !== undefined) continue;
    const facing = d.tableUnit(u.id).facing;
    const report = engineMove(
      d,
      u.id,
      (n) => (n > 0 ? [{ kind: 'oblique', inches: n, degrees: turnBetween(facing, direction) }] : []),
      dist,
      'mandatory',
      'normal',
      enemiesOf(d, u.id),
    );
    if (report) commitMove(d, u.id, report, 'support');
  }
}
