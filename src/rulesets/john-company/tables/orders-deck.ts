import { defineRoll, type RollOutcome, type RollSpec } from '../../../core/random/rolls.ts';
import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import { type Generalship, jc3, jc4, musterDefault, OFFICER_RANKS, type OfficerRank } from '../vocabulary.ts';

/** The Orders card values, 2..12. */
export const ORDERS_CARD_MIN = 2;
export const ORDERS_CARD_MAX = 12;

export interface OrdersPerGeneralTable extends TableMeta {
  /** Orders a General may give, by Generalship, for card values 2..12 (index value - 2). */
  readonly rows: Readonly<Record<Generalship, readonly number[]>>;
}

/** Number of Orders by Generalship and Orders card value (Part 4, the "Cmdr" table at its end). */
export const ORDERS_PER_GENERAL: OrdersPerGeneralTable = {
  id: 'jc-orders-per-general',
  title: 'Orders per General (Orders card 2-12 by Generalship)',
  source: jc4('Orders table ("Cmdr")'),
  readings: ['Orders table: the run-together digits'],
  rows: {
    Witless: [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2],
    Lackluster: [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3],
    Competent: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4],
    Reliable: [2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5],
    Genius: [2, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8],
  },
};

export function ordersForCard(generalship: Generalship, card: number): number {
  return ORDERS_PER_GENERAL.rows[generalship][card - ORDERS_CARD_MIN]!;
}

/** How many cards of one value the deck holds, and how many of those carry an Event. */
export interface OrdersCardCount {
  readonly value: number;
  readonly count: number;
  readonly events: number;
}

export interface OrdersDeckComposition {
  readonly cards: readonly OrdersCardCount[];
}

/**
 * Muster's default Orders deck: 36 cards spread as 2d6 (one 2, two 3s ... six 7s ... one 12), the six
 * "doubles" carrying an Event (so 1 card in 6). Drawing from a full deck is exactly a 2d6 throw, which
 * is how the orders draw rolls it.
 */
export const DEFAULT_ORDERS_DECK: OrdersDeckComposition & TableMeta = {
  id: 'jc-orders-deck',
  title: "Orders deck (Muster's default composition)",
  source: musterDefault('Orders deck', '36 cards as 2d6; doubles carry an Event'),
  readings: ['Orders deck: composition and Events'],
  cards: [
    { value: 2, count: 1, events: 1 },
    { value: 3, count: 2, events: 0 },
    { value: 4, count: 3, events: 1 },
    { value: 5, count: 4, events: 0 },
    { value: 6, count: 5, events: 1 },
    { value: 7, count: 6, events: 0 },
    { value: 8, count: 5, events: 1 },
    { value: 9, count: 4, events: 0 },
    { value: 10, count: 3, events: 1 },
    { value: 11, count: 2, events: 0 },
    { value: 12, count: 1, events: 1 },
  ],
};

/** An Orders card as the orders draw sees it: value 2..12 and whether it carries an Event. */
export interface OrdersCard {
  readonly value: number;
  readonly event: boolean;
}

/** Card ids for a deck (`core/random/deck.ts`): `orders-7-3` is the third 7; `orders-8-event-1` an 8 with an Event. */
export function ordersDeckCardIds(composition: OrdersDeckComposition = DEFAULT_ORDERS_DECK): string[] {
  const ids: string[] = [];
  for (const c of composition.cards) {
    for (let i = 1; i <= c.count - c.events; i++) ids.push(`orders-${c.value}-${i}`);
    for (let i = 1; i <= c.events; i++) ids.push(`orders-${c.value}-event-${i}`);
  }
  return ids;
}

const CARD_ID = /^orders-(\d+)(-event)?-\d+$/;
/** Reads a card id made by `ordersDeckCardIds`; undefined if it is not one. */
export function parseOrdersCardId(id: string): OrdersCard | undefined {
  const m = CARD_ID.exec(id);
  if (!m) return undefined;
  const value = Number(m[1]);
  if (value < ORDERS_CARD_MIN || value > ORDERS_CARD_MAX) return undefined;
  return { value, event: m[2] !== undefined };
}

/** Added to a drawn card's value when it carries an Event (the roll value packs both facts). */
export const EVENT_MARK = 100;

/** Unpacks an orders-card roll value: `value` 2..12, plus EVENT_MARK when it carries an Event. */
export function decodeOrdersCard(packed: number): OrdersCard {
  return packed >= EVENT_MARK ? { value: packed - EVENT_MARK, event: true } : { value: packed, event: false };
}

/**
 * The default Orders card draw as a 2d6 throw. Its value is the sum, plus 100 when the dice are
 * doubles (an Event): 2d6 sums 2..12 and 102, 104 ... 112. The record keeps both faces.
 */
export const ORDERS_CARD_ROLL: RollSpec = defineRoll({
  id: 'orders-card-2d6',
  label: 'Orders card by 2d6 (sum; doubles carry an Event)',
  dice: [
    { min: 1, max: 6, name: 'd6' },
    { min: 1, max: 6, name: 'd6' },
  ],
  combine: (f) => f[0]! + f[1]! + (f[0] === f[1] ? EVENT_MARK : 0),
});

const deckRolls = new WeakMap<OrdersDeckComposition, RollSpec>();
/**
 * A draw from a full deck of another composition: one "die" numbered 1..N (the card's position in
 * `ordersDeckCardIds` order), packed like ORDERS_CARD_ROLL. Cached per composition object.
 */
