import { bearing, cosDegrees, sinDegrees, turnBetween } from '../../../core/geometry/angles.ts';
import type { Point } from '../../../core/geometry/points.ts';
import { frontFaceOverlap, rectDistance } from '../../../core/geometry/rectangles.ts';
import { EPSILON, pointSegmentDistanceSq } from '../../../core/geometry/segments.ts';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { type StandId, type UnitId, type UnitState, unitPlaced } from '../../../core/table/model.ts';
import { MOVEMENT_RATES } from '../tables/movement-rates.ts';
import { jc3, jc4 } from '../vocabulary.ts';
import { unitDistance } from './mandatory-moves.ts';
import { frontDistance } from './measurement/distances.ts';
import { unitGeometry } from './measurement/unit-geometry.ts';
import {
  farthestMove,
  type MoveContext,
  type MoveReport,
  type MoveRequest,
  type MoverFacts,
  replayOf,
  resolveMove,
  withUnit,
} from './movement.ts';
import { legsOf } from './movement-contact.ts';
import { frontMiddle, standCorners, translationContactTime, unitCentre } from './movement-geometry.ts';
import { type Manoeuvre, measuredInches, type Pose } from './movement-manoeuvres.ts';
import { CONTACT_TOLERANCE } from './terrain.ts';

/**
 * Charges on the virtual table (Part 3, Charge Moves; Part 4, Confrontation sequence): the Step-4
 * move that launches a charge, the Step-5 straight line into contact (and whether the charger arrives
 * squared up), mutual charges placed about the halfway point, infantry and cavalry charging each other,
 * and an evading target chased by its charger. Each move is costed by `resolveMove` like any other.
 */

const CHARGE = 'Charge Moves';

export interface ChargeRequest {
  readonly unitId: UnitId;
  readonly target: UnitId;
  /** Its movement facts: order 'charge' and a reaction result with the Charge Bonus. */
  readonly mover: MoverFacts;
}

export interface ChargeInitiation {
  readonly move: MoveReport;
  readonly target: UnitId;
  /** From the charger's front to the target's nearest edge (measurement.ts `frontDistance`), before and after. */
  readonly distanceBefore: number;
  readonly distanceAfter: number;
  readonly chargeBonus: number;
  /** It began within its Charge Bonus of the target: it only turned to face it. */
  readonly startedWithinBonus: boolean;
  /** Inches left for the Step-5 move: what its allowance gives less what Step 4 used. */
  readonly remaining: number;
  readonly rule: RuleRef;
}

function unitAt(unit: UnitState, pose: Pose): UnitState {
  return unitPlaced(unit, pose.formation, pose.facing, pose.stands);
}

/** The charge distance: from the charger's front to the target (measurement.ts). */
export function chargeDistance(charger: UnitState, target: UnitState): number {
  return frontDistance(unitGeometry(charger), unitGeometry(target));
}

/** The wheel (degrees) that turns the unit's front to face the point, found by a few corrections. */
export function wheelToFace(unit: UnitState, x: number, y: number): number {
  let turn = 0;
  for (let k = 0; k < 8; k++) {
    const pose = legsOf(unit, turn === 0 ? [] : [{ kind: 'wheel', degrees: turn }]).end;
    const [fx, fy] = frontMiddle(pose);
    const d = turnBetween(pose.facing, bearing(fx, fy, x, y));
    if (Math.abs(d) < 1e-7) break;
    turn += d;
  }
  return Math.abs(turn) < 1e-6 ? 0 : turn;
}

/**
 * The facing that squares a charger up to its target (Part 4, Confrontation modifier 12: a cavalry
 * charger that "does not or cannot adjust its facing" so that all its stands that would contact the
 * target do so together): its front parallel to the side of the target it comes at. That side is the
 * one of the box holding the target's stands (front, rear or a flank) that the charger's centre lies
 * farthest beyond.
 */
