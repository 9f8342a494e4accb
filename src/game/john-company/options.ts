import type { DiceSource } from '../../core/random/dice.ts';
import type { RollSpec } from '../../core/random/rolls.ts';
import { measureText } from '../../core/rules/measure.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import type { RangedWeapon } from '../../rulesets/john-company/procedures/fire/range-band.ts';
import { resolveMovementAllowance } from '../../rulesets/john-company/procedures/movement-allowance/allowance.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import {
  type FormationTarget,
  formationAllowed,
  frontCentre,
  isBatteryFormation,
  lightCompanyReach,
} from '../../rulesets/john-company/table/formations.ts';
import { maximumRange } from '../../rulesets/john-company/table/measurement/distances.ts';
import {
  type MoveContext,
  type MoveReport,
  type MoverFacts,
  resolveMove,
} from '../../rulesets/john-company/table/movement.ts';
import { frontEnds, unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import type { Manoeuvre } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import {
  MOVEMENT_RATES,
  type RateColumn,
  rateColumnOf,
} from '../../rulesets/john-company/tables/movement-rates.ts';
import { ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { reject } from './command-checks.ts';
import type { CommandManoeuvre } from './commands.ts';
import type { Draft } from './draft.ts';
import { fireCheck } from './fire-check.ts';
import { normalMove } from './moves.ts';
import type { JcUnit, UnitActivation } from './state.ts';
import { atStation, STATION_FLANK, stationPoint } from './support-station.ts';
import { isActive, unitsWithin } from './units.ts';

/**
 * What the active unit may do on its card (Part 3, Definitions Of Unit Orders; Part 4, Effects of
 * Resolve on Movement): move, change formation, reform, fire. `apply` refuses by these, `legalCommands`
 * lists by these, and the card loop ends an activation that has nothing left.
 */

/** The Movement Rate column an order moves at: Prolonge orders by their column, others by formation. */
function columnFor(u: JcUnit, formation: string): RateColumn | undefined {
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.rateColumn) return order.rateColumn;
  if (formation === 'artillery-limbered') return 'artillery-column';
  if (formation === 'artillery-deployed') return 'artillery-prolonge';
  return rateColumnOf(formation as Formation);
}

/**
 * The mover facts of the active unit's move: its order, its test's effect on movement, its rate column.
 * Every field is written, one not given undefined, so that every mover has one shape.
 */
export function moverOf(d: Draft, unit: UnitId): MoverFacts {
  const u = d.unit(unit);
  const test = u.test;
  return {
    troop: u.profile.troop,
    formation: columnFor(u, d.tableUnit(unit).formation),
    movement: test?.movement ?? 'normal',
    withoutOrders: test?.withoutOrders || undefined,
    order: u.order,
    rateVariant: u.profile.rateVariant || undefined,
  };
}

/**
 * The table's verdict on a move by the active unit, with the inches events added to or took from it
 * (Part 4, events 35-46) applied to the allowance. `dice` are the game's (a preview passes copies);
 * `known` is the table's report on this very move with these dice, when it is known already.
 */
function judgeMove(
  d: Draft,
  unit: UnitId,
  manoeuvres: readonly Manoeuvre[],
  dice: DiceSource,
  known?: MoveReport,
): { report: MoveReport; problems: string[] } {
  const report =
    known ??
    resolveMove(d.moveContext(), { unitId: unit, manoeuvres, mover: moverOf(d, unit), sweeps: false }, dice);
  const extra = d.unit(unit).nextMoveInches;
  const problems: string[] = [];
  for (const v of report.violations) {
    if (
      v.code === 'exceeds-allowance' &&
      extra > 0 &&
      report.allowance.used <= report.allowance.available + extra + 1e-9
    )
      continue;
    problems.push(v.message);
  }
  const battalion = d.unit(unit).battalion;
  const parent = battalion !== undefined ? d.findTableUnit(battalion) : undefined;
  if (parent && !lightCompanyReach(parent, report.unit).inReach)
    problems.push(`a light company keeps within 12" of its battalion (${battalion})`);
  if (extra < 0 && report.allowance.used > report.allowance.available + extra + 1e-9)
    problems.push(
      `events took ${measureText(-extra)}" from this move: it may use ${measureText(Math.max(0, report.allowance.available + extra))}"`,
    );
  return { report, problems };
}

/**
 * The table's verdict on a move by the active unit in its activation: `judgeMove`; for a unit that
 * has fired already, no further than its order lets a firing unit move; and for a unit on a Support
 * order, to its station (`stationProblem`).
 */
export function checkMove(
  d: Draft,
  a: UnitActivation,
  manoeuvres: readonly Manoeuvre[],
  dice: DiceSource,
  known?: MoveReport,
): { report: MoveReport; problems: string[]; fraction: number } {
  const { report, problems } = judgeMove(d, a.unit, manoeuvres, dice, known);
  const full = report.allowance.fullMove;
  const fraction = full > 0 ? report.allowance.used / full : 1;
  if (a.fired && !fireAllowedAfter(d.unit(a.unit), a, fraction))
    problems.push(`having fired, ${a.unit} may move only as far as its order lets a firing unit`);
  const offStation = stationProblem(d, a.unit, report.unit);
  if (offStation) problems.push(offStation);
  return { report, problems, fraction };
}

/**
 * Why a move of a unit on a Support order that ends at `end` keeps no station (Part 3, Definitions Of
 * Unit Orders, Support; the reading in support-station.ts), or undefined when it does. The move must end
 * at its station behind the unit it supports, or, where its move cannot take it there, nearer the
 * station's middle than it stood: the moves `legalCommands` offers it (legal-activation.ts
 * `stationMoves`). A supporter whose supported unit has left the table keeps no station.
 */
function stationProblem(d: Draft, unit: UnitId, end: UnitState): string | undefined {
  const target = d.unit(unit).order === 'support' ? d.unit(unit).orderTarget : undefined;
  const supported = target !== undefined ? d.findTableUnit(target) : undefined;
  if (!supported) return undefined;
  const rate = normalMove(d, unit);
  if (atStation(end, supported, rate)) return undefined;
  const start = d.tableUnit(unit);
  const middle = stationPoint(start, supported, rate);
  const gap = (u: UnitState) => {
    const front = frontCentre(u);
    return Math.hypot(middle.x - front.x, middle.y - front.y);
  };
  if (gap(end) < gap(start) - STATION_NEARER) return undefined;
  return `${unit} is on Support for ${target}: its move must end at its station, ${measureText(rate / 2)}" to ${measureText(rate)}" (half to one Normal Move) behind ${target} and within ${STATION_FLANK}" of its flanks, or nearer to it than it stands`;
}

/** Inches: a supporter short of its station that closes on it by less than this is no nearer (float noise). */
const STATION_NEARER = 1e-6;

/** Whether a move leaves the unit free to fire by its order (Part 3, Definitions Of Unit Orders). */
function fireAllowedAfter(u: JcUnit, a: UnitActivation, fraction: number): boolean {
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!order) return true;
  switch (order.fire) {
    case 'if-moved-at-most-quarter':
      return fraction <= 0.25 + 1e-9;
    case 'if-moved-at-most-half':
      return fraction <= 0.5 + 1e-9;
    case 'yes':
      return !a.moved && fraction === 0;
    case 'no':
      return false;
    default:
      return true;
  }
}

