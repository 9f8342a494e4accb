import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oddsOf } from '../../../core/rules/run.ts';
import { type ReactionFacts, reactionTest } from '../../../rulesets/john-company/procedures/reaction-test.ts';
import {
  NEGATIVE_REACTION_MODIFIERS,
  POSITIVE_REACTION_MODIFIERS,
} from '../../../rulesets/john-company/tables/reaction-modifiers.ts';
import {
  FORMATIONS,
  LEADERSHIPS,
  ORDER_TYPES,
  RESOLVE_STATUSES,
} from '../../../rulesets/john-company/vocabulary.ts';
import { reactionOddsKey } from './odds.ts';

describe('the computer opponent: the odds it weighs', () => {
  const positiveIds = POSITIVE_REACTION_MODIFIERS.modifiers
    .map((m) => m.id)
    .filter((id) => !id.startsWith('last-status-'));
  const negativeIds = NEGATIVE_REACTION_MODIFIERS.modifiers
    .map((m) => m.id)
    .filter((id) => !id.startsWith('last-status-'));
  const modifiers = <Id extends string>(ids: readonly Id[]) =>
    fc
      .subarray([...ids], { maxLength: 5 })
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map((id) => fc.record({ id: fc.constant(id), count: fc.integer({ min: 0, max: 4 }) })),
        ),
      );
  // Few values of each field, so that many facts share a key: the memo's point, and the test's.
  const arbFacts: fc.Arbitrary<ReactionFacts> = fc.record({
    resolveLevel: fc.integer({ min: 12, max: 18 }),
    origin: fc.constantFrom('european' as const, 'indian' as const),
    formation: fc.constantFrom(...FORMATIONS.slice(0, 3)),
    orders: fc.constantFrom(...ORDER_TYPES.slice(0, 2), 'without-orders' as const),
    lastStatus: fc.option(fc.constantFrom(...RESOLVE_STATUSES), { nil: undefined }),
    occasion: fc.constantFrom('activation' as const, 'voluntary' as const),
    positive: modifiers(positiveIds),
    negative: modifiers(negativeIds),
    generalInContact: fc.option(fc.constantFrom(...LEADERSHIPS), { nil: undefined }),
  });

  it('Reaction Test facts with the same odds key have the same odds, bit for bit', () => {
    const byKey = new Map<string, { facts: ReactionFacts; odds: ReturnType<typeof oddsOf> }>();
    let shared = 0;
    fc.assert(
      fc.property(arbFacts, (facts) => {
        const odds = oddsOf(reactionTest, facts);
        const key = reactionOddsKey(facts);
        const first = byKey.get(key);
        if (first === undefined) byKey.set(key, { facts, odds });
        else {
          expect(odds).toStrictEqual(first.odds);
          if (JSON.stringify(first.facts) !== JSON.stringify(facts)) shared++;
        }
      }),
      { numRuns: 3000 },
    );
    // The test means something only when different facts shared keys, and keys told odds apart.
    expect(shared).toBeGreaterThan(100);
    expect(new Set([...byKey.values()].map((k) => JSON.stringify(k.odds))).size).toBeGreaterThan(50);
  });
});
