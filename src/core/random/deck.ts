import type { Prng } from './prng.ts';

/**
 * A deck of cards as plain JSON: `drawPile[0]` is the top card. Cards are ids (strings) so the deck
 * can live in game state and be hidden from viewers as a whole.
 */
export interface Deck {
  readonly drawPile: readonly string[];
  readonly discards: readonly string[];
}

export function newDeck(cards: readonly string[]): Deck {
  return { drawPile: [...cards], discards: [] };
}

/**
 * Shuffles every card (draw pile and discards) into a new draw pile: Fisher–Yates with exact uniform
 * integers, so each of the n! orders has probability exactly 1/n!.
 */
export function shuffleDeck(deck: Deck, prng: Prng): Deck {
  const cards = [...deck.drawPile, ...deck.discards];
  for (let i = cards.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
  return { drawPile: cards, discards: [] };
}

/** Takes the top card to the discards. An empty draw pile gives `card: undefined` and the deck unchanged. */
export function drawCard(deck: Deck): { card: string | undefined; deck: Deck } {
  const [card, ...rest] = deck.drawPile;
  if (card === undefined) return { card, deck };
  return { card, deck: { drawPile: rest, discards: [...deck.discards, card] } };
}

/** Removes a card for good (a unit that has left the table), wherever it is. */
export function removeCard(deck: Deck, card: string): Deck {
  return {
    drawPile: deck.drawPile.filter((c) => c !== card),
    discards: deck.discards.filter((c) => c !== card),
  };
}
