import { nd6 } from '../../core/random/rolls.ts';
import type { UnitId } from '../../core/table/model.ts';
import { type ChargeRole, resolveChargeTest } from '../../rulesets/john-company/procedures/charge-test.ts';
import { resolveRegainControl } from '../../rulesets/john-company/procedures/regain-control.ts';
import { MOVEMENT_RESULTS } from '../../rulesets/john-company/tables/reaction-table.ts';
import type { Draft } from './draft.ts';
import { advanceOn, chargeBonusOf, chargeGap, mandatoryMove, normalMove } from './moves.ts';
import { isActive, reactionBase, recordTest, setStatus, unitDistance } from './units.ts';

/**
 * Step 4, charges launched (Part 3, Sequence Of Play 4; Charge Moves): each charger or pursuer tests,
 * then makes its first move towards its target; two units charging each other meet half way. The
 * charges meet their targets in Step 5 (confrontation.ts).
 */

/** Whether a unit pursues by the rules whatever its player wants: cavalry and irregular infantry. */
export function mustPursue(d: Draft, id: UnitId): boolean {
  const u = d.unit(id);
  return u.arm === 'cavalry' || (u.arm === 'infantry' && !u.regular);
}

/**
 * Step 4 for one charger or pursuer (Part 3, Sequence Of Play 4.A-B; Charge Moves 1): it tests (a
 * regular cavalry pursuer first tries to regain control; a supporting unit counter-charging takes the
 * -2 of its role); if it goes ahead it turns to face its target and moves its full move, or to its
 * Charge Bonus from the enemy, whichever is shorter. Two units charging each other both test, and
 * when both go ahead they meet as Charge Moves 1 says (`mutualCharge`). Returns true when the target's
 * side may now change the target's order (4.C).
 */
export function launchCharge(d: Draft, id: UnitId, role: ChargeRole = 'charger'): boolean {
  if (!isActive(d, id)) return false;
  const u = d.unit(id);
  const target = u.orderTarget;
  const pursuit = u.order === 'pursue';
  if (target === undefined || !isActive(d, target)) {
    d.emit({
      type: 'charge-ended',
      visibleTo: 'all',
      unit: id,
      target: target ?? id,
      outcome: 'target-gone',
    });
    return false;
  }
  const full = chargeGoesAhead(d, id, target, role);
  if (full === undefined) return false;
  if (role === 'charger' && !pursuit && chargingBack(d, target, id)) {
    // The other charge is launched now, with this one (the target leaves the queue).
    d.chargeQueue = d.chargeQueue.filter((q) => q !== target);
    const theirs = chargeGoesAhead(d, target, id, 'charger');
    if (theirs !== undefined && isActive(d, id)) {
      mutualCharge(d, id, full, target, theirs);
      return false;
    }
  }
  if (!isActive(d, id) || !isActive(d, target)) return false;
  const bonus = chargeBonusOf(d, id);
  chargeMove(d, id, target, full, Math.max(0, Math.min(full, chargeDistance(d, id, target) - bonus)));
  if (!isActive(d, id)) return false;
  const t = d.unit(target);
  return role === 'charger' && !pursuit && !t.changedOrder && !t.routing && t.mandatoryMove === undefined;
}

/**
 * How far a charger is from its Charge Bonus point's target: along its line of march once turned
 * (`chargeGap`), or edge to edge where that line would miss it.
 */
function chargeDistance(d: Draft, id: UnitId, target: UnitId): number {
  const along = chargeGap(d, id, target);
  return Number.isFinite(along) ? along : unitDistance(d.tableUnit(id), d.tableUnit(target));
}

/**
 * Whether `unit` has a charge at `charger` still to launch this Step 4 (its counter revealed in Step 3,
 * queued behind the charger): the two charge each other simultaneously (Part 3, Charge Moves 1).
 */
function chargingBack(d: Draft, unit: UnitId, charger: UnitId): boolean {
  const t = d.unit(unit);
  return (
    t.order === 'charge' &&
    t.orderTarget === charger &&
    d.chargeQueue.includes(unit) &&
    !t.routing &&
    t.mandatoryMove === undefined
  );
}

