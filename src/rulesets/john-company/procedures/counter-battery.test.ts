import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import {
  type CounterBatteryFacts,
  type CounterBatteryResult,
  counterBattery,
  postBattleGunDamage,
  resolveCounterBattery,
  resolvePostBattleGunDamage,
} from './counter-battery.ts';

function cb(facts: CounterBatteryFacts, faces: number[], trace?: Trace): CounterBatteryResult {
  const dice = new SuppliedDice(faces);
  const r = resolveCounterBattery(counterBattery.facts.parse(facts), dice, trace);
  dice.assertAllUsed();
  return r;
}

/** A British field battery at point blank, 1 crew stand firing: FFF 15 + RF; one casualty at FFF 20+. */
const FIELD: CounterBatteryFacts = {
  weapon: 'british-field',
  resolveLevel: 18,
  status: 'Steady',
  crewStands: 1,
  range: 'point-blank',
  targetCrewStands: 4,
};

describe('counter-battery fire', () => {
  it('the example: field guns at 20" (medium) score 2 casualties; 3+1 and 5+1 knock out 2 guns', () => {
    const ex = counterBattery.examples[0]!;
    const trace = new Trace();
    const r = cb(ex.facts, [...ex.dice!], trace);
    expect(r.fire).toMatchObject({ band: 'medium', fff: 15, tableLosses: 2, event: false });
    expect(r).toMatchObject({ damageRolls: 2, gunsKnockedOut: 2 });
    expect(trace.steps.find((s) => s.delta === -8)?.label).toBe('Target is artillery crews or train troops');
  });

  it.each([
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 0],
    [4, 0, 1],
    [5, 0, 1],
    [6, 0, 1],
    [1, 1, 0],
    [2, 1, 0],
    [3, 1, 1],
    [4, 1, 1],
    [6, 1, 1],
  ] as const)('damage d6 %i with +%i: %i gun knocked out', (face, bonus, out) => {
    // Field guns get +1; horse guns (Resolve 23, same FFF) do not. FFF 20: one casualty from one stand.
    const facts: CounterBatteryFacts = bonus
      ? FIELD
      : { ...FIELD, weapon: 'british-horse', resolveLevel: 21 };
    const r = cb(facts, [6, 1, 6, face]);
    expect(r.fire.fff).toBe(20);
    expect(r).toMatchObject({ damageRolls: 1, gunsKnockedOut: out });
  });

  it('throws no damage dice when the fire scores no casualty', () => {
    expect(cb(FIELD, [3, 3, 6])).toMatchObject({ damageRolls: 0, gunsKnockedOut: 0 });
  });

  it('a Panicked battery does not fire', () => {
    const r = cb({ ...FIELD, status: 'Panicked' }, []);
    expect(r.fire.noFire).toBe('status-may-not-fire');
    expect(r.gunsKnockedOut).toBe(0);
  });

  it('reading: every casualty is rolled for, but no more guns are knocked out than the target has crew stands', () => {
    const facts = { ...FIELD, resolveLevel: 25, crewStands: 4, targetCrewStands: 2 };
    // FFF 25 + 5 = 30 (row 27): 4 casualties; four damage dice all hit.
    const r = cb(facts, [6, 1, 6, 4, 5, 6, 6]);
    expect(r).toMatchObject({ damageRolls: 4, gunsKnockedOut: 2 });
    // Three of four hit: still 2.
    expect(cb(facts, [6, 1, 6, 1, 5, 6, 6]).gunsKnockedOut).toBe(2);
    expect(cb(facts, [6, 1, 6, 1, 2, 1, 6]).gunsKnockedOut).toBe(1);
  });

  it('enfilade on a battery lets 3 stands fire per rank of guns', () => {
    const r = cb({ ...FIELD, crewStands: 8, enfilade: { targetRanks: 1 } }, [3, 3, 6, 1]);
    expect(r.fire.standsFiring).toBe(3);
  });

  it('rejects a target formation (counter-battery always uses the crews row), a missing range or crew count', () => {
    expect(counterBattery.facts.safeParse({ ...FIELD, targetFormation: 'mass' }).success).toBe(false);
    const { targetCrewStands: _c, ...noCrew } = FIELD;
    expect(JSON.stringify(counterBattery.facts.safeParse(noCrew).error?.issues)).toMatch(/targetCrewStands/);
    const { range: _, ...noRange } = FIELD;
    expect(JSON.stringify(counterBattery.facts.safeParse(noRange).error?.issues)).toMatch(
      /exactly one of range/,
    );
  });

  it('rejects too few typed-in dice for the damage rolls', () => {
    const facts = counterBattery.facts.parse(counterBattery.examples[0]!.facts);
    expect(() => resolveProcedure(counterBattery, facts, { dice: [6, 1, 5, 3] })).toThrow(
      /not enough dice.*damage/,
    );
  });

  it('describes every field', () => {
    const json = z.toJSONSchema(counterBattery.facts, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    for (const [name, f] of Object.entries(json.properties)) expect(f.description, name).toBeTruthy();
  });

  it('exact odds sum to 1 and match 100,000 seeded throws', () => {
    const facts = counterBattery.facts.parse({
      ...FIELD,
      crewStands: 6,
      range: 'short',
      targetCrewStands: 3,
    });
    const odds = oddsOf(counterBattery, facts);
    for (const v of odds) expect(v.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    const exact = new Map(odds[0]!.outcomes.map((o) => [o.outcome, o.probability]));
    const dice = new PrngDice(seedRng(77));
    const counts = new Map<number, number>();
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const r = resolveCounterBattery(facts, dice);
      counts.set(r.gunsKnockedOut, (counts.get(r.gunsKnockedOut) ?? 0) + 1);
    }
    for (const [k, p] of exact) expect(Math.abs((counts.get(k as number) ?? 0) / N - p)).toBeLessThan(0.006);
  });

  it('property: the prepared fast path and the traced path agree exactly, dice for dice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer(),
        (rl, crews, seed) => {
          const facts = counterBattery.facts.parse({ ...FIELD, resolveLevel: rl, crewStands: crews });
          const run = counterBattery.prepare!(facts);
          const a = new PrngDice(seedRng(seed));
          const b = new PrngDice(seedRng(seed));
          for (let i = 0; i < 5; i++) expect(run(a)).toEqual(resolveCounterBattery(facts, b, new Trace()));
        },
      ),
    );
  });

  it('property: never more guns out than casualties, crew stands firing allow, or the target has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer(),
        (resolveLevel, crewStands, targetCrewStands, seed) => {
          const facts = counterBattery.facts.parse({ ...FIELD, resolveLevel, crewStands, targetCrewStands });
          const r = resolveCounterBattery(facts, new PrngDice(seedRng(seed)));
          expect(r.gunsKnockedOut).toBeLessThanOrEqual(r.damageRolls);
          expect(r.damageRolls).toBeLessThanOrEqual(crewStands);
          expect(r.gunsKnockedOut).toBeLessThanOrEqual(targetCrewStands);
        },
      ),
    );
  });
});

