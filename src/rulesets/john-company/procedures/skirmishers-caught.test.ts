import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../core/odds/enumerate.ts';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { LOSS_ROUNDINGS } from './confrontation/loss-rounding.ts';
import {
  resolveSkirmishersCaught,
  type SkirmishersCaughtFacts,
  skirmishersCaught,
  skirmishersCaughtFactsSchema,
} from './skirmishers-caught.ts';

const caught = (facts: SkirmishersCaughtFacts, dice: number[] = []) => {
  const supplied = new SuppliedDice(dice);
  const r = resolveSkirmishersCaught(facts, supplied);
  supplied.assertAllUsed();
  return r;
};

describe('skirmishers caught: the examples', () => {
  it('7 attacking stands catch 4 skirmisher stands: 2 lost, rout, charger Disordered', () => {
    const example = skirmishersCaught.examples[0]!;
    const r = resolveProcedure(skirmishersCaught, skirmishersCaught.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result).toEqual({
      standsLost: 2,
      standsLeft: 2,
      skirmisherStatus: 'Panicked',
      skirmisherMove: 'rout',
      skirmishersDisordered: true,
      chargerDisordered: true,
    });
    expect(r.rolls).toEqual([]);
  });

  it('with the remainder as a chance, a d3 of 1 takes one more', () => {
    const example = skirmishersCaught.examples[1]!;
    const r = resolveProcedure(skirmishersCaught, skirmishersCaught.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result.standsLost).toBe(3);
    expect(r.rolls.map((x) => x.key)).toEqual(['skirmisherLoss']);
  });
});

describe('skirmishers caught: 1 stand per 3 attacking stands in contact', () => {
  it.each([
    // attackers, skirmishers, floor, nearest, ceil
    [1, 4, 0, 0, 1],
    [2, 4, 0, 1, 1],
    [3, 4, 1, 1, 1],
    [5, 4, 1, 2, 2],
    [6, 4, 2, 2, 2],
    [7, 4, 2, 2, 3],
    [12, 4, 4, 4, 4],
    [18, 4, 4, 4, 4], // 6, capped at the 4 they have
    [9, 2, 2, 2, 2],
  ])(
    '%i attackers v %i skirmisher stands: floor %i, nearest %i, ceil %i',
    (attackers, stands, floor, nearest, ceil) => {
      const facts = { skirmisherStands: stands, attackingStandsInContact: attackers };
      expect(caught(facts).standsLost).toBe(floor);
      expect(caught({ ...facts, lossRounding: 'nearest' }).standsLost).toBe(nearest);
      expect(caught({ ...facts, lossRounding: 'ceil' }).standsLost).toBe(ceil);
      expect(caught({ ...facts, lossRounding: 'floor' }).standsLeft).toBe(stands - floor);
    },
  );

  it.each([
    [7, 1, 3],
    [7, 2, 2],
    [8, 2, 3],
    [8, 3, 2],
  ])('remainder-chance: %i attackers, d3 %i: %i lost', (attackers, die, lost) => {
    expect(
      caught(
        { skirmisherStands: 10, attackingStandsInContact: attackers, lossRounding: 'remainder-chance' },
        [die],
      ).standsLost,
    ).toBe(lost);
  });

  it('throws no die when the attackers are a multiple of 3', () => {
    expect(
      caught({ skirmisherStands: 10, attackingStandsInContact: 9, lossRounding: 'remainder-chance' })
        .standsLost,
    ).toBe(3);
  });

  it('traces the loss, the rounding, the rout and the Disorder', () => {
    const trace = new Trace();
    resolveSkirmishersCaught(
      { skirmisherStands: 4, attackingStandsInContact: 7 },
      new SuppliedDice([]),
      trace,
    );
    expect(trace.steps.map((s) => s.value)).toEqual([2, 'floor', expect.stringContaining('Rout'), true]);
  });
});

describe('skirmishers caught: odds and properties', () => {
  it('remainder-chance: P(one more) is the remainder in 3', () => {
    const odds = oddsOf(skirmishersCaught, {
      skirmisherStands: 10,
      attackingStandsInContact: 8,
      lossRounding: 'remainder-chance',
    });
    expect([...odds[0]!.outcomes].sort((a, b) => (a.outcome as number) - (b.outcome as number))).toEqual([
      { outcome: 2, probability: 1 / 3 },
      { outcome: 3, probability: 2 / 3 },
    ]);
  });

  it('never loses more than it has; odds sum to 1; traced = untraced; same seed same result', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(...LOSS_ROUNDINGS),
        fc.integer(),
        (skirmisherStands, attackingStandsInContact, lossRounding, seed) => {
          const facts = { skirmisherStands, attackingStandsInContact, lossRounding };
          let total = 0;
          forEachOutcome(
            (dice) => resolveSkirmishersCaught(facts, dice),
            (r, p) => {
              total += p;
              expect(r.standsLost).toBeLessThanOrEqual(
                Math.min(skirmisherStands, Math.ceil(attackingStandsInContact / 3)),
              );
              expect(r.standsLost).toBeGreaterThanOrEqual(
                Math.min(skirmisherStands, Math.floor(attackingStandsInContact / 3)),
              );
            },
          );
          expect(total).toBeCloseTo(1, 12);
          const a = resolveSkirmishersCaught(facts, new PrngDice(seedRng(seed)));
          expect(resolveSkirmishersCaught(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(a);
        },
      ),
    );
  });
});

describe('skirmishers caught: boundary', () => {
  it.each([
    ['no attackers', { skirmisherStands: 4, attackingStandsInContact: 0 }, /Too small/],
    [
      'an unknown rounding',
      { skirmisherStands: 4, attackingStandsInContact: 3, lossRounding: 'up' },
      /Invalid option/,
    ],
    [
      'an unknown fact',
      { skirmisherStands: 4, attackingStandsInContact: 3, charger: 'x' },
      /Unrecognized key/,
    ],
  ])('rejects %s', (_what, facts, message) => {
    const parsed = skirmishersCaughtFactsSchema.safeParse(facts);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toMatch(message);
  });

  it('rejects typed-in dice it does not need, or out of range', () => {
    const facts = { skirmisherStands: 4, attackingStandsInContact: 7 };
    expect(() => resolveProcedure(skirmishersCaught, facts, { dice: [2] })).toThrow(/too many dice/);
    const chance = { ...facts, lossRounding: 'remainder-chance' as const };
    expect(() => resolveProcedure(skirmishersCaught, chance, { dice: [4] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(skirmishersCaught, chance, { dice: [4] })).toThrow(
      /die out of range: .*d3 showing 1-3, but got 4/,
    );
  });
});