export function ordersDeckRoll(composition: OrdersDeckComposition): RollSpec {
  let spec = deckRolls.get(composition);
  if (!spec) {
    const packed: number[] = [];
    for (const c of composition.cards) {
      for (let i = 0; i < c.count - c.events; i++) packed.push(c.value);
      for (let i = 0; i < c.events; i++) packed.push(c.value + EVENT_MARK);
    }
    const ways = new Map<number, number>();
    for (const v of packed) ways.set(v, (ways.get(v) ?? 0) + 1);
    const outcomes: RollOutcome[] = [...ways.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([value, w]) => ({ value, ways: w }));
    spec = defineRoll({
      id: `orders-card-of-${packed.length}`,
      label: `Orders card drawn from ${packed.length} cards`,
      dice: [{ min: 1, max: packed.length, name: `card position 1-${packed.length}` }],
      combine: (f) => packed[f[0]! - 1]!,
      outcomes: () => outcomes,
    });
    deckRolls.set(composition, spec);
  }
  return spec;
}

/** The officer rank an Event card names: a d4 over the four ranks, lowest first. */
export const EVENT_RANK_ROLL: RollSpec = defineRoll({
  id: 'event-rank-d4',
  label: 'Event rank (d4: 1 brigadier, 2 divisional, 3 wing, 4 C-in-C)',
  dice: [{ min: 1, max: 4, name: 'd4' }],
  combine: (f) => f[0]!,
});
export const EVENT_RANK_RULE = musterDefault('Orders deck', 'Event rank: d4 over the four ranks');

export function eventRankFor(d4: number): OfficerRank {
  return OFFICER_RANKS[d4 - 1]!;
}

const commanders = (item: string) => jc4("Commanders' Events Table", item);

/** Commanders' events that add to or take from the number of Orders (Part 4). */
export const ORDERS_MODIFIERS = defineModifierTable({
  id: 'jc-orders-modifiers',
  title: "Commanders' events: changes to the number of Orders",
  source: jc4("Commanders' Events Table"),
  modifiers: [
    {
      id: 'staff-casualties',
      rule: commanders('7-8/3 staff casualties: -1 every turn, cumulative'),
      label: 'Staff casualties (every turn, cumulative)',
      value: -1,
      perEach: true,
    },
    {
      id: 'messenger-lost',
      rule: commanders('7-8/5 favourite messenger lost: -1 every turn'),
      label: 'Favourite messenger lost (every turn)',
      value: -1,
    },
    {
      id: 'lose-one-order',
      rule: commanders('1/6, 2/6, 3/6, 6/2, 9/2, 9/5: lose 1 Order this turn'),
      label: 'Lose 1 Order this turn',
      value: -1,
      perEach: true,
    },
    {
      id: 'extra-order',
      rule: commanders('7-8/2, 9/6, 6/6 Confident: 1 extra Order this turn'),
      label: 'One extra Order this turn',
      value: 1,
      perEach: true,
    },
  ],
});
export type OrdersModifierId = (typeof ORDERS_MODIFIERS.modifiers)[number]['id'];

/** Commanders' events that replace the number of Orders, applied after the modifiers in this order. */
export const ORDERS_OVERRIDES = {
  half: { rule: commanders('1/5, 3/4, 10/4: half his Orders this turn'), label: 'Half his Orders this turn' },
  onlyOne: { rule: commanders('7-8/6: only 1 Order this turn'), label: 'Only 1 Order this turn' },
  none: {
    rule: commanders('1/3, 1/4, 2/4, 3/5, 4/3-6, 6/3, 10/3: no Orders this turn'),
    label: 'No Orders this turn',
  },
} as const;

export const HALF_ORDERS_ROUNDING = ['down', 'up'] as const;
export type HalfOrdersRounding = (typeof HALF_ORDERS_ROUNDING)[number];
export const HALF_ORDERS_RULE = musterDefault('Orders draw', 'half Orders: rounded down unless set');

export interface CommandRadiusTable extends TableMeta {
  /** Inches from the General, by Generalship. */
  readonly byGeneralship: Readonly<Record<Generalship, number>>;
  readonly commanderInChiefBonus: number;
  /** Commanders' event 7-8/4: inches lost per result, for the rest of the battle. */
  readonly couriersLostReduction: number;
}

/** Command Radius: the text never gives it, so these are Muster's placeholders (rules-facts gap 1). */
export const COMMAND_RADIUS: CommandRadiusTable = {
  id: 'jc-command-radius',
  title: "Command Radius (Muster's placeholders)",
  source: musterDefault('Command Radius', 'by Generalship; C-in-C +6"'),
  readings: ['Command Radius: placeholders'],
  byGeneralship: { Witless: 6, Lackluster: 9, Competent: 12, Reliable: 15, Genius: 18 },
  commanderInChiefBonus: 6,
  couriersLostReduction: 3,
};
export const COMMAND_RADIUS_RULES = {
  outside: jc4('Units Without Orders', 'outside the Command Radius'),
  halved: commanders('5/6, 7-8/1: Command Radius halved this turn'),
  couriers: commanders('7-8/4: Command Radius -3" for the rest of the battle, cumulative'),
  artillery: jc3('Sequence Of Play', '1. artillery batteries are always under command'),
  turnOne: jc3('Sequence Of Play', '1. turn 1: every unit has orders, no cards drawn'),
  draw: jc3('Sequence Of Play', '1. one Orders card per General Officer'),
} as const;
