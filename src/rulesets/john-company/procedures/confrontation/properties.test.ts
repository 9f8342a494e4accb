import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../../core/odds/enumerate.ts';
import { PrngDice, type RollRecord } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { enumeratedOddsOf, oddsOf } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { CONFRONTATION_RESULTS } from '../../tables/confrontation.ts';
import { RESOLVE_STATUSES } from '../../vocabulary.ts';
import { type ConfrontationFacts, confrontationFactsSchema } from './facts.ts';
import { probabilityOf, steady } from './fixtures.ts';
import { confrontation } from './index.ts';
import { LOSS_ROUNDINGS } from './loss-rounding.ts';
import { resolveConfrontation } from './resolve.ts';

/**
 * The Confrontation's properties over arbitrary facts: the odds, the losses, the traced and prepared
 * paths, the roll keys it throws under and its odds shortcut.
 */

const USER_MODIFIERS = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
  'mass',
  'regular-light-cavalry',
  'open-order',
] as const;
const POSITIVE = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
] as const;

const arbSide = fc.record({
  resolveLevel: fc.integer({ min: 1, max: 30 }),
  status: fc.constantFrom(...RESOLVE_STATUSES),
  stands: fc.integer({ min: 1, max: 24 }),
  extraStands: fc.integer({ min: 0, max: 15 }),
  modifiers: fc.subarray([...USER_MODIFIERS]),
});
const arbFacts: fc.Arbitrary<ConfrontationFacts> = fc
  .record({
    charger: arbSide,
    target: arbSide,
    gaveFire: fc.boolean(),
    notSquaredUp: fc.boolean(),
    works: fc.boolean(),
    caught: fc.integer({ min: 0, max: 9 }),
    rounding: fc.constantFrom(...LOSS_ROUNDINGS),
    basis: fc.constantFrom('own', 'opponent'),
  })
  .map((a) => {
    const side = (s: typeof a.charger) => ({
      resolveLevel: s.resolveLevel,
      status: s.status,
      stands: s.stands,
      sideStands: s.stands + s.extraStands,
      modifiers: s.modifiers,
    });
    const caught = a.caught === 0;
    const canFire = !caught && a.target.status !== 'Wavering' && a.target.status !== 'Panicked';
    return confrontationFactsSchema.parse({
      charger: { ...side(a.charger), cavalryDidNotSquareUp: a.notSquaredUp },
      target: { ...side(a.target), defendingWorksOrSquare: a.works },
      targetGaveFire: canFire && a.gaveFire,
      targetCaughtEvading: caught,
      lossRounding: a.rounding,
      lossBasis: a.basis,
    }) as ConfrontationFacts;
  });