/**
 * The charge test of Step 4 (4.A; a regular cavalry pursuer first tries to regain control). Returns the
 * inches of its full move (the Normal Move with the test's extra dice) when the charge goes ahead; a
 * failed test stands or makes its mandatory move.
 */
function chargeGoesAhead(d: Draft, id: UnitId, target: UnitId, role: ChargeRole): number | undefined {
  const u = d.unit(id);
  const pursuit = u.order === 'pursue';
  if (pursuit && u.pursuing === target && u.arm === 'cavalry' && u.regular) {
    const run = d.run((dice, trace) =>
      resolveRegainControl(
        { pursuer: 'regular-cavalry', mayTryNow: true, unit: reactionBase(d, id) },
        dice,
        trace,
      ),
    );
    d.emit({
      type: 'control-regained',
      visibleTo: 'all',
      unit: id,
      regained: run.value.regained,
      irreversible: true,
      rolls: run.rolls,
      ...(run.trace ? { trace: run.trace } : {}),
    });
    if (run.value.test) recordTest(d, id, run.value.test);
    if (run.value.regained) {
      d.patchUnit(id, { order: 'hold' });
      d.clearUnit(id, ['pursuing', 'orderTarget']);
      return undefined;
    }
  }
  const run = d.run((dice, trace) => resolveChargeTest({ role, unit: reactionBase(d, id) }, dice, trace));
  const test = recordTest(d, id, run.value.test);
  d.emit({
    type: 'reaction-tested',
    visibleTo: 'all',
    unit: id,
    occasion: 'charging',
    test,
    goesAhead: run.value.goesAhead,
    irreversible: true,
    rolls: run.rolls,
    ...(run.trace ? { trace: run.trace } : {}),
  });
  const movement = MOVEMENT_RESULTS[test.movement];
  if (movement.mandatory) {
    setStatus(d, id, movement.mandatory.statusAfter, movement.disordered === true);
    mandatoryMove(d, id, movement.mandatory.move, target);
    return undefined;
  }
  if (!run.value.goesAhead) return undefined;
  let full = normalMove(d, id);
  if (movement.extraDice > 0) {
    const extra = d.run((dice) => dice.roll(nd6(movement.extraDice), 'extraDice'));
    full += extra.value;
  }
  return full;
}

/**
 * The charge's first move (Step 4): the charger turns to face its target and goes `step` inches
 * straight at it; it keeps the rest of its full move plus its Charge Bonus for contact.
 */
function chargeMove(d: Draft, id: UnitId, target: UnitId, full: number, step: number): void {
  const pursuit = d.unit(id).order === 'pursue';
  const res = advanceOn(d, id, target, step, 'charge-initiation', 'charge');
  const moved = res?.moved ?? 0;
  if (!isActive(d, id)) return;
  d.patchUnit(id, {
    charge: {
      target,
      remaining: Math.max(0, full - moved) + chargeBonusOf(d, id),
      straight: true,
      ...(pursuit ? { pursuit } : {}),
    },
  });
  const t = d.unit(target);
  d.patchUnit(target, { chargedBy: [...t.chargedBy, id] });
  d.emit({
    type: 'charge-launched',
    visibleTo: 'all',
    unit: id,
    target,
    moved: Math.round(moved * 100) / 100,
    irreversible: true,
  });
}

/**
 * Two units charging each other (Part 3, Charge Moves 1): from the point half way between them, each
 * is placed half the longer of their Charge Bonuses away along its line of march, so each goes half of
 * what separates them beyond that bonus (no further than its own full move). In Step 5 they meet as a
 * charge and its counter-charge (`resolveCharge`): both count as charging.
 */
function mutualCharge(d: Draft, a: UnitId, fullA: number, b: UnitId, fullB: number): void {
  if (!isActive(d, a) || !isActive(d, b)) return;
  const bonus = Math.max(chargeBonusOf(d, a), chargeBonusOf(d, b));
  const each = Math.max(0, unitDistance(d.tableUnit(a), d.tableUnit(b)) - bonus) / 2;
  chargeMove(d, a, b, fullA, Math.min(fullA, each));
  if (isActive(d, a) && isActive(d, b)) chargeMove(d, b, a, fullB, Math.min(fullB, each));
}
