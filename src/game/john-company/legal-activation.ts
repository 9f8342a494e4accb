import { bearing, cosDegrees, sinDegrees, turnBetween } from '../../core/geometry/angles.ts';
import { PrngDice } from '../../core/random/dice.ts';
import type { GeneralId, TableState, UnitState } from '../../core/table/model.ts';
import { resolveMovementAllowance } from '../../rulesets/john-company/procedures/movement-allowance/allowance.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import { frontCentre, hasLightCompany } from '../../rulesets/john-company/table/formations.ts';
import { legsOf } from '../../rulesets/john-company/table/movement-contact.ts';
import { frontEnds, unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import { poseOf } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import { MOVEMENT_RATES } from '../../rulesets/john-company/tables/movement-rates.ts';
import { ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { JcCommand, CommandManoeuvre as Manoeuvre } from './commands.ts';
import { Draft } from './draft.ts';
import { fireCheck } from './fire-check.ts';
import { generalInchesLeft, generalPathCost, touchesFront } from './general-activation.ts';
import { enemiesNear } from './legal-orders.ts';
import { deployLightCompany, lightCompanyProblem } from './light-companies.ts';
import { normalMove } from './moves.ts';
import {
  checkFormationChange,
  mayFireNow,
  minimumMoves,
  moveProblem,
  moverOf,
  surelyOutOfRange,
  tryMove,
} from './options.ts';
import { rallyGeneral } from './rally.ts';
import type { GeneralActivation, JcGameState, UnitActivation } from './state.ts';
import { atStation, stationPoint } from './support-station.ts';
import { circlesGap, isActive, standsCentre } from './units.ts';
import { groundOfState, isSpotted } from './view.ts';

/**
 * The commands offered on a card in Step 5: the active unit's (its choice of order, a few moves tried on
 * the table, formation changes, fire, rally) and the active General's (rides towards units, attaching,
 * detaching).
 */

/** How many candidate moves are tried on the table for one activation, and how many kept. */
const MOVES_TRIED = 7;

const MOVES_KEPT = 4;

export function unitCommands(d: Draft, state: JcGameState, a: UnitActivation): JcCommand[] {
  const id = a.unit;
  if (a.choose) return a.choose.map((order) => ({ type: 'choose-order', unit: id, order }));
  const out: JcCommand[] = [];
  if (a.mayRally && rallyGeneral(d, id) !== undefined) out.push({ type: 'rally', unit: id });
  // A unit that owes its order's minimum move is offered the moves that make it, and no end.
  const owed = minimumMoves(d, a);
  if (!moveProblem(d, a)) {
    const offered = new Set<string>();
    for (const manoeuvres of [...moveCandidates(d, state, a), ...owed]) {
      const key = JSON.stringify(manoeuvres);
      if (offered.has(key)) continue;
      offered.add(key);
      out.push({ type: 'move', unit: id, manoeuvres });
    }
  }
  const u = d.unit(id);
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!a.moved && order?.endsAs !== undefined && order.move === 'formation-change') {
    const ends: Formation = order.endsAs === 'limbered' ? 'artillery-limbered' : order.endsAs;
    if (!('code' in checkFormationChange(d, a, ends, {}, new PrngDice(state.rng))))
      out.push({ type: 'change-formation', unit: id, formation: ends });
  }
  if (u.disordered && !a.moved && !a.fired && !moveProblemForReform(d, a))
    out.push({ type: 'reform', unit: id });
  // Sending the company out is tried on a scratch copy: it may find no room in front.
  if (
    !a.mayRally &&
    hasLightCompany(u.profile) &&
    !lightCompanyProblem(d, a, 'deploy') &&
    !deployLightCompany(new Draft(state, { traces: false }), id)
  )
    out.push({ type: 'deploy-light-company', unit: id });
  if (!a.mayRally && !lightCompanyProblem(d, a, 'rejoin'))
    out.push({ type: 'rejoin-light-company', unit: id });
  const weapon = u.profile.weapon;
  if (weapon && mayFireNow(d, a)) {
    const firer = d.tableUnit(id);
    const ground = groundOfState(state);
    let facts: JcTableFacts | undefined;
    for (const e of Object.values(state.table.units)) {
      if (e.side === u.side || surelyOutOfRange(firer, weapon, e)) continue;
      facts ??= d.facts();
      if (!facts.mayReach(id, e.id) || !isSpotted(ground, u.side, e.id)) continue;
      if (fireCheck(d, id, e.id).ok) out.push({ type: 'fire', unit: id, target: e.id });
    }
  }
  if (owed.length === 0) out.push({ type: 'end-activation' });
  return out;
}

/** Reforming needs a Reaction Test result that lets the unit move (unit-activation.ts `reform`). */
function moveProblemForReform(d: Draft, a: UnitActivation): boolean {
  const u = d.unit(a.unit);
  const movement = u.test?.movement ?? 'normal';
  return (
    movement === 'fall-back' ||
    movement === 'forced-back' ||
    movement === 'rout' ||
    movement === 'no-move' ||
    movement === 'no-movement-allowed' ||
    movement === 'roll-without-orders'
  );
}

/**
 * Candidate moves for the active unit's order, each checked on the table: its whole allowance and half
 * of it straight ahead (or straight back for retire orders), wheels of 30 degrees either way, and an
 * oblique towards the nearest enemy; stopping short of the order's closest approach to the enemy.
 */
function moveCandidates(d: Draft, state: JcGameState, a: UnitActivation): Manoeuvre[][] {
  const id = a.unit;
  const u = d.unit(id);
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!order) return [];
  const mover = moverOf(d, id);
  const dice = new PrngDice(state.rng);
  const allowance = resolveMovementAllowance(
    { ...mover, formation: mover.formation ?? 'close-order-line' },
    dice,
  );
  const avail = Math.max(0, allowance.available + u.nextMoveInches);
  if (avail <= 0.01) return [];
  const me = d.tableUnit(id);
  const regular = MOVEMENT_RATES.troops[u.profile.troop].regular;
  const nearest = enemiesNear(d, state, id, 200, 1)[0];
  const gap = nearest?.dist ?? Number.POSITIVE_INFINITY;
  const approach = order.closestApproach ?? 0;
  // Straight ahead no enemy gets nearer than the inches moved: up to the closest approach itself.
  const room = Math.max(0, gap - approach);
  const ahead = Math.min(avail, room);
  const min = allowance.minimum;
  // Distances offered: the limit itself, to the hundredth below it (never past it), and never short
  // of the minimum by rounding.
  const offer = (x: number) => (x <= min + 1e-9 ? up(min) : down(x));
  const [lx, ly, rx, ry] = frontEnds(me);
  const frontWidth = Math.hypot(rx - lx, ry - ly);
  const wheel30 = (frontWidth * Math.PI) / 6;
  const candidates: Manoeuvre[][] = [];
  const retire = order.class === 'retire';
  const supported =
    order.id === 'support' && u.orderTarget !== undefined ? d.findTableUnit(u.orderTarget) : undefined;
  if (supported) {
    candidates.push(...stationMoves(me, supported, normalMove(d, id), avail, regular));
  } else if (retire) {
    candidates.push([{ kind: 'about-face' }, { kind: 'advance', inches: offer(avail) }]);
    candidates.push([{ kind: 'about-face' }, { kind: 'advance', inches: offer(avail / 2) }]);
  } else if (order.id === 'deploy-right' || order.id === 'deploy-left') {
    const sign = order.id === 'deploy-left' ? 1 : -1;
    const deg = Math.min(90, (Math.max(avail, 0) / Math.max(frontWidth, 0.1)) * (180 / Math.PI));
    candidates.push([{ kind: 'wheel', degrees: down(sign * Math.min(30, deg)) }]);
    candidates.push([{ kind: 'wheel', degrees: down(sign * Math.min(60, deg)) }]);
    if (regular) {
      candidates.push([{ kind: 'oblique', inches: offer(Math.min(ahead, avail)), degrees: sign * 40 }]);
      const side = sign > 0 ? 'left' : 'right';
      // The flank march ending with its free quarter turn to face the way it went, then without it.
      candidates.push([
        { kind: 'flank-march', inches: offer(avail / 2), side },
        { kind: 'face', degrees: sign * 90 },
      ]);
      candidates.push([{ kind: 'flank-march', inches: offer(avail / 2), side }]);
    }
  } else {
    const forward = Math.max(min, ahead);
    candidates.push([{ kind: 'advance', inches: offer(forward) }]);
    if (ahead / 2 >= min) candidates.push([{ kind: 'advance', inches: offer(Math.max(min, ahead / 2)) }]);
    if (regular) {
      // Obliques towards the nearest enemy and towards each objective, within the order's arc.
      const front = frontCentre(me);
      const arc = Math.min(order.arcDegrees ?? 45, 45);
      const aims = state.scenario.objectives.map((o) => [o.position.x, o.position.y] as const);
      if (nearest) aims.unshift(unitCentre(nearest.u.stands));
      for (const [x, y] of aims) {
        const off = turnBetween(me.facing, bearing(front.x, front.y, x, y));
        const deg = Math.max(-arc, Math.min(arc, off));
        if (Math.abs(deg) > 2)
          candidates.push([{ kind: 'oblique', inches: offer(forward), degrees: round(deg) }]);
      }
    }
    if (avail > wheel30) {
      candidates.push([
        { kind: 'wheel', degrees: 30 },
        { kind: 'advance', inches: down(Math.max(0, Math.min(ahead, avail - wheel30))) },
      ]);
      candidates.push([
        { kind: 'wheel', degrees: -30 },
        { kind: 'advance', inches: down(Math.max(0, Math.min(ahead, avail - wheel30))) },
      ]);
    }
  }
  const kept: Manoeuvre[][] = [];
  for (const m of candidates.slice(0, MOVES_TRIED)) {
    const clean = m.filter((x) => !('inches' in x) || x.inches > 0);
    if (clean.length === 0) continue;
    const { problems } = tryMove(d, a, clean);
    if (problems.length === 0) kept.push(clean);
    if (kept.length >= MOVES_KEPT) break;
  }
  return kept;
}

