import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { RESOLVE_STATUSES } from '../vocabulary.ts';
import { type DefendersVolleyFacts, defendersVolley, resolveDefendersVolley } from './defenders-volley.ts';
import type { FireResult } from './fire/result.ts';
import { resolveSmallArmsFire, smallArmsFire } from './fire/small-arms.ts';

function volley(facts: unknown, faces: number[]): FireResult {
  const dice = new SuppliedDice(faces);
  const r = resolveDefendersVolley(defendersVolley.facts.parse(facts), dice);
  dice.assertAllUsed();
  return r;
}

const SEPOYS = {
  weapon: 'flintlock-musket',
  resolveLevel: 17,
  status: 'Steady',
  frontRankStands: 8,
  targetFormation: 'close-order-column',
} as const;
const RF0 = [3, 3, 6];

describe("defenders' volley", () => {
  it('the example: Steady sepoys fire at the medium-range modifier: FFF 13, 3 stands', () => {
    const ex = defendersVolley.examples[0]!;
    expect(volley(ex.facts, [...ex.dice!])).toMatchObject({ band: 'medium', fff: 13, standsLost: 3 });
  });

  it.each([
    ['Resolute', 'point-blank', 14],
    ['Confident', 'short', 13],
    ['Steady', 'medium', 10],
    ['Shaken', 'long', 4],
  ] as const)('%s fires with the %s modifier: FFF %i', (status, band, fff) => {
    expect(volley({ ...SEPOYS, status }, RF0)).toMatchObject({ fired: true, band, fff });
  });

  it.each(['Wavering', 'Panicked'] as const)('%s may not fire: no dice thrown', (status) => {
    expect(volley({ ...SEPOYS, status }, [])).toMatchObject({ fired: false, noFire: 'status-may-not-fire' });
  });

  it('is small-arms fire at the band the status gives', () => {
    for (const status of RESOLVE_STATUSES.slice(0, 4)) {
      for (let p = 1; p <= 6; p++) {
        const v = volley({ ...SEPOYS, status }, [p, 2, 1]);
        const band = v.band!;
        const direct = resolveSmallArmsFire(
          smallArmsFire.facts.parse({ ...SEPOYS, status, range: band }),
          new SuppliedDice([p, 2, 1]),
        );
        expect(v).toEqual(direct);
      }
    }
  });

  it('reading: the band is only a modifier, so javelins fire a Resolute volley at point blank', () => {
    expect(volley({ ...SEPOYS, weapon: 'javelin', status: 'Resolute' }, RF0)).toMatchObject({
      fired: true,
      band: 'point-blank',
      fff: 17 - 9,
      standsFiring: 8,
    });
  });

  it('reading: a battery receiving a charge fires a volley too (the example: 4 crew stands, FFF 18, 2 lost)', () => {
    const ex = defendersVolley.examples[1]!;
    expect(volley(ex.facts, [...ex.dice!])).toMatchObject({ band: 'point-blank', fff: 18, standsLost: 2 });
  });

  it('rejects a range or distance, and mixed small-arms and artillery facts', () => {
    expect(defendersVolley.facts.safeParse({ ...SEPOYS, range: 'short' }).success).toBe(false);
    expect(defendersVolley.facts.safeParse({ ...SEPOYS, distance: 2 }).success).toBe(false);
    expect(defendersVolley.facts.safeParse({ ...SEPOYS, crewStands: 2 }).success).toBe(false);
    expect(
      defendersVolley.facts.safeParse({ ...SEPOYS, weapon: 'british-horse', frontRankStands: undefined })
        .success,
    ).toBe(false);
    const bad = defendersVolley.facts.safeParse({ ...SEPOYS, weapon: 'arquebus' });
    expect(JSON.stringify(bad.error?.issues)).toMatch(/discriminator/);
  });

  it('describes every field of both kinds', () => {
    const json = z.toJSONSchema(defendersVolley.facts, { io: 'input' }) as {
      oneOf: { properties: Record<string, { description?: string }> }[];
    };
    expect(json.oneOf).toHaveLength(2);
    for (const o of json.oneOf)
      for (const [name, f] of Object.entries(o.properties)) expect(f.description, name).toBeTruthy();
  });

  it('exact odds sum to 1; P(event) is 1/6 when it fires and 0 when it may not', () => {
    const facts = defendersVolley.facts.parse(SEPOYS) as DefendersVolleyFacts;
    const odds = oddsOf(defendersVolley, facts);
    for (const v of odds) expect(v.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(
      odds.find((v) => v.name === 'Event on the target')!.outcomes.find((o) => o.outcome === 'event')!
        .probability,
    ).toBeCloseTo(1 / 6, 12);
    const wavering = oddsOf(defendersVolley, { ...facts, status: 'Wavering' });
    expect(wavering.find((v) => v.name === 'Stands lost')!.outcomes).toEqual([
      { outcome: 0, probability: 1 },
    ]);
  });

  it('the prepared fast path and the traced path agree exactly, dice for dice', () => {
    for (const ex of defendersVolley.examples) {
      for (const status of RESOLVE_STATUSES) {
        const facts = defendersVolley.facts.parse({ ...ex.facts, status });
        const run = defendersVolley.prepare!(facts);
        const a = new PrngDice(seedRng(5));
        const b = new PrngDice(seedRng(5));
        for (let i = 0; i < 20; i++) expect(run(a)).toEqual(resolveDefendersVolley(facts, b, new Trace()));
      }
    }
  });

  it('rejects a surplus die', () => {
    const facts = defendersVolley.facts.parse({ ...SEPOYS, status: 'Panicked' });
    expect(() => resolveProcedure(defendersVolley, facts, { dice: [3] })).toThrow(/too many dice/);
  });
});
