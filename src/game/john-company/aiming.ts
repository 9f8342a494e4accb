import { type UnitId, unitPlaced } from '../../core/table/model.ts';
import { motionOf, poseAt, poseOf } from '../../rulesets/john-company/table/movement-manoeuvres.ts';
import type { Rejection } from '../engine/game.ts';
import { startChargeStep } from './charge-response.ts';
import { reject } from './command-checks.ts';
import type { Draft } from './draft.ts';
import { isActive } from './units.ts';

/**
 * Step 3 (Part 3, Sequence Of Play 3): Charge and Pursue counters are shown, then each side in turn aims
 * its defending guns; which batteries may aim, and the commands.
 */

/** Batteries a side may aim in Step 3: deployed guns on Hold or Unlimber & Fire. */
export function aimableBatteries(d: Draft, side: string): UnitId[] {
  const out: UnitId[] = [];
  for (const u of d.allUnits()) {
    if (u.side !== side || !isActive(d, u.id) || u.arm !== 'artillery' || u.aimed) continue;
    if (d.tableUnit(u.id).formation !== 'artillery-deployed') continue;
    const order = u.counter?.order ?? u.continuing?.order;
    if (order === 'hold' || order === 'unlimber-and-fire') out.push(u.id);
  }
  return out;
}

/**
 * Step 3: Charge and Pursue counters are shown with their targets (Part 3, Sequence Of Play 3); then
 * each side in turn aims its defending guns.
 */
export function afterOrders(d: Draft): void {
  d.emit({ type: 'step-began', visibleTo: 'all', step: 3 });
  for (const u of d.allUnits()) {
    const c = u.counter;
    if (!c || c.revealed || (c.order !== 'charge' && c.order !== 'pursue') || !isActive(d, u.id)) continue;
    d.patchUnit(u.id, {
      counter: { ...c, revealed: true },
      order: c.order,
      ...(c.target !== undefined ? { orderTarget: c.target } : {}),
    });
    d.emit({
      type: 'order-revealed',
      visibleTo: 'all',
      unit: u.id,
      order: c.order,
      ...(c.target !== undefined ? { target: c.target } : {}),
      source: 'counter',
      irreversible: true,
    });
  }
  nextAim(d, 0);
}

/** The aiming node for the first side from `from` with guns to aim, or Step 4. */
function nextAim(d: Draft, from: number): void {
  const sides = d.scenario.sides;
  for (let i = from; i < sides.length; i++)
    if (aimableBatteries(d, sides[i]!).length > 0) {
      d.node = { phase: 'aim', side: sides[i]! };
      return;
    }
  startChargeStep(d);
}

export function aimGuns(d: Draft, side: string, unit: UnitId, degrees: number): Rejection | undefined {
  if (d.node.phase !== 'aim' || d.node.side !== side) return reject('wrong-step', 'guns are aimed in Step 3');
  if (!aimableBatteries(d, side).includes(unit))
    return reject(
      'not-aimable',
      `${unit} is not a deployed battery of ${side} on Hold or Unlimber & Fire that may aim now`,
    );
  const t = d.tableUnit(unit);
  const pose = poseOf(t);
  const after = poseAt(pose, motionOf(pose, { kind: 'face', degrees }), 1);
  d.setTableUnit(unitPlaced(t, t.formation, after.facing, after.stands));
  d.patchUnit(unit, { aimed: true });
  d.emit({ type: 'guns-aimed', visibleTo: 'all', unit, degrees });
  if (aimableBatteries(d, side).length === 0) nextAim(d, d.scenario.sides.indexOf(side) + 1);
  return undefined;
}

export function finishAiming(d: Draft, side: string): Rejection | undefined {
  if (d.node.phase !== 'aim' || d.node.side !== side) return reject('wrong-step', 'not aiming guns now');
  nextAim(d, d.scenario.sides.indexOf(side) + 1);
  return undefined;
}
