import { drawCard } from '../../core/random/deck.ts';
import type { GeneralId } from '../../core/table/model.ts';
import { resolveOrdersDraw } from '../../rulesets/john-company/procedures/orders-draw.ts';
import { mayUseOrder, ORDERS } from '../../rulesets/john-company/tables/orders.ts';
import { parseOrdersCardId } from '../../rulesets/john-company/tables/orders-deck.ts';
import { mustPursue } from './charges.ts';
import type { Draft } from './draft.ts';
import { isActiveGeneral } from './forces.ts';
import { commandersEvent, eventOfficer, replaceOfficers } from './officers.ts';
import type { JcUnit } from './state.ts';
import { isActive, nearestEnemy } from './units.ts';

/**
 * The start of a turn and Step 1 (Part 3, Sequence Of Play 1): the turn's flags reset, replacement
 * officers, the Orders cards drawn, and the counters nobody chooses.
 */

/** Per-turn fields of a unit, reset at the start of a turn. */
const FRESH_FOR_TURN: Partial<JcUnit> = {
  activated: false,
  inConfrontation: false,
  moved: false,
  fired: false,
  aimed: false,
  chargedBy: [],
};

/**
 * Starts a turn: resets the turn's flags, brings in replacement officers, Step 1 (from turn 2 each
 * General draws an Orders card: his orders by Generalship, an Event on the card falls on an officer of
 * his chain), orders forced by events and mandatory pursuits become counters, and Step 2 begins.
 */
export function startTurn(d: Draft): void {
  for (const u of d.allUnits()) {
    if (u.offTable) {
      if (u.counter || u.order !== undefined) d.clearUnit(u.id, ['counter', 'order', 'orderTarget', 'test']);
      continue;
    }
    // An order the Without Orders Table set was given by no General: it does not carry on (Part 4,
    // Units Without Orders: the exceptions are for units given the Hold, Support or Square order), and
    // the Hold of No Orders (or of nothing to repeat) is no order to repeat either.
    const fromTable = u.test?.withoutOrders;
    const noneGiven = fromTable !== undefined && fromTable !== 'uses-initiative' && u.order === 'hold';
    const lastOrder =
      u.order !== undefined && !noneGiven && ORDERS.orders[u.order].endsAs === undefined
        ? u.order
        : u.lastOrder;
    const continuing =
      fromTable !== undefined
        ? u.continuing
        : u.order === 'hold' || u.order === 'form-square'
          ? { order: u.order }
          : u.order === 'support' && u.orderTarget !== undefined
            ? { order: 'support' as const, target: u.orderTarget }
            : u.continuing;
    d.patchUnit(u.id, {
      ...FRESH_FOR_TURN,
      ...(lastOrder !== undefined ? { lastOrder } : {}),
      ...(continuing && u.mandatoryMove === undefined && !u.routing ? { continuing } : {}),
    });
    d.clearUnit(u.id, [
      'counter',
      'order',
      'orderTarget',
      'changedOrder',
      'test',
      'charge',
      'mandatoryMove',
      ...(u.mandatoryMove !== undefined || u.routing ? (['continuing'] as const) : []),
    ]);
  }
  for (const g of d.allGenerals()) {
    const returning = g.offTable !== undefined && isActiveGeneral(g);
    if (returning) returnToTable(d, g.id);
    d.patchGeneral(g.id, {
      ordersUsed: 0,
      radiusHalved: false,
      activated: false,
      rallyFailed: false,
      noCharges: false,
      freeChanges: 0,
    });
    d.clearGeneral(g.id, ['orders', 'moveCap', 'offTable']);
    if (returning) d.patchGeneral(g.id, { moveCap: g.mounted ? 12 : 6 });
  }
  d.emit({ type: 'turn-began', visibleTo: 'all', turn: d.turn });
  if (d.turn > 1) {
    replaceOfficers(d);
    drawOrders(d);
  }
  forcedCounters(d);
  d.node = { phase: 'orders', side: d.scenario.sides[0]! };
}

/**
 * A General who left the table with his unit comes back where he left, at half rate this turn (Part 3,
 * Movement of General Officers).
 */
function returnToTable(d: Draft, gid: GeneralId): void {
  const g = d.general(gid);
  const stand = g.offTable!;
  const table = d.table();
  const x = Math.max(0, Math.min(table.width, stand.x));
  const y = Math.max(0, Math.min(table.depth, stand.y));
  d.setTableGeneral({ id: gid, side: g.side, stand: { ...stand, x, y } });
  d.emit({ type: 'general-moved', visibleTo: 'all', general: gid, x, y, inches: 0 });
}

/** Step 1: one Orders card per General Officer on the table (Part 3, Sequence Of Play 1). */
function drawOrders(d: Draft): void {
  d.ordersDeck = d.shuffle(d.ordersDeck);
  d.emit({ type: 'deck-shuffled', visibleTo: 'all', deck: 'orders', cards: d.ordersDeck.drawPile.length });
  for (const g of d.allGenerals()) {
    if (!isActiveGeneral(g) || !d.tableGeneral(g.id)) continue;
    let drawn = drawCard(d.ordersDeck);
    if (drawn.card === undefined) {
      d.ordersDeck = d.shuffle(d.ordersDeck);
      drawn = drawCard(d.ordersDeck);
    }
    d.ordersDeck = drawn.deck;
    const card = drawn.card === undefined ? undefined : parseOrdersCardId(drawn.card);
    const run = d.run((dice, trace) =>
      resolveOrdersDraw(
        {
          generalship: g.generalship,
          turn: d.turn,
          rank: g.rank,
          ...(card ? { card: { value: card.value, event: card.event } } : {}),
          ...(g.ordersPenalty > 0 ? { modifiers: [{ id: 'staff-casualties', count: g.ordersPenalty }] } : {}),
        },
        dice,
        trace,
      ),
    );
    const orders = run.value.orders ?? 0;
    d.patchGeneral(g.id, { orders });
    d.emit({
      type: 'orders-drawn',
      visibleTo: [g.side],
      general: g.id,
      result: run.value,
      orders,
      irreversible: true,
      rolls: run.rolls,
      ...(run.trace ? { trace: run.trace } : {}),
    });
    if (run.value.event && run.value.eventRank)
      commandersEvent(d, eventOfficer(d, g.id, run.value.eventRank));
  }
}

/** Counters nobody chooses: orders forced by events, and the pursuits cavalry and irregulars must make. */
function forcedCounters(d: Draft): void {
  for (const u of d.allUnits()) {
    if (!isActive(d, u.id) || u.routing) continue;
    if (u.pursuing !== undefined) {
      const f = d.findUnit(u.pursuing);
      const fleeing =
        f && isActive(d, f.id) && (f.routing || f.mandatoryMove !== undefined || f.status === 'Wavering');
      if (!fleeing) d.clearUnit(u.id, ['pursuing']);
      else if (mustPursue(d, u.id)) {
        d.patchUnit(u.id, {
          counter: { order: 'pursue', target: u.pursuing, revealed: false, forced: true },
        });
        continue;
      }
    }
    if (u.forcedOrder) {
      const order = u.forcedOrder.order;
      if (!mayUseOrder(order, u.profile.troop)) {
        d.clearUnit(u.id, ['forcedOrder']);
        continue;
      }
      const target = order === 'charge' ? nearestEnemy(d, u.id)?.id : undefined;
      d.patchUnit(u.id, {
        counter: { order, ...(target !== undefined ? { target } : {}), revealed: false, forced: true },
      });
      d.clearUnit(u.id, ['forcedOrder']);
    }
  }
}
