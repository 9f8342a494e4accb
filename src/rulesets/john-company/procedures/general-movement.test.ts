import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { GENERAL_MOVEMENT, GENERAL_MOVEMENT_EVENTS } from '../tables/general-movement.ts';
import {
  type GeneralMovementFacts,
  type GeneralMovementResult,
  generalMovement,
  generalMovementFactsSchema,
  resolveGeneralMovement,
} from './general-movement.ts';

const go = (
  facts: Partial<GeneralMovementFacts>,
  dice: readonly number[] | Readonly<Record<string, readonly number[]>> = [],
): GeneralMovementResult => {
  const d = new SuppliedDice(dice);
  const r = resolveGeneralMovement({ mount: 'mounted', ...facts }, d);
  d.assertAllUsed();
  return r;
};

describe('General Officers: movement allowance', () => {
  it('24" mounted, 12" on foot; attach or detach 5" each', () => {
    expect(GENERAL_MOVEMENT.rate).toEqual({ mounted: 24, foot: 12 });
    expect(go({}).available).toBe(24);
    expect(go({ mount: 'foot' }).available).toBe(12);
    expect(go({ attach: true })).toMatchObject({ used: 5, left: 19 });
    expect(go({ attach: true, detach: true, moveInches: 14 })).toMatchObject({
      used: 24,
      left: 0,
      fits: true,
    });
    expect(go({ attach: true, detach: true, moveInches: 14.5 }).fits).toBe(false);
  });

  it('injured: -10" for the rest of the game', () => {
    expect(go({ injured: true }).available).toBe(14);
    expect(go({ mount: 'foot', injured: true }).available).toBe(2);
  });

  it.each([
    ['returning-from-off-table', 12],
    ['lame-horse', 12],
    ['girth-slips', 6],
    ['knocked-cold', 0],
    ['horse-killed', 0],
    ['horse-falls', 0],
    ['bucked-off', 0],
  ] as const)('%s: %i" of 24"', (event, available) => {
    expect(go({ events: [event] }).available).toBe(available);
  });

  it('reductions apply in order: injured, then halves, then the 6" cap', () => {
    // 24 - 10 = 14; half = 7; cap 6.
    expect(go({ injured: true, events: ['girth-slips', 'lame-horse'] }).available).toBe(6);
    // on foot: 12 - 10 = 2; half = 1; cap leaves 1.
    expect(go({ mount: 'foot', injured: true, events: ['lame-horse', 'girth-slips'] }).available).toBe(1);
    expect(go({ events: ['lame-horse', 'returning-from-off-table'] }).available).toBe(6);
  });

  it('terrain: mounted as cavalry (heavy woods impassable), on foot as regular infantry; no direction costs', () => {
    expect(go({ terrain: [{ terrain: 'light-woods', inches: 2 }] }).used).toBe(6);
    expect(go({ terrain: [{ terrain: 'heavy-woods', inches: 1 }] })).toMatchObject({
      impassable: true,
      fits: false,
    });
    expect(go({ mount: 'foot', terrain: [{ terrain: 'heavy-woods', inches: 1 }] }).used).toBe(4);
    expect(go({ mount: 'foot', terrain: [{ terrain: 'light-woods', inches: 2 }] }).used).toBe(4);
  });

  it('walls: mounted he jumps (5", 9", never high) with no stand-loss roll; on foot as close-order infantry', () => {
    expect(go({ walls: ['low', 'medium'] }).used).toBe(14);
    expect(go({ walls: ['high'] }).impassable).toBe(true);
    expect(go({ mount: 'foot', walls: ['high'] }).used).toBe(8);
  });

  it('water crossings throw their dice', () => {
    expect(go({ water: ['stream', 'river'] }, { stream: [6, 6], river: [1, 2, 3] }).used).toBe(18);
  });

  it('example: an injured mounted Brigadier detaches, rides 4" and crosses a nullah (3)', () => {
    const ex = generalMovement.examples[0]!;
    const r = resolveProcedure(generalMovement, generalMovement.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({ available: 14, used: 12, left: 2, fits: true });
  });

  it('rejects unknown mounts, repeated events, stray fields and bad dice', () => {
    expect(generalMovementFactsSchema.safeParse({ mount: 'camel' }).success).toBe(false);
    expect(
      generalMovementFactsSchema.safeParse({ mount: 'foot', events: ['lame-horse', 'lame-horse'] }).error
        ?.issues[0]?.message,
    ).toMatch(/listed twice/);
    expect(generalMovementFactsSchema.safeParse({ mount: 'foot', aboutFaces: 1 }).success).toBe(false);
    expect(() => go({ water: ['nullah'] }, [9])).toThrow(DiceInputError);
    expect(() => go({ water: ['nullah'] }, [])).toThrow(/not enough dice/);
  });

  it('exact odds sum to 1 and agree with 100,000 seeded rolls', () => {
    const facts: GeneralMovementFacts = { mount: 'mounted', moveInches: 10, water: ['stream', 'nullah'] };
    const [fits] = oddsOf(generalMovement, facts);
    expect(fits!.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    const dice = new PrngDice(seedRng(9));
    const n = 100_000;
    let ok = 0;
    for (let i = 0; i < n; i++) if (resolveGeneralMovement(facts, dice).fits) ok++;
    const p = fits!.outcomes.find((o) => o.outcome === 'fits')!.probability;
    // 10 + 3d6 <= 24: 3d6 <= 14, 196 of 216 ways (15-18 take 10 + 6 + 3 + 1).
    expect(p).toBeCloseTo(196 / 216, 12);
    expect(Math.abs(ok / n - p)).toBeLessThan(0.005);
  });

  it('an event never lengthens his move, and the same seed gives the same result', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mounted' as const, 'foot' as const),
        fc.boolean(),
        fc.subarray([...GENERAL_MOVEMENT_EVENTS]),
        fc.constantFrom(...GENERAL_MOVEMENT_EVENTS),
        fc.integer(),
        (mount, injured, events, extra, seed) => {
          const facts = { mount, injured, events, water: ['nullah' as const] };
          const a = resolveGeneralMovement(facts, new PrngDice(seedRng(seed)));
          expect(resolveGeneralMovement(facts, new PrngDice(seedRng(seed)))).toEqual(a);
          if (!events.includes(extra)) {
            const b = resolveGeneralMovement(
              { ...facts, events: [...events, extra] },
              new PrngDice(seedRng(seed)),
            );
            expect(b.available).toBeLessThanOrEqual(a.available);
          }
          expect(a.available).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
