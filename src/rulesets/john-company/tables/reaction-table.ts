import { defineRangeTable, type TableMeta } from '../../../core/rules/tables.ts';
import {
  jc4,
  type OrderType,
  RESOLVE_STATUSES,
  type ReactionFormationRow,
  type ResolveStatus,
} from '../vocabulary.ts';

/** Resolve Status by Final Modified Resolve Level, 1..20 (Part 4, Reaction Table, top rows). */
export const RESOLVE_STATUS_BANDS = defineRangeTable<ResolveStatus>({
  id: 'jc-resolve-status-bands',
  title: 'Reaction Table: Resolve Status',
  source: jc4('Reaction Table'),
  covers: { min: 1, max: 20 },
  rows: [
    { from: 1, to: 3, result: 'Panicked' },
    { from: 4, to: 6, result: 'Wavering' },
    { from: 7, to: 10, result: 'Shaken' },
    { from: 11, to: 16, result: 'Steady' },
    { from: 17, to: 19, result: 'Confident' },
    { from: 20, to: 20, result: 'Resolute' },
  ],
});

/** Resolve Status for a level already clamped to 1..20 (a direct index: this is on the hot path). */
const STATUS_BY_LEVEL: readonly ResolveStatus[] = Array.from({ length: 21 }, (_, level) =>
  level === 0 ? 'Panicked' : RESOLVE_STATUS_BANDS.rows.find((r) => level >= r.from && level <= r.to)!.result,
);
const RANK_BY_LEVEL: readonly number[] = STATUS_BY_LEVEL.map((s) => RESOLVE_STATUSES.indexOf(s));
/** The status's position (0 = Resolute .. 5 = Panicked) for a level 1..20. */
export function statusRankForLevel(level: number): number {
  return RANK_BY_LEVEL[level < 1 ? 1 : Math.min(level, 20)]!;
}
export function statusForLevel(level: number): ResolveStatus {
  return STATUS_BY_LEVEL[level < 1 ? 1 : Math.min(level, 20)]!;
}

/** The movement results the Reaction Table can give (Part 4, "Effects of Resolve on Movement", 1-11). */
export const MOVEMENT_RESULT_IDS = [
  'normal-plus-1-dice',
  'normal-plus-2-dice',
  'normal',
  'half-normal',
  'no-movement-allowed',
  'no-move',
  'normal-plus-1-dice-and-charge-bonus',
  'normal-plus-2-dice-and-charge-bonus',
  'normal-and-charge-bonus',
  'roll-without-orders',
  'fall-back',
  'forced-back',
  'rout',
] as const;
export type MovementResultId = (typeof MOVEMENT_RESULT_IDS)[number];

export interface MovementResult {
  readonly id: MovementResultId;
  readonly label: string;
  /** Whether the unit carries out its orders (false: a mandatory move or no move). */
  readonly followsOrders: boolean;
  /** Fraction of the Normal Movement Rate it may use (0 = none). */
  readonly rate: 0 | 0.5 | 1;
  /** d6 added to the move in inches ("+1 Dice", "+2 Dice"). */
  readonly extraDice: 0 | 1 | 2;
  readonly chargeBonus: boolean;
  /** A mandatory move, which also sets the unit's status and may disorder it. */
  readonly mandatory?: {
    readonly move: 'fall-back' | 'forced-back' | 'rout';
    readonly statusAfter: ResolveStatus;
  };
  readonly disordered?: boolean;
}

const move = (
  id: MovementResultId,
  label: string,
  rate: 0 | 0.5 | 1,
  extraDice: 0 | 1 | 2,
  chargeBonus: boolean,
): MovementResult => ({ id, label, followsOrders: true, rate, extraDice, chargeBonus });

