import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { jc3, musterDefault, type OrderType } from '../vocabulary.ts';
import { MOVEMENT_RATES, type RateColumn, type TroopTypeId } from './movement-rates.ts';

/** The 21 orders of the Basic Game (Part 3, Definitions Of Unit Orders), in the text's order. */
export const ORDER_IDS = [
  'hold',
  'form-square',
  'unlimber-and-fire',
  'support',
  'forward-march',
  'form-line',
  'form-column',
  'form-skirmishers',
  'form-open-order-line',
  'form-open-order-column',
  'deploy-right',
  'deploy-left',
  'prolonge',
  'prolonge-and-fire',
  'advance-and-fire',
  'limber-and-advance',
  'limber-and-retire',
  'to-the-rear-march',
  'fire-and-retire',
  'charge',
  'pursue',
] as const;
export type OrderId = (typeof ORDER_IDS)[number];

/** The four order types; each picks a Reaction Table row. */
export const ORDER_CLASSES = ['defensive', 'advancing', 'retire', 'attack'] as const;
export type OrderClass = (typeof ORDER_CLASSES)[number];

export const REACTION_ROW_OF_CLASS: Readonly<Record<OrderClass, OrderType>> = {
  defensive: 'defend',
  advancing: 'advance',
  retire: 'retire',
  attack: 'charge',
};

/** Who may be given an order (the text lists troop types; none listed means all). */
export const ORDER_USERS = [
  'all',
  'regular-infantry',
  'regular-infantry-or-cavalry',
  'specified-units',
  'horse-field-artillery',
  'horse-field-artillery-or-zambureks',
  'infantry',
  'infantry-or-cavalry',
  'not-artillery',
] as const;
export type OrderUsers = (typeof ORDER_USERS)[number];

/** When a unit on this order may fire. */
export const ORDER_FIRE = [
  'yes',
  'no',
  'if-moved-at-most-quarter',
  'if-moved-at-most-half',
  'after-move',
  'before-or-after-move',
  'at-end-of-turn',
] as const;
export type OrderFire = (typeof ORDER_FIRE)[number];

/** How the order moves the unit: not at all, by a formation change (which uses the whole move), or a move. */
export type OrderMove = 'none' | 'formation-change' | 'move';

export interface OrderDef {
  readonly id: OrderId;
  /** Its number in Part 3's list, 1-21. */
  readonly number: number;
  readonly name: string;
  readonly class: OrderClass;
  readonly users: OrderUsers;
  readonly rule: RuleRef;
  readonly move: OrderMove;
  /** Direction limit in degrees either side of straight ahead (straight back for retire orders). */
  readonly arcDegrees?: number;
  /** Facing change allowed, degrees either side. */
  readonly refaceDegrees?: number;
  /** Fire arc, degrees either side of its facing (artillery). */
  readonly fireArcDegrees?: number;
  /** The least it must move (waived on reaching the named terrain feature): a fraction of its move and/or actual inches (whichever is less). */
  readonly minimum?: { readonly fraction?: number; readonly inches?: number };
  /** The most of its move it may use. */
  readonly maxFraction?: number;
  /** It may not end closer than this to an enemy unit (inches). */
  readonly closestApproach?: number;
  /** About faces the order includes. */
  readonly aboutFaces?: number;
  /** The Movement Rate Table column it moves at. */
  readonly rateColumn?: RateColumn;
  readonly fire: OrderFire;
  /** Continues through blank order counters until changed or broken by a mandatory move. */
  readonly persists: boolean;
  /** Regulars may wheel, oblique or flank march; irregulars only wheel. */
  readonly manoeuvre?: 'wheel-oblique-or-flank-march';
  /** Its formation at the end of the order. */
  readonly endsAs?:
    | 'square'
    | 'close-order-line'
    | 'close-order-column'
    | 'skirmish-order'
    | 'open-order-line'
    | 'open-order-column'
    | 'limbered';
  /** What it does, in Muster's words. */
  readonly summary: string;
}

const order = (n: number, item: string) => jc3('Definitions Of Unit Orders', `${n}. ${item}`);

