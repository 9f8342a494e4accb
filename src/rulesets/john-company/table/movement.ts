import type { Point } from '../../../core/geometry/points.ts';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { RollSpec } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  type StandId,
  type TableState,
  type UnitId,
  type UnitState,
  unitPlaced,
} from '../../../core/table/model.ts';
import { resolveMovementAllowance } from '../procedures/movement-allowance/allowance.ts';
import {
  DISORDER_CAUSES,
  type MovementAllowanceResult,
  type MovementFacts,
} from '../procedures/movement-allowance/facts.ts';
import { type RateColumn, rateColumnOf, type TroopTypeId } from '../tables/movement-rates.ts';
import { ORDER_ALIASES, ORDERS, type OrderId } from '../tables/orders.ts';
import { MOVEMENT_RESULTS } from '../tables/reaction-table.ts';
import { jc3, jc4 } from '../vocabulary.ts';
import { isFormation } from './formations.ts';
import {
  cutManoeuvres,
  enemyDistance,
  inContact,
  legsOf,
  type Obstacle,
  obstaclesOf,
  penetrates,
  shapeOf,
  stopPoint,
  sweptThrough,
} from './movement-contact.ts';
import {
  type InterpenetrationVerdict,
  interpenetrationVerdict,
  type MoveKind,
  OTHER_CASE,
} from './movement-interpenetration.ts';
import { type Manoeuvre, measuredInches, poseOf, sweptPieces } from './movement-manoeuvres.ts';
import { orderViolations, type Violation } from './movement-orders.ts';
import { type MovePath, surveyPath } from './movement-path.ts';
import { type Ground, prepareGround, waterMayMeet, waterUnder } from './movement-terrain.ts';
import { CONTACT_TOLERANCE } from './terrain.ts';
import type { JcForces } from './unit-profile.ts';

/**
 * A unit's move on the virtual table: a sequence of manoeuvres (movement-manoeuvres.ts) turned into the
 * facts the movement-allowance procedure takes (inches straight ahead, wheeled and flank marched, the
 * terrain crossed, walls and water), then judged: does it fit the allowance, does it Disorder, what does
 * it pass through (Part 3, Interpenetration), and does it keep to its order. A move that would end on
 * another unit stops short of it (rule 5); the result is the unit's new stands and a report with a
 * reason for every breach, for a preview or for rejecting a command.
 */

/** The path keys of the movement facts, which the move computes. */
export type PathKey =
  | 'moveInches'
  | 'terrain'
  | 'walls'
  | 'water'
  | 'riverDice'
  | 'wheelInches'
  | 'flankMarchInches'
  | 'aboutFaces'
  | 'reachedObjective';

/**
 * The moving unit's movement facts that the table does not hold: troop type, Movement Rate column,
 * reaction result, order, events. `formation` defaults to the unit's formation when that is a Movement
 * Rate column.
 */
export type MoverFacts = Omit<MovementFacts, PathKey | 'formation'> & {
  readonly formation?: RateColumn | undefined;
};

/** What the table does not hold about a unit a move may meet. */
export interface UnitFacts {
  readonly troop: TroopTypeId;
  /** Its order this turn. */
  readonly order?: OrderId;
  /** It is on a mandatory move this turn. */
  readonly onMandatoryMove?: boolean;
}

/**
 * The units' facts from John Company forces (unit-profile.ts): each profile's troop type; a unit on
 * Defend orders counts as on Hold (Part 4's "Defend" is Hold, see tables/orders.ts ORDER_ALIASES); a unit
 * making a mandatory move is on one.
 */
export function unitFactsOf(forces: JcForces): Record<UnitId, UnitFacts> {
  const out: Record<UnitId, UnitFacts> = {};
  for (const [id, profile] of Object.entries(forces.profiles)) {
    const state = forces.states?.[id];
    out[id] = {
      troop: profile.troop,
      ...(state?.orders === 'defend' ? { order: ORDER_ALIASES['defend']! } : {}),
      ...(state?.mandatoryMove ? { onMandatoryMove: true } : {}),
    };
  }
  return out;
}

/** A table state ready for moves: its ground prepared once, and the facts of its units. */
export interface MoveContext {
  readonly table: TableState;
  readonly ground: Ground;
  readonly units: Readonly<Record<UnitId, UnitFacts>>;
}

