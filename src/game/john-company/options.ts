import type { DiceSource } from '../../core/random/dice.ts';
import { measureText } from '../../core/rules/measure.ts';
import type { UnitId, UnitState } from '../../core/table/model.ts';
import type { RangedWeapon } from '../../rulesets/john-company/procedures/fire.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts.ts';
import { formationAllowed, lightCompanyReach } from '../../rulesets/john-company/table/formations.ts';
import { maximumRange } from '../../rulesets/john-company/table/measurement.ts';
import { type MoveReport, type MoverFacts, resolveMove } from '../../rulesets/john-company/table/movement.ts';
import type { Manoeuvre } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import { type RateColumn, rateColumnOf } from '../../rulesets/john-company/tables/movement-rates.ts';
import { ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { fireCheck } from './combat.ts';
import type { Draft } from './draft.ts';
import type { JcUnit, UnitActivation } from './state.ts';
import { isActive, unitsWithin } from './units.ts';

/**
 * What the active unit may do on its card (Part 3, Definitions Of Unit Orders; Part 4, Effects of
 * Resolve on Movement): move, change formation, reform, fire. `apply` refuses by these, `legalCommands`
 * lists by these, and the card loop ends an activation that has nothing left.
 */

export const reject = (code: string, message: string): Rejection => ({ code, message });

/** The Movement Rate column an order moves at: Prolonge orders by their column, others by formation. */
function columnFor(u: JcUnit, formation: string): RateColumn | undefined {
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.rateColumn) return order.rateColumn;
  if (formation === 'artillery-limbered') return 'artillery-column';
  if (formation === 'artillery-deployed') return 'artillery-prolonge';
  return rateColumnOf(formation as Formation);
}

/** The mover facts of the active unit's move: its order, its test's effect on movement, its rate column. */
export function moverOf(d: Draft, unit: UnitId): MoverFacts {
  const u = d.unit(unit);
  const test = u.test;
  const column = columnFor(u, d.tableUnit(unit).formation);
  return {
    troop: u.profile.troop,
    ...(column !== undefined ? { formation: column } : {}),
    movement: test?.movement ?? 'normal',
    ...(test?.withoutOrders ? { withoutOrders: test.withoutOrders } : {}),
    ...(u.order !== undefined ? { order: u.order } : {}),
    ...(u.profile.rateVariant ? { rateVariant: u.profile.rateVariant } : {}),
  };
}

/**
 * The table's verdict on a move by the active unit, with the inches events added to or took from it
 * (Part 4, events 35-46) applied to the allowance. `dice` are the game's (a preview passes copies).
 */
function judgeMove(
  d: Draft,
  unit: UnitId,
  manoeuvres: readonly Manoeuvre[],
  dice: DiceSource,
): { report: MoveReport; problems: string[] } {
  const report = resolveMove(
    d.moveContext(),
    { unitId: unit, manoeuvres, mover: moverOf(d, unit), sweeps: false },
    dice,
  );
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
 * The table's verdict on a move by the active unit in its activation: `judgeMove`, and for a unit that
 * has fired already, no further than its order lets a firing unit move.
 */
export function checkMove(
  d: Draft,
  a: UnitActivation,
  manoeuvres: readonly Manoeuvre[],
  dice: DiceSource,
): { report: MoveReport; problems: string[]; fraction: number } {
  const { report, problems } = judgeMove(d, a.unit, manoeuvres, dice);
  const full = report.allowance.fullMove;
  const fraction = full > 0 ? report.allowance.used / full : 1;
  if (a.fired && !fireAllowedAfter(d.unit(a.unit), a, fraction))
    problems.push(`having fired, ${a.unit} may move only as far as its order lets a firing unit`);
  return { report, problems, fraction };
}

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
