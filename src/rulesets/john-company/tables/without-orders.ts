import type { TableMeta } from '../../../core/rules/tables.ts';
import { jc4 } from '../vocabulary.ts';

export const WITHOUT_ORDERS_RESULT_IDS = [
  'uses-initiative',
  'repeats-last-order-may-charge',
  'no-orders-may-charge',
  'no-orders',
  'quit-the-battle',
] as const;
export type WithoutOrdersResultId = (typeof WITHOUT_ORDERS_RESULT_IDS)[number];

export interface WithoutOrdersResult {
  readonly id: WithoutOrdersResultId;
  readonly label: string;
  /** Whether cavalry (regular or irregular) and irregular infantry may instead charge the nearest enemy, untested. */
  readonly cavalryAndIrregularsMayCharge: boolean;
  /** What the unit does, in Muster's words. */
  readonly effect: string;
}

/** Result definitions (Part 4, Units Without Orders). */
export const WITHOUT_ORDERS_RESULTS: Readonly<Record<WithoutOrdersResultId, WithoutOrdersResult>> = {
  'uses-initiative': {
    id: 'uses-initiative',
    label: 'Uses Initiative',
    cavalryAndIrregularsMayCharge: false,
    effect: 'the player gives it any order, with no bonus or penalty',
  },
  'repeats-last-order-may-charge': {
    id: 'repeats-last-order-may-charge',
    label: 'Repeats Last Order - Cavalry & Irregulars may charge',
    cavalryAndIrregularsMayCharge: true,
    effect:
      'repeats its last order (after a formation change, the last other order; a square stays in square on Hold)',
  },
  'no-orders-may-charge': {
    id: 'no-orders-may-charge',
    label: 'No Orders - Cavalry & Irregulars may charge',
    cavalryAndIrregularsMayCharge: true,
    effect: 'no move, formation or facing change; may fire',
  },
  'no-orders': {
    id: 'no-orders',
    label: 'No Orders',
    cavalryAndIrregularsMayCharge: false,
    effect: 'no move, formation or facing change; may fire',
  },
  'quit-the-battle': {
    id: 'quit-the-battle',
    label: 'Quit The Battle',
    cavalryAndIrregularsMayCharge: false,
    effect:
      'moves toward its base line in formation (not a rout); regulars wait for a General of their chain of command, irregulars go looting',
  },
};

export type WithoutOrdersStatus = 'Resolute' | 'Confident' | 'Steady';

export interface WithoutOrdersTable extends TableMeta {
  /** Indexed by d6 - 1, then status. */
  readonly rows: readonly Readonly<Record<WithoutOrdersStatus, WithoutOrdersResultId>>[];
}

export const WITHOUT_ORDERS_TABLE: WithoutOrdersTable = {
  id: 'jc-without-orders',
  title: 'Without Orders Table',
  source: jc4('Units Without Orders', 'Without Orders Table'),
  readings: ['Without Orders Table: rows 1-2 reconstructed'],
  rows: [
    {
      Resolute: 'uses-initiative',
      Confident: 'repeats-last-order-may-charge',
      Steady: 'no-orders-may-charge',
    },
    {
      Resolute: 'uses-initiative',
      Confident: 'repeats-last-order-may-charge',
      Steady: 'no-orders-may-charge',
    },
    {
      Resolute: 'repeats-last-order-may-charge',
      Confident: 'repeats-last-order-may-charge',
      Steady: 'no-orders',
    },
    { Resolute: 'repeats-last-order-may-charge', Confident: 'no-orders-may-charge', Steady: 'no-orders' },
    { Resolute: 'no-orders-may-charge', Confident: 'no-orders', Steady: 'quit-the-battle' },
    { Resolute: 'no-orders', Confident: 'no-orders', Steady: 'quit-the-battle' },
  ],
};

export function withoutOrdersResultFor(d6: number, status: WithoutOrdersStatus): WithoutOrdersResultId {
  return WITHOUT_ORDERS_TABLE.rows[d6 - 1]![status];
}
