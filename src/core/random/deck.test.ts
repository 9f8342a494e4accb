import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawCard, newDeck, removeCard, shuffleDeck } from './deck.ts';
import { Prng, seedRng } from './prng.ts';

describe('decks', () => {
  const cards = ['a', 'b', 'c', 'd', 'e'];

  it('shuffle keeps every card once and survives JSON', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const deck = shuffleDeck(newDeck(cards), new Prng(seedRng(seed)));
        expect([...deck.drawPile].sort()).toEqual(cards);
        expect(JSON.parse(JSON.stringify(deck))).toEqual(deck);
      }),
    );
  });

  it('draws from the top to the discards, and reshuffles the discards back in', () => {
    let deck = newDeck(cards);
    const first = drawCard(deck);
    expect(first.card).toBe('a');
    deck = first.deck;
    expect(deck.discards).toEqual(['a']);
    deck = shuffleDeck(deck, new Prng(seedRng(2)));
    expect(deck.drawPile).toHaveLength(5);
    expect(deck.discards).toEqual([]);
  });

  it('an empty deck draws nothing', () => {
    const empty = newDeck([]);
    expect(drawCard(empty)).toEqual({ card: undefined, deck: empty });
  });

  it('every order of three cards is about equally likely', () => {
    const prng = new Prng(seedRng(9));
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const k = shuffleDeck(newDeck(['x', 'y', 'z']), prng).drawPile.join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const c of counts.values()) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('removes a card wherever it is', () => {
    const deck = drawCard(newDeck(cards)).deck;
    expect(removeCard(deck, 'a').discards).toEqual([]);
    expect(removeCard(deck, 'c').drawPile).toEqual(['b', 'd', 'e']);
  });
});
