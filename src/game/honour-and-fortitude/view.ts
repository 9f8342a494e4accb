import type { Viewer } from '../engine/game.ts';
import { otherRng } from '../engine/invariants.ts';
import type { HfEvent } from './events.ts';
import type { HfGameState } from './state.ts';

/**
 * What a viewer may see. Honour & Fortitude has no hidden orders or cards: both sides see the whole
 * table. The one thing hidden is the dice to come: the PRNG state never leaves the game.
 */
export type HfView = Omit<HfGameState, 'rng'> & { readonly viewer: Viewer };

export function viewFor(state: HfGameState, viewer: Viewer): HfView {
  const { rng: _rng, ...visible } = state;
  return { ...visible, viewer };
}

/** Every event is public (each carries only the dice already thrown). */
export function eventFor(event: HfEvent, _viewer: Viewer): HfEvent | undefined {
  return event;
}

/** What a view must not depend on, altered: the dice to come (the PRNG state), the one thing hidden. */
export function scrambleHidden(state: HfGameState, _viewer: Viewer): HfGameState {
  return { ...state, rng: otherRng(state.rng) };
}