/**
 * `checkMove` with copies of the game's dice (`scratchDice`), for trying a move out: a move tried before
 * on the same move context, by the same mover with the same dice, is not judged again (`triedMove`).
 */
export function tryMove(
  d: Draft,
  a: UnitActivation,
  manoeuvres: readonly Manoeuvre[],
): { report: MoveReport; problems: string[]; fraction: number } {
  const dice = d.scratchDice();
  return checkMove(d, a, manoeuvres, dice, triedMove(d, a.unit, manoeuvres, dice)!.report);
}

/**
 * `checkMove` with the game's dice, for committing the move: with the report of the same move tried out
 * already (`tryMove`, from the same dice) when that threw no dice, for then the game's dice would throw
 * none either and the table would report the same.
 */
export function checkMoveToCommit(
  d: Draft,
  a: UnitActivation,
  manoeuvres: readonly Manoeuvre[],
): { report: MoveReport; problems: string[]; fraction: number } {
  const tried = triedMove(d, a.unit, manoeuvres, undefined);
  return checkMove(d, a, manoeuvres, d.dice, tried?.throws === 0 ? tried.report : undefined);
}

/** The table's report on a move tried out with copies of the game's dice, and how many dice it threw. */
interface TriedMove {
  readonly report: MoveReport;
  readonly throws: number;
}