export function moveContext(table: TableState, units: Readonly<Record<UnitId, UnitFacts>>): MoveContext {
  return { table, ground: prepareGround(table), units };
}

export interface MoveRequest {
  readonly unitId: UnitId;
  readonly manoeuvres: readonly Manoeuvre[];
  readonly mover: MoverFacts;
  /** Default 'normal'. */
  readonly kind?: MoveKind;
  /** Units the move stops at on first touching them (a charge's target; enemies on a mandatory move). */
  readonly stopAt?: readonly UnitId[];
  /** It stopped at the terrain feature its order named, or was blocked (waives the minimum). */
  readonly reachedObjective?: boolean;
  /**
   * Inches this move may use, instead of the allowance's `available`: what a charger has left for its
   * Step-5 move, or the Normal Move without the Charge Bonus in Step 4.
   */
  readonly budget?: number;
  /** Report each stand's swept ground (default true; searches leave it out). */
  readonly sweeps?: boolean;
}

/** A stand's swept ground, for a preview: empty when the request asked for none. */
export interface StandSweep {
  readonly standId: StandId;
  /** Convex pieces whose union is the ground the stand passes over. */
  readonly pieces: readonly (readonly Point[])[];
}

export interface Interpenetration {
  readonly unitId: UnitId;
  readonly verdict: InterpenetrationVerdict;
}

export const MOVE_DISORDER_CAUSES = [
  ...DISORDER_CAUSES,
  'interpenetration',
  'stopped-short',
  'ends-in-water',
] as const;
export type MoveDisorderCause = (typeof MOVE_DISORDER_CAUSES)[number];

export interface MoveReport {
  readonly unitId: UnitId;
  readonly kind: MoveKind;
  /** The manoeuvres carried out: those asked for, cut where the unit stopped short. */
  readonly manoeuvres: readonly Manoeuvre[];
  /** The unit after the move. */
  readonly unit: UnitState;
  readonly sweeps: readonly StandSweep[];
  readonly path: MovePath;
  readonly allowance: MovementAllowanceResult;
  /** The inches it may use: the allowance's `available`, or the request's `budget`. */
  readonly budget: number;
  /** It can be crossed and fits the budget. */
  readonly fits: boolean;
  /** Friendly units passed through, with the verdict of the interpenetration rules. */
  readonly interpenetrations: readonly Interpenetration[];
  /** The units it stopped short of: those it would have ended on (rule 5), or a `stopAt` unit reached. */
  readonly stoppedShort: readonly UnitId[];
  /** Units within contact distance at the end (any side). */
  readonly contacts: readonly UnitId[];
  readonly disordered: boolean;
  readonly disorderCauses: readonly MoveDisorderCause[];
  /** Units it Disorders by passing through them. */
  readonly disordersOthers: readonly UnitId[];
  readonly violations: readonly Violation[];
  /** No violations: the move may be committed as reported. */
  readonly legal: boolean;
}

/**
 * Dice that replay: the n-th throw under a key gives the same value on every pass after `rewind`, so
 * the allowance can be costed again and again (searching how far a unit can go) while each die is
 * thrown once. Throws first needed on a later pass come from the underlying source.
 */
export class ReplayDice implements DiceSource {
  private readonly thrown = new Map<string, number[]>();
  private readonly used = new Map<string, number>();

  constructor(private readonly dice: DiceSource) {}

  rewind(): void {
    this.used.clear();
  }

  roll(spec: RollSpec, key: string): number {
    const i = this.used.get(key) ?? 0;
    this.used.set(key, i + 1);
    let list = this.thrown.get(key);
    if (!list) {
      list = [];
      this.thrown.set(key, list);
    }
    if (i < list.length) return list[i]!;
    const v = this.dice.roll(spec, key);
    list.push(v);
    return v;
  }
}

/** The dice as replaying dice (themselves if they already are). */
export function replayOf(dice: DiceSource): ReplayDice {
  return dice instanceof ReplayDice ? dice : new ReplayDice(dice);
}

/** The unit's Movement Rate column: as given, else its formation's (limbered guns in column, deployed guns by Prolonge). */
function moverColumn(unit: UnitState, mover: MoverFacts): RateColumn {
  if (mover.formation !== undefined) return mover.formation;
  if (isFormation(unit.formation)) return rateColumnOf(unit.formation);
  throw new Error(`unit ${unit.id} is in ${unit.formation}: give its Movement Rate column (mover.formation)`);
}

