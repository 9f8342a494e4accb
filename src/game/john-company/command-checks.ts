import type { GeneralId, UnitId } from '../../core/table/model.ts';
import type { Rejection } from '../engine/game.ts';
import type { Draft } from './draft.ts';
import type { GeneralActivation, UnitActivation } from './state.ts';

/** Checks every command shares: a refusal with a stable code, and whose card is being played. */

export const reject = (code: string, message: string): Rejection => ({ code, message });

export function isRejection(x: unknown): x is Rejection {
  return typeof x === 'object' && x !== null && 'code' in x && 'message' in x;
}

const CARD_HOLDER = {
  unit: { one: 'unit', all: 'units' },
  general: { one: 'General', all: 'Generals' },
} as const;

/**
 * The activation of the unit or General `id` when its card is the one being played (Step 5), or why
 * not: no card of that kind is active, or another one is.
 */
export function activeCard(d: Draft, kind: 'unit', id: UnitId): UnitActivation | Rejection;
export function activeCard(d: Draft, kind: 'general', id: GeneralId): GeneralActivation | Rejection;
export function activeCard(
  d: Draft,
  kind: 'unit' | 'general',
  id: string,
): UnitActivation | GeneralActivation | Rejection {
  const node = d.node;
  const holder = CARD_HOLDER[kind];
  if (node.phase !== 'activation' || node.activation.kind !== kind)
    return reject(
      'wrong-step',
      `no ${holder.one} is active: ${holder.all} act when their card is drawn (Step 5)`,
    );
  const active = node.activation.kind === 'unit' ? node.activation.unit : node.activation.general;
  if (active !== id) return reject(`wrong-${kind}`, `the active ${holder.one} is ${active}`);
  return node.activation;
}
