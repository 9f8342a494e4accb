import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { measureText } from '../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  COMMAND_RADIUS,
  COMMAND_RADIUS_RULES,
  DEFAULT_ORDERS_DECK,
  EVENT_MARK,
  EVENT_RANK_ROLL,
  EVENT_RANK_RULE,
  eventRankFor,
  HALF_ORDERS_ROUNDING,
  HALF_ORDERS_RULE,
  type HalfOrdersRounding,
  ORDERS_CARD_MAX,
  ORDERS_CARD_MIN,
  ORDERS_CARD_ROLL,
  ORDERS_MODIFIERS,
  ORDERS_OVERRIDES,
  ORDERS_PER_GENERAL,
  type OrdersDeckComposition,
  type OrdersModifierId,
  ordersDeckRoll,
  ordersForCard,
} from '../tables/orders-deck.ts';
import { GENERALSHIPS, type Generalship, jc4, OFFICER_RANKS, type OfficerRank } from '../vocabulary.ts';

/** An Orders card already drawn (from a physical deck, or the game's deck). */
export interface DrawnOrdersCard {
  readonly value: number;
  readonly event?: boolean;
  /** The rank the Event names, if the card says; otherwise Muster rolls it. */
  readonly eventRank?: OfficerRank;
}

export interface OrdersDrawFacts {
  readonly generalship: Generalship;
  readonly turn: number;
  /** His rank (the C-in-C's Command Radius is larger). */
  readonly rank?: OfficerRank;
  /** The card drawn; without it Muster draws one (2d6, or from `deck`). */
  readonly card?: DrawnOrdersCard;
  /** Draw from a full deck of this composition instead of Muster's default 36 cards (= 2d6). */
  readonly deck?: OrdersDeckComposition;
  readonly modifiers?: readonly AppliedModifier<OrdersModifierId>[];
  readonly halfOrders?: boolean;
  readonly halfRounding?: HalfOrdersRounding;
  readonly onlyOneOrder?: boolean;
  readonly noOrders?: boolean;
  /** Replaces the Command Radius placeholder for his Generalship (inches, before the C-in-C bonus). */
  readonly commandRadius?: number;
  readonly commandRadiusHalved?: boolean;
  /** Commanders' event 7-8/4 results so far: -3" each for the rest of the battle. */
  readonly couriersLost?: number;
}

export interface OrdersDrawResult {
  /** False on turn 1: no card is drawn and every unit has orders. */
  readonly drawn: boolean;
  readonly card: number | undefined;
  readonly event: boolean;
  readonly eventRank: OfficerRank | undefined;
  /** Orders the card gives for his Generalship. */
  readonly cardOrders: number | undefined;
  /** Orders he may give this turn; undefined on turn 1. */
  readonly orders: number | undefined;
  readonly allUnitsHaveOrders: boolean;
  /** His Command Radius this turn, inches. */
  readonly commandRadius: number;
}

const EMPTY: readonly never[] = [];

function commandRadiusOf(facts: OrdersDrawFacts, trace?: Trace): number {
  let radius = facts.commandRadius ?? COMMAND_RADIUS.byGeneralship[facts.generalship];
  trace?.add({
    rule: facts.commandRadius === undefined ? COMMAND_RADIUS.source : COMMAND_RADIUS_RULES.outside,
    label: `Command Radius (${facts.commandRadius === undefined ? `${facts.generalship} placeholder` : 'given'})`,
    total: radius,
  });
  if (facts.rank === 'commander-in-chief') {
    radius += COMMAND_RADIUS.commanderInChiefBonus;
    trace?.add({
      rule: COMMAND_RADIUS.source,
      label: 'Commander-in-Chief',
      delta: COMMAND_RADIUS.commanderInChiefBonus,
      total: radius,
    });
  }
  const couriers = facts.couriersLost ?? 0;
  if (couriers > 0) {
    const cut = Math.min(radius, couriers * COMMAND_RADIUS.couriersLostReduction);
    radius -= cut;
    trace?.add({
      rule: COMMAND_RADIUS_RULES.couriers,
      label: `Couriers lost (x${couriers})`,
      delta: -cut,
      total: radius,
    });
  }
  if (facts.commandRadiusHalved) {
    radius /= 2;
    trace?.add({
      rule: COMMAND_RADIUS_RULES.halved,
      label: 'Halved this turn',
      delta: -radius,
      total: radius,
    });
  }
  return radius;
}

/**
 * The number of Orders a General Officer may give this turn (Part 3, Sequence Of Play step 1; Part 4's
 * orders table): his Orders card (drawn here as 2d6 under key 'ordersCard', doubles carrying an Event,
 * unless a card is given) read against his Generalship; then the Commanders' events: additions and
 * losses (never below 0), half (rounded down unless set), only one, none, in that order. An Event card
 * names an officer rank (rolled on a d4 under 'eventRank' unless the card names it). Turn 1: no card,
 * every unit has orders. Also his Command Radius this turn.
 */