/** Definitions of the movement results (Part 4, numbered 1-11 after the Reaction Table). */
export const MOVEMENT_RESULTS: Readonly<Record<MovementResultId, MovementResult>> = {
  'normal-plus-1-dice': move('normal-plus-1-dice', 'Normal +1 Dice', 1, 1, false),
  'normal-plus-2-dice': move('normal-plus-2-dice', 'Normal +2 Dice', 1, 2, false),
  normal: move('normal', 'Normal Move', 1, 0, false),
  'half-normal': move('half-normal', '1/2 Normal', 0.5, 0, false),
  'no-movement-allowed': move('no-movement-allowed', 'No Movement Allowed (may fire)', 0, 0, false),
  'no-move': move('no-move', 'No Move (may fire)', 0, 0, false),
  'normal-plus-1-dice-and-charge-bonus': move(
    'normal-plus-1-dice-and-charge-bonus',
    'Normal +1 Dice & Charge Bonus',
    1,
    1,
    true,
  ),
  'normal-plus-2-dice-and-charge-bonus': move(
    'normal-plus-2-dice-and-charge-bonus',
    'Normal +2 Dice & Charge Bonus',
    1,
    2,
    true,
  ),
  'normal-and-charge-bonus': move('normal-and-charge-bonus', 'Normal Move & Charge Bonus', 1, 0, true),
  'roll-without-orders': {
    id: 'roll-without-orders',
    label: 'Roll on the Without Orders Table',
    followsOrders: false,
    rate: 0,
    extraDice: 0,
    chargeBonus: false,
  },
  'fall-back': {
    id: 'fall-back',
    label: 'Fall Back (1/2 to 1 Normal Move away, facing the enemy; becomes Shaken)',
    followsOrders: false,
    rate: 1,
    extraDice: 0,
    chargeBonus: false,
    mandatory: { move: 'fall-back', statusAfter: 'Shaken' },
  },
  'forced-back': {
    id: 'forced-back',
    label: 'Forced Back (a full Normal Move away, Disordered, back to the enemy; becomes Wavering)',
    followsOrders: false,
    rate: 1,
    extraDice: 0,
    chargeBonus: false,
    mandatory: { move: 'forced-back', statusAfter: 'Wavering' },
    disordered: true,
  },
  rout: {
    id: 'rout',
    label: 'Rout (Normal Move + Charge Bonus to the rear, back to the enemy; becomes Panicked)',
    followsOrders: false,
    rate: 1,
    extraDice: 0,
    chargeBonus: true,
    mandatory: { move: 'rout', statusAfter: 'Panicked' },
    disordered: true,
  },
};

/** The Reaction Table's rows: formation row and order type, or Without Orders (any formation). */
export type ReactionRowId =
  | `${ReactionFormationRow}-${Exclude<OrderType, 'defend'>}`
  | 'all-defend'
  | 'all-without-orders';

export interface ReactionMovementTable extends TableMeta {
  /** Each row lists the movement result for Resolute, Confident, Steady, Shaken, Wavering, Panicked. */
  readonly rows: Readonly<
    Record<
      ReactionRowId,
      readonly [
        MovementResultId,
        MovementResultId,
        MovementResultId,
        MovementResultId,
        MovementResultId,
        MovementResultId,
      ]
    >
  >;
}

export const REACTION_MOVEMENT_TABLE: ReactionMovementTable = {
  id: 'jc-reaction-movement',
  title: 'Reaction Table: effects of Resolve on movement',
  source: jc4('Reaction Table'),
  readings: [
    'Reaction Table: Line/Retire at Steady is Fall Back',
    'Reaction Table: a Steady charge includes the Charge Bonus',
    'Reaction Table: which formations are "Line"',
    'Reaction Table: the Defend and Without Orders rows',
  ],
  rows: {
    'line-advance': ['normal-plus-1-dice', 'normal', 'half-normal', 'fall-back', 'forced-back', 'rout'],
    'other-advance': [
      'normal-plus-2-dice',
      'normal-plus-1-dice',
      'normal',
      'fall-back',
      'forced-back',
      'rout',
    ],
    'line-retire': ['normal-plus-1-dice', 'normal', 'fall-back', 'fall-back', 'forced-back', 'rout'],
    'other-retire': [
      'normal-plus-2-dice',
      'normal-plus-1-dice',
      'normal',
      'fall-back',
      'forced-back',
      'rout',
    ],
    'line-charge': [
      'normal-plus-1-dice-and-charge-bonus',
      'normal-and-charge-bonus',
      'normal-and-charge-bonus',
      'no-move',
      'forced-back',
      'rout',
    ],
    'other-charge': [
      'normal-plus-2-dice-and-charge-bonus',
      'normal-plus-1-dice-and-charge-bonus',
      'normal-and-charge-bonus',
      'no-move',
      'forced-back',
      'rout',
    ],
    'all-defend': [
      'no-movement-allowed',
      'no-movement-allowed',
      'no-movement-allowed',
      'fall-back',
      'forced-back',
      'rout',
    ],
    'all-without-orders': [
      'roll-without-orders',
      'roll-without-orders',
      'roll-without-orders',
      'fall-back',
      'forced-back',
      'rout',
    ],
  },
};

const STATUS_INDEX: Readonly<Record<ResolveStatus, number>> = Object.fromEntries(
  RESOLVE_STATUSES.map((s, i) => [s, i]),
) as Record<ResolveStatus, number>;

/** The status's position, 0 = Resolute (best) .. 5 = Panicked. */
export function statusRank(status: ResolveStatus): number {
  return STATUS_INDEX[status];
}

export function movementResultFor(row: ReactionRowId, status: ResolveStatus): MovementResultId {
  return REACTION_MOVEMENT_TABLE.rows[row][STATUS_INDEX[status]]!;
}
