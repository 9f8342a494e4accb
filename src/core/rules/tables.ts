import type { RuleRef } from './trace.ts';

/** What every rules table carries: an id, a title, and where it comes from. */
export interface TableMeta {
  readonly id: string;
  readonly title: string;
  readonly source: RuleRef;
  /**
   * Where the text is garbled or silent and Muster chose a reading: the heading of the entry in
   * docs/rules/<rule-set>.md that explains it.
   */
  readonly readings?: readonly string[];
}

/** A row of a table indexed by a die or a score band: `from..to` inclusive. */
export interface RangeRow<T> {
  readonly from: number;
  readonly to: number;
  readonly result: T;
}

export interface RangeTable<T> extends TableMeta {
  /** The lowest and highest values the table must cover, without gaps or overlaps. */
  readonly covers: { readonly min: number; readonly max: number };
  readonly rows: readonly RangeRow<T>[];
}

export function defineRangeTable<T>(table: RangeTable<T>): RangeTable<T> {
  const problem = rangeTableProblem(table);
  if (problem) throw new Error(`${table.id}: ${problem}`);
  return Object.freeze(table);
}

/** A description of the first gap, overlap or disorder in a range table, or undefined if complete. */
export function rangeTableProblem(table: RangeTable<unknown>): string | undefined {
  let expected = table.covers.min;
  for (const row of table.rows) {
    if (row.from !== expected) return `row ${row.from}-${row.to} should start at ${expected}`;
    if (row.to < row.from) return `row ${row.from}-${row.to} is reversed`;
    expected = row.to + 1;
  }
  if (expected !== table.covers.max + 1) return `rows end at ${expected - 1}, not ${table.covers.max}`;
  return undefined;
}

/** The row covering `value`. Values outside `covers` are a programming error (validate first). */
export function lookupRange<T>(table: RangeTable<T>, value: number): RangeRow<T> {
  for (const row of table.rows) if (value >= row.from && value <= row.to) return row;
  throw new RangeError(`${table.id}: no row for ${value} (covers ${table.covers.min}-${table.covers.max})`);
}
