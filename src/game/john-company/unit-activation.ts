import type { UnitId } from '../../core/table/model.ts';
import { changeFormation } from '../../rulesets/john-company/table/formations.ts';
import type { Manoeuvre } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import { ORDERS, type OrderId } from '../../rulesets/john-company/tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Formation } from '../../rulesets/john-company/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { activeCard, isRejection, reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import { fireWith } from './fire.ts';
import { fireCheck } from './fire-check.ts';
import { deployLightCompany, lightCompanyProblem, rejoinLightCompany } from './light-companies.ts';
import { chargeNow, finishActivation } from './movement-cards.ts';
import { commitMove, followSupported } from './moves.ts';
import { anythingToDo, checkFormationChange, checkMoveToCommit, mayFireNow, moveProblem } from './options.ts';
import { attemptRally, rallyGeneral } from './rally.ts';
import type { UnitActivation } from './state.ts';
import { isActive, placementOf } from './units.ts';
import { isSpotted } from './view.ts';

/**
 * Step 5, the active unit's commands (Part 3, Sequence Of Play 5.2-5.6): the order it chooses, its
 * moves and formation changes, its light company, its fire, its rally.
 */

function setAct(d: Draft, a: UnitActivation): void {
  d.node = { phase: 'activation', activation: a };
}

export function chooseOrder(d: Draft, unit: UnitId, order: OrderId): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  if (!a.choose) return reject('no-choice', `${unit} carries out its own order`);
  if (!a.choose.includes(order))
    return reject('order-not-offered', `${unit} may choose ${a.choose.join(', ')}`);
  if (order === 'charge') {
    chargeNow(d, unit);
    return undefined;
  }
  d.patchUnit(unit, { order });
  const { choose: _c, ...rest } = a;
  setAct(d, rest);
  if (!anythingToDo(d, rest)) finishActivation(d);
  return undefined;
}

export function move(d: Draft, unit: UnitId, manoeuvres: readonly Manoeuvre[]): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  if (a.choose) return reject('choose-order-first', `${unit} must first choose its order`);
  const why = moveProblem(d, a);
  if (why) return why;
  const { report, problems, fraction } = checkMoveToCommit(d, a, manoeuvres);
  if (problems.length > 0) return reject('illegal-move', problems.join('; '));
  const u = d.unit(unit);
  const before = d.tableUnit(unit);
  const onTable = commitMove(d, unit, report, 'order');
  d.patchUnit(unit, { nextMoveInches: 0 });
  if (onTable) followSupported(d, unit, before);
  if (!onTable) {
    finishActivation(d);
    return undefined;
  }
  const order = u.order !== undefined ? ORDERS.orders[u.order] : undefined;
  if (order?.endsAs === 'limbered' && d.tableUnit(unit).formation !== 'artillery-limbered')
    d.setTableUnit(changeFormation(d.tableUnit(unit), { formation: 'artillery-limbered' }));
  const next: UnitActivation = { ...a, moved: true, movedFraction: fraction };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

export function form(
  d: Draft,
  unit: UnitId,
  formation: Formation,
  ranks: number | undefined,
  files: number | undefined,
): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  const checked = checkFormationChange(d, a, formation, { ranks, files }, d.dice);
  if (isRejection(checked)) return checked;
  const { report } = checked;
  commitMove(d, unit, report, 'order');
  d.emit({ type: 'formation-changed', visibleTo: 'all', unit, to: placementOf(d.tableUnit(unit)) });
  const next: UnitActivation = { ...a, moved: true, movedFraction: 1 };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

export function reform(d: Draft, unit: UnitId): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  const u = d.unit(unit);
  if (!u.disordered) return reject('not-disordered', `${unit} is not Disordered`);
  if (a.moved || a.fired) return reject('already-acted', 'reforming takes the whole move');
  const mv = MOVEMENT_RESULTS[u.test?.movement ?? 'normal'];
  if (mv.mandatory || mv.rate === 0)
    return reject('no-movement-allowed', `${unit} may not reform this turn (${mv.label})`);
  d.patchUnit(unit, { disordered: false, moved: true });
  d.emit({ type: 'status-changed', visibleTo: 'all', unit, status: u.status ?? 'Steady', disordered: false });
  const next: UnitActivation = { ...a, moved: true, movedFraction: 1 };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

export function lightCompany(d: Draft, unit: UnitId, what: 'deploy' | 'rejoin'): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  if (a.choose) return reject('choose-order-first', `${unit} must first choose its order`);
  const u = d.unit(unit);
  if (a.mayRally && (u.routing || u.mandatoryMove !== undefined))
    return reject('rally-or-end', `${unit} may only try to rally`);
  const refused =
    lightCompanyProblem(d, a, what) ??
    (what === 'deploy' ? deployLightCompany(d, unit) : rejoinLightCompany(d, unit));
  if (refused) return refused;
  const next: UnitActivation = { ...a, lightCompany: what === 'deploy' ? 'sent-out' : 'called-in' };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

export function fire(d: Draft, unit: UnitId, target: UnitId): Rejection | undefined {
  const a = activeCard(d, 'unit', unit);
  if (isRejection(a)) return a;
  if (!mayFireNow(d, a)) return reject('may-not-fire', `${unit} may not fire now`);
  const t = d.findUnit(target);
  if (!t || t.side === d.unit(unit).side || !isActive(d, target))
    return reject('bad-target', `${target} is not an enemy unit on the table`);
  if (!isSpotted(d.spottingGround(), d.unit(unit).side, target))
    return reject('target-unseen', `${target} is not in sight`);
  const check = fireCheck(d, unit, target);
  if (!check.ok) return reject('cannot-fire', `${unit} cannot fire at ${target}: ${check.reason}`);
  fireWith(d, unit, target, check.facts, 'order');
  if (!isActive(d, unit)) {
    finishActivation(d);
    return undefined;
  }
  const next: UnitActivation = { ...a, fired: true };
  setAct(d, next);
  if (!anythingToDo(d, next)) finishActivation(d);
  return undefined;
}

export function rally(d: Draft, unit: UnitId): Rejection | undefined {
  const node = d.node;
  if (node.phase !== 'activation') return reject('wrong-step', 'rallies are attempted in Step 5');
  const a = node.activation;
  if (a.kind === 'unit') {
    if (a.unit !== unit) return reject('wrong-unit', `the active unit is ${a.unit}`);
    if (!a.mayRally) return reject('may-not-rally', `${unit} may not rally now`);
    const g = rallyGeneral(d, unit);
    if (g === undefined) return reject('may-not-rally', `no General may rally ${unit} now`);
    attemptRally(d, unit, g);
    finishActivation(d);
    return undefined;
  }
  if (a.rallied) return reject('already-rallied', `${a.general} has attempted a rally this activation`);
  const g = rallyGeneral(d, unit, a.general);
  if (g !== a.general) return reject('may-not-rally', `${a.general} may not rally ${unit} now`);
  attemptRally(d, unit, g);
  d.node = { phase: 'activation', activation: { ...a, rallied: true } };
  return undefined;
}