export function squareFacing(unit: UnitState, target: UnitState): number {
  const fx = cosDegrees(target.facing);
  const fy = sinDegrees(target.facing);
  let f0 = Infinity;
  let f1 = -Infinity;
  let l0 = Infinity;
  let l1 = -Infinity;
  for (const s of target.stands) {
    const c = standCorners(s);
    for (let i = 0; i < 8; i += 2) {
      const f = c[i]! * fx + c[i + 1]! * fy;
      const l = c[i + 1]! * fx - c[i]! * fy;
      f0 = Math.min(f0, f);
      f1 = Math.max(f1, f);
      l0 = Math.min(l0, l);
      l1 = Math.max(l1, l);
    }
  }
  const [cx, cy] = unitCentre(unit.stands);
  const along = cx * fx + cy * fy - (f0 + f1) / 2;
  const across = cy * fx - cx * fy - (l0 + l1) / 2;
  const beyondFront = Math.abs(along) - (f1 - f0) / 2;
  const beyondFlank = Math.abs(across) - (l1 - l0) / 2;
  // It faces into the side it comes at: the target's facing turned about (front), kept (rear), or a
  // quarter turn (flanks).
  if (beyondFront >= beyondFlank) return along >= 0 ? target.facing + 180 : target.facing;
  return across >= 0 ? target.facing - 90 : target.facing + 90;
}

/**
 * The turn a charger makes in Step 4 (Part 3, Charge Moves 1: every change of facing is made in this
 * move): square to the target (`squareFacing`) when, so turned, straight ahead meets it; otherwise (it
 * stands beyond the target's ends and squaring up would carry it past) to face the target's centre.
 * `how` is the way it turns: a wheel (the table's own charge move) or in place (the engine's).
 */
export function chargeTurn(unit: UnitState, target: UnitState, how: 'wheel' | 'face'): number {
  const square = turnBetween(unit.facing, squareFacing(unit, target));
  const turned = legsOf(unit, Math.abs(square) > 1e-9 ? [{ kind: how, degrees: square }] : []).end;
  if (Number.isFinite(contactAhead(turned, target, turned.facing)))
    return Math.abs(square) > 1e-9 ? square : 0;
  const [tx, ty] = unitCentre(target.stands);
  if (how === 'wheel') return wheelToFace(unit, tx, ty);
  const [cx, cy] = unitCentre(unit.stands);
  return turnBetween(unit.facing, bearing(cx, cy, tx, ty));
}

/** How far the unit must advance straight ahead to first touch the target (Infinity if it never does). */
export function contactAhead(pose: Pose, target: UnitState, direction: number): number {
  const dx = cosDegrees(direction);
  const dy = sinDegrees(direction);
  let best = Infinity;
  for (const st of pose.stands) {
    const a = standCorners(st);
    for (const t of target.stands) best = Math.min(best, translationContactTime(a, standCorners(t), dx, dy));
  }
  return best;
}

function enemiesOf(ctx: MoveContext, unit: UnitState): UnitId[] {
  return Object.values(ctx.table.units)
    .filter((u) => u.side !== unit.side)
    .map((u) => u.id);
}

function unitsOf(ctx: MoveContext, req: ChargeRequest): [UnitState, UnitState] {
  const unit = ctx.table.units[req.unitId];
  const target = ctx.table.units[req.target];
  if (!unit) throw new Error(`no unit ${req.unitId} on the table`);
  if (!target) throw new Error(`no unit ${req.target} on the table`);
  return [unit, target];
}

/**
 * Step 4 (Part 3, Charge Moves 1; Charge order): the charger wheels square to the target, or to face
 * its centre where squaring up would carry it past (`chargeTurn`; all facing changes are made now), and
 * advances straight ahead until its front is the Charge Bonus from the target, or as far as its Normal
 * Move allows (the Charge Bonus is kept for Step 5), whichever is shorter. One that begins within its
 * Charge Bonus only turns in place.
 */
