import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { md, type TroopType } from '../vocabulary.ts';

/** A fixed distance plus dice (5.1): `inches` + `dice` d6. */
export interface MoveRate {
  readonly inches: number;
  readonly dice: number;
  readonly rule: RuleRef;
}

/** How a gun moves: manhandled by its crew (5.5) or limbered up (5.6). */
export const GUN_MOVES = ['manhandled', 'limbered'] as const;
export type GunMove = (typeof GUN_MOVES)[number];

/**
 * The movement rates (5.2-5.6) by troop type; guns by how they move. The truncated rates are read as
 * the recommended completions (rules-facts gap 35): manhandled guns move "the score of 1 die in inches",
 * other limbered guns "12 inches plus the score of a die".
 */
export const MOVE_RATES: TableMeta & {
  readonly troops: Readonly<Record<Exclude<TroopType, 'machine-gun' | 'field-gun' | 'heavy-gun'>, MoveRate>>;
  readonly guns: Readonly<
    Record<'machine-gun' | 'field-gun' | 'heavy-gun', Readonly<Record<GunMove, MoveRate>>>
  >;
} = {
  id: 'macduff-move-rates',
  title: 'Movement rates',
  source: md('5. Movement'),
  readings: ['Truncated movement rates'],
  troops: {
    'irregular-infantry': { inches: 6, dice: 2, rule: md('5.2 Irregular Infantry') },
    'regular-infantry': { inches: 6, dice: 1, rule: md('5.3 Regular Infantry') },
    'light-cavalry': { inches: 18, dice: 1, rule: md('5.4 Cavalry', 'light cavalry') },
    'heavy-cavalry': { inches: 12, dice: 1, rule: md('5.4 Cavalry', 'heavy cavalry') },
  },
  guns: {
    'machine-gun': {
      manhandled: { inches: 3, dice: 1, rule: md('5.5 Manhandled Artillery', 'machine guns') },
      limbered: { inches: 12, dice: 1, rule: md('5.6 Limbered Artillery', 'other guns') },
    },
    'field-gun': {
      manhandled: { inches: 0, dice: 1, rule: md('5.5 Manhandled Artillery', 'other guns') },
      limbered: { inches: 12, dice: 1, rule: md('5.6 Limbered Artillery', 'other guns') },
    },
    'heavy-gun': {
      manhandled: { inches: 0, dice: 1, rule: md('5.5 Manhandled Artillery', 'other guns') },
      limbered: { inches: 6, dice: 1, rule: md('5.6 Limbered Artillery', 'pack and heavy guns') },
    },
  },
};

/** Regular infantry in column adds 3" (5.3); cavalry charging adds 6" (5.4). */
export const COLUMN_BONUS_INCHES = 3;
export const CAVALRY_CHARGE_BONUS_INCHES = 6;

/** The ground a move crosses, as terrain (7) sorts it. */
export const GROUND = ['open', 'broken', 'difficult', 'village'] as const;
export type Ground = (typeof GROUND)[number];

/** Who the terrain table (7.2-7.5) distinguishes. */
export const MOVERS = [
  'skirmishers',
  'irregular-infantry',
  'close-order-infantry',
  'cavalry',
  'artillery',
] as const;
export type Mover = (typeof MOVERS)[number];

/**
 * The share of its move a unit keeps in each kind of ground (7.2-7.5): 1 full speed, 0.5 half, 0.25 a
 * quarter, 0 impassable. Irregular infantry in mass counts as close order in difficult ground (7.2 closes
 * it to close order) but moves at full speed in broken ground (7.3). Villages are for infantry only, at
 * half speed (7.5).
 */
export const TERRAIN_SPEED: TableMeta & {
  readonly rows: Readonly<Record<Ground, Readonly<Record<Mover, number>>>>;
  readonly rules: Readonly<Record<Ground, RuleRef>>;
} = {
  id: 'macduff-terrain-speed',
  title: 'Terrain and movement',
  source: md('7. Terrain'),
  rows: {
    open: { skirmishers: 1, 'irregular-infantry': 1, 'close-order-infantry': 1, cavalry: 1, artillery: 1 },
    broken: {
      skirmishers: 1,
      'irregular-infantry': 1,
      'close-order-infantry': 0.5,
      cavalry: 0.25,
      artillery: 0.25,
    },
    difficult: {
      skirmishers: 0.5,
      'irregular-infantry': 0,
      'close-order-infantry': 0,
      cavalry: 0,
      artillery: 0,
    },
    village: {
      skirmishers: 0.5,
      'irregular-infantry': 0.5,
      'close-order-infantry': 0.5,
      cavalry: 0,
      artillery: 0,
    },
  },
  rules: {
    open: md('7.1 General Rule'),
    broken: md('7.3 Broken Terrain'),
    difficult: md('7.2 Difficult Terrain'),
    village: md('7.5 Villages'),
  },
};

/**
 * Crossing a linear obstacle (7.4): infantry and cavalry spend half a turn, artillery and wagons a full
 * turn; the share of the move left after crossing.
 */
export const LINEAR_OBSTACLE_SHARE_LEFT: Readonly<Record<Mover, number>> = {
  skirmishers: 0.5,
  'irregular-infantry': 0.5,
  'close-order-infantry': 0.5,
  cavalry: 0.5,
  artillery: 0,
};

/** Roads (7.6): a secondary road adds half, a highway doubles the move; other troops gain nothing. */
export const ROADS = ['none', 'secondary', 'highway'] as const;
export type Road = (typeof ROADS)[number];

export const ROAD_FACTOR: Readonly<Record<Road, number>> = { none: 1, secondary: 1.5, highway: 2 };