describe('confrontation: properties', () => {
  it('exact odds sum to 1 in every view', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        for (const view of oddsOf(confrontation, facts)) {
          const total = view.outcomes.reduce((p, o) => p + o.probability, 0);
          expect(total).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('adding a positive tactical modifier to one side never lowers its chance of winning', () => {
    fc.assert(
      fc.property(arbFacts, fc.constantFrom(...POSITIVE), fc.boolean(), (facts, id, toCharger) => {
        const side = toCharger ? 'charger' : 'target';
        const unit = facts[side];
        if (facts.targetCaughtEvading || unit.modifiers?.some((m) => m.id === id)) return;
        const better: ConfrontationFacts = {
          ...facts,
          [side]: { ...unit, modifiers: [...(unit.modifiers ?? []), { id }] },
        };
        const before = probabilityOf(facts, 'Winner', side);
        const after = probabilityOf(better, 'Winner', side);
        expect(after).toBeGreaterThanOrEqual(before - 1e-12);
      }),
      { numRuns: 60 },
    );
  });

  it('more stands on a side never lower its chance of winning', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer({ min: 1, max: 20 }), (facts, more) => {
        if (facts.targetCaughtEvading) return;
        const c = facts.charger;
        const better: ConfrontationFacts = {
          ...facts,
          charger: { ...c, sideStands: (c.sideStands ?? c.stands) + more },
        };
        expect(probabilityOf(better, 'Winner', 'charger')).toBeGreaterThanOrEqual(
          probabilityOf(facts, 'Winner', 'charger') - 1e-12,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('losses never exceed what the row allows, nor the stands a unit has', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        forEachOutcome(
          (dice) => resolveConfrontation(facts, dice),
          (r) => {
            const row = CONFRONTATION_RESULTS.rows[r.row];
            for (const side of ['charger', 'target'] as const) {
              const o = r[side];
              const own = facts[side].stands;
              const opponent = facts[side === 'charger' ? 'target' : 'charger'].stands;
              const loss =
                r.winner === side ? row.winnerLoss : r.winner === 'none' ? row.winnerLoss : row.loserLoss;
              const basis = facts.lossBasis === 'opponent' ? opponent : own;
              const most = loss.kind === 'none' ? 0 : loss.kind === 'odd-d6' ? 1 : Math.ceil(basis / loss.n);
              expect(o.standsLost).toBeGreaterThanOrEqual(0);
              expect(o.standsLost).toBeLessThanOrEqual(Math.min(most, own));
              expect(o.standsLeft).toBe(own - o.standsLost);
            }
          },
        );
      }),
      { numRuns: 25 },
    );
  });

  it('the traced and untraced paths give the same result; the same seed gives the same result', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer(), (facts, seed) => {
        const plain = resolveConfrontation(facts, new PrngDice(seedRng(seed)));
        const trace = new Trace();
        const traced = resolveConfrontation(facts, new PrngDice(seedRng(seed)), trace);
        expect(traced).toEqual(plain);
        expect(resolveConfrontation(facts, new PrngDice(seedRng(seed)))).toEqual(plain);
        if (!facts.targetCaughtEvading) {
          expect(trace.steps.find((s) => s.roll === 'chargerRandomFactor')!.total).toBe(plain.charger.level);
          expect(trace.steps.find((s) => s.roll === 'targetRandomFactor')!.total).toBe(plain.target.level);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('exact odds agree with 100,000 seeded confrontations', () => {
    const facts: ConfrontationFacts = {
      charger: steady(18, { status: 'Confident', stands: 12, modifiers: [{ id: 'charging' }] }),
      target: steady(17, { stands: 14, modifiers: [{ id: 'infantry-close-order' }] }),
      targetGaveFire: true,
    };
    const exact = oddsOf(confrontation, facts);
    const n = 100_000;
    const dice = new PrngDice(seedRng(2024));
    const counts = exact.map(() => new Map<string | number, number>());
    for (let i = 0; i < n; i++) {
      const r = resolveConfrontation(facts, dice);
      confrontation.odds.forEach((view, v) => {
        const key = view.project(r);
        const k = view.label ? view.label(key) : key;
        counts[v]!.set(k, (counts[v]!.get(k) ?? 0) + 1);
      });
    }
    exact.forEach((view, v) => {
      for (const { outcome, probability } of view.outcomes) {
        const seen = (counts[v]!.get(outcome) ?? 0) / n;
        // 5 standard errors of a proportion from 100,000 trials is at most 0.008.
        expect(Math.abs(seen - probability)).toBeLessThan(0.008);
      }
      expect([...counts[v]!.keys()].every((k) => view.outcomes.some((o) => o.outcome === k))).toBe(true);
    });
  });
});

describe('confrontation: the definition', () => {
  it('documents every roll key it throws', () => {
    const keys = new Set(confrontation.rolls.map((r) => r.key));
    fc.assert(
      fc.property(arbFacts, fc.integer(), (facts, seed) => {
        const record: RollRecord[] = [];
        resolveConfrontation(facts, new PrngDice(seedRng(seed), record));
        for (const r of record) expect(keys.has(r.key)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('confrontation: the odds shortcut (the sub-tree after the Random Factors, once per winner and row)', () => {
  it('gives exactly the enumeration of every path: the same outcomes in the same order, the same sums bit for bit', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        expect(oddsOf(confrontation, facts)).toEqual(enumeratedOddsOf(confrontation, facts));
      }),
      { numRuns: 400 },
    );
  });
});
