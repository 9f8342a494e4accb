import type { Viewer } from '../engine/game.ts';
import { otherRng } from '../engine/invariants.ts';
import type { CpEvent } from './events.ts';
import type { CpGameState } from './state.ts';

/** What a player sees: the whole table (these rules hide nothing on it), without the PRNG state. */
export type CpView = Omit<CpGameState, 'rng'> & { readonly viewer: Viewer };

export function viewFor(state: CpGameState, viewer: Viewer): CpView {
  const { rng: _hidden, ...rest } = state;
  return { ...rest, viewer };
}

/** Every event is public: the dice are thrown in the open. */
export function eventFor(event: CpEvent, _viewer: Viewer): CpEvent | undefined {
  return event;
}

/** What a view must not depend on, altered: the dice to come (the PRNG state), the one thing hidden. */
export function scrambleHidden(state: CpGameState, _viewer: Viewer): CpGameState {
  return { ...state, rng: otherRng(state.rng) };
}