/**
 * Moves tried out, by move context and then by unit, dice, mover and manoeuvres. A move context is one
 * object while the table and the units' facts it holds stay the same (caches.ts: a state's own is kept
 * for all its drafts), and `resolveMove` reads nothing but the context, the request and the dice: the
 * same move asked again of the same context gets the same report. `legalCommands` tries moves out,
 * `minimumMoves` asks again for that state, and `apply` commits one of them.
 */
const TRIED = new WeakMap<MoveContext, Map<string, TriedMove>>();

/**
 * The move tried out with copies of the game's dice: as tried before, else (given `scratch`, those
 * copies) judged now and kept; undefined when it was not tried before and no copies are given.
 */
function triedMove(
  d: Draft,
  unit: UnitId,
  manoeuvres: readonly Manoeuvre[],
  scratch: DiceSource | undefined,
): TriedMove | undefined {
  const context = d.moveContext();
  const mover = moverOf(d, unit);
  const key = JSON.stringify([unit, d.rngState().words, mover, manoeuvres]);
  let tried = TRIED.get(context);
  const known = tried?.get(key);
  if (known || !scratch) return known;
  const dice = new CountedDice(scratch);
  const report = resolveMove(context, { unitId: unit, manoeuvres, mover, sweeps: false }, dice);
  if (!tried) {
    tried = new Map();
    TRIED.set(context, tried);
  }
  const judged = { report, throws: dice.throws };
  tried.set(key, judged);
  return judged;
}

/** Dice that count their throws. */
class CountedDice implements DiceSource {
  throws = 0;

  constructor(private readonly dice: DiceSource) {}

  roll(spec: RollSpec, key: string): number {
    this.throws++;
    return this.dice.roll(spec, key);
  }
}

/** Why the active unit may not move now. */
export function moveProblem(d: Draft, a: UnitActivation): Rejection | undefined {
  const u = d.unit(a.unit);
  if (a.moved) return reject('already-moved', `${a.unit} has made its move this activation`);
  if (a.mayRally && (u.routing || u.mandatoryMove !== undefined))
    return reject('rally-or-end', `${a.unit} may only try to rally`);
  const mv = MOVEMENT_RESULTS[u.test?.movement ?? 'normal'];
  if (mv.mandatory) return reject('mandatory-move', `${a.unit} made a mandatory move`);
  if (u.order === undefined || ORDERS.orders[u.order].move !== 'move')
    return reject('order-forbids-move', `${a.unit}'s order (${u.order ?? 'none'}) does not move it`);
  if (u.order === 'charge' || u.order === 'pursue')
    return reject('order-forbids-move', 'charges and pursuits are moved by the engine');
  if (mv.rate === 0 && !(u.test?.movement === 'roll-without-orders' && u.order !== 'hold'))
    return reject('no-movement-allowed', `${a.unit}'s Reaction Test allows no move (${mv.label})`);
  return undefined;
}

/**
 * The least move of the active unit's order (Part 3, Definitions Of Unit Orders: Forward March half its
 * move; Deploy 3" or a quarter, whichever is less; Advance & Fire 3"), once its test has set its
 * allowance; 0 for orders with none.
 */
export function minimumMove(d: Draft, unit: UnitId): number {
  const mover = moverOf(d, unit);
  const order = mover.order !== undefined ? ORDERS.orders[mover.order] : undefined;
  if (!order?.minimum) return 0;
  return resolveMovementAllowance(
    { ...mover, formation: mover.formation ?? 'close-order-line' },
    d.scratchDice(),
  ).minimum;
}

/**
 * Moves that make the active unit's minimum (`minimumMove`) while it still owes it, each legal on the
 * table: straight ahead, and for regulars obliquely 30 degrees either way (Deploy: its wheel, and for
 * regulars its oblique). A unit owes its minimum until it has moved, unless it stands at its order's
 * closest approach to an enemy or within a scenario objective (Muster's named features); when none of
 * these moves is legal it cannot move, and owes nothing. `legalCommands` offers these moves and no
 * `end-activation` while the list is not empty; `apply` refuses `end-activation` likewise.
 */
