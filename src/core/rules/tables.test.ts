import { describe, expect, it } from 'vitest';
import { defineRangeTable, lookupRange, rangeTableProblem } from './tables.ts';
import { ruleRef } from './trace.ts';

const source = ruleRef('Test', 'Table');

describe('range tables', () => {
  const table = defineRangeTable({
    id: 't',
    title: 't',
    source,
    covers: { min: 1, max: 6 },
    rows: [
      { from: 1, to: 2, result: 'low' },
      { from: 3, to: 6, result: 'high' },
    ],
  });

  it('looks up every value in range', () => {
    expect([1, 2, 3, 6].map((v) => lookupRange(table, v).result)).toEqual(['low', 'low', 'high', 'high']);
    expect(() => lookupRange(table, 7)).toThrow(/no row for 7/);
  });

  it('finds gaps, overlaps and short tables', () => {
    const rows = (spec: [number, number][]) => spec.map(([from, to]) => ({ from, to, result: 0 }));
    const problem = (spec: [number, number][]) =>
      rangeTableProblem({ id: 'x', title: 'x', source, covers: { min: 1, max: 6 }, rows: rows(spec) });
    expect(problem([[1, 6]])).toBeUndefined();
    expect(
      problem([
        [1, 2],
        [4, 6],
      ]),
    ).toMatch(/should start at 3/);
    expect(
      problem([
        [1, 3],
        [3, 6],
      ]),
    ).toMatch(/should start at 4/);
    expect(problem([[1, 5]])).toMatch(/end at 5/);
    expect(() =>
      defineRangeTable({ id: 'bad', title: 'bad', source, covers: { min: 1, max: 6 }, rows: rows([[1, 5]]) }),
    ).toThrow(/bad/);
  });
});
