import type { UnitId } from '../../core/table/model.ts';
import { changeFormation } from '../../rulesets/john-company/table/formations.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { Draft } from './draft.ts';
import type { JcUnit } from './state.ts';
import { isActive } from './units.ts';

/**
 * The order a unit holds before it is shown (Part 3, Sequence Of Play 2 and 5; Definitions Of Unit
 * Orders: Hold, Support and Form Square carry on through blank counters): its counter, else its continuing
 * order, else none (Without Orders). A counter placed this turn outside the immediate General's Command
 * Radius gives none (Part 4, Units Without Orders; artillery is always under command), nor does a
 * Support order whose supported unit is gone.
 */
export interface HeldOrder {
  readonly order?: OrderId;
  readonly target?: UnitId;
  readonly source: 'counter' | 'continuing' | 'without-orders';
}

export function heldOrder(d: Draft, id: UnitId): HeldOrder {
  const u = d.unit(id);
  const c = u.counter;
  let held: HeldOrder = { source: 'without-orders' };
  if (c && c.order !== 'blank')
    held = { order: c.order, ...(c.target !== undefined ? { target: c.target } : {}), source: 'counter' };
  else if (u.continuing)
    held = {
      order: u.continuing.order,
      ...(u.continuing.target !== undefined ? { target: u.continuing.target } : {}),
      source: 'continuing',
    };
  if (held.source === 'counter' && u.arm !== 'artillery') {
    const command = d.facts().command(id);
    if (command && !command.inCommand) return { source: 'without-orders' };
  }
  if (held.order === 'support' && (held.target === undefined || !isActive(d, held.target)))
    return { source: 'without-orders' };
  return held;
}

/**
 * Shows the order a unit carries out this turn (Part 3, Sequence Of Play 5: as its card is drawn; and
 * as a charge meets it, since it then tests on its order's row, Part 4, When To Make A Reaction Test):
 * its counter is turned up and its `heldOrder` becomes its order. A counter changed in Step 4 (Part 3,
 * Sequence Of Play 4.C) already carries its order face down: it is only turned up.
 */
export function revealOrder(d: Draft, id: UnitId): void {
  const u = d.unit(id);
  const c = u.counter;
  if (u.order !== undefined) {
    if (!c || c.revealed) return;
    d.patchUnit(id, { counter: { ...c, revealed: true } });
    d.emit({
      type: 'order-revealed',
      visibleTo: 'all',
      unit: id,
      order: c.order === 'blank' ? 'without-orders' : c.order,
      ...(c.target !== undefined ? { target: c.target } : {}),
      source: 'counter',
      irreversible: true,
    });
    return;
  }
  const held = heldOrder(d, id);
  let order = held.order;
  const formation = d.tableUnit(id).formation;
  // A square automatically has Defend orders (Part 3, Form Square): in square, it Holds.
  if (order === 'form-square' && formation === 'square') order = 'hold';
  // Unlimber & Fire: a limbered battery unlimbers where it stands (Muster reading).
  if (order === 'unlimber-and-fire' && formation === 'artillery-limbered')
    d.setTableUnit(changeFormation(d.tableUnit(id), { formation: 'artillery-deployed' }));
  if (order !== undefined)
    d.patchUnit(id, {
      order,
      ...(held.target !== undefined ? { orderTarget: held.target } : {}),
      ...(c ? { counter: { ...c, revealed: true } } : {}),
    });
  else if (c) d.patchUnit(id, { counter: { ...c, revealed: true } });
  d.emit({
    type: 'order-revealed',
    visibleTo: 'all',
    unit: id,
    order: order ?? 'without-orders',
    ...(held.target !== undefined ? { target: held.target } : {}),
    source: held.source,
    irreversible: true,
  });
}

/** Gives back to its General the order a unit's counter was counted against (Step 2). */
export function refund(d: Draft, u: JcUnit): void {
  const g = u.counter?.general;
  if (g === undefined) return;
  const gen = d.findGeneral(g);
  if (gen) d.patchGeneral(g, { ordersUsed: Math.max(0, gen.ordersUsed - 1) });
}
