/**
 * Enfilade (Part 4, Enfilade Fire): whether fire comes from within 10 degrees of the end of a target's
 * line or the flank of its column, and the target's ranks that cap the stands firing.
 */
import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import type { RuleRef } from '../../../../core/rules/trace.ts';
import { type Formation, jc4 } from '../../vocabulary.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Fire arriving within this many degrees of the end of a line or the flank of a column is enfilade. */
export const ENFILADE_DEGREES = 10;
const ENFILADE_RULE = jc4('Enfilade Fire');

export interface Enfilade {
  /** The target's flank the fire comes from. */
  readonly flank: 'left' | 'right';
  /** Degrees between the target's front line and the line from its flank to the firer. */
  readonly angle: number;
  /** Ranks of stands in the target (2 stands may fire per rank; 3 against cavalry or artillery). */
  readonly targetRanks: number;
  readonly rule: RuleRef;
}

/** Formations that have an end or a flank to enfilade: lines, columns and batteries. */
export function mayBeEnfiladed(formation: Formation): boolean {
  return formation !== 'square' && formation !== 'mass' && formation !== 'skirmish-order';
}

/**
 * Enfilade (Part 4, Enfilade Fire), read as: the firer stands within 10 degrees of the target's front
 * line extended beyond one of its ends. The angle is measured at the middle of the target's flank (the
 * point on its left or right edge halfway between its front and rear), between the target's lateral
 * axis pointing outwards and the line to the firer's position, taken as the mean of the middles of the
 * front edges of the firer's firing stands. The same test serves a line (fire from the end) and a
 * column (fire from the flank: along its ranks). Null when the fire is not enfilade, or the target is in
 * a square, mass or skirmish order.
 */
export function enfiladeOf(
  firer: UnitGeometry,
  firing: readonly number[],
  target: UnitGeometry,
): Enfilade | null {
  if (firing.length === 0 || !mayBeEnfiladed(target.formation)) return null;
  let px = 0;
  let py = 0;
  for (const i of firing) {
    const b = i * BOX_STRIDE;
    px += firer.boxes[b]! + firer.boxes[b + 2]! * firer.boxes[b + 5]!;
    py += firer.boxes[b + 1]! + firer.boxes[b + 3]! * firer.boxes[b + 5]!;
  }
  px /= firing.length;
  py /= firing.length;
  const dx = px - target.ax;
  const dy = py - target.ay;
  const lat = dx * target.uy - dy * target.ux;
  const fwd = dx * target.ux + dy * target.uy - (target.front + target.rear) / 2;
  const flank = lat >= 0 ? 'right' : 'left';
  const out = flank === 'right' ? lat - target.right : target.left - lat;
  if (out <= 0) return null;
  const angle = (Math.atan2(Math.abs(fwd), out) * 180) / Math.PI;
  if (angle > ENFILADE_DEGREES + 1e-9) return null;
  return {
    flank,
    angle,
    targetRanks: new Set(target.unit.stands.map((s) => s.rank)).size,
    rule: ENFILADE_RULE,
  };
}
