import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { LEADERSHIP_SCALE, REPLACEMENT_GENERALSHIP, REPLACEMENT_LEADERSHIP } from '../tables/officers.ts';
import { LEADERSHIPS, OFFICER_RANKS } from '../vocabulary.ts';
import {
  type ReplacementOfficerFacts,
  replacementOfficer,
  replacementOfficerFactsSchema,
  resolveReplacementOfficer,
} from './replacement-officer.ts';

const run = (facts: ReplacementOfficerFacts, faces: number[]) =>
  resolveReplacementOfficer(
    replacementOfficerFactsSchema.parse(facts) as ReplacementOfficerFacts,
    new SuppliedDice(faces),
  );

// Authority: Muster's placeholders (rules-facts gap 10), by d6.
const GENERALSHIP = ['Witless', 'Lackluster', 'Competent', 'Competent', 'Reliable', 'Genius'];
const LEADERSHIP = ['Poltroon', 'Dithering', 'Cautious', 'Confident', 'Inspiring', 'Heroic'];

describe('replacement officer: every d6 of both rolls', () => {
  const pairs = [1, 2, 3, 4, 5, 6].flatMap((g) => [1, 2, 3, 4, 5, 6].map((l) => [g, l] as const));
  it.each(pairs)('Generalship d6 %i, Leadership d6 %i', (g, l) => {
    const r = run({ rank: 'brigadier' }, [g, l]);
    expect(r).toMatchObject({
      generalshipRoll: g,
      leadershipRoll: l,
      generalship: GENERALSHIP[g - 1],
      leadership: LEADERSHIP[l - 1],
    });
  });
  it('the default tables are the placeholders, and Leadership follows the 1-6 scale', () => {
    expect([...REPLACEMENT_GENERALSHIP.byD6]).toEqual(GENERALSHIP);
    expect([...REPLACEMENT_LEADERSHIP.byD6]).toEqual(LEADERSHIP);
    for (const l of LEADERSHIPS) expect(REPLACEMENT_LEADERSHIP.byD6[LEADERSHIP_SCALE[l] - 1]).toBe(l);
  });
});

describe('replacement officer: placement', () => {
  it.each(OFFICER_RANKS)('%s', (rank) => {
    expect(run({ rank }, [1, 1]).placement).toEqual(
      rank === 'commander-in-chief'
        ? { kind: 'behind-middle-unit-of-army', minInchesBehind: 6, joins: 'when-his-movement-card-is-drawn' }
        : { kind: 'next-to-superior', joins: 'when-his-movement-card-is-drawn' },
    );
  });
});

describe('replacement officer: tables from the facts', () => {
  it('an army list can fix the tables', () => {
    const facts: ReplacementOfficerFacts = {
      rank: 'divisional',
      generalshipByD6: ['Lackluster', 'Lackluster', 'Lackluster', 'Competent', 'Competent', 'Reliable'],
      leadershipByD6: ['Dithering', 'Cautious', 'Cautious', 'Cautious', 'Confident', 'Heroic'],
    };
    expect(run(facts, [1, 1])).toMatchObject({ generalship: 'Lackluster', leadership: 'Dithering' });
    expect(run(facts, [6, 5])).toMatchObject({ generalship: 'Reliable', leadership: 'Confident' });
    const odds = oddsOf(replacementOfficer, facts);
    expect(odds[0]!.outcomes.find((o) => o.outcome === 'Lackluster')?.probability).toBeCloseTo(0.5, 12);
  });
  it('rejects tables of the wrong length or with unknown ratings', () => {
    const bad = (f: object) => replacementOfficerFactsSchema.safeParse({ rank: 'brigadier', ...f }).success;
    expect(bad({ generalshipByD6: ['Genius', 'Genius'] })).toBe(false);
    expect(bad({ leadershipByD6: ['Brave', 'Brave', 'Brave', 'Brave', 'Brave', 'Brave'] })).toBe(false);
  });
});

describe('replacement officer: odds and dice', () => {
  it('default odds: Competent 2 in 6, each Leadership 1 in 6', () => {
    const [generalship, leadership] = oddsOf(replacementOfficer, { rank: 'brigadier' });
    expect(generalship!.outcomes.find((o) => o.outcome === 'Competent')?.probability).toBeCloseTo(1 / 3, 12);
    expect(leadership!.outcomes).toHaveLength(6);
    for (const o of leadership!.outcomes) expect(o.probability).toBeCloseTo(1 / 6, 12);
  });
  it('the exact odds agree with 100,000 seeded officers', () => {
    const exact = new Map(
      oddsOf(replacementOfficer, { rank: 'wing' })[0]!.outcomes.map((o) => [o.outcome, o.probability]),
    );
    const counts = new Map<string | number, number>();
    const dice = new PrngDice(seedRng(1799));
    for (let i = 0; i < 100_000; i++) {
      const k = resolveReplacementOfficer({ rank: 'wing' }, dice).generalship;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const [k, p] of exact) expect(Math.abs(counts.get(k)! / 100_000 - p)).toBeLessThan(0.005);
  });
  it('the same seed gives the same officer', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(resolveReplacementOfficer({ rank: 'brigadier' }, new PrngDice(seedRng(seed)))).toEqual(
          resolveReplacementOfficer({ rank: 'brigadier' }, new PrngDice(seedRng(seed))),
        );
      }),
    );
  });
  it('rejects typed-in dice out of range, too few or too many', () => {
    const facts = { rank: 'brigadier' as const };
    expect(() => resolveProcedure(replacementOfficer, facts, { dice: [7, 1] })).toThrow(
      /d6 showing 1-6, but got 7/,
    );
    expect(() => resolveProcedure(replacementOfficer, facts, { dice: [3] })).toThrow(
      /not enough dice.*leadership/,
    );
    expect(() => resolveProcedure(replacementOfficer, facts, { dice: [3, 3, 3] })).toThrow(/too many dice/);
    const byKey = resolveProcedure(replacementOfficer, facts, {
      dice: { generalship: [2], leadership: [6] },
    });
    expect(byKey.rolls.map((r) => [r.key, r.faces])).toEqual([
      ['generalship', [2]],
      ['leadership', [6]],
    ]);
  });
  it('the examples resolve as their titles say', () => {
    const [brigadier, cinc] = replacementOfficer.examples.map(
      (e) =>
        resolveProcedure(
          replacementOfficer,
          replacementOfficerFactsSchema.parse(e.facts) as ReplacementOfficerFacts,
          {
            dice: e.dice,
          },
        ).result,
    );
    expect(brigadier).toMatchObject({
      generalship: 'Competent',
      leadership: 'Inspiring',
      placement: { kind: 'next-to-superior' },
    });
    expect(cinc).toMatchObject({
      generalship: 'Genius',
      leadership: 'Poltroon',
      placement: { minInchesBehind: 6 },
    });
  });
});
