import type { TableMeta } from '../../../core/rules/tables.ts';
import type { RuleRef } from '../../../core/rules/trace.ts';
import { type Arm, type Formation, jc3 } from '../vocabulary.ts';

/**
 * The columns of the Movement Rate Tables (Part 3). Infantry and cavalry use the formation columns;
 * artillery uses its own four: Line and Column (a limbered battery moving in line or in column),
 * Prolonge and Prolonge & Fire (an unlimbered battery hauled by its crew). See the reading
 * "Movement rates: artillery Line and Column".
 */
export const RATE_COLUMNS = [
  'close-order-line',
  'open-order-line',
  'close-order-column',
  'open-order-column',
  'skirmish-order',
  'square',
  'mass',
  'artillery-line',
  'artillery-column',
  'artillery-prolonge',
  'artillery-prolonge-and-fire',
] as const;
export type RateColumn = (typeof RATE_COLUMNS)[number];

/** Which of the British "X/Y" rates to use (see the reading "Movement rates: the X/Y pairs"). */
export const RATE_VARIANTS = ['first', 'second'] as const;
export type RateVariant = (typeof RATE_VARIANTS)[number];

/** How terrain treats a mover (Part 3, Terrain Effects On Movement). */
export const MOVER_CLASSES = ['regular-infantry', 'irregular-infantry', 'cavalry', 'artillery'] as const;
export type MoverClass = (typeof MOVER_CLASSES)[number];

export const ARTILLERY_KINDS = ['horse', 'field', 'siege', 'rockets', 'mortar', 'zamburek'] as const;
export type ArtilleryKind = (typeof ARTILLERY_KINDS)[number];

/** Every troop type with a row in the Movement Rate Tables, plus the mortars named beside them. */
export const TROOP_TYPES = [
  'british-infantry',
  'british-cavalry',
  'british-horse-artillery',
  'british-field-artillery',
  'british-siege-artillery',
  'british-congreve-rockets',
  'british-mortars',
  'native-regular-infantry',
  'native-irregular-infantry',
  'native-regular-cavalry',
  'native-irregular-cavalry',
  'zambureks',
  'aspi-horse-artillery',
  'jinsi-field-artillery',
  'kalan-siege-artillery',
  'gubara-mortars',
] as const;
export type TroopTypeId = (typeof TROOP_TYPES)[number];

/** A cell: one rate, or a British "X/Y" pair [first, second]. A missing cell is NA. */
export type RateCell = number | readonly [number, number];

export interface TroopType {
  readonly id: TroopTypeId;
  readonly label: string;
  readonly army: 'british' | 'native';
  readonly arm: Arm;
  readonly regular: boolean;
  readonly mover: MoverClass;
  readonly artillery?: ArtilleryKind;
  readonly rule: RuleRef;
  /** Normal Movement Rate in inches by column; a column absent is NA (no movement in it). */
  readonly rates: Readonly<Partial<Record<RateColumn, RateCell>>>;
  /** Charge Bonus in inches; artillery has none (0). */
  readonly chargeBonus: number;
}

export interface MovementRateTable extends TableMeta {
  readonly troops: Readonly<Record<TroopTypeId, TroopType>>;
}

const british = (item: string) => jc3('Movement Rate Tables', `British: ${item}`);
const native = (item: string) => jc3('Movement Rate Tables', `Native: ${item}`);