function toPoints(c: Float64Array): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < c.length; i += 2) out.push({ x: c[i]!, y: c[i + 1]! });
  return out;
}

/** Where a unit starts its moves on a table: the others as obstacles, those it starts on left out. */
interface MoveStart {
  /** Every other unit. */
  readonly obstacles: readonly Obstacle[];
  /** The units it does not start on (interpenetrating): those its move may meet. */
  readonly others: readonly Obstacle[];
  /** Edge to edge to the nearest enemy (`enemyDistance`), once a move asked for it (`enemyBefore`). */
  enemyBefore: number | undefined;
}

/** Move starts by the table's record of units and the unit (worked out once: a unit tries many moves). */
const MOVE_STARTS = new WeakMap<TableState['units'], Map<UnitId, MoveStart>>();

function moveStartOf(table: TableState, unit: UnitState): MoveStart {
  let byUnit = MOVE_STARTS.get(table.units);
  if (!byUnit) {
    byUnit = new Map();
    MOVE_STARTS.set(table.units, byUnit);
  }
  let known = byUnit.get(unit.id);
  if (!known) {
    const start = poseOf(unit);
    const obstacles = obstaclesOf(table, unit.id);
    const startShape = shapeOf(start);
    const others: Obstacle[] = [];
    for (const o of obstacles) if (!penetrates(startShape, o)) others.push(o);
    known = { obstacles, others, enemyBefore: undefined };
    byUnit.set(unit.id, known);
  }
  return known;
}

/** Edge to edge from the unit where it starts to the nearest enemy, worked out once per move start. */
function enemyBefore(start: MoveStart, unit: UnitState): number {
  start.enemyBefore ??= enemyDistance(start.obstacles, unit.side, poseOf(unit));
  return start.enemyBefore;
}

/**
 * Costs and judges a move (see the module comment). `dice` throws what the movement-allowance procedure
 * throws (extra dice, events, walls jumped, water crossed); pass `ReplayDice` to cost several variants of
 * one move with the same throws. With `trace`, the allowance's steps are recorded.
 */