export function minimumMoves(d: Draft, a: UnitActivation): CommandManoeuvre[][] {
  if (a.moved || a.choose || moveProblem(d, a)) return [];
  const u = d.unit(a.unit);
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!order?.minimum) return [];
  const minimum = Math.ceil(minimumMove(d, a.unit) * 100) / 100;
  if (minimum <= 0) return [];
  const me = d.tableUnit(a.unit);
  if (order.closestApproach !== undefined)
    for (const e of Object.values(d.table().units))
      if (e.side !== me.side && unitsWithin(me, e, order.closestApproach + CONTACT_TOLERANCE)) return [];
  const [cx, cy] = unitCentre(me.stands);
  for (const o of d.scenario.objectives)
    if (Math.hypot(o.position.x - cx, o.position.y - cy) <= o.radius) return [];
  const regular = MOVEMENT_RATES.troops[u.profile.troop].regular;
  const probes: CommandManoeuvre[][] = [];
  if (order.id === 'deploy-right' || order.id === 'deploy-left') {
    const sign = order.id === 'deploy-left' ? 1 : -1;
    const [lx, ly, rx, ry] = frontEnds(me);
    const width = Math.max(Math.hypot(rx - lx, ry - ly), 0.1);
    probes.push([
      { kind: 'wheel', degrees: Math.ceil(((sign * minimum) / width) * (18000 / Math.PI)) / 100 },
    ]);
    if (regular) probes.push([{ kind: 'oblique', inches: minimum, degrees: sign * 40 }]);
  } else {
    probes.push([{ kind: 'advance', inches: minimum }]);
    if (regular)
      for (const degrees of [30, -30]) probes.push([{ kind: 'oblique', inches: minimum, degrees }]);
  }
  return probes.filter((m) => tryMove(d, a, m).problems.length === 0);
}

/** Why the active unit may not end its activation now: it owes its order's minimum move (`minimumMoves`). */
export function endProblem(d: Draft, a: UnitActivation): Rejection | undefined {
  if (minimumMoves(d, a).length === 0) return undefined;
  const u = d.unit(a.unit);
  return reject(
    'below-minimum',
    `${a.unit} must first move at least ${Math.round(minimumMove(d, a.unit) * 100) / 100}" (${ORDERS.orders[u.order!].name}): it can, and it stands neither at its closest approach to an enemy nor at an objective`,
  );
}

/** Why the active unit may not change to `formation` now. */
export function formProblem(d: Draft, a: UnitActivation, formation: Formation): Rejection | undefined {
  const u = d.unit(a.unit);
  if (a.moved) return reject('already-moved', `${a.unit} has made its move this activation`);
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.move !== 'formation-change' || order.endsAs === undefined)
    return reject('order-forbids-formation-change', `${a.unit}'s order does not change its formation`);
  const ends: Formation = order.endsAs === 'limbered' ? 'artillery-limbered' : order.endsAs;
  if (ends !== formation) return reject('wrong-formation', `${order.name} forms ${ends}`);
  if (d.tableUnit(a.unit).formation === formation)
    return reject('already-in-formation', `already in ${formation}`);
  if (!formationAllowed(u.profile, formation).allowed)
    return reject('formation-not-allowed', formationAllowed(u.profile, formation).label);
  const mv = MOVEMENT_RESULTS[u.test?.movement ?? 'normal'];
  if (!mv.followsOrders || mv.rate === 0)
    return reject(
      'no-movement-allowed',
      `${a.unit}'s Reaction Test allows no formation change (${mv.label})`,
    );
  return undefined;
}

/**
 * The table's verdict on the active unit changing to `formation` (optionally `ranks` by `files`) by its
 * order: `formProblem`, then the form manoeuvre resolved on the table (it may not pass through a unit,
 * for one). `apply` commits the report with the game's dice; `legalCommands` offers the change only when
 * this accepts it (on copies of the dice), so that every offered change is accepted.
 */
