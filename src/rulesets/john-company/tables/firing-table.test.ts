import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANGE_BANDS } from '../vocabulary.ts';
import {
  BELOW_MINIMUM,
  BEYOND_EXTREME,
  bandIndexFor,
  FIRING_TABLE,
  firingTableCell,
  firingTableLosses,
  firingTableRow,
} from './firing-table.ts';

/**
 * The table's rows as the extracted text prints them (FFF, then ten run-together cells; row 27 ends
 * in "10"). Parsed independently of the typed table, so each cell is checked against the source.
 */
const PRINTED_ROWS = [
  '2712 345 67 8910',
  '261234456789',
  '251233456789',
  '241233456678',
  '231123445667',
  '221123345567',
  '211122344556',
  '201122334455',
  '190112233445',
  '180112233445',
  '170112233344',
  '160112223344',
  '150112223334',
  '140111222334',
  '130111222333',
  '120111222233',
  '110111122223',
  '100111122223',
  '90011112222',
  '80011111222',
  '70011111122',
  '60001111112',
  '50001111111',
  '40000111111',
  '30000001111',
  '20000000011',
  '10000000001',
];

function parsePrinted(line: string): { fff: number; cells: number[] } {
  const digits = line.replace(/\s/g, '');
  const fffDigits = digits.length - 10 - (digits.endsWith('10') && digits.startsWith('27') ? 1 : 0);
  const fff = Number(digits.slice(0, fffDigits));
  const rest = digits.slice(fffDigits);
  const cells = fff === 27 ? [...rest.slice(0, 9)].map(Number).concat(10) : [...rest].map(Number);
  return { fff, cells };
}

const EXPECTED = new Map(PRINTED_ROWS.map((l) => parsePrinted(l)).map((r) => [r.fff, r.cells]));

const ALL_CELLS: [number, number, number][] = [];
for (let fff = 1; fff <= 27; fff++) {
  for (let stands = 1; stands <= 10; stands++) ALL_CELLS.push([fff, stands, EXPECTED.get(fff)![stands - 1]!]);
}

describe('Ranged Weapons Firing Table', () => {
  it('has 27 rows of 10 cells, and the printed rows parse to 27 rows of 10', () => {
    expect(FIRING_TABLE.cells).toHaveLength(270);
    expect(EXPECTED.size).toBe(27);
    for (const cells of EXPECTED.values()) expect(cells).toHaveLength(10);
    expect(ALL_CELLS).toHaveLength(270);
  });

  it.each(ALL_CELLS)('FFF %i, %i stands firing: %i stands lost', (fff, stands, lost) => {
    expect(firingTableCell(fff, stands)).toBe(lost);
    expect(firingTableLosses(fff, stands)).toBe(lost);
  });

  it('never decreases across a row (more stands) nor up a column (higher FFF)', () => {
    for (let fff = 1; fff <= 27; fff++) {
      for (let s = 1; s <= 10; s++) {
        if (s > 1) expect(firingTableCell(fff, s)).toBeGreaterThanOrEqual(firingTableCell(fff, s - 1));
        if (fff > 1) expect(firingTableCell(fff, s)).toBeGreaterThanOrEqual(firingTableCell(fff - 1, s));
      }
    }
  });

  it('never kills more stands than fire', () => {
    for (const [fff, s, lost] of ALL_CELLS) {
      expect(lost).toBeLessThanOrEqual(s);
      expect(firingTableCell(fff, s)).toBeLessThanOrEqual(s);
    }
  });

  it('has identical rows 19 and 18, and 11 and 10, as printed', () => {
    expect(EXPECTED.get(19)).toEqual(EXPECTED.get(18));
    expect(EXPECTED.get(11)).toEqual(EXPECTED.get(10));
  });

  it("reproduces the text's example: 16 stands at FFF 7 lose the target 2 + 1 = 3 stands", () => {
    expect(firingTableLosses(7, 16)).toBe(3);
  });

  it('splits more than 10 stands into columns of 10 plus the remainder', () => {
    expect(firingTableLosses(27, 25)).toBe(10 + 10 + 5);
    expect(firingTableLosses(20, 20)).toBe(5 + 5);
    expect(firingTableLosses(1, 11)).toBe(1 + 0);
    expect(firingTableLosses(13, 37)).toBe(3 * 3 + 2);
  });

  it('reading: an FFF above 27 reads row 27; 0 or less causes no loss', () => {
    expect(firingTableRow(35)).toBe(27);
    expect(firingTableLosses(35, 10)).toBe(10);
    expect(firingTableRow(0)).toBe(0);
    expect(firingTableLosses(0, 10)).toBe(0);
    expect(firingTableLosses(-7, 60)).toBe(0);
  });

  it('no stands firing lose no stands', () => {
    expect(firingTableLosses(27, 0)).toBe(0);
  });

  it('rejects a cell outside the table', () => {
    expect(() => firingTableCell(28, 1)).toThrow(RangeError);
    expect(() => firingTableCell(5, 11)).toThrow(RangeError);
    expect(() => firingTableCell(5, 0)).toThrow(RangeError);
  });

  it('property: losses never fall when stands or FFF rise, and never exceed the stands firing', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 40 }), fc.integer({ min: 0, max: 60 }), (fff, n) => {
        const lost = firingTableLosses(fff, n);
        expect(lost).toBeLessThanOrEqual(n);
        expect(firingTableLosses(fff + 1, n)).toBeGreaterThanOrEqual(lost);
        expect(firingTableLosses(fff, n + 1)).toBeGreaterThanOrEqual(lost);
      }),
    );
  });
});

describe('range band lookup', () => {
  const row = { label: 'test', limits: [2, 3, 5, 7, 9] } as const;
  const mortar = { label: 'mortar', limits: [null, 11, 15, 19, 30], minimum: 6 } as const;

  it.each([
    [0, 'point-blank'],
    [2, 'point-blank'],
    [2.01, 'short'],
    [3, 'short'],
    [5, 'medium'],
    [7, 'long'],
    [9, 'extreme'],
  ] as const)('%f" is %s (a distance on a limit is in that band)', (d, band) => {
    expect(RANGE_BANDS[bandIndexFor(row, d)]).toBe(band);
  });

  it('is beyond extreme past the last limit', () => {
    expect(bandIndexFor(row, 9.01)).toBe(BEYOND_EXTREME);
  });

  it('respects a minimum range and skips bands a weapon lacks', () => {
    expect(bandIndexFor(mortar, 5.9)).toBe(BELOW_MINIMUM);
    expect(RANGE_BANDS[bandIndexFor(mortar, 6)]).toBe('short');
    expect(RANGE_BANDS[bandIndexFor(mortar, 30)]).toBe('extreme');
    expect(bandIndexFor(mortar, 31)).toBe(BEYOND_EXTREME);
  });
});
