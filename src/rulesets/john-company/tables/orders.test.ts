import { describe, expect, it } from 'vitest';
import { TROOP_TYPES, type TroopTypeId } from './movement-rates.ts';
import {
  mayUseOrder,
  ORDER_ALIASES,
  ORDER_IDS,
  ORDERS,
  type OrderDef,
  type OrderId,
  orderType,
  PERSISTENT_ORDERS,
} from './orders.ts';

/**
 * The 21 orders as read from Part 3: number, type, who may use them, and their key limits
 * (typed here from the text, independently of the table).
 */
const EXPECTED: readonly [
  OrderId,
  number,
  OrderDef['class'],
  OrderDef['users'],
  Partial<
    Pick<
      OrderDef,
      | 'minimum'
      | 'maxFraction'
      | 'closestApproach'
      | 'arcDegrees'
      | 'aboutFaces'
      | 'fire'
      | 'persists'
      | 'move'
      | 'rateColumn'
    >
  >,
][] = [
  ['hold', 1, 'defensive', 'all', { move: 'none', fire: 'yes', persists: true }],
  ['form-square', 2, 'defensive', 'regular-infantry', { move: 'formation-change', persists: true }],
  ['unlimber-and-fire', 3, 'defensive', 'horse-field-artillery-or-zambureks', { move: 'none', fire: 'yes' }],
  ['support', 4, 'defensive', 'all', { move: 'move', fire: 'if-moved-at-most-half', persists: true }],
  [
    'forward-march',
    5,
    'advancing',
    'all',
    { arcDegrees: 30, minimum: { fraction: 0.5 }, closestApproach: 2, fire: 'no' },
  ],
  ['form-line', 6, 'advancing', 'regular-infantry-or-cavalry', { move: 'formation-change', fire: 'no' }],
  ['form-column', 7, 'advancing', 'regular-infantry-or-cavalry', { move: 'formation-change', fire: 'no' }],
  [
    'form-skirmishers',
    8,
    'advancing',
    'specified-units',
    { move: 'formation-change', fire: 'at-end-of-turn' },
  ],
  ['form-open-order-line', 9, 'advancing', 'all', { move: 'formation-change', fire: 'no' }],
  ['form-open-order-column', 10, 'advancing', 'all', { move: 'formation-change', fire: 'no' }],
  [
    'deploy-right',
    11,
    'advancing',
    'all',
    { minimum: { fraction: 0.25, inches: 3 }, closestApproach: 3, fire: 'if-moved-at-most-quarter' },
  ],
  [
    'deploy-left',
    12,
    'advancing',
    'all',
    { minimum: { fraction: 0.25, inches: 3 }, closestApproach: 3, fire: 'if-moved-at-most-quarter' },
  ],
  ['prolonge', 13, 'advancing', 'horse-field-artillery', { rateColumn: 'artillery-prolonge', fire: 'no' }],
  [
    'prolonge-and-fire',
    14,
    'advancing',
    'horse-field-artillery',
    { rateColumn: 'artillery-prolonge-and-fire', fire: 'after-move' },
  ],
  [
    'advance-and-fire',
    15,
    'advancing',
    'infantry',
    {
      arcDegrees: 30,
      minimum: { inches: 3 },
      maxFraction: 0.5,
      closestApproach: 3,
      fire: 'before-or-after-move',
    },
  ],
  [
    'limber-and-advance',
    16,
    'advancing',
    'horse-field-artillery-or-zambureks',
    { maxFraction: 0.5, fire: 'no' },
  ],
  [
    'limber-and-retire',
    17,
    'retire',
    'horse-field-artillery-or-zambureks',
    { arcDegrees: 90, maxFraction: 0.5, aboutFaces: 1, fire: 'no' },
  ],
  [
    'to-the-rear-march',
    18,
    'retire',
    'all',
    { arcDegrees: 90, maxFraction: 0.75, aboutFaces: 1, fire: 'no' },
  ],
  [
    'fire-and-retire',
    19,
    'retire',
    'infantry-or-cavalry',
    { maxFraction: 0.5, fire: 'if-moved-at-most-quarter' },
  ],
  ['charge', 20, 'attack', 'not-artillery', { move: 'move', fire: 'no' }],
  ['pursue', 21, 'attack', 'not-artillery', { move: 'move', fire: 'no' }],
];