export function initiateCharge(ctx: MoveContext, req: ChargeRequest, dice: DiceSource): ChargeInitiation {
  const [unit, target] = unitsOf(ctx, req);
  const replay = replayOf(dice);
  const chargeBonus = MOVEMENT_RATES.troops[req.mover.troop].chargeBonus;
  const distanceBefore = chargeDistance(unit, target);
  const stopAt = enemiesOf(ctx, unit);
  const base = resolveMove(
    ctx,
    { unitId: unit.id, manoeuvres: [], mover: req.mover, kind: 'charge-initiation' },
    replay,
  );
  const budget = base.allowance.available - base.allowance.chargeBonus;
  const startedWithinBonus = distanceBefore < chargeBonus;
  let move: MoveReport;
  if (startedWithinBonus) {
    const turn = chargeTurn(unit, target, 'face');
    const manoeuvres: Manoeuvre[] = Math.abs(turn) > 1e-9 ? [{ kind: 'face', degrees: turn }] : [];
    move = resolveMove(
      ctx,
      { unitId: unit.id, manoeuvres, mover: req.mover, kind: 'charge-initiation', budget, stopAt },
      replay,
    );
  } else {
    const wheel = chargeTurn(unit, target, 'wheel');
    const lead: Manoeuvre[] = wheel === 0 ? [] : [{ kind: 'wheel', degrees: wheel }];
    const faced = legsOf(unit, lead).end;
    const facedUnit = unitAt(unit, faced);
    // Advance until the front is the Charge Bonus away (distance falls as it closes).
    const touch = contactAhead(faced, target, faced.facing);
    let toBonus = budget;
    if (Number.isFinite(touch)) {
      let lo = 0;
      let hi = touch;
      const at = (d: number) =>
        chargeDistance(unitAt(unit, legsOf(facedUnit, [{ kind: 'advance', inches: d }]).end), target);
      if (at(0) <= chargeBonus) hi = 0;
      for (let i = 0; i < 60 && hi - lo > 1e-9; i++) {
        const mid = (lo + hi) / 2;
        if (at(mid) > chargeBonus) lo = mid;
        else hi = mid;
      }
      toBonus = lo;
    }
    const build = (d: number): MoveRequest => ({
      unitId: unit.id,
      manoeuvres: [...lead, { kind: 'advance', inches: d }],
      mover: req.mover,
      kind: 'charge-initiation',
      budget,
      stopAt,
    });
    const wheelCost =
      lead.length > 0 ? legsOf(unit, lead).legs.reduce((n, l) => n + measuredInches(l.pose, l.m), 0) : 0;
    move = farthestMove(ctx, build, Math.min(toBonus, Math.max(0, budget - wheelCost)), replay).report;
  }
  return {
    move,
    target: target.id,
    distanceBefore,
    distanceAfter: chargeDistance(move.unit, target),
    chargeBonus,
    startedWithinBonus,
    remaining: Math.max(0, move.allowance.available - move.allowance.used),
    rule: jc3(CHARGE, '1. Step 4: full Normal Move or to Charge Bonus distance'),
  };
}

export interface ChargeContactRequest extends ChargeRequest {
  /** Inches it has left for this move (a Step-4 `remaining`). */
  readonly remaining: number;
}

export interface ChargeContact {
  readonly move: MoveReport;
  /** It reached the target. */
  readonly contact: boolean;
  /** It went straight ahead (the target lay across its front); otherwise straight at the target's nearest point. */
  readonly straightAhead: boolean;
  /** Front-rank stands whose front faces the target, and of them those touching it on arrival. */
  readonly contactingStands: readonly StandId[];
  readonly touchingStands: readonly StandId[];
  /** Every stand that meets the target touches it at once (Part 4, Confrontation modifier 12). */
  readonly squaredUp: boolean;
  /** It covered at least its Charge Bonus in this straight line (Part 4, Confrontation modifier 1). */
  readonly fullChargeBonus: boolean;
  readonly rule: RuleRef;
}

/** The nearest point of any of the unit's stands to (x, y). */
function nearestStandPoint(unit: UnitState, x: number, y: number): Point {
  let best = Infinity;
  let p: Point = { x, y };
  for (const st of unit.stands) {
    const c = standCorners(st);
    for (let i = 0; i < 8; i += 2) {
      const j = (i + 2) % 8;
      const ax = c[i]!;
      const ay = c[i + 1]!;
      const bx = c[j]!;
      const by = c[j + 1]!;
      const d = pointSegmentDistanceSq(x, y, ax, ay, bx, by);
      if (d < best) {
        best = d;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
        p = { x: ax + t * dx, y: ay + t * dy };
      }
    }
  }
  return p;
}

/** Whether the charger arrived squared up against the target (see `ChargeContact`). */
export function squaring(
  charger: UnitState,
  target: UnitState,
): { contacting: StandId[]; touching: StandId[] } {
  let low = Infinity;
  for (const s of charger.stands) low = Math.min(low, s.rank);
  const contacting: StandId[] = [];
  const touching: StandId[] = [];
  for (const s of charger.stands) {
    if (s.rank !== low) continue;
    if (target.stands.some((t) => frontFaceOverlap(s, t) > EPSILON)) contacting.push(s.id);
    if (target.stands.some((t) => rectDistance(s, t) <= CONTACT_TOLERANCE)) touching.push(s.id);
  }
  return { contacting, touching };
}