export function resolveOrdersDraw(facts: OrdersDrawFacts, dice: DiceSource, trace?: Trace): OrdersDrawResult {
  const commandRadius = commandRadiusOf(facts, trace);
  if (facts.turn <= 1) {
    trace?.add({
      rule: COMMAND_RADIUS_RULES.turnOne,
      label: 'Turn 1: no Orders card; every unit has orders',
    });
    return {
      drawn: false,
      card: undefined,
      event: false,
      eventRank: undefined,
      cardOrders: undefined,
      orders: undefined,
      allUnitsHaveOrders: true,
      commandRadius,
    };
  }
  let card: number;
  let event: boolean;
  let eventRank: OfficerRank | undefined;
  if (facts.card) {
    card = facts.card.value;
    event = facts.card.event === true;
    eventRank = event ? facts.card.eventRank : undefined;
    trace?.add({
      rule: COMMAND_RADIUS_RULES.draw,
      label: `Orders card ${card}${event ? ' with an Event' : ''} (given)`,
      value: card,
    });
  } else {
    const packed = dice.roll(facts.deck ? ordersDeckRoll(facts.deck) : ORDERS_CARD_ROLL, 'ordersCard');
    event = packed >= EVENT_MARK;
    card = event ? packed - EVENT_MARK : packed;
    trace?.add({
      rule: facts.deck ? COMMAND_RADIUS_RULES.draw : DEFAULT_ORDERS_DECK.source,
      label: `Orders card ${card}${event ? ' with an Event' : ''}`,
      value: card,
      roll: 'ordersCard',
    });
  }
  if (event && eventRank === undefined) {
    eventRank = eventRankFor(dice.roll(EVENT_RANK_ROLL, 'eventRank'));
    trace?.add({
      rule: EVENT_RANK_RULE,
      label: 'The Event names an officer rank',
      value: eventRank,
      roll: 'eventRank',
    });
  }
  const cardOrders = ordersForCard(facts.generalship, card);
  trace?.add({
    rule: ORDERS_PER_GENERAL.source,
    label: `Orders for a ${facts.generalship} General, card ${card}`,
    total: cardOrders,
  });
  let orders = applyModifiers(ORDERS_MODIFIERS, facts.modifiers ?? EMPTY, cardOrders, dice, trace);
  if (orders < 0) {
    orders = 0;
    trace?.add({ rule: HALF_ORDERS_RULE, label: 'No fewer than 0 Orders', total: 0 });
  }
  if (facts.halfOrders) {
    const half = facts.halfRounding === 'up' ? Math.ceil(orders / 2) : Math.floor(orders / 2);
    trace?.add({
      rule: ORDERS_OVERRIDES.half.rule,
      label: `${ORDERS_OVERRIDES.half.label} (rounded ${facts.halfRounding ?? 'down'})`,
      delta: half - orders,
      total: half,
    });
    orders = half;
  }
  if (facts.onlyOneOrder && orders > 1) {
    trace?.add({
      rule: ORDERS_OVERRIDES.onlyOne.rule,
      label: ORDERS_OVERRIDES.onlyOne.label,
      delta: 1 - orders,
      total: 1,
    });
    orders = 1;
  }
  if (facts.noOrders) {
    trace?.add({
      rule: ORDERS_OVERRIDES.none.rule,
      label: ORDERS_OVERRIDES.none.label,
      delta: -orders,
      total: 0,
    });
    orders = 0;
  }
  return {
    drawn: true,
    card,
    event,
    eventRank,
    cardOrders,
    orders,
    allUnitsHaveOrders: false,
    commandRadius,
  };
}

const cardValue = z.number().int().min(ORDERS_CARD_MIN).max(ORDERS_CARD_MAX);

export const ordersDeckCompositionSchema = z
  .object({
    cards: z
      .array(
        z
          .object({
            value: cardValue.describe('Card value 2-12'),
            count: z.number().int().min(0).max(100).describe('Cards of that value'),
            events: z.number().int().min(0).max(100).describe('How many of them carry an Event'),
          })
          .strict(),
      )
      .min(1)
      .max(11)
      .describe('Cards by value'),
  })
  .strict()
  .superRefine((d, ctx) => {
    const seen = new Set<number>();
    d.cards.forEach((c, i) => {
      if (seen.has(c.value))
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'value'],
          message: `value ${c.value} is listed twice`,
        });
      seen.add(c.value);
      if (c.events > c.count)
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'events'],
          message: `${c.events} Event cards among ${c.count} cards of value ${c.value}`,
        });
    });
    if (d.cards.reduce((n, c) => n + c.count, 0) === 0)
      ctx.addIssue({ code: 'custom', path: ['cards'], message: 'the deck has no cards' });
  });