describe('post-battle gun damage', () => {
  it('the example: 2, 5, 6 are a crew casualty, a damaged gun and a destroyed gun', () => {
    const ex = postBattleGunDamage.examples[0]!;
    const r = resolveProcedure(postBattleGunDamage, postBattleGunDamage.facts.parse(ex.facts), {
      dice: ex.dice,
    });
    expect(r.result).toEqual({ crewCasualties: 1, gunsDamaged: 1, gunsDestroyed: 1 });
  });

  it.each([
    [1, { crewCasualties: 1, gunsDamaged: 0, gunsDestroyed: 0 }],
    [4, { crewCasualties: 1, gunsDamaged: 0, gunsDestroyed: 0 }],
    [5, { crewCasualties: 0, gunsDamaged: 1, gunsDestroyed: 0 }],
    [6, { crewCasualties: 0, gunsDamaged: 0, gunsDestroyed: 1 }],
  ])('one stand, d6 %i', (face, result) => {
    expect(resolvePostBattleGunDamage({ crewStandsLost: 1 }, new SuppliedDice([face]))).toEqual(result);
  });

  it('throws nothing for no stands lost', () => {
    expect(resolvePostBattleGunDamage({ crewStandsLost: 0 }, new SuppliedDice([]))).toEqual({
      crewCasualties: 0,
      gunsDamaged: 0,
      gunsDestroyed: 0,
    });
  });

  it('exact odds: for 3 stands, P(no gun destroyed) = (5/6)^3, and each view sums to 1', () => {
    const odds = oddsOf(postBattleGunDamage, { crewStandsLost: 3 });
    for (const v of odds) expect(v.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(odds[0]!.outcomes.find((o) => o.outcome === 0)!.probability).toBeCloseTo((5 / 6) ** 3, 12);
    expect(odds[2]!.outcomes.find((o) => o.outcome === 3)!.probability).toBeCloseTo((4 / 6) ** 3, 12);
  });

  it('rejects more stands than it can roll for exactly, and wrong dice', () => {
    expect(postBattleGunDamage.facts.safeParse({ crewStandsLost: 21 }).success).toBe(false);
    expect(() => resolveProcedure(postBattleGunDamage, { crewStandsLost: 2 }, { dice: [1] })).toThrow(
      /not enough dice/,
    );
    expect(() => resolveProcedure(postBattleGunDamage, { crewStandsLost: 2 }, { dice: [1, 0] })).toThrow(
      /die out of range/,
    );
  });
});
