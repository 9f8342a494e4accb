import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oddsOf } from '../../../../core/rules/run.ts';
import { ARTILLERY_WEAPONS } from '../../tables/artillery.ts';
import { TARGET_COVERS } from '../../tables/firing-table.ts';
import { ARMS, FORMATIONS, RESOLVE_STATUSES } from '../../vocabulary.ts';
import { artilleryFire, artilleryOddsKey } from './artillery.ts';
import type { ArtilleryFireFacts } from './facts.ts';
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

describe('artilleryOddsKey', () => {
  // Few values of each field, distances at random, so that many facts share a key.
  const arbFacts: fc.Arbitrary<ArtilleryFireFacts> = fc.record(
    {
      weapon: fc.constantFrom(...ARTILLERY_WEAPONS.slice(0, 3)),
      resolveLevel: fc.integer({ min: 12, max: 16 }),
      status: fc.constantFrom(...RESOLVE_STATUSES),
      crewStands: fc.integer({ min: 0, max: 4 }),
      targetFormation: fc.constantFrom(...FORMATIONS.slice(0, 4)),
      distance: fc.double({ min: 0, max: 40, noNaN: true }),
      targetCover: fc.constantFrom(...TARGET_COVERS),
      targetStands: fc.integer({ min: 1, max: 3 }),
      screening: fc.record({ screenedStands: fc.integer({ min: 0, max: 2 }) }, { requiredKeys: [] }),
      enfilade: fc.record({
        targetRanks: fc.integer({ min: 1, max: 2 }),
        targetArm: fc.constantFrom(...ARMS),
      }),
      disordered: fc.boolean(),
      moving: fc.boolean(),
      blinded: fc.boolean(),
    },
    { requiredKeys: ['weapon', 'resolveLevel', 'status', 'crewStands', 'targetFormation', 'distance'] },
  );

  it('facts with the same key have the same odds, bit for bit', () => {
    const byKey = new Map<string, { facts: ArtilleryFireFacts; odds: ReturnType<typeof oddsOf> }>();
    let shared = 0;
    fc.assert(
      fc.property(arbFacts, (facts) => {
        const odds = oddsOf(artilleryFire, facts);
        const key = artilleryOddsKey(facts);
        const first = byKey.get(key);
        if (first === undefined) byKey.set(key, { facts, odds });
        else {
          expect(odds).toStrictEqual(first.odds);
          if (JSON.stringify(first.facts) !== JSON.stringify(facts)) shared++;
        }
      }),
      { numRuns: 2000 },
    );
    // It means something only when different facts shared keys, and the keys told odds apart.
    expect(shared).toBeGreaterThan(100);
    expect(new Set([...byKey.values()].map((k) => JSON.stringify(k.odds))).size).toBeGreaterThan(50);
  });
});