export function resolveMove(ctx: MoveContext, req: MoveRequest, dice: DiceSource, trace?: Trace): MoveReport {
  const unit = ctx.table.units[req.unitId];
  if (!unit) throw new Error(`no unit ${req.unitId} on the table`);
  const kind = req.kind ?? 'normal';
  const start = poseOf(unit);
  const moveStart = moveStartOf(ctx.table, unit);
  const { obstacles, others } = moveStart;
  const planned = legsOf(start, req.manoeuvres);
  const stopAt = req.stopAt ?? NO_UNITS;
  const stop = stopPoint(planned.legs, planned.end, others, stopAt.length === 0 ? NO_STOPS : new Set(stopAt));
  const manoeuvres = cutManoeuvres(req.manoeuvres, stop.u);
  // Uncut, the path is the one planned (the same legs, whose swept shapes are already worked out).
  const { legs, end } = sameManoeuvres(manoeuvres, req.manoeuvres) ? planned : legsOf(start, manoeuvres);
  const survey = surveyPath(ctx.ground, legs, req.mover.troop);

  // Interpenetration along the path actually taken.
  let sweeps: StandSweep[] = [];
  if (req.sweeps !== false) {
    const byLeg = legs.map((leg) => sweptPieces(leg.pose, leg.motion));
    sweeps = start.stands.map((st, j) => ({
      standId: st.id,
      pieces: byLeg.flatMap((pieces) => pieces[j]!.map(toPoints)),
    }));
  }
  const violations: Violation[] = [];
  const interpenetrations: Interpenetration[] = [];
  for (const o of others) {
    if (!sweptThrough(legs, o)) continue;
    if (o.side !== unit.side) {
      violations.push({
        code: 'passes-through-enemy',
        rule: jc3('Interpenetration'),
        message: `the move passes through the enemy unit ${o.unitId}`,
        unitId: o.unitId,
      });
      continue;
    }
    const other = ctx.table.units[o.unitId]!;
    const facts = ctx.units[o.unitId];
    const verdict = facts
      ? interpenetrationVerdict({ troop: req.mover.troop, formation: unit.formation }, kind, {
          troop: facts.troop,
          formation: other.formation,
          ...(facts.order === undefined ? {} : { order: facts.order }),
          ...(facts.onMandatoryMove === undefined ? {} : { onMandatoryMove: facts.onMandatoryMove }),
        })
      : OTHER_CASE;
    interpenetrations.push({ unitId: o.unitId, verdict });
  }

  // The order's limits. Only an order with a closest approach reads the distances to the nearest
  // enemy (`orderViolations` and the waiver below), so they are measured for those alone.
  const order = req.mover.order !== undefined ? ORDERS.orders[req.mover.order] : undefined;
  const approach = order?.closestApproach;
  const enemyAfter =
    approach !== undefined ? enemyDistance(obstacles, unit.side, end) : Number.POSITIVE_INFINITY;
  const reaction = MOVEMENT_RESULTS[req.mover.movement ?? 'normal'];
  const followsOrders = reaction.followsOrders || reaction.id === 'roll-without-orders';
  for (const v of orderViolations({
    troop: req.mover.troop,
    order: req.mover.order,
    followsOrders,
    kind,
    manoeuvres,
    start,
    end,
    enemyBefore: approach !== undefined ? enemyBefore(moveStart, unit) : Number.POSITIVE_INFINITY,
    enemyAfter,
  }))
    violations.push(v);
  const atClosestApproach = approach !== undefined && enemyAfter <= approach + CONTACT_TOLERANCE;
  const waived = req.reachedObjective === true || stop.by.length > 0 || atClosestApproach;

  // The allowance.
  // Replaying dice start again from their first throw; other dice throw as they are (replaying dice
  // made afresh over them would pass every throw on to them). The facts are written field by field in
  // one order, a field not given undefined: one shape for every move (spreading the mover's and the
  // path's fields made objects of many shapes, each spread after the first a call into the runtime).
  if (dice instanceof ReplayDice) dice.rewind();
  const m = req.mover;
  const path = survey.path;
  const allowance = resolveMovementAllowance(
    {
      troop: m.troop,
      formation: moverColumn(unit, m),
      rateVariant: m.rateVariant,
      movement: m.movement,
      withoutOrders: m.withoutOrders,
      order: m.order,
      lowWallCost: m.lowWallCost,
      events: m.events,
      moveInches: path.moveInches,
      wheelInches: path.wheelInches,
      flankMarchInches: path.flankMarchInches,
      terrain: path.terrain,
      walls: path.walls,
      water: path.water,
      riverDice: path.riverDice,
      aboutFaces: path.aboutFaces,
      reachedObjective: waived ? true : undefined,
    },
    dice,
    trace,
  );
  if (manoeuvres.length > 0 && allowance.fullMove <= 0)
    violations.push({
      code: 'no-movement-allowed',
      rule: jc4('Reaction Table', 'effects of Resolve on movement'),
      message: 'the unit may not move, turn or change formation this turn',
    });
  const budget = req.budget ?? allowance.available;
  const fits =
    req.budget === undefined ? allowance.fits : !allowance.impassable && allowance.used <= req.budget + 1e-9;
  if (allowance.impassable)
    violations.push({
      code: 'impassable-terrain',
      rule: jc3('Terrain Effects On Movement'),
      message: 'the path crosses ground, a wall or water this unit cannot cross',
    });
  else if (!fits)
    violations.push({
      code: 'exceeds-allowance',
      rule: jc3('Types Of Movement', 'Normal Movement'),
      message: `the move uses ${fmt(allowance.used)}" of ${fmt(budget)}" available`,
    });
  for (const id of survey.impassableBarriers)
    violations.push({
      code: 'impassable-barrier',
      rule: jc3('Walls, Barricades, and Entrenchments'),
      message: `the path crosses ${id}, which cannot be crossed`,
    });
  if (!allowance.meetsMinimum && !waived)
    violations.push({
      code: 'below-minimum',
      rule: kind === 'mandatory' ? jc3('Mandatory Moves') : (order?.rule ?? jc3('Types Of Movement')),
      message: `the move must use at least ${fmt(allowance.minimum)}"`,
    });
  if (order?.id === 'to-the-rear-march') {
    const second = manoeuvres.findIndex((m, i) => i > 0 && m.kind === 'about-face');
    if (second > 0) {
      const before = legs.slice(0, second).reduce((sum, l) => sum + measuredInches(l.pose, l.m), 0);
      if (before > allowance.fullMove / 2 + 1e-9)
        violations.push({
          code: 'second-about-face-too-late',
          rule: order.rule,
          message: `it may about face again only after moving at most half its move (${fmt(allowance.fullMove / 2)}"), not ${fmt(before)}"`,
        });
    }
  }

  // Disorder.
  const causes = new Set<MoveDisorderCause>(allowance.disorderCauses);
  for (const t of survey.disorderingTerrain) causes.add(t as MoveDisorderCause);
  if (interpenetrations.some((i) => i.verdict.moverDisordered)) causes.add('interpenetration');
  if (stop.by.some((id) => !stopAt.includes(id))) causes.add('stopped-short');
  const endShape = shapeOf(end);
  if (
    !causes.has('water') &&
    waterMayMeet(ctx.ground, endShape.bounds) &&
    end.stands.some((st) => waterUnder(ctx.ground, st) !== undefined)
  )
    causes.add('ends-in-water');
  const disorderCauses = MOVE_DISORDER_CAUSES.filter((c) => causes.has(c));

  const contacts: UnitId[] = [];
  for (const o of obstacles) if (inContact(endShape, o, CONTACT_TOLERANCE)) contacts.push(o.unitId);

  return {
    unitId: unit.id,
    kind,
    manoeuvres,
    unit: unitPlaced(unit, end.formation, end.facing, end.stands),
    sweeps,
    path: survey.path,
    allowance,
    budget,
    fits,
    interpenetrations,
    stoppedShort: stop.by,
    contacts,
    disordered: disorderCauses.length > 0,
    disorderCauses,
    disordersOthers: interpenetrations.filter((i) => i.verdict.otherDisordered).map((i) => i.unitId),
    violations,
    legal: violations.length === 0,
  };
}