/**
 * The moves that take a supporting unit to its station behind the unit it supports, or as far towards
 * it as its allowance goes (support-station.ts): straight ahead or back (about face, advance, about
 * face), for regulars obliquely (up to 45 degrees; beyond that the 45-degree oblique that gets
 * nearest), and half as far where that reaches the station too. Its facing is kept. None when it
 * stands at the station's middle already.
 */
function stationMoves(
  me: UnitState,
  supported: UnitState,
  rate: number,
  avail: number,
  regular: boolean,
): Manoeuvre[][] {
  const from = frontCentre(me);
  const to = stationPoint(me, supported, rate);
  const dist = Math.hypot(to.x - from.x, to.y - from.y);
  if (dist < 0.05) return [];
  const towards = (facing: number): Manoeuvre | undefined => {
    const off = turnBetween(facing, bearing(from.x, from.y, to.x, to.y));
    const wide = Math.abs(off);
    if (wide <= 1) return { kind: 'advance', inches: down(Math.min(avail, dist)) };
    if (!regular) {
      const ahead = dist * cosDegrees(off);
      return ahead > 0.05 ? { kind: 'advance', inches: down(Math.min(avail, ahead)) } : undefined;
    }
    if (wide <= 45) return { kind: 'oblique', inches: down(Math.min(avail, dist)), degrees: round(off) };
    if (wide >= 90) return undefined;
    // The 45-degree oblique that comes nearest the station.
    const inches = dist * cosDegrees(wide - 45);
    return { kind: 'oblique', inches: down(Math.min(avail, inches)), degrees: Math.sign(off) * 45 };
  };
  const full: Manoeuvre[][] = [];
  const forward = towards(me.facing);
  if (forward) full.push([forward]);
  const back = towards(me.facing + 180);
  if (back) full.push([{ kind: 'about-face' }, back, { kind: 'about-face' }]);
  const out: Manoeuvre[][] = [...full];
  // Half as far, where that is at the station too (a supporter that moved at most half may fire).
  for (const m of full) {
    const half = m.map((x) => ('inches' in x ? { ...x, inches: down(x.inches / 2) } : x));
    const end = legsOf(poseOf(me), half).end;
    if (atStation({ ...me, facing: end.facing, stands: end.stands }, supported, rate)) out.push(half);
  }
  return out;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/** To the hundredth nearer zero (a distance or turn offered never passes the limit it is cut from). */
function down(x: number): number {
  return (Math.sign(x) * Math.floor(Math.abs(x) * 100 + 1e-7)) / 100;
}

/** To the hundredth away from zero (a minimum offered is never missed by rounding). */
function up(x: number): number {
  return (Math.sign(x) * Math.ceil(Math.abs(x) * 100 - 1e-7)) / 100;
}

export function generalCommands(d: Draft, a: GeneralActivation): JcCommand[] {
  const gid = a.general;
  const out: JcCommand[] = [];
  const stand = d.tableGeneral(gid);
  if (!stand) return [{ type: 'end-activation' }];
  const left = generalInchesLeft(d, a);
  for (const u of Object.values(d.table().units)) {
    if (u.side !== a.side) continue;
    if (!a.rallied && rallyGeneral(d, u.id, gid) === gid) out.push({ type: 'rally', unit: u.id });
  }
  if (stand.attachedTo !== undefined) {
    if (!d.general(gid).rallyFailed && left >= 5) out.push({ type: 'detach-general', general: gid });
  } else {
    for (const u of Object.values(d.table().units))
      if (u.side === a.side && left >= 5 && touchesFront(d, gid, u.id))
        out.push({ type: 'attach-general', general: gid, unit: u.id });
    const ends: { x: number; y: number }[] = [];
    for (const p of ridePoints(d, gid)) {
      const end = rideToward(d, gid, p, left);
      if (!end || ends.some((e) => circlesGap(e.x - end.x, e.y - end.y, 0, 0, RIDES_APART) < RIDES_APART))
        continue;
      ends.push(end);
      out.push({ type: 'move-general', general: gid, x: end.x, y: end.y });
    }
  }
  out.push({ type: 'end-activation' });
  return out;
}

/** Inches: a ride ending this close to one already listed is left out (units beyond reach the same way). */
const RIDES_APART = 2;

/** Halvings tried when a ride towards a point must be cut short where the ground costs more. */
const RIDE_SEARCH_STEPS = 12;

/**
 * Where a General riding straight towards `p` gets with `left` inches (Part 3, Movement of General
 * Officers): `p` itself when he can pay for the ride there, else the farthest point on the way there
 * that he can pay for (terrain costed; on even ground his inches left over the ride's cost of the
 * whole way). Points are rounded to a hundredth of an inch. Undefined when he cannot get anywhere.
 */
function rideToward(
  d: Draft,
  gid: GeneralId,
  p: { readonly x: number; readonly y: number },
  left: number,
): { x: number; y: number } | undefined {
  const from = d.tableGeneral(gid)!.stand;
  const whole = generalPathCost(d, gid, p.x, p.y);
  if (whole !== undefined && whole <= left + 1e-9) return whole > 0.01 ? pointOnRide(from, p, 1) : undefined;
  const guess = whole !== undefined && whole > 0 ? Math.min(1, left / whole) : 1;
  if (ridePaid(d, gid, from, p, guess, left)) return pointOnRide(from, p, guess);
  let lo = 0;
  let hi = guess;
  for (let i = 0; i < RIDE_SEARCH_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (ridePaid(d, gid, from, p, mid, left)) lo = mid;
    else hi = mid;
  }
  return lo > 0 ? pointOnRide(from, p, lo) : undefined;
}

/** The point a fraction `f` of the way from `from` to `p`, rounded to a hundredth of an inch. */
function pointOnRide(
  from: { readonly x: number; readonly y: number },
  p: { readonly x: number; readonly y: number },
  f: number,
): { x: number; y: number } {
  return { x: round(from.x + (p.x - from.x) * f), y: round(from.y + (p.y - from.y) * f) };
}

/**
 * Whether a General with `left` inches can pay for riding straight to the point a fraction `f` of the
 * way from `from` to `p` (`pointOnRide`'s, worked out without making it: the search tries a dozen),
 * and it takes him somewhere.
 */
function ridePaid(
  d: Draft,
  gid: GeneralId,
  from: { readonly x: number; readonly y: number },
  p: { readonly x: number; readonly y: number },
  f: number,
  left: number,
): boolean {
  const x = round(from.x + (p.x - from.x) * f);
  const y = round(from.y + (p.y - from.y) * f);
  const cost = generalPathCost(d, gid, x, y);
  return cost !== undefined && cost <= left + 1e-9 && cost > 0.01;
}

/**
 * Where a General might ride: to touch the front of each unit of his command (or of his side, when he
 * commands none), those needing a rally first, then the nearest; and halfway towards the middle of his
 * command. A unit too far for one activation is ridden towards (`rideToward`), so that he can bring it
 * back within his Command Radius.
 */
function ridePoints(d: Draft, gid: GeneralId): { readonly x: number; readonly y: number }[] {
  const side = d.general(gid).side;
  const stand = d.tableGeneral(gid)!;
  const table = d.table();
  const mine: Riding[] = [];
  let commanded = 0;
  for (const u of Object.values(table.units)) {
    if (u.side !== side || !isActive(d, u.id)) continue;
    const ju = d.unit(u.id);
    const own = ju.commander === gid;
    if (own) commanded++;
    const needs =
      ju.routing || ju.mandatoryMove !== undefined || ju.status === 'Shaken' || ju.status === 'Wavering';
    mine.push({ u, own, needs, dist: 0 });
  }
  const pool = commanded > 0 ? mine.filter((r) => r.own) : mine;
  let sx = 0;
  let sy = 0;
  for (const r of pool) {
    const { x, y } = standsCentre(r.u);
    r.dist = Math.hypot(x - stand.stand.x, y - stand.stand.y);
    sx += x;
    sy += y;
  }
  pool.sort((a, b) => Number(b.needs) - Number(a.needs) || a.dist - b.dist || (a.u.id < b.u.id ? -1 : 1));
  const out: { readonly x: number; readonly y: number }[] = [];
  const depth = stand.stand.depth;
  for (const { u } of pool) out.push(frontPointOf(u, depth, table));
  if (pool.length > 0) {
    const mx = (stand.stand.x + sx / pool.length) / 2;
    const my = (stand.stand.y + sy / pool.length) / 2;
    out.push({
      x: round(Math.max(0, Math.min(table.width, mx))),
      y: round(Math.max(0, Math.min(table.depth, my))),
    });
  }
  return out;
}

/**
 * The point a General rides to in front of a unit (`ridePoints`): its front-centre, half his stand's
 * depth and a little more ahead, kept on the table, rounded. Kept per unit state with the stand depth and
 * table size it was worked out for (read only): every step of a ride asks for every unit's.
 */
function frontPointOf(
  u: UnitState,
  depth: number,
  table: TableState,
): { readonly x: number; readonly y: number } {
  const known = frontPoints.get(u);
  if (
    known !== undefined &&
    known.depth === depth &&
    known.width === table.width &&
    known.length === table.depth
  )
    return known.point;
  const a = frontCentre(u);
  const x = Math.max(0, Math.min(table.width, a.x + cosDegrees(u.facing) * (depth / 2 + 0.02)));
  const y = Math.max(0, Math.min(table.depth, a.y + sinDegrees(u.facing) * (depth / 2 + 0.02)));
  const point = { x: round(x), y: round(y) };
  frontPoints.set(u, { depth, width: table.width, length: table.depth, point });
  return point;
}

/** `frontPointOf` by unit state, with the stand depth and the table's width and depth (`length`) it is for. */
const frontPoints = new WeakMap<
  UnitState,
  {
    readonly depth: number;
    readonly width: number;
    readonly length: number;
    readonly point: { readonly x: number; readonly y: number };
  }
>();

/** One of the side's units a General may ride to (`ridePoints`). */
interface Riding {
  readonly u: UnitState;
  /** Of his command. */
  readonly own: boolean;
  /** Routing, on a mandatory move, Shaken or Wavering: first to be ridden to. */
  readonly needs: boolean;
  /** From his stand to its centre; set once the pool is known. */
  dist: number;
}