/**
 * The straight line of a charge into contact (Part 3, Charge Moves 2), keeping the charger's facing:
 * straight ahead when that meets the target, else straight at the target's nearest point. `distance`
 * is how far along it the charger first touches the target (Infinity if it never does).
 */
export function contactLine(
  unit: UnitState,
  target: UnitState,
): { straightAhead: boolean; direction: number; distance: number } {
  const ahead = contactAhead(unit, target, unit.facing);
  if (Number.isFinite(ahead)) return { straightAhead: true, direction: unit.facing, distance: ahead };
  const [fx, fy] = frontMiddle(unit);
  const p = nearestStandPoint(target, fx, fy);
  const direction = bearing(fx, fy, p.x, p.y);
  return { straightAhead: false, direction, distance: contactAhead(unit, target, direction) };
}

/**
 * Step 5 (Part 3, Charge Moves 2): the charger moves the rest of its charge in a straight line into
 * contact: straight ahead when that meets the target, else straight at the target's nearest point
 * (keeping its facing). It stops on touching the target (or any other enemy in the way); when the
 * distance costs more than it has left, it falls short.
 */
export function chargeContact(ctx: MoveContext, req: ChargeContactRequest, dice: DiceSource): ChargeContact {
  const [unit, target] = unitsOf(ctx, req);
  const replay = replayOf(dice);
  const { straightAhead, direction, distance } = contactLine(unit, target);
  const stopAt = enemiesOf(ctx, unit);
  const manoeuvre = (d: number): Manoeuvre =>
    straightAhead ? { kind: 'advance', inches: d } : { kind: 'straight', inches: d, direction };
  const build = (d: number): MoveRequest => ({
    unitId: unit.id,
    manoeuvres: d > 0 ? [manoeuvre(d)] : [],
    mover: req.mover,
    kind: 'charge-contact',
    budget: req.remaining,
    stopAt,
  });
  // Ask for a little more than the gap: the move stops on touching.
  const wanted = Number.isFinite(distance) ? distance + 0.01 : req.remaining;
  const move = farthestMove(ctx, build, wanted, replay).report;
  return contactReport(move, target, req, jc3(CHARGE, '2. Step 5: straight line into contact'));
}

function contactReport(
  move: MoveReport,
  target: UnitState,
  req: ChargeRequest,
  rule: RuleRef,
): ChargeContact {
  const contact = move.contacts.includes(target.id);
  const { contacting, touching } = squaring(move.unit, target);
  const moved = move.path.moveInches + move.path.terrain.reduce((s, t) => s + t.inches, 0);
  const chargeBonus = MOVEMENT_RATES.troops[req.mover.troop].chargeBonus;
  const first = move.manoeuvres[0];
  return {
    move,
    contact,
    straightAhead: first === undefined || first.kind === 'advance',
    contactingStands: contacting,
    touchingStands: touching,
    squaredUp: contact && contacting.length > 0 && contacting.every((id) => touching.includes(id)),
    fullChargeBonus: contact && moved >= chargeBonus - 1e-6,
    rule,
  };
}

export interface MutualCharge {
  readonly a: ChargeInitiation;
  readonly b: ChargeInitiation;
  /** The point halfway between the two units' fronts. */
  readonly midpoint: Point;
  /** The longer of the two Charge Bonuses: each front ends half of it from the midpoint. */
  readonly chargeBonus: number;
  readonly rule: RuleRef;
}

/** How far along direction (dx, dy) from f the point first lies `r` from m (0 if already within). */
function reachDistance(f: Point, dx: number, dy: number, m: Point, r: number): number {
  const wx = f.x - m.x;
  const wy = f.y - m.y;
  const wd = wx * dx + wy * dy;
  const ww = wx * wx + wy * wy;
  if (ww <= r * r) return 0;
  const disc = wd * wd - (ww - r * r);
  if (disc < 0) return Math.max(0, -wd);
  return Math.max(0, -wd - Math.sqrt(disc));
}

/**
 * Two units charging each other (Part 3, Charge Moves 1): each wheels to face the other's centre, the
 * point halfway between their fronts (the middles of their front faces, once faced) is found, and each
 * advances along its line of march until its front's middle is half the longer Charge Bonus from that
 * point, or as far as its Normal Move allows. `a` is placed first, `b` on the table with `a` placed.
 */
