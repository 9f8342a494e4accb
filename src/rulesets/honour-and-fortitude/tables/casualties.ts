import { defineRangeTable, type RangeTable } from '../../../core/rules/tables.ts';
import { hf } from '../vocabulary.ts';

/**
 * One cell of the Casualty table: `certain` casualties, plus one more if a d6 shows `extraOn` or less
 * (the sheet's "(n)"; absent when the cell has none).
 */
export interface CasualtyCell {
  readonly certain: number;
  readonly extraOn?: number;
}

/** The most hits one column of the table covers; more hits are split into columns of 10 and the rest. */
export const MAX_HITS_PER_COLUMN = 10;

const c = (certain: number, extraOn?: number): CasualtyCell =>
  extraOn === undefined ? { certain } : { certain, extraOn };
const x = (extraOn: number): CasualtyCell => ({ certain: 0, extraOn });

/**
 * The Casualty table (H&F QRS, Firing): rows by the firers' Morale + Drill ± modifiers (0 or less ..
 * 10 or more), each row ten cells for 1..10 hits. Rows re-assembled from the sheet's vertical list.
 */
export const CASUALTY_TABLE: RangeTable<readonly CasualtyCell[]> = defineRangeTable({
  id: 'hf-casualties',
  title: 'Casualties by Morale + Drill ± modifiers and hits',
  source: hf('Firing', 'Casualties'),
  readings: ['Firing: whose Morale + Drill', 'Firing: more than 10 hits', 'Firing: the rows of the table'],
  covers: { min: 0, max: 10 },
  rows: [
    { from: 0, to: 0, result: [x(1), x(2), x(3), x(4), c(1), c(1), c(1, 3), c(2), c(2, 3), c(3)] },
    { from: 1, to: 1, result: [x(2), x(3), x(4), c(1), c(2), c(2), c(3), c(3), c(4), c(5)] },
    { from: 2, to: 3, result: [x(3), x(4), c(1), c(2), c(2, 3), c(3), c(3, 3), c(4), c(5), c(6)] },
    { from: 4, to: 5, result: [x(4), c(1), c(1, 3), c(2, 3), c(3, 3), c(4), c(4, 3), c(5), c(6), c(7)] },
    { from: 6, to: 7, result: [c(1), c(1), c(2), c(3), c(4), c(4), c(5), c(6), c(7), c(8)] },
    { from: 8, to: 9, result: [c(1), c(2), c(3), c(3, 3), c(4, 3), c(5), c(6), c(7), c(8), c(9)] },
    { from: 10, to: 10, result: [c(1, 3), c(2, 3), c(3, 3), c(4), c(5), c(6), c(7), c(8), c(9), c(10)] },
  ],
});

/** The row index a modified Morale + Drill reads: below 0 reads the "0" row, above 10 the "10+" row. */
export function casualtyRowScore(score: number): number {
  return Math.max(0, Math.min(10, score));
}

/** The hit number a firer needs on each d6 (H&F QRS, Firing: hit on a 6). */
export const HIT_ON = 6;
/** Explosion on this face when a gun is hit by counter-battery (H&F QRS, Firing). */
export const EXPLOSION_ON = 1;
/** Units within this many inches of an exploding gun test morale (H&F QRS, Firing). */
export const EXPLOSION_RADIUS = 8;
