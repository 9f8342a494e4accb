import type { TableMeta } from '../../../core/rules/tables.ts';
import {
  type Ground,
  hf,
  MOVEMENT_COLUMNS,
  type MovementColumn,
  type OrderState,
  type TroopClass,
} from '../vocabulary.ts';

export interface MovementTable extends TableMeta {
  /** Inches by troop class, then by column (Aggressive .. Plodders). */
  readonly rows: Readonly<Record<TroopClass, Readonly<Record<MovementColumn, number>>>>;
}

const row = (aggressive: number, active: number, passive: number, cowed: number, plodders: number) => ({
  aggressive,
  active,
  passive,
  cowed,
  plodders,
});

/** The Movement table (H&F QRS, Movement), inches; rows re-assembled from the sheet's vertical list. */
export const MOVEMENT_TABLE: MovementTable = {
  id: 'hf-movement',
  title: 'Movement (inches)',
  source: hf('Movement'),
  readings: ['Movement: Plodders', 'Movement: the rows of the table'],
  rows: {
    'infantry-line-siege-guns': row(10, 6, 4, 2, 1),
    'infantry-column-field-guns': row(14, 10, 6, 3, 2),
    'skirmishers-regular-cavalry-elephants': row(18, 12, 8, 4, 2),
    'irregular-cavalry': row(24, 16, 12, 6, 3),
  },
};

/** What ground does to a move: columns shifted right, and the order the unit ends in. */
export interface GroundEffect {
  readonly foot: { readonly shift: number; readonly skirmishers: OrderState; readonly others: OrderState };
  readonly mounted: { readonly shift: number; readonly skirmishers: OrderState; readonly others: OrderState };
}

export interface GroundTable extends TableMeta {
  readonly rows: Readonly<Record<Ground, GroundEffect>>;
}

/** Broken and rough terrain (H&F QRS, Movement): column shifts, and who is Disordered or Confused. */
export const GROUND_TABLE: GroundTable = {
  id: 'hf-ground',
  title: 'Terrain effects on movement',
  source: hf('Movement', 'terrain'),
  readings: ['Movement: Plodders'],
  rows: {
    open: {
      foot: { shift: 0, skirmishers: 'good-order', others: 'good-order' },
      mounted: { shift: 0, skirmishers: 'good-order', others: 'good-order' },
    },
    broken: {
      foot: { shift: 1, skirmishers: 'good-order', others: 'disordered' },
      mounted: { shift: 1, skirmishers: 'good-order', others: 'disordered' },
    },
    rough: {
      foot: { shift: 2, skirmishers: 'disordered', others: 'confused' },
      mounted: { shift: 3, skirmishers: 'disordered', others: 'confused' },
    },
  },
};

/** The column `shift` places right of `column`; shifts past Plodders stay at Plodders. */
export function shiftColumn(column: MovementColumn, shift: number): MovementColumn {
  const at = Math.min(MOVEMENT_COLUMNS.indexOf(column) + shift, MOVEMENT_COLUMNS.length - 1);
  return MOVEMENT_COLUMNS[at]!;
}