export const MOVEMENT_RATES: MovementRateTable = {
  id: 'jc-movement-rates',
  title: 'Movement Rate Tables (British and Native)',
  source: jc3('Movement Rate Tables'),
  readings: [
    'Movement rates: the X/Y pairs',
    'Movement rates: artillery Line and Column',
    'Movement rates: siege guns, Kalan and mortars',
    'Movement rates: native irregular cavalry 18"',
  ],
  troops: {
    'british-infantry': {
      id: 'british-infantry',
      label: 'British infantry',
      army: 'british',
      arm: 'infantry',
      regular: true,
      mover: 'regular-infantry',
      rule: british('Infantry'),
      rates: {
        'close-order-line': [6, 8],
        'open-order-line': [7, 9],
        'close-order-column': [7, 9],
        'open-order-column': [8, 10],
        'skirmish-order': 12,
      },
      chargeBonus: 4,
    },
    'british-cavalry': {
      id: 'british-cavalry',
      label: 'British cavalry',
      army: 'british',
      arm: 'cavalry',
      regular: true,
      mover: 'cavalry',
      rule: british('Cavalry'),
      rates: {
        'close-order-line': [10, 12],
        'open-order-line': [12, 15],
        'close-order-column': [12, 15],
        'open-order-column': [16, 20],
        'skirmish-order': 26,
      },
      chargeBonus: 6,
    },
    'british-horse-artillery': {
      id: 'british-horse-artillery',
      label: 'British horse artillery',
      army: 'british',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'horse',
      rule: british('Horse'),
      rates: {
        'artillery-line': [12, 15],
        'artillery-column': [15, 18],
        'artillery-prolonge': 8,
        'artillery-prolonge-and-fire': 4,
      },
      chargeBonus: 0,
    },
    'british-field-artillery': {
      id: 'british-field-artillery',
      label: 'British field artillery',
      army: 'british',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'field',
      rule: british('Field'),
      rates: {
        'artillery-line': [7, 9],
        'artillery-column': [9, 11],
        'artillery-prolonge': 8,
        'artillery-prolonge-and-fire': 4,
      },
      chargeBonus: 0,
    },
    'british-siege-artillery': {
      id: 'british-siege-artillery',
      label: 'British siege artillery',
      army: 'british',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'siege',
      rule: british('Siege'),
      rates: { 'artillery-line': [4, 5], 'artillery-column': [5, 7] },
      chargeBonus: 0,
    },
    'british-congreve-rockets': {
      id: 'british-congreve-rockets',
      label: 'British 6-pdr Congreve rockets',
      army: 'british',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'rockets',
      rule: british('6lbr Congreve'),
      rates: { 'artillery-line': [12, 15], 'artillery-column': [15, 18] },
      chargeBonus: 0,
    },
    'british-mortars': {
      id: 'british-mortars',
      label: 'British mortars (immobile once deployed)',
      army: 'british',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'mortar',
      rule: jc3('Movement Rate Tables', 'mortars'),
      rates: {},
      chargeBonus: 0,
    },
    'native-regular-infantry': {
      id: 'native-regular-infantry',
      label: 'Native regular infantry',
      army: 'native',
      arm: 'infantry',
      regular: true,
      mover: 'regular-infantry',
      rule: native('Regular Infantry'),
      rates: {
        'close-order-line': 5,
        'open-order-line': 6,
        'close-order-column': 6,
        'open-order-column': 7,
        'skirmish-order': 9,
        square: 3,
      },
      chargeBonus: 4,
    },
    'native-irregular-infantry': {
      id: 'native-irregular-infantry',
      label: 'Native irregular infantry (mass only)',
      army: 'native',
      arm: 'infantry',
      regular: false,
      mover: 'irregular-infantry',
      rule: native('Irregular Infantry'),
      rates: { mass: 9 },
      chargeBonus: 4,
    },
    'native-regular-cavalry': {
      id: 'native-regular-cavalry',
      label: 'Native regular cavalry',
      army: 'native',
      arm: 'cavalry',
      regular: true,
      mover: 'cavalry',
      rule: native('Regular Cavalry'),
      rates: {
        'close-order-line': 9,
        'open-order-line': 11,
        'close-order-column': 11,
        'open-order-column': 15,
        'skirmish-order': 24,
      },
      chargeBonus: 5,
    },
    'native-irregular-cavalry': {
      id: 'native-irregular-cavalry',
      label: 'Native irregular cavalry (mass only)',
      army: 'native',
      arm: 'cavalry',
      regular: false,
      mover: 'cavalry',
      rule: native('Irregular Cavalry'),
      rates: { mass: 18 },
      chargeBonus: 5,
    },
    zambureks: {
      id: 'zambureks',
      label: 'Zambureks (camel swivel guns)',
      army: 'native',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'zamburek',
      rule: native('Zambureks'),
      rates: {
        'artillery-line': 6,
        'artillery-column': 9,
        'artillery-prolonge': 4,
        'artillery-prolonge-and-fire': 2,
      },
      chargeBonus: 0,
    },
    'aspi-horse-artillery': {
      id: 'aspi-horse-artillery',
      label: 'Aspi (native horse artillery)',
      army: 'native',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'horse',
      rule: native('Aspi (Horse)'),
      rates: {
        'artillery-line': 10,
        'artillery-column': 12,
        'artillery-prolonge': 6,
        'artillery-prolonge-and-fire': 3,
      },
      chargeBonus: 0,
    },
    'jinsi-field-artillery': {
      id: 'jinsi-field-artillery',
      label: 'Jinsi (native field artillery)',
      army: 'native',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'field',
      rule: native('Jinsi (Field)'),
      rates: {
        'artillery-line': 6,
        'artillery-column': 7,
        'artillery-prolonge': 3,
        'artillery-prolonge-and-fire': 2,
      },
      chargeBonus: 0,
    },
    'kalan-siege-artillery': {
      id: 'kalan-siege-artillery',
      label: 'Kalan (native siege artillery)',
      army: 'native',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'siege',
      rule: native('Kalan (Siege)'),
      rates: { 'artillery-line': 3, 'artillery-column': 4 },
      chargeBonus: 0,
    },
    'gubara-mortars': {
      id: 'gubara-mortars',
      label: 'Gubara (native mortars, immobile once deployed)',
      army: 'native',
      arm: 'artillery',
      regular: true,
      mover: 'artillery',
      artillery: 'mortar',
      rule: jc3('Movement Rate Tables', 'mortars'),
      rates: {},
      chargeBonus: 0,
    },
  },
};

/** The Normal Movement Rate in inches, or undefined where the table gives NA. */
export function movementRate(
  troop: TroopTypeId,
  column: RateColumn,
  variant: RateVariant = 'first',
): number | undefined {
  const cell = MOVEMENT_RATES.troops[troop].rates[column];
  if (cell === undefined || typeof cell === 'number') return cell;
  return variant === 'second' ? cell[1] : cell[0];
}

/**
 * The rate column for a unit's formation (vocabulary `Formation`): the same name for infantry and
 * cavalry; a limbered battery moves in column unless `limberedIn` says line; deployed guns move only by
 * Prolonge (or Prolonge & Fire, when so ordered).
 */
export function rateColumnOf(
  formation: Formation,
  limberedIn: 'line' | 'column' = 'column',
  prolongeAndFire = false,
): RateColumn {
  if (formation === 'artillery-limbered')
    return limberedIn === 'line' ? 'artillery-line' : 'artillery-column';
  if (formation === 'artillery-deployed')
    return prolongeAndFire ? 'artillery-prolonge-and-fire' : 'artillery-prolonge';
  return formation;
}