describe('orders: the 21 orders of Part 3, every row', () => {
  it('lists 21 orders in the text order', () => {
    expect(ORDER_IDS).toHaveLength(21);
    expect(ORDER_IDS.map((id) => ORDERS.orders[id].number)).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
    expect(EXPECTED.map((e) => e[0])).toEqual([...ORDER_IDS]);
  });

  it.each(EXPECTED)('%s is order %i, %s, for %s', (id, number, cls, users, limits) => {
    const o = ORDERS.orders[id];
    expect(o.id).toBe(id);
    expect(o.number).toBe(number);
    expect(o.class).toBe(cls);
    expect(o.users).toBe(users);
    expect(o).toMatchObject(limits);
    expect(o.rule.source).toBe('John Company Part 3');
  });

  it('each type uses its Reaction Table row', () => {
    expect(orderType('hold')).toBe('defend');
    expect(orderType('support')).toBe('defend');
    expect(orderType('forward-march')).toBe('advance');
    expect(orderType('prolonge')).toBe('advance');
    expect(orderType('fire-and-retire')).toBe('retire');
    expect(orderType('charge')).toBe('charge');
    expect(orderType('pursue')).toBe('charge');
  });

  it('Hold and Support (and a square) continue through blank counters', () => {
    expect([...PERSISTENT_ORDERS]).toEqual(['hold', 'form-square', 'support']);
  });

  it('Part 4 names map to orders: Defend is Hold', () => {
    expect(ORDER_ALIASES['defend']).toBe('hold');
    expect(ORDER_ALIASES['form-close-order-line']).toBe('form-line');
    expect(ORDER_ALIASES['form-close-order-column']).toBe('form-column');
  });
});

describe('orders: who may use them', () => {
  const allowed = (id: OrderId) => TROOP_TYPES.filter((t) => mayUseOrder(id, t));
  const infantry: TroopTypeId[] = [
    'british-infantry',
    'native-regular-infantry',
    'native-irregular-infantry',
  ];
  const cavalry: TroopTypeId[] = ['british-cavalry', 'native-regular-cavalry', 'native-irregular-cavalry'];

  it('all troop types may Hold, Support, Forward March, Deploy and go To The Rear', () => {
    for (const id of [
      'hold',
      'support',
      'forward-march',
      'deploy-right',
      'deploy-left',
      'to-the-rear-march',
    ] as const)
      expect(allowed(id)).toHaveLength(TROOP_TYPES.length);
  });

  it('Form Square: regular infantry only', () => {
    expect(allowed('form-square')).toEqual(['british-infantry', 'native-regular-infantry']);
  });

  it('Form Line and Form Column: regular infantry and cavalry only', () => {
    expect(allowed('form-line')).toEqual([
      'british-infantry',
      'british-cavalry',
      'native-regular-infantry',
      'native-regular-cavalry',
    ]);
  });

  it('Advance & Fire: infantry only; Fire & Retire: infantry and cavalry', () => {
    expect(allowed('advance-and-fire')).toEqual(infantry);
    expect(allowed('fire-and-retire').sort()).toEqual([...infantry, ...cavalry].sort());
  });

  it('Prolonge: horse and field guns; the limber orders also zambureks; no siege guns, rockets or mortars', () => {
    expect(allowed('prolonge')).toEqual([
      'british-horse-artillery',
      'british-field-artillery',
      'aspi-horse-artillery',
      'jinsi-field-artillery',
    ]);
    expect(allowed('limber-and-retire')).toEqual([
      'british-horse-artillery',
      'british-field-artillery',
      'zambureks',
      'aspi-horse-artillery',
      'jinsi-field-artillery',
    ]);
  });

  it('Charge and Pursue are forbidden to all artillery and zambureks', () => {
    expect(allowed('charge').sort()).toEqual([...infantry, ...cavalry].sort());
    expect(mayUseOrder('pursue', 'zambureks')).toBe(false);
  });
});
