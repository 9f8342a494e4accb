import type { TableMeta } from '../../../core/rules/tables.ts';
import { jc4 } from '../vocabulary.ts';

/** The Final Fire Factors the table has rows for, and the stands-firing columns. */
export const FIRING_TABLE_MIN_FFF = 1;
export const FIRING_TABLE_MAX_FFF = 27;
export const FIRING_TABLE_COLUMNS = 10;

export interface FiringTable extends TableMeta {
  /**
   * Stands lost by the target, one row per Final Fire Factor 1..27 (row 1 first), ten cells per row
   * for 1..10 stands firing: the cell for (fff, stands) is at `(fff - 1) * 10 + (stands - 1)`.
   */
  readonly cells: readonly number[];
}

/**
 * The Ranged Weapons Firing Table (Part 4): stands lost by the target, by Final Fire Factor and the
 * number of stands firing. Rows are written here from FFF 1 up to 27 (the text prints 27 first).
 */
export const FIRING_TABLE: FiringTable = {
  id: 'jc-ranged-weapons-firing-table',
  title: 'Ranged Weapons Firing Table',
  source: jc4('Small Arms And Artillery Fire', 'Ranged Weapons Firing Table'),
  readings: [
    'Firing Table: the run-together rows',
    'Firing Table: Final Fire Factor outside 1-27',
    'Firing Table: more than 10 stands firing',
  ],
  // biome-ignore format: one row of the table per line
  cells: Object.freeze([
    /*  1 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    /*  2 */ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
    /*  3 */ 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
    /*  4 */ 0, 0, 0, 0, 1, 1, 1, 1, 1, 1,
    /*  5 */ 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,
    /*  6 */ 0, 0, 0, 1, 1, 1, 1, 1, 1, 2,
    /*  7 */ 0, 0, 1, 1, 1, 1, 1, 1, 2, 2,
    /*  8 */ 0, 0, 1, 1, 1, 1, 1, 2, 2, 2,
    /*  9 */ 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    /* 10 */ 0, 1, 1, 1, 1, 2, 2, 2, 2, 3,
    /* 11 */ 0, 1, 1, 1, 1, 2, 2, 2, 2, 3,
    /* 12 */ 0, 1, 1, 1, 2, 2, 2, 2, 3, 3,
    /* 13 */ 0, 1, 1, 1, 2, 2, 2, 3, 3, 3,
    /* 14 */ 0, 1, 1, 1, 2, 2, 2, 3, 3, 4,
    /* 15 */ 0, 1, 1, 2, 2, 2, 3, 3, 3, 4,
    /* 16 */ 0, 1, 1, 2, 2, 2, 3, 3, 4, 4,
    /* 17 */ 0, 1, 1, 2, 2, 3, 3, 3, 4, 4,
    /* 18 */ 0, 1, 1, 2, 2, 3, 3, 4, 4, 5,
    /* 19 */ 0, 1, 1, 2, 2, 3, 3, 4, 4, 5,
    /* 20 */ 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    /* 21 */ 1, 1, 2, 2, 3, 4, 4, 5, 5, 6,
    /* 22 */ 1, 1, 2, 3, 3, 4, 5, 5, 6, 7,
    /* 23 */ 1, 1, 2, 3, 4, 4, 5, 6, 6, 7,
    /* 24 */ 1, 2, 3, 3, 4, 5, 6, 6, 7, 8,
    /* 25 */ 1, 2, 3, 3, 4, 5, 6, 7, 8, 9,
    /* 26 */ 1, 2, 3, 4, 4, 5, 6, 7, 8, 9,
    /* 27 */ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ]),
};

const CELLS = FIRING_TABLE.cells;

/** One cell: `fff` 1..27, `stands` 1..10 (validate first; out-of-range input is a programming error). */
export function firingTableCell(fff: number, stands: number): number {
  const v = CELLS[(fff - 1) * FIRING_TABLE_COLUMNS + (stands - 1)];
  if (v === undefined || stands < 1 || stands > FIRING_TABLE_COLUMNS) {
    throw new RangeError(`firing table has no cell for FFF ${fff}, ${stands} stands`);
  }
  return v;
}

/**
 * The row a Final Fire Factor reads (a Muster reading, see the docs): above 27 reads row 27; 0 or
 * less reads no row (returns 0: no loss).
 */
export function firingTableRow(fff: number): number {
  return fff > FIRING_TABLE_MAX_FFF ? FIRING_TABLE_MAX_FFF : fff < FIRING_TABLE_MIN_FFF ? 0 : fff;
}

/**
 * Stands lost by the target when `standsFiring` stands fire at Final Fire Factor `fff`: more than 10
 * stands are split into columns of 10 plus the remainder, and the cells added (the text's example:
 * 16 stands at FFF 7 read the 10 column, 2, and the 6 column, 1: 3 stands). `fff` is clamped by
 * `firingTableRow`.
 */
export function firingTableLosses(fff: number, standsFiring: number): number {
  const row = firingTableRow(fff);
  if (row === 0 || standsFiring <= 0) return 0;
  const base = (row - 1) * FIRING_TABLE_COLUMNS;
  const tens = Math.floor(standsFiring / FIRING_TABLE_COLUMNS);
  const rest = standsFiring - tens * FIRING_TABLE_COLUMNS;
  let lost = tens * CELLS[base + FIRING_TABLE_COLUMNS - 1]!;
  if (rest > 0) lost += CELLS[base + rest - 1]!;
  return lost;
}

/** Cover the target stands in (Part 4, the fire modifiers' terrain items). */
export const TARGET_COVERS = ['open', 'light-woods', 'heavy-woods', 'entrenchments-or-buildings'] as const;
export type TargetCover = (typeof TARGET_COVERS)[number];

/**
 * The target-formation rows of the fire modifiers, for both small arms and artillery. `open-order`
 * is not in the text (a Muster default, see the docs).
 */
export const TARGET_ROWS = [
  'column-square-or-enfiladed-line',
  'close-order-line',
  'mass',
  'disordered',
  'open-order',
  'crews-or-train',
  'skirmishers',
] as const;
export type TargetRow = (typeof TARGET_ROWS)[number];

/**
 * The upper limit (inches) of each range band, in `RANGE_BANDS` order (point blank first), `null`
 * where the weapon has no such band; `minimum` is a minimum range (mortars).
 */
export interface RangeLimits {
  readonly label: string;
  readonly limits: readonly [number | null, number | null, number | null, number | null, number | null];
  readonly minimum?: number;
}

/** A range table (Part 4: Small Arms, Artillery): the band limits of each of its rows. */
export interface RangeTable<Row extends string> extends TableMeta {
  readonly rows: Readonly<Record<Row, RangeLimits>>;
}

/** `bandIndexFor`'s answers that are not a band. */
export const BEYOND_EXTREME = -1;
export const BELOW_MINIMUM = -2;

/**
 * The band (index into `RANGE_BANDS`) a distance in inches falls in: the first band whose upper limit
 * is at least the distance (a distance equal to a limit is in that band). `BEYOND_EXTREME` past the
 * last limit, `BELOW_MINIMUM` inside a mortar's minimum range.
 */
export function bandIndexFor(row: RangeLimits, distance: number): number {
  if (row.minimum !== undefined && distance < row.minimum) return BELOW_MINIMUM;
  const limits = row.limits;
  for (let i = 0; i < limits.length; i++) {
    const limit = limits[i];
    if (limit !== null && limit !== undefined && distance <= limit) return i;
  }
  return BEYOND_EXTREME;
}
