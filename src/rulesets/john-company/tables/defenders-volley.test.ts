import { describe, expect, it } from 'vitest';
import { defendersVolleyBand } from './defenders-volley.ts';

describe("Defenders' Volley Table", () => {
  it.each([
    ['Resolute', 'point-blank'],
    ['Confident', 'short'],
    ['Steady', 'medium'],
    ['Shaken', 'long'],
    ['Wavering', null],
    ['Panicked', null],
  ] as const)('%s fires with the range modifier of %s', (status, band) => {
    expect(defendersVolleyBand(status)).toBe(band);
  });
});