export function mutualCharge(
  ctx: MoveContext,
  a: ChargeRequest,
  b: ChargeRequest,
  dice: DiceSource,
): MutualCharge {
  if (b.unitId !== a.target || b.target !== a.unitId)
    throw new Error('a mutual charge is two units charging each other');
  const [ua, ub] = unitsOf(ctx, a);
  const replay = replayOf(dice);
  const [ax, ay] = unitCentre(ua.stands);
  const [bx, by] = unitCentre(ub.stands);
  const wa = wheelToFace(ua, bx, by);
  const wb = wheelToFace(ub, ax, ay);
  const pa = legsOf(ua, wa === 0 ? [] : [{ kind: 'wheel', degrees: wa }]).end;
  const pb = legsOf(ub, wb === 0 ? [] : [{ kind: 'wheel', degrees: wb }]).end;
  const [fax, fay] = frontMiddle(pa);
  const [fbx, fby] = frontMiddle(pb);
  const midpoint = { x: (fax + fbx) / 2, y: (fay + fby) / 2 };
  const chargeBonus = Math.max(
    MOVEMENT_RATES.troops[a.mover.troop].chargeBonus,
    MOVEMENT_RATES.troops[b.mover.troop].chargeBonus,
  );
  const place = (
    c: MoveContext,
    req: ChargeRequest,
    unit: UnitState,
    wheel: number,
    pose: Pose,
    otherBefore: UnitState,
  ): ChargeInitiation => {
    const [fx, fy] = frontMiddle(pose);
    const d = reachDistance(
      { x: fx, y: fy },
      cosDegrees(pose.facing),
      sinDegrees(pose.facing),
      midpoint,
      chargeBonus / 2,
    );
    const base = resolveMove(
      c,
      { unitId: unit.id, manoeuvres: [], mover: req.mover, kind: 'charge-initiation' },
      replay,
    );
    const budget = base.allowance.available - base.allowance.chargeBonus;
    const other = c.table.units[req.target]!;
    const lead: Manoeuvre[] = wheel === 0 ? [] : [{ kind: 'wheel', degrees: wheel }];
    const build = (inches: number): MoveRequest => ({
      unitId: unit.id,
      manoeuvres: [...lead, { kind: 'advance', inches }],
      mover: req.mover,
      kind: 'charge-initiation',
      budget,
      stopAt: enemiesOf(c, unit),
    });
    const move = farthestMove(c, build, d, replay).report;
    return {
      move,
      target: other.id,
      distanceBefore: chargeDistance(unit, otherBefore),
      distanceAfter: chargeDistance(move.unit, other),
      chargeBonus,
      startedWithinBonus: d === 0,
      remaining: Math.max(0, move.allowance.available - move.allowance.used),
      rule: jc3(CHARGE, '1. charging each other: half the longer Charge Bonus from the halfway point'),
    };
  };
  const ra = place(ctx, a, ua, wa, pa, ub);
  const rb = place(withUnit(ctx, ra.move.unit), b, ub, wb, pb, ua);
  return { a: ra, b: rb, midpoint, chargeBonus, rule: ra.rule };
}

export interface MeetingHalfway {
  readonly a: ChargeContact;
  readonly b: ChargeContact;
  /** Inches each was to cover to meet the other (each the same). */
  readonly each: number;
  readonly rule: RuleRef;
}

/**
 * Step 5 of a counter-charge between two infantry or two cavalry units (Part 4, Confrontation: both
 * move to the halfway point): both advance straight ahead at the same pace until they meet. When one
 * cannot afford its half, it stops where its inches run out and the other comes on to contact if it
 * can. Reports are for `a` and `b` in their final places.
 */