export interface OrdersTable extends TableMeta {
  readonly orders: Readonly<Record<OrderId, OrderDef>>;
}

export const ORDERS: OrdersTable = {
  id: 'jc-orders',
  title: 'Unit orders (Basic Game)',
  source: jc3('Definitions Of Unit Orders'),
  readings: [
    'Orders: Defend and other names used in Part 4',
    'Orders: fire where the text is silent',
    'Orders: Fire & Retire',
    'Orders: who may form skirmishers or open order',
    'Orders: fractions are of the move after the Reaction Test',
    'Orders: about faces included in retire orders',
  ],
  orders: {
    hold: {
      id: 'hold',
      number: 1,
      name: 'Hold',
      class: 'defensive',
      users: 'all',
      rule: order(1, 'Hold'),
      move: 'none',
      fireArcDegrees: 30,
      fire: 'yes',
      persists: true,
      summary: 'stays put in its formation; fires to its front (guns may re-aim 30 degrees in Step 3)',
    },
    'form-square': {
      id: 'form-square',
      number: 2,
      name: 'Form Square',
      class: 'defensive',
      users: 'regular-infantry',
      rule: order(2, 'Form Square'),
      move: 'formation-change',
      fire: 'no',
      persists: true,
      endsAs: 'square',
      summary: 'forms a close-order square, which then holds until given a new formation order',
    },
    'unlimber-and-fire': {
      id: 'unlimber-and-fire',
      number: 3,
      name: 'Unlimber & Fire',
      class: 'defensive',
      users: 'horse-field-artillery-or-zambureks',
      rule: order(3, 'Unlimber & Fire'),
      move: 'none',
      fireArcDegrees: 30,
      fire: 'yes',
      persists: false,
      summary: 'does not move; fires within 30 degrees of its facing (zambureks to the side)',
    },
    support: {
      id: 'support',
      number: 4,
      name: 'Support',
      class: 'defensive',
      users: 'all',
      rule: order(4, 'Support'),
      move: 'move',
      fire: 'if-moved-at-most-half',
      persists: true,
      summary:
        'keeps station 1/2 to 1 Normal Move behind and within 3" of the flank of the unit it supports; artillery at Prolonge rates',
    },
    'forward-march': {
      id: 'forward-march',
      number: 5,
      name: 'Forward March',
      class: 'advancing',
      users: 'all',
      rule: order(5, 'Forward March'),
      move: 'move',
      arcDegrees: 30,
      minimum: { fraction: 0.5 },
      closestApproach: 2,
      fire: 'no',
      persists: false,
      summary: 'advances within 30 degrees of ahead, at least half its move, not within 2" of an enemy',
    },
    'form-line': {
      id: 'form-line',
      number: 6,
      name: 'Form Line',
      class: 'advancing',
      users: 'regular-infantry-or-cavalry',
      rule: order(6, 'Form Line'),
      move: 'formation-change',
      refaceDegrees: 30,
      fire: 'no',
      persists: false,
      endsAs: 'close-order-line',
      summary: 'forms a single-rank line, stands touching, facing within 30 degrees of ahead',
    },
    'form-column': {
      id: 'form-column',
      number: 7,
      name: 'Form Column',
      class: 'advancing',
      users: 'regular-infantry-or-cavalry',
      rule: order(7, 'Form Column'),
      move: 'formation-change',
      refaceDegrees: 30,
      fire: 'no',
      persists: false,
      endsAs: 'close-order-column',
      summary: 'forms a column one or more stands wide, stands touching, facing within 30 degrees of ahead',
    },
    'form-skirmishers': {
      id: 'form-skirmishers',
      number: 8,
      name: 'Form Skirmishers',
      class: 'advancing',
      users: 'specified-units',
      rule: order(8, 'Form Skirmishers'),
      move: 'formation-change',
      fire: 'at-end-of-turn',
      persists: false,
      endsAs: 'skirmish-order',
      summary: 'forms a spaced line one or two stands deep; may fire at the end of the turn',
    },
    'form-open-order-line': {
      id: 'form-open-order-line',
      number: 9,
      name: 'Form Open Order Line',
      class: 'advancing',
      users: 'all',
      rule: order(9, 'Form Open Order Line'),
      move: 'formation-change',
      fire: 'no',
      persists: false,
      endsAs: 'open-order-line',
      summary: 'forms a one-rank line with a stand-width between stands',
    },
    'form-open-order-column': {
      id: 'form-open-order-column',
      number: 10,
      name: 'Form Open Order Column',
      class: 'advancing',
      users: 'all',
      rule: order(10, 'Form Open Order Column'),
      move: 'formation-change',
      refaceDegrees: 30,
      fire: 'no',
      persists: false,
      endsAs: 'open-order-column',
      summary: 'forms a column with a stand gap between files and between ranks',
    },
    'deploy-right': {
      id: 'deploy-right',
      number: 11,
      name: 'Deploy Right',
      class: 'advancing',
      users: 'all',
      rule: order(11, 'Deploy Right'),
      move: 'move',
      minimum: { fraction: 0.25, inches: 3 },
      closestApproach: 3,
      fire: 'if-moved-at-most-quarter',
      persists: false,
      manoeuvre: 'wheel-oblique-or-flank-march',
      summary:
        'wheels right (regulars may also oblique 30-45 degrees or flank march 90 degrees at 2" per 1"); at least 3" or 1/4 move, not within 3" of an enemy',
    },
    'deploy-left': {
      id: 'deploy-left',
      number: 12,
      name: 'Deploy Left',
      class: 'advancing',
      users: 'all',
      rule: order(12, 'Deploy Left'),
      move: 'move',
      minimum: { fraction: 0.25, inches: 3 },
      closestApproach: 3,
      fire: 'if-moved-at-most-quarter',
      persists: false,
      manoeuvre: 'wheel-oblique-or-flank-march',
      summary: 'as Deploy Right, to the left',
    },
    prolonge: {
      id: 'prolonge',
      number: 13,
      name: 'Prolonge',
      class: 'advancing',
      users: 'horse-field-artillery',
      rule: order(13, 'Prolonge'),
      move: 'move',
      refaceDegrees: 90,
      rateColumn: 'artillery-prolonge',
      fire: 'no',
      persists: false,
      summary: 'moves at the Prolonge rate, may turn up to 90 degrees; no fire',
    },
    'prolonge-and-fire': {
      id: 'prolonge-and-fire',
      number: 14,
      name: 'Prolonge & Fire',
      class: 'advancing',
      users: 'horse-field-artillery',
      rule: order(14, 'Prolonge & Fire'),
      move: 'move',
      refaceDegrees: 90,
      fireArcDegrees: 30,
      rateColumn: 'artillery-prolonge-and-fire',
      fire: 'after-move',
      persists: false,
      summary: 'moves at the Prolonge & Fire rate, then fires within 30 degrees of its facing',
    },
    'advance-and-fire': {
      id: 'advance-and-fire',
      number: 15,
      name: 'Advance & Fire',
      class: 'advancing',
      users: 'infantry',
      rule: order(15, 'Advance & Fire'),
      move: 'move',
      arcDegrees: 30,
      minimum: { inches: 3 },
      maxFraction: 0.5,
      closestApproach: 3,
      fire: 'before-or-after-move',
      persists: false,
      summary: 'advances within 30 degrees, at least 3" and at most half its move, and fires before or after',
    },
    'limber-and-advance': {
      id: 'limber-and-advance',
      number: 16,
      name: 'Limber & Advance',
      class: 'advancing',
      users: 'horse-field-artillery-or-zambureks',
      rule: order(16, 'Limber & Advance'),
      move: 'move',
      refaceDegrees: 90,
      maxFraction: 0.5,
      fire: 'no',
      persists: false,
      endsAs: 'limbered',
      summary: 'limbers and moves at most half its move, may turn up to 90 degrees; ends limbered',
    },
    'limber-and-retire': {
      id: 'limber-and-retire',
      number: 17,
      name: 'Limber & Retire',
      class: 'retire',
      users: 'horse-field-artillery-or-zambureks',
      rule: order(17, 'Limber & Retire'),
      move: 'move',
      arcDegrees: 90,
      maxFraction: 0.5,
      aboutFaces: 1,
      fire: 'no',
      persists: false,
      endsAs: 'limbered',
      summary:
        'about faces and moves at most half its move within 90 degrees of straight back; ends limbered',
    },
    'to-the-rear-march': {
      id: 'to-the-rear-march',
      number: 18,
      name: 'To The Rear, March',
      class: 'retire',
      users: 'all',
      rule: order(18, 'To The Rear, March'),
      move: 'move',
      arcDegrees: 90,
      maxFraction: 0.75,
      aboutFaces: 1,
      fire: 'no',
      persists: false,
      summary:
        'about faces and moves at most 3/4 of its move within 90 degrees of straight back (turns over 30 degrees by wheeling); may stop at half and about face again',
    },
    'fire-and-retire': {
      id: 'fire-and-retire',
      number: 19,
      name: 'Fire & Retire',
      class: 'retire',
      users: 'infantry-or-cavalry',
      rule: order(19, 'Fire & Retire'),
      move: 'move',
      maxFraction: 0.5,
      fire: 'if-moved-at-most-quarter',
      persists: false,
      summary:
        'fires, then steps back 1/4 of its move still facing the enemy; or (without firing) moves at most half its move, backs to the enemy',
    },
    charge: {
      id: 'charge',
      number: 20,
      name: 'Charge',
      class: 'attack',
      users: 'not-artillery',
      rule: order(20, 'Charge'),
      move: 'move',
      fire: 'no',
      persists: false,
      summary:
        'in Step 4 moves its Normal Move or to Charge Bonus distance from the enemy (all facing changes then); the Charge Bonus to contact when a card is drawn',
    },
    pursue: {
      id: 'pursue',
      number: 21,
      name: 'Pursue',
      class: 'attack',
      users: 'not-artillery',
      rule: order(21, 'Pursue'),
      move: 'move',
      fire: 'no',
      persists: false,
      summary:
        'follows an enemy beaten in Confrontation at Normal Move + Charge Bonus; catching a unit Forced Back or Routed removes 1d6 of its stands',
    },
  },
};

