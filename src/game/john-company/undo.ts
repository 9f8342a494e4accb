import { threwNoDice } from '../engine/undo.ts';
import type { JcEvent } from './events.ts';
import type { JcGameState } from './state.ts';

/**
 * Whether a John Company command may be taken back (undo, engine/undo.ts): it threw no dice and none of
 * its events is `irreversible` (apply.ts marks the events after which something hidden was shown, a card
 * drawn or a counter revealed, as well as those that threw dice).
 */
export function reversible(before: JcGameState, after: JcGameState, events: readonly JcEvent[]): boolean {
  return threwNoDice(before, after) && !events.some((e) => e.irreversible);
}
