import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { FLEEING_MOVES, pursuitCatch, pursuitCatchFactsSchema, resolvePursuitCatch } from './pursuit.ts';

describe('pursuit catch: the examples', () => {
  it('cavalry catch a routing battalion of 9: d6 4 removes 4 stands', () => {
    const example = pursuitCatch.examples[0]!;
    const r = resolveProcedure(pursuitCatch, pursuitCatch.facts.parse(example.facts), { dice: example.dice });
    expect(r.result).toEqual({
      next: 'stands-removed',
      roll: 4,
      standsLost: 4,
      standsLeft: 5,
      destroyed: false,
    });
    expect(pursuitCatch.describe(r.result)).toEqual(['1d6 = 4: 4 stands removed, 5 left']);
  });

  it('a unit that Fell Back: a normal Confrontation follows, no dice', () => {
    const example = pursuitCatch.examples[1]!;
    const r = resolveProcedure(pursuitCatch, pursuitCatch.facts.parse(example.facts), { dice: example.dice });
    expect(r.result).toEqual({
      next: 'confrontation',
      roll: null,
      standsLost: 0,
      standsLeft: 10,
      destroyed: false,
    });
    expect(r.rolls).toEqual([]);
    expect(r.trace[0]!.value).toBe('confrontation');
  });
});

describe('pursuit catch: 1d6 stands of a unit Forced Back or Routing', () => {
  const cases = (['forced-back', 'rout'] as const).flatMap((move) =>
    [1, 2, 3, 4, 5, 6].map((die) => [move, die, Math.min(die, 4), die >= 4] as const),
  );
  it.each(cases)('%s, 4 stands, d6 %i: %i removed, destroyed %s', (fleeingMove, die, lost, destroyed) => {
    const dice = new SuppliedDice({ pursuitLosses: [die] });
    const r = resolvePursuitCatch({ fleeingMove, fleeingStands: 4 }, dice);
    dice.assertAllUsed();
    expect(r).toEqual({
      next: 'stands-removed',
      roll: die,
      standsLost: lost,
      standsLeft: 4 - lost,
      destroyed,
    });
  });

  it('exact odds: 4 stands routing are destroyed on 4-6 (1/2); each loss 1-3 is 1/6', () => {
    const odds = oddsOf(pursuitCatch, { fleeingMove: 'rout', fleeingStands: 4 });
    const removed = odds.find((v) => v.name === 'Stands removed')!.outcomes;
    expect(removed).toEqual([
      { outcome: 1, probability: 1 / 6 },
      { outcome: 2, probability: 1 / 6 },
      { outcome: 3, probability: 1 / 6 },
      { outcome: 4, probability: 3 / 6 },
    ]);
    expect(odds.find((v) => v.name === 'Destroyed')!.outcomes).toContainEqual({
      outcome: 'destroyed',
      probability: 0.5,
    });
  });

  it('never removes more than the unit has; same seed same result; traced = untraced', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FLEEING_MOVES),
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (move, stands, seed) => {
          const facts = { fleeingMove: move, fleeingStands: stands };
          const r = resolvePursuitCatch(facts, new PrngDice(seedRng(seed)));
          expect(r.standsLost).toBeLessThanOrEqual(Math.min(stands, 6));
          expect(r.standsLeft).toBe(stands - r.standsLost);
          expect(resolvePursuitCatch(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(r);
        },
      ),
    );
  });

  it('agrees with 100,000 seeded catches', () => {
    const dice = new PrngDice(seedRng(3));
    let destroyed = 0;
    for (let i = 0; i < 100_000; i++)
      if (resolvePursuitCatch({ fleeingMove: 'forced-back', fleeingStands: 5 }, dice).destroyed) destroyed++;
    expect(Math.abs(destroyed / 100_000 - 2 / 6)).toBeLessThan(0.008);
  });
});

describe('pursuit catch: boundary', () => {
  it.each([
    ['an unknown move', { fleeingMove: 'retire', fleeingStands: 4 }, /Invalid option/],
    ['no stands', { fleeingMove: 'rout', fleeingStands: 0 }, /Too small/],
    ['an unknown fact', { fleeingMove: 'rout', fleeingStands: 4, pursuer: 'x' }, /Unrecognized key/],
  ])('rejects %s', (_what, facts, message) => {
    const parsed = pursuitCatchFactsSchema.safeParse(facts);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toMatch(message);
  });

  it('rejects missing, out-of-range or surplus typed-in dice', () => {
    const rout = { fleeingMove: 'rout', fleeingStands: 4 } as const;
    expect(() => resolveProcedure(pursuitCatch, rout, { dice: [] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(pursuitCatch, rout, { dice: [] })).toThrow(
      /not enough dice: .*"pursuitLosses"/,
    );
    expect(() => resolveProcedure(pursuitCatch, rout, { dice: [0] })).toThrow(/die out of range/);
    expect(() =>
      resolveProcedure(pursuitCatch, { fleeingMove: 'fall-back', fleeingStands: 4 }, { dice: [3] }),
    ).toThrow(/too many dice/);
  });
});