/** Names Part 4 uses for orders, mapped to the order Muster applies. */
export const ORDER_ALIASES: Readonly<Record<string, OrderId>> = {
  defend: 'hold',
  'form-close-order-line': 'form-line',
  'form-close-order-column': 'form-column',
};
export const ORDER_ALIASES_RULE = musterDefault(
  'Orders',
  'Part 4 names: Defend = Hold; Close Order Line/Column',
);

/** The Reaction Table row type of an order. */
export function orderType(id: OrderId): OrderType {
  return REACTION_ROW_OF_CLASS[ORDERS.orders[id].class];
}

/** Whether a troop type may be given the order. "Specified units" (skirmishers) are set by the army lists: Muster allows any infantry or cavalry. */
export function mayUseOrder(id: OrderId, troop: TroopTypeId): boolean {
  const t = MOVEMENT_RATES.troops[troop];
  switch (ORDERS.orders[id].users) {
    case 'all':
      return true;
    case 'regular-infantry':
      return t.arm === 'infantry' && t.regular;
    case 'regular-infantry-or-cavalry':
      return t.arm !== 'artillery' && t.regular;
    case 'specified-units':
    case 'infantry-or-cavalry':
    case 'not-artillery':
      return t.arm !== 'artillery';
    case 'horse-field-artillery':
      return t.artillery === 'horse' || t.artillery === 'field';
    case 'horse-field-artillery-or-zambureks':
      return t.artillery === 'horse' || t.artillery === 'field' || t.artillery === 'zamburek';
    case 'infantry':
      return t.arm === 'infantry';
  }
}

/** Orders that continue through blank counters (Part 4, Units Without Orders, exceptions 1-3). */
export const PERSISTENT_ORDERS: readonly OrderId[] = ORDER_IDS.filter((id) => ORDERS.orders[id].persists);