const NO_UNITS: readonly UnitId[] = [];
const NO_STOPS: ReadonlySet<UnitId> = new Set();

/** Whether two lists hold the very same manoeuvres. */
function sameManoeuvres(a: readonly Manoeuvre[], b: readonly Manoeuvre[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The context with one unit replaced (after it moved). */
export function withUnit(ctx: MoveContext, unit: UnitState): MoveContext {
  return { ...ctx, table: { ...ctx.table, units: { ...ctx.table.units, [unit.id]: unit } } };
}

/**
 * The longest version of a move that fits its budget: `build(inches)` makes the move for a distance,
 * and the largest distance up to `maxInches` that fits is found to a millionth of an inch. The inches
 * used rise with the distance (piecewise linearly, with steps at walls and water), so the search is a
 * bracketed false position (Illinois), falling back to halving where a trial is impassable. `limited`
 * when the full distance did not fit.
 */
export function farthestMove(
  ctx: MoveContext,
  build: (inches: number) => MoveRequest,
  maxInches: number,
  dice: ReplayDice,
): { readonly report: MoveReport; readonly inches: number; readonly limited: boolean } {
  const full = resolveMove(ctx, build(maxInches), dice);
  if (full.fits || maxInches <= 0) return { report: full, inches: maxInches, limited: false };
  const excess = (r: MoveReport) =>
    r.allowance.impassable ? Number.POSITIVE_INFINITY : r.allowance.used - r.budget;
  const trial = (d: number) => resolveMove(ctx, { ...build(d), sweeps: false }, dice);
  let lo = 0;
  let hi = maxInches;
  let atLo = trial(0);
  let flo = excess(atLo);
  let fhi = excess(full);
  let side = 0;
  for (let it = 0; it < 80 && hi - lo > 1e-6; it++) {
    let d = Number.isFinite(fhi) && fhi > flo ? lo + ((hi - lo) * -flo) / (fhi - flo) : (lo + hi) / 2;
    if (!(d > lo && d < hi)) d = (lo + hi) / 2;
    const r = trial(d);
    const fd = excess(r);
    if (r.fits) {
      lo = d;
      atLo = r;
      flo = fd;
      if (fd > -1e-9) break;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = d;
      fhi = fd;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  // A trial is the move without its swept ground: the very move when the caller asks for none.
  const move = build(lo);
  return { report: move.sweeps === false ? atLo : resolveMove(ctx, move, dice), inches: lo, limited: true };
}

const fmt = measureText;
