import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.ts';

describe('plain data compared field by field', () => {
  it('finds equal records equal, whatever the order of their fields', () => {
    expect(sameData({ a: 1, b: [1, 2], c: { d: 'x' } }, { c: { d: 'x' }, b: [1, 2], a: 1 })).toBe(true);
  });

  it('tells a field present and undefined from one absent, either way round', () => {
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('finds a different value, a longer list or an array for a record different', () => {
    expect(sameData({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameData({ 0: 1 }, [1])).toBe(false);
    expect(sameData({ a: 1 }, null)).toBe(false);
  });
});