export const ordersDrawFactsSchema = z
  .object({
    generalship: z
      .enum(GENERALSHIPS)
      .describe("The General's Generalship (Witless, Lackluster, Competent, Reliable, Genius)"),
    turn: z
      .number()
      .int()
      .min(1)
      .max(999)
      .describe('The turn number; on turn 1 no card is drawn and every unit has orders'),
    rank: z.enum(OFFICER_RANKS).optional().describe('His rank; a commander-in-chief gets +6" Command Radius'),
    card: z
      .object({
        value: cardValue.describe('The Orders card value, 2-12'),
        event: z.boolean().optional().describe('The card carries an Event'),
        eventRank: z
          .enum(OFFICER_RANKS)
          .optional()
          .describe('The rank the Event names (rolled on a d4 if not given)'),
      })
      .strict()
      .optional()
      .describe('The Orders card already drawn; without it Muster draws one (2d6, doubles are Events)'),
    deck: ordersDeckCompositionSchema
      .optional()
      .describe("Draw from a full deck of this composition instead of Muster's default (36 cards as 2d6)"),
    modifiers: modifierListSchema(ORDERS_MODIFIERS).optional(),
    halfOrders: z
      .boolean()
      .optional()
      .describe("Commanders' event: half his Orders this turn (1/5, 3/4, 10/4)"),
    halfRounding: z.enum(HALF_ORDERS_ROUNDING).optional().describe('How half Orders round (default down)'),
    onlyOneOrder: z.boolean().optional().describe("Commanders' event 7-8/6: only 1 Order this turn"),
    noOrders: z.boolean().optional().describe("Commanders' event: no Orders this turn"),
    commandRadius: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'His Command Radius in inches, replacing the placeholder for his Generalship (Witless 6, Lackluster 9, Competent 12, Reliable 15, Genius 18)',
      ),
    commandRadiusHalved: z
      .boolean()
      .optional()
      .describe("Commanders' event 5/6 or 7-8/1: radius halved this turn"),
    couriersLost: z
      .number()
      .int()
      .min(0)
      .max(20)
      .optional()
      .describe('Commanders\' event 7-8/4 results so far: -3" each for the rest of the battle'),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.card && f.deck)
      ctx.addIssue({
        code: 'custom',
        path: ['deck'],
        message: 'give either the card drawn or a deck to draw from, not both',
      });
    if (f.turn === 1 && f.card)
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'on turn 1 no Orders card is drawn' });
    if (f.card?.eventRank !== undefined && f.card.event !== true)
      ctx.addIssue({ code: 'custom', path: ['card', 'eventRank'], message: 'eventRank needs event: true' });
  });

/** Headings in docs/rules/john-company/orders-and-movement.md for the readings this procedure applies. */
export const ORDERS_DRAW_READINGS: readonly string[] = [
  "Orders draw: order of the commanders' events",
  'Orders deck: composition and Events',
  'Command Radius: placeholders',
];

export const ordersDraw: ProcedureDefinition<OrdersDrawFacts, OrdersDrawResult> = {
  id: 'orders-draw',
  title: 'Orders draw',
  summary:
    'How many Orders a General Officer may give this turn, whether his card brings an Event, and his Command Radius.',
  rule: jc4('Orders table ("Cmdr")'),
  facts: ordersDrawFactsSchema as z.ZodType<OrdersDrawFacts>,
  rolls: [
    {
      key: 'ordersCard',
      dice: '2d6 (doubles: an Event), or one card from the deck given',
      when: 'from turn 2, unless a card is given',
    },
    {
      key: 'eventRank',
      dice: '1d4 (brigadier, divisional, wing, C-in-C)',
      when: 'when the card carries an Event and names no rank',
    },
  ],
  examples: [
    {
      title: 'A Competent Brigadier on turn 3 draws 3 and 5 (an 8)',
      facts: { generalship: 'Competent', turn: 3, rank: 'brigadier' },
      dice: [3, 5],
    },
    {
      title: 'A Genius C-in-C draws double 6 (an Event), after losing a staff officer: 8 - 1',
      facts: {
        generalship: 'Genius',
        turn: 4,
        rank: 'commander-in-chief',
        modifiers: [{ id: 'staff-casualties', count: 1 }],
      },
      dice: [6, 6, 2],
    },
    {
      title: 'A Lackluster General, shaken by a cannonball (half Orders), holds a 10',
      facts: { generalship: 'Lackluster', turn: 2, card: { value: 10 }, halfOrders: true },
    },
  ],
  resolve: resolveOrdersDraw,
  odds: [
    { name: 'Orders', project: (r) => (r.orders === undefined ? 'all units (turn 1)' : r.orders) },
    { name: 'Event', project: (r) => (r.event ? 'event' : 'no event') },
    { name: 'Event rank', project: (r) => r.eventRank ?? 'no event' },
  ],
  describe: (r) => [
    r.drawn
      ? `Orders card ${r.card}${r.event ? ` with an Event naming the ${r.eventRank}` : ''}: ${r.cardOrders} Orders on the table`
      : 'Turn 1: no Orders card; every unit has orders',
    ...(r.orders === undefined
      ? []
      : [`He may give ${r.orders} Order${r.orders === 1 ? '' : 's'} this turn`]),
    `Command Radius ${measureText(r.commandRadius)}"`,
  ],
};
