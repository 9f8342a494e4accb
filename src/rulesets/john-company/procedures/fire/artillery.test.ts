import { describe, expect, it } from 'vitest';
import { artilleryFire } from './artillery.ts';
import { ART_BASE, art, RF0 } from './fixtures.ts';

describe('artillery fire: worked examples', () => {
  it('the artillery example: a field battery at 15" is at short range, FFF 22, 3 stands lost, an Event', () => {
    const ex = artilleryFire.examples[0]!;
    const r = art(ex.facts, [...ex.dice!]);
    expect(r).toMatchObject({ band: 'short', fff: 22, standsLost: 3, event: true });
  });
});

describe('stands firing', () => {
  it('guns count their crew stands', () => {
    expect(art({ ...ART_BASE, crewStands: 6 }, RF0).standsFiring).toBe(6);
    expect(
      art({ ...ART_BASE, crewStands: 6, enfilade: { targetRanks: 1, targetArm: 'cavalry' } }, RF0)
        .standsFiring,
    ).toBe(3);
  });
});
