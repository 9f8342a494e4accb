import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawCard, newDeck, shuffleDeck } from '../../../core/random/deck.ts';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { Prng, seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import {
  COMMAND_RADIUS,
  DEFAULT_ORDERS_DECK,
  decodeOrdersCard,
  EVENT_RANK_ROLL,
  ORDERS_CARD_ROLL,
  ORDERS_PER_GENERAL,
  ordersDeckCardIds,
  ordersDeckRoll,
  ordersForCard,
  parseOrdersCardId,
} from '../tables/orders-deck.ts';
import { GENERALSHIPS, type Generalship } from '../vocabulary.ts';
import { type OrdersDrawFacts, ordersDraw, ordersDrawFactsSchema, resolveOrdersDraw } from './orders-draw.ts';

/** Faces for a 2d6 throw of `sum` that are not doubles (sum 2 and 12 can only be doubles). */
function notDoubles(sum: number): [number, number] {
  if (sum === 2 || sum === 12) throw new Error(`no non-double for ${sum}`);
  const a = Math.max(1, sum - 6);
  return a === sum - a ? [a - 1, sum - a + 1] : [a, sum - a];
}
const draw = (facts: Partial<OrdersDrawFacts>, dice: number[] | Record<string, number[]>) => {
  const d = new SuppliedDice(dice);
  const r = resolveOrdersDraw({ generalship: 'Competent', turn: 2, ...facts }, d);
  d.assertAllUsed();
  return r;
};

describe('orders table ("Cmdr"), every cell, as the digits run together in Part 4', () => {
  // Each row of the text is 11 digits for cards 2..12 ("Genius23344 455678").
  const printed: Record<Generalship, string> = {
    Witless: '00011111222',
    Lackluster: '11112222333',
    Competent: '11122233344',
    Reliable: '22333344455',
    Genius: '23344455678',
  };
  const cells = GENERALSHIPS.flatMap((g) =>
    Array.from({ length: 11 }, (_, i) => [g, i + 2, Number(printed[g][i])] as const),
  );
  it.each(cells)('%s, card %i: %i orders', (generalship, card, orders) => {
    expect(ordersForCard(generalship, card)).toBe(orders);
    const [a, b] = card === 2 ? [1, 1] : card === 12 ? [6, 6] : notDoubles(card);
    const r = draw({ generalship }, card === 2 || card === 12 ? [a, b, 1] : [a, b]);
    expect(r.card).toBe(card);
    expect(r.orders).toBe(orders);
  });

  it('rows never fall as the card rises, and a better General never gets fewer orders', () => {
    for (const g of GENERALSHIPS) {
      const row = ORDERS_PER_GENERAL.rows[g];
      expect(row).toHaveLength(11);
      for (let i = 1; i < 11; i++) expect(row[i]!).toBeGreaterThanOrEqual(row[i - 1]!);
    }
    for (let gi = 1; gi < GENERALSHIPS.length; gi++)
      for (let c = 2; c <= 12; c++)
        expect(ordersForCard(GENERALSHIPS[gi]!, c)).toBeGreaterThanOrEqual(
          ordersForCard(GENERALSHIPS[gi - 1]!, c),
        );
  });
});

describe("orders deck: Muster's default composition", () => {
  it('36 cards spread as 2d6, the six doubles carrying an Event', () => {
    const ids = ordersDeckCardIds();
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
    const cards = ids.map((id) => parseOrdersCardId(id)!);
    const count = (v: number) => cards.filter((c) => c.value === v).length;
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(count)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(cards.filter((c) => c.event).map((c) => c.value)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('the 2d6 draw packs the sum and the doubles; every pair of faces decodes back', () => {
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        expect(decodeOrdersCard(ORDERS_CARD_ROLL.combine([a, b]))).toEqual({ value: a + b, event: a === b });
    const fromDeck = ordersDeckRoll(DEFAULT_ORDERS_DECK).outcomes();
    expect(fromDeck).toEqual(ORDERS_CARD_ROLL.outcomes());
  });

  it('card ids that are not Orders cards parse to undefined', () => {
    expect(parseOrdersCardId('orders-13-1')).toBeUndefined();
    expect(parseOrdersCardId('unit-7')).toBeUndefined();
    expect(parseOrdersCardId('orders-7-event-2')).toEqual({ value: 7, event: true });
  });

  it('a card drawn from a shuffled deck gives the same orders when typed in', () => {
    const deck = shuffleDeck(newDeck(ordersDeckCardIds()), new Prng(seedRng(5)));
    const { card } = drawCard(deck);
    const c = parseOrdersCardId(card!)!;
    const r = draw({ generalship: 'Reliable', card: { value: c.value, event: c.event } }, c.event ? [2] : []);
    expect(r.orders).toBe(ordersForCard('Reliable', c.value));
  });

  it('the Event rank is a d4 over the four ranks, lowest first', () => {
    const ranks = [1, 2, 3, 4].map((d) => draw({}, [3, 3, d]).eventRank);
    expect(ranks).toEqual(['brigadier', 'divisional', 'wing', 'commander-in-chief']);
    expect(EVENT_RANK_ROLL.outcomes()).toHaveLength(4);
  });
});

describe('orders draw: the procedure', () => {
  it('example: a Competent Brigadier drawing 3 and 5 gets 3 orders', () => {
    const ex = ordersDraw.examples[0]!;
    const r = resolveProcedure(ordersDraw, ordersDraw.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({ drawn: true, card: 8, event: false, orders: 3, commandRadius: 12 });
    expect(r.rolls.map((x) => x.key)).toEqual(['ordersCard']);
  });

  it('example: a Genius C-in-C on double 6 draws an Event, rank by d4, 8 - 1 = 7 orders, radius 24"', () => {
    const ex = ordersDraw.examples[1]!;
    const r = resolveProcedure(ordersDraw, ordersDraw.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({
      card: 12,
      event: true,
      eventRank: 'divisional',
      cardOrders: 8,
      orders: 7,
      commandRadius: 24,
    });
  });

  it('example: half of a Lackluster 10 (3 orders) is 1, rounded down; 2 rounded up', () => {
    const ex = ordersDraw.examples[2]!;
    const r = resolveProcedure(ordersDraw, ordersDraw.facts.parse(ex.facts), {});
    expect(r.result.orders).toBe(1);
    expect(r.rolls).toHaveLength(0);
    expect(
      draw({ generalship: 'Lackluster', card: { value: 10 }, halfOrders: true, halfRounding: 'up' }, [])
        .orders,
    ).toBe(2);
  });

  it('turn 1: no card, no dice, every unit has orders', () => {
    const r = draw({ turn: 1 }, []);
    expect(r).toMatchObject({ drawn: false, orders: undefined, allUnitsHaveOrders: true });
  });

  it('a given card throws no dice unless its Event names no rank', () => {
    expect(draw({ card: { value: 9 } }, []).orders).toBe(3);
    expect(draw({ card: { value: 9, event: true, eventRank: 'wing' } }, []).eventRank).toBe('wing');
    expect(draw({ card: { value: 9, event: true } }, { eventRank: [1] }).eventRank).toBe('brigadier');
  });

  it.each([
    ['lose-one-order', 1, -1],
    ['lose-one-order', 2, -2],
    ['extra-order', 1, 1],
    ['staff-casualties', 3, -3],
    ['messenger-lost', 1, -1],
  ] as const)('%s (x%i) changes the orders by %i', (id, count, delta) => {
    // Reliable on a 10: 4 orders.
    expect(
      draw({ generalship: 'Reliable', card: { value: 10 }, modifiers: [{ id, count }] }, []).orders,
    ).toBe(4 + delta);
  });

  it('additions and losses never take the orders below 0', () => {
    expect(
      draw(
        { generalship: 'Witless', card: { value: 5 }, modifiers: [{ id: 'lose-one-order', count: 3 }] },
        [],
      ).orders,
    ).toBe(0);
  });

  it('the overrides come after the additions: half, then only one, then none', () => {
    // Genius on 12: 8; +1 = 9; half = 4.
    const base = { generalship: 'Genius' as const, card: { value: 12 } };
    expect(draw({ ...base, modifiers: [{ id: 'extra-order' }], halfOrders: true }, []).orders).toBe(4);
    expect(draw({ ...base, halfOrders: true, onlyOneOrder: true }, []).orders).toBe(1);
    expect(draw({ ...base, onlyOneOrder: true, noOrders: true }, []).orders).toBe(0);
    // Only one is a cap: a Witless General with no orders does not gain one.
    expect(draw({ generalship: 'Witless', card: { value: 3 }, onlyOneOrder: true }, []).orders).toBe(0);
  });

  it('the trace names the table and each change', () => {
    const trace = new Trace();
    resolveOrdersDraw(
      {
        generalship: 'Reliable',
        turn: 2,
        card: { value: 10 },
        modifiers: [{ id: 'lose-one-order' }],
        halfOrders: true,
      },
      new SuppliedDice([]),
      trace,
    );
    expect(trace.steps.map((s) => s.total).filter((t) => t !== undefined)).toEqual([15, 4, 3, 1]);
  });
});

describe('orders draw: Command Radius (placeholders)', () => {
  it.each([
    ['Witless', 6],
    ['Lackluster', 9],
    ['Competent', 12],
    ['Reliable', 15],
    ['Genius', 18],
  ] as const)('%s: %i"', (generalship, radius) => {
    expect(COMMAND_RADIUS.byGeneralship[generalship]).toBe(radius);
    expect(draw({ generalship, turn: 1 }, []).commandRadius).toBe(radius);
    expect(draw({ generalship, turn: 1, rank: 'commander-in-chief' }, []).commandRadius).toBe(radius + 6);
  });

  it('couriers lost cut 3" each (never below 0), then a halving this turn; a given radius replaces the placeholder', () => {
    expect(draw({ turn: 1, couriersLost: 2 }, []).commandRadius).toBe(6);
    expect(draw({ turn: 1, couriersLost: 9 }, []).commandRadius).toBe(0);
    expect(draw({ turn: 1, couriersLost: 1, commandRadiusHalved: true }, []).commandRadius).toBe(4.5);
    expect(draw({ turn: 1, commandRadius: 20, rank: 'commander-in-chief' }, []).commandRadius).toBe(26);
  });
});

describe('orders draw: a custom deck', () => {
  const deck = {
    cards: [
      { value: 4, count: 3, events: 1 },
      { value: 11, count: 1, events: 0 },
    ],
  };
  it('draws by card position; positions follow ordersDeckCardIds', () => {
    expect(ordersDeckCardIds(deck)).toEqual(['orders-4-1', 'orders-4-2', 'orders-4-event-1', 'orders-11-1']);
    expect(draw({ deck }, [4]).card).toBe(11);
    expect(draw({ deck }, [3, 2])).toMatchObject({ card: 4, event: true, eventRank: 'divisional' });
  });
  it('exact odds follow the composition', () => {
    const [orders, event] = oddsOf(
      ordersDraw,
      ordersDraw.facts.parse({ generalship: 'Competent', turn: 2, deck }),
    );
    expect(orders!.outcomes).toEqual([
      { outcome: 1, probability: 0.75 },
      { outcome: 4, probability: 0.25 },
    ]);
    expect(event!.outcomes.find((o) => o.outcome === 'event')!.probability).toBeCloseTo(0.25, 12);
  });
});

describe('orders draw: validation and typed-in dice', () => {
  const bad = (facts: unknown) => ordersDrawFactsSchema.safeParse(facts);
  it('rejects a card outside 2-12, a card on turn 1, a card and a deck, an unknown Generalship', () => {
    expect(bad({ generalship: 'Competent', turn: 2, card: { value: 13 } }).success).toBe(false);
    expect(bad({ generalship: 'Competent', turn: 1, card: { value: 7 } }).error?.issues[0]?.message).toMatch(
      /turn 1/,
    );
    expect(
      bad({ generalship: 'Competent', turn: 2, card: { value: 7 }, deck: DEFAULT_ORDERS_DECK }).success,
    ).toBe(false);
    expect(bad({ generalship: 'Brilliant', turn: 2 }).success).toBe(false);
    expect(bad({ generalship: 'Competent', turn: 2, extra: 1 }).success).toBe(false);
    expect(
      bad({ generalship: 'Competent', turn: 2, deck: { cards: [{ value: 5, count: 1, events: 2 }] } }).error
        ?.issues[0]?.message,
    ).toMatch(/2 Event cards among 1/);
  });

  it('rejects a count on a modifier that applies once', () => {
    const r = bad({ generalship: 'Competent', turn: 2, modifiers: [{ id: 'messenger-lost', count: 2 }] });
    expect(r.error?.issues[0]?.message).toMatch(/applies once/);
  });

  it('typed-in dice of the wrong range or count are rejected with a clear message', () => {
    expect(() => draw({}, [7, 1])).toThrow(DiceInputError);
    expect(() => draw({}, [7, 1])).toThrow(/needs a d6 showing 1-6, but got 7/);
    expect(() => draw({}, [3])).toThrow(/not enough dice/);
    expect(() => draw({}, [3, 4, 5])).toThrow(/too many dice/);
    expect(() => draw({}, [2, 2, 5])).toThrow(/needs a d4 showing 1-4, but got 5/);
  });
});

describe('orders draw: exact odds and properties', () => {
  const facts = (g: Generalship): OrdersDrawFacts => ({ generalship: g, turn: 2 });

  it.each(GENERALSHIPS)('%s: the odds of each number of orders follow the 2d6 spread of the cards', (g) => {
    const [orders, event] = oddsOf(ordersDraw, facts(g));
    const expected = new Map<number, number>();
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const n = ordersForCard(g, a + b);
        expected.set(n, (expected.get(n) ?? 0) + 1 / 36);
      }
    expect(orders!.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    for (const o of orders!.outcomes)
      expect(o.probability).toBeCloseTo(expected.get(o.outcome as number)!, 12);
    expect(event!.outcomes.find((o) => o.outcome === 'event')!.probability).toBeCloseTo(1 / 6, 12);
  });

  it('exact odds agree with 100,000 seeded draws', () => {
    const f = facts('Genius');
    const [orders, , rank] = oddsOf(ordersDraw, f);
    const dice = new PrngDice(seedRng(11));
    const n = 100_000;
    const counts = new Map<number, number>();
    const ranks = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = resolveOrdersDraw(f, dice);
      counts.set(r.orders!, (counts.get(r.orders!) ?? 0) + 1);
      const k = r.eventRank ?? 'no event';
      ranks.set(k, (ranks.get(k) ?? 0) + 1);
    }
    for (const o of orders!.outcomes)
      expect(Math.abs((counts.get(o.outcome as number) ?? 0) / n - o.probability)).toBeLessThan(0.006);
    for (const o of rank!.outcomes)
      expect(Math.abs((ranks.get(o.outcome as string) ?? 0) / n - o.probability)).toBeLessThan(0.006);
  });

  it('a better Generalship never gives fewer orders on the same dice; an extra order never gives fewer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: GENERALSHIPS.length - 2 }),
        fc.boolean(),
        (a, b, gi, half) => {
          const faces = { ordersCard: [a, b], eventRank: [1] };
          const lo = resolveOrdersDraw(
            { generalship: GENERALSHIPS[gi]!, turn: 3, halfOrders: half },
            new SuppliedDice(faces),
          );
          const hi = resolveOrdersDraw(
            { generalship: GENERALSHIPS[gi + 1]!, turn: 3, halfOrders: half },
            new SuppliedDice(faces),
          );
          const plus = resolveOrdersDraw(
            { generalship: GENERALSHIPS[gi]!, turn: 3, halfOrders: half, modifiers: [{ id: 'extra-order' }] },
            new SuppliedDice(faces),
          );
          expect(hi.orders!).toBeGreaterThanOrEqual(lo.orders!);
          expect(plus.orders!).toBeGreaterThanOrEqual(lo.orders!);
          expect(lo.orders!).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('the same seed gives the same draw', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...GENERALSHIPS), (seed, g) => {
        const a = resolveOrdersDraw(facts(g), new PrngDice(seedRng(seed)));
        expect(resolveOrdersDraw(facts(g), new PrngDice(seedRng(seed)))).toEqual(a);
      }),
    );
  });
});
