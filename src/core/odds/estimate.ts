import { PrngDice } from '../random/dice.ts';
import { seedRng } from '../random/prng.ts';

/**
 * Odds estimated by playing the engine's steps with seeded dice, where working them out exactly costs too
 * much. The dice of a preview are seeded from what it previews (the board and the command), never from
 * the game's own generator: a preview tells nothing of the game's future dice, and the same board and
 * command give the same estimate. Pure.
 */

/** How many plays an estimate is made from. */
export const ESTIMATE_PLAYS = 500;

/**
 * Dice for the plays of one preview, seeded by a 32-bit FNV-1a hash of `previewed` as JSON with every
 * `rng` field left out (the game's dice are no part of what is previewed).
 */
export function previewDice(previewed: unknown): PrngDice {
  const text = JSON.stringify(previewed, (key, value: unknown) => (key === 'rng' ? undefined : value));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return new PrngDice(seedRng(hash >>> 0));
}
