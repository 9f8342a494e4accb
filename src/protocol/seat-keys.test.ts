import { describe, expect, it } from 'vitest';
import { MAX_SEAT_KEYS, parseSeatKeys, seatKeyHeader } from './seat-keys.ts';

describe('the seat-key header', () => {
  const a = 'VOr39exWJ4e7MRKmopj7Lg';
  const b = 'adxpzVW-Z2ieDEMhm9ZwNQ';

  it('reads one key, several separated by commas, or several headers', () => {
    expect(parseSeatKeys(undefined)).toEqual([]);
    expect(parseSeatKeys(a)).toEqual([a]);
    expect(parseSeatKeys(`${a}, ${b}`)).toEqual([a, b]);
    expect(parseSeatKeys([a, `  ${b} `])).toEqual([a, b]);
    expect(parseSeatKeys(seatKeyHeader([a, b]))).toEqual([a, b]);
    expect(seatKeyHeader([])).toBeUndefined();
  });

  it('leaves out what is not a key, and keys beyond the most a request may carry', () => {
    expect(parseSeatKeys(`short, ${a}, has space!, ${'x'.repeat(65)}`)).toEqual([a]);
    expect(parseSeatKeys(Array.from({ length: 40 }, () => a))).toHaveLength(MAX_SEAT_KEYS);
  });
});