export function meetHalfway(
  ctx: MoveContext,
  a: ChargeContactRequest,
  b: ChargeContactRequest,
  dice: DiceSource,
): MeetingHalfway {
  const [ua, ub] = unitsOf(ctx, a);
  const replay = replayOf(dice);
  const dax = cosDegrees(ua.facing);
  const day = sinDegrees(ua.facing);
  const dbx = cosDegrees(ub.facing);
  const dby = sinDegrees(ub.facing);
  let each = Infinity;
  for (const s of ua.stands) {
    const sa = standCorners(s);
    for (const t of ub.stands)
      each = Math.min(each, translationContactTime(sa, standCorners(t), dax - dbx, day - dby));
  }
  if (!Number.isFinite(each)) {
    const ra = chargeContact(ctx, a, replay);
    const rb = chargeContact(withUnit(ctx, ra.move.unit), b, replay);
    return { a: refresh(ra, rb.move.unit), b: rb, each, rule: MEET_RULE };
  }
  const build = (d: number): MoveRequest => ({
    unitId: ua.id,
    manoeuvres: d > 0 ? [{ kind: 'advance', inches: d }] : [],
    mover: a.mover,
    kind: 'charge-contact',
    budget: a.remaining,
    stopAt: enemiesOf(ctx, ua),
  });
  const movedA = farthestMove(ctx, build, each, replay).report;
  const rb = chargeContact(withUnit(ctx, movedA.unit), b, replay);
  const ra = contactReport(movedA, ub, a, MEET_RULE);
  return { a: refresh(ra, rb.move.unit), b: rb, each, rule: MEET_RULE };
}

const MEET_RULE = jc4('Confrontation Sequence', 'counter-charge: both move to the halfway point');

/** A contact report re-judged after the target moved into it. */
function refresh(r: ChargeContact, target: UnitState): ChargeContact {
  const contact = r.move.unit.stands.some((s) =>
    target.stands.some((t) => rectDistance(s, t) <= CONTACT_TOLERANCE),
  );
  const { contacting, touching } = squaring(r.move.unit, target);
  return {
    ...r,
    contact,
    contactingStands: contacting,
    touchingStands: touching,
    squaredUp: contact && contacting.length > 0 && contacting.every((id) => touching.includes(id)),
  };
}

export interface InfantryCavalryCharge {
  /** The infantry's quarter of the gap. */
  readonly infantry: MoveReport;
  readonly cavalry: ChargeContact;
  /** The gap between them (edge to edge) before either moved. */
  readonly gap: number;
  readonly rule: RuleRef;
}

/**
 * Infantry and cavalry charging each other (Part 4, Confrontation): the infantry advances straight
 * ahead a quarter of the gap between them (edge to edge), then the cavalry makes its Step-5 move into
 * contact.
 */
export function infantryAgainstCavalry(
  ctx: MoveContext,
  infantry: ChargeContactRequest,
  cavalry: ChargeContactRequest,
  dice: DiceSource,
): InfantryCavalryCharge {
  const [ui, uc] = unitsOf(ctx, infantry);
  const replay = replayOf(dice);
  const gap = unitDistance(ui, uc);
  const build = (d: number): MoveRequest => ({
    unitId: ui.id,
    manoeuvres: d > 0 ? [{ kind: 'advance', inches: d }] : [],
    mover: infantry.mover,
    kind: 'charge-contact',
    budget: infantry.remaining,
    stopAt: enemiesOf(ctx, ui),
  });
  const moved = farthestMove(ctx, build, gap / 4, replay).report;
  const cav = chargeContact(withUnit(ctx, moved.unit), cavalry, replay);
  return {
    infantry: moved,
    cavalry: cav,
    gap,
    rule: jc4(
      'Confrontation Sequence',
      'infantry and cavalry charging: infantry 1/4 of the gap, then cavalry',
    ),
  };
}

export interface EvasionChase {
  /** The target's own move, made first. */
  readonly evasion: MoveReport;
  /** The charger's straight line after it. */
  readonly chase: ChargeContact;
  /** Caught: the Confrontation is a Close Combat Rout, the target losing. */
  readonly caught: boolean;
  readonly rule: RuleRef;
}

/**
 * An evading target (Part 4, Confrontation: e.g. a target ordered To The Rear, March): it moves first
 * (`evasion`, resolved as any move); then the charger uses what it has left (its Normal Move less the
 * Step-4 distance, plus its Charge Bonus: the Step-4 `remaining`) in a straight line after it. Caught
 * when it reaches the target.
 */
export function evadeAndChase(
  ctx: MoveContext,
  charger: ChargeContactRequest,
  evasion: MoveRequest,
  dice: DiceSource,
): EvasionChase {
  const replay = replayOf(dice);
  const ev = resolveMove(ctx, evasion, replay);
  const chase = chargeContact(withUnit(ctx, ev.unit), charger, replay);
  return {
    evasion: ev,
    chase,
    caught: chase.contact,
    rule: jc4('Confrontation Sequence', 'evading target: the charger may catch it (Close Combat Rout)'),
  };
}
