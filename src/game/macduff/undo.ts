import { threwNoDice } from '../engine/undo.ts';
import type { MdGameState } from './state.ts';

/**
 * Whether a MacDuff command may be taken back (undo, engine/undo.ts): it threw no dice, drew no card
 * (the draw pile's order is hidden: a card drawn shows the next one) and revealed no concealed unit
 * (7.7: the other side saw it).
 */
export function reversible(before: MdGameState, after: MdGameState): boolean {
  if (!threwNoDice(before, after)) return false;
  if (after.deck.drawPile.length !== before.deck.drawPile.length) return false;
  return Object.values(before.units).every((u) => !u.concealed || after.units[u.id]?.concealed !== false);
}