export function checkFormationChange(
  d: Draft,
  a: UnitActivation,
  formation: Formation,
  size: { readonly ranks?: number | undefined; readonly files?: number | undefined },
  dice: DiceSource,
): { report: MoveReport } | Rejection {
  const why = formProblem(d, a, formation);
  if (why) return why;
  const target: FormationTarget = isBatteryFormation(formation)
    ? { formation }
    : {
        formation,
        ...(size.ranks !== undefined ? { ranks: size.ranks } : {}),
        ...(size.files !== undefined ? { files: size.files } : {}),
      };
  let report: MoveReport;
  try {
    report = resolveMove(
      d.moveContext(),
      { unitId: a.unit, manoeuvres: [{ kind: 'form', target }], mover: moverOf(d, a.unit), sweeps: false },
      dice,
    );
  } catch (e) {
    return reject('illegal-formation', (e as Error).message);
  }
  if (!report.legal) return reject('illegal-formation', report.violations.map((v) => v.message).join('; '));
  return { report };
}

/** Whether the active unit may fire now, by its test and its order (Part 3 orders; Part 4 movement results). */
export function mayFireNow(d: Draft, a: UnitActivation): boolean {
  const u = d.unit(a.unit);
  if (a.fired || a.choose || !u.profile.weapon) return false;
  if (a.mayRally && (u.routing || u.mandatoryMove !== undefined)) return false;
  const mv = MOVEMENT_RESULTS[u.test?.movement ?? 'normal'];
  if (mv.mandatory) return false;
  if (
    mv.rate === 0 &&
    !(u.test?.movement === 'roll-without-orders' && u.order !== 'hold' && u.order !== undefined)
  )
    return true;
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!order) return true;
  switch (order.fire) {
    case 'yes':
      return !a.moved;
    case 'no':
      return false;
    case 'if-moved-at-most-quarter':
      return a.movedFraction <= 0.25 + 1e-9;
    case 'if-moved-at-most-half':
      return a.movedFraction <= 0.5 + 1e-9;
    case 'at-end-of-turn':
      return a.moved;
    default:
      return true;
  }
}

/** Whether the active unit has anything left to do but end its activation. */
export function anythingToDo(d: Draft, a: UnitActivation): boolean {
  if (!isActive(d, a.unit)) return false;
  if (a.choose) return true;
  if (!moveProblem(d, a)) return true;
  const u = d.unit(a.unit);
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (!a.moved && order?.endsAs !== undefined && order.move === 'formation-change') {
    const ends: Formation = order.endsAs === 'limbered' ? 'artillery-limbered' : order.endsAs;
    if (!formProblem(d, a, ends)) return true;
  }
  if (u.disordered && !a.moved && !a.fired) return true;
  return mayFireNow(d, a) && canFireAny(d, a.unit);
}

/**
 * Whether the unit could fire at any enemy now. The table's facts are built only when some enemy is
 * not surely out of range.
 */
function canFireAny(d: Draft, id: UnitId): boolean {
  const u = d.unit(id);
  const weapon = u.profile.weapon;
  if (!weapon) return false;
  const firer = d.tableUnit(id);
  let facts: JcTableFacts | undefined;
  for (const e of Object.values(d.table().units)) {
    if (e.side === u.side || surelyOutOfRange(firer, weapon, e)) continue;
    facts ??= d.facts();
    if (!facts.mayReach(id, e.id)) continue;
    if (fireCheck(d, id, e.id).ok) return true;
  }
  return false;
}

/**
 * Inches past a weapon's longest range beyond which a target is surely out of reach: slack for the
 * rounding between `unitDistance` and the range the fire measures.
 */
const OUT_OF_RANGE_SLACK = 1;

/**
 * Whether `target` is surely beyond the longest range of `firer`'s weapon, so that `fireCheck` would
 * refuse it: a stand fires only at a target stand within that range of its front face (Part 4, Troops
 * And Figures Able To Fire; measurement.ts `firingStands`), and no stand of the firer is nearer to one
 * of the target than the units' nearest stands (`unitDistance`).
 */
export function surelyOutOfRange(firer: UnitState, weapon: RangedWeapon, target: UnitState): boolean {
  const beyond = maximumRange(weapon) + OUT_OF_RANGE_SLACK;
  return !unitsWithin(firer, target, beyond);
}
