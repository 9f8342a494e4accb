import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../../core/odds/enumerate.ts';
import { PrngDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { oddsOf } from '../../../../core/rules/run.ts';
import { ARMS, LEADERSHIPS } from '../../vocabulary.ts';
import { resolveUnitEvent } from './event-roll.ts';
import type { UnitEventFacts } from './facts.ts';
import { CAVALRY, INFANTRY, parse } from './fixtures.ts';
import { unitEvent } from './index.ts';

/** Unit events: the procedure's exact odds, worked out by hand, as properties and against seeded throws. */

describe('unit event: exact odds', () => {
  const entryOdds = (facts: UnitEventFacts) =>
    new Map(oddsOf(unitEvent, parse(facts))[0]!.outcomes.map((o) => [o.outcome, o.probability]));

  it('with nothing to roll again, each entry has its width in 100', () => {
    const odds = entryOdds(INFANTRY);
    expect(odds.get('05-14 Unit commander hit (dead, wounded or scratched)')).toBeCloseTo(0.1, 12);
    expect(odds.get('96-99 Meets 4d6 hidden fanatics halfway through its move')).toBeCloseTo(0.04, 12);
    expect(odds.size).toBe(25);
  });

  it('rolling again without limit: entries that apply share the chance in proportion to their width', () => {
    const british = entryOdds({ ...CAVALRY, army: 'british' });
    expect(
      british.get('66-75 Commander charges the nearest enemy, whatever the range or ground'),
    ).toBeCloseTo(10 / 85, 12);
    expect([...british.keys()].some((k) => String(k).startsWith('20-34'))).toBe(false);
    const battery = entryOdds({ arm: 'artillery', army: 'british' }); // stationary, not under artillery fire
    expect(battery.get('32-45 Own smoke: next shot at half Final Fire Factor')).toBeCloseTo(14 / 74, 12);
    expect(battery.size).toBe(14);
  });

  it('the unit commander killed: 2/6 of 05-14 plus 2/10 of the 4/6 who ride out at 50-54', () => {
    let p = 0;
    forEachOutcome(
      (d) => resolveUnitEvent(INFANTRY, d),
      (r, prob) => {
        if (r.effects.some((e) => e.kind === 'unit-commander-casualty' && e.severity === 'killed')) p += prob;
      },
    );
    expect(p).toBeCloseTo(0.1 * (2 / 6) + 0.05 * (4 / 6) * (2 / 10), 12);
  });

  const arbFacts = fc.record({
    arm: fc.constantFrom(...ARMS),
    army: fc.constantFrom('british' as const, 'native' as const, 'other' as const),
    irregular: fc.boolean(),
    raining: fc.boolean(),
    inConfrontation: fc.boolean(),
    generalsWithin2in: fc.integer({ min: 0, max: 4 }),
    generalInRangeToFront: fc.boolean(),
    unitCommanderLeadership: fc.constantFrom(...LEADERSHIPS),
    unitCommanderWounded: fc.boolean(),
    all: fc.boolean(),
    defendOrders: fc.boolean(),
    batteryMove: fc.constantFrom('none' as const, 'prolonge' as const, 'limbered' as const),
    underArtilleryFire: fc.boolean(),
    guns: fc.integer({ min: 1, max: 8 }),
  });
  const toFacts = (a: typeof arbFacts extends fc.Arbitrary<infer T> ? T : never): UnitEventFacts => {
    const { all, defendOrders, batteryMove, underArtilleryFire, guns, ...rest } = a;
    const colours = a.arm === 'artillery' ? {} : { coloursLost: all ? ('all' as const) : ('none' as const) };
    return a.arm === 'artillery'
      ? { ...rest, ...colours, defendOrders, batteryMove, underArtilleryFire, guns }
      : { ...rest, ...colours };
  };

  it('every odds view sums to 1, for any facts', () => {
    fc.assert(
      fc.property(arbFacts, (a) => {
        for (const view of oddsOf(unitEvent, parse(toFacts(a)))) {
          expect(view.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    [
      'a battery that rolls again on a quarter of the table',
      { arm: 'artillery', army: 'british' } as UnitEventFacts,
    ],
    ['native infantry in the rain', { arm: 'infantry', army: 'native', raining: true } as UnitEventFacts],
  ])('the exact odds agree with 100,000 seeded events: %s', (_name, facts) => {
    for (const view of [0, 2]) {
      const exact = new Map(oddsOf(unitEvent, facts)[view]!.outcomes.map((o) => [o.outcome, o.probability]));
      const counts = new Map<string | number, number>();
      const dice = new PrngDice(seedRng(1857));
      const n = 100_000;
      for (let i = 0; i < n; i++) {
        const k = unitEvent.odds[view]!.project(resolveUnitEvent(facts, dice));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      expect([...counts.keys()].map(String).sort()).toEqual([...exact.keys()].map(String).sort());
      for (const [k, p] of exact) expect(Math.abs(counts.get(k)! / n - p)).toBeLessThan(0.005);
    }
  });

  it('a better Leadership never makes a forced Defend more likely', () => {
    const pDefend = (l: (typeof LEADERSHIPS)[number]) => {
      let p = 0;
      forEachOutcome(
        (d) => resolveUnitEvent({ ...INFANTRY, unitCommanderLeadership: l }, d),
        (r, prob) => {
          if (r.effects.some((e) => e.kind === 'next-order' && e.order === 'defend')) p += prob;
        },
      );
      return p;
    };
    const ps = LEADERSHIPS.map(pDefend);
    for (let i = 1; i < ps.length; i++) expect(ps[i]!).toBeLessThan(ps[i - 1]!);
    expect(ps[0]).toBeCloseTo(0.03 + 0.1 * (1 / 6) * (5 / 6), 12); // 82-84, plus scratched Poltroon on 2-6
    expect(ps[5]).toBeCloseTo(0.03, 12); // a Heroic commander is never scratched into Defend
  });
});
