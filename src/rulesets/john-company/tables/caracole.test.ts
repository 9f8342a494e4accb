import { describe, expect, it } from 'vitest';
import { lookupRange, rangeTableProblem } from '../../../core/rules/tables.ts';
import {
  CARACOLE_ARTILLERY_BONUS,
  CARACOLE_FIRE_RANGE,
  CARACOLE_INCHES_PER_RANK,
  CARACOLE_STATUSES,
  CARACOLE_TABLE,
  CARACOLE_UP_TO,
} from './caracole.ts';

describe('Caracole Table: every cell', () => {
  // Authority values: Part 4, "Caracole" Table: Resolute 1 / 2-8, Confident 1-3 / 4-8, Steady 1-5 / 6-8.
  const expected: Record<(typeof CARACOLE_STATUSES)[number], string[]> = {
    Resolute: ['caracole', 'charge', 'charge', 'charge', 'charge', 'charge', 'charge', 'charge'],
    Confident: ['caracole', 'caracole', 'caracole', 'charge', 'charge', 'charge', 'charge', 'charge'],
    Steady: ['caracole', 'caracole', 'caracole', 'caracole', 'caracole', 'charge', 'charge', 'charge'],
  };
  const cells = CARACOLE_STATUSES.flatMap((status) =>
    [1, 2, 3, 4, 5, 6, 7, 8].map((roll) => [status, roll, expected[status][roll - 1]!] as const),
  );
  it.each(cells)('%s, roll %i: %s', (status, roll, decision) => {
    expect(lookupRange(CARACOLE_TABLE[status], roll).result).toBe(decision);
  });

  it.each(CARACOLE_STATUSES.map((s) => [s]))('%s covers 1..8 (d6 + 2) without gaps', (status) => {
    expect(rangeTableProblem(CARACOLE_TABLE[status])).toBeUndefined();
    expect(CARACOLE_TABLE[status].covers).toEqual({ min: 1, max: 8 });
  });

  it('the fast thresholds agree with the table', () => {
    expect(CARACOLE_UP_TO).toEqual({ Resolute: 1, Confident: 3, Steady: 5 });
  });

  it('+2 against artillery, 3" a rank', () => {
    expect(CARACOLE_ARTILLERY_BONUS).toBe(2);
    expect(CARACOLE_INCHES_PER_RANK).toBe(3);
  });

  it("fires at the Defenders' Volley range for its status", () => {
    expect(CARACOLE_FIRE_RANGE).toEqual({ Resolute: 'point-blank', Confident: 'short', Steady: 'medium' });
  });
});
