import { bearing } from '../../core/geometry/angles.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import type { OrderState } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import type { Rejection } from '../engine/game.ts';
import { clearOfOthers } from './combat.ts';
import { ahead, centreOf, groundOfMove, layout, onTable, standsApart } from './geometry.ts';
import { ATTACK_STANDOFF, moveAllowance } from './rules.ts';
import { type HfFormation, type HfGameState, type HfUnit, isFighting } from './state.ts';

/**
 * Whether and how a unit may move (H&F QRS, Movement and Attacks; Muster's readings of the table in
 * docs/rules/honour-and-fortitude.md): measured at its front centre in a straight line, turning free,
 * a change of formation costing half the move; never onto another unit, off the table, or closer to
 * an enemy than 6" (unless already closer, when it may not close further) except by an attack.
 */

export interface MoveTo {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly formation: HfFormation;
}

export type MoveCheck =
  | {
      readonly ok: true;
      readonly stands: HfUnit['stands'];
      readonly inches: number;
      readonly order: OrderState;
    }
  | { readonly ok: false; readonly rejection: Rejection };

const no = (code: string, message: string): MoveCheck => ({ ok: false, rejection: { code, message } });

/** The formations a unit may take: regular foot line or column; guns unlimbered or limbered; others keep theirs. */
export function formationsOf(unit: HfUnit): readonly HfFormation[] {
  if (unit.arm === 'artillery') return ['unlimbered', 'limbered'];
  if (
    unit.arm === 'infantry' &&
    unit.ratings.drill >= 2 &&
    (unit.formation === 'line' || unit.formation === 'column')
  )
    return ['line', 'column'];
  return [unit.formation];
}

/** Whether a unit can take a command in the movement phase at all (and why not). */
export function mayAct(unit: HfUnit | undefined, side: string): Rejection | undefined {
  if (!unit) return { code: 'unknown-unit', message: 'no such unit' };
  if (unit.side !== side) return { code: 'not-your-unit', message: `${unit.id} belongs to ${unit.side}` };
  if (!isFighting(unit)) return { code: 'unit-cannot-act', message: `${unit.id} is routing or gone` };
  if (unit.acted) return { code: 'unit-already-acted', message: `${unit.id} has already moved this turn` };
  if (unit.meleeWith !== null) return { code: 'unit-in-melee', message: `${unit.id} is locked in melee` };
  return undefined;
}

/** Checks a move of `unit` to `to`, with `attacking` the enemy it may close on to 6". */
export function checkMove(
  state: Pick<HfGameState, 'scenario' | 'units'>,
  unit: HfUnit,
  to: MoveTo,
  attacking?: string,
): MoveCheck {
  if (!formationsOf(unit).includes(to.formation))
    return no(
      'illegal-formation',
      `${unit.id} may take ${formationsOf(unit).join(' or ')}, not ${to.formation}`,
    );
  if (![to.x, to.y, to.facing].every(Number.isFinite))
    return no('bad-position', 'position and facing must be numbers');
  const stands = layout(
    { ...unit, x: to.x, y: to.y, facing: to.facing, formation: to.formation },
    state.scenario.basing,
  );
  if (!stands) return no('illegal-formation', `${unit.id} cannot form ${to.formation} with its stands`);
  if (!onTable(stands, state.scenario.width, state.scenario.depth))
    return no('off-table', 'the unit would leave the table');
  if (!clearOfOthers(state.units, unit.id, stands))
    return no('overlap', 'the unit would touch or overlap another unit');
  for (const enemy of Object.values(state.units)) {
    if (enemy.side === unit.side || !isFighting(enemy)) continue;
    if (standsApart(stands, enemy.stands, ATTACK_STANDOFF)) continue;
    const after = groupDistance(stands, enemy.stands, ATTACK_STANDOFF);
    const before = groupDistance(unit.stands, enemy.stands, ATTACK_STANDOFF);
    const least = enemy.id === attacking ? ATTACK_STANDOFF - 0.05 : Math.min(ATTACK_STANDOFF, before) - 1e-6;
    if (after < least)
      return no(
        'too-close',
        `units stop 6" from the enemy: ${after.toFixed(2)}" from ${enemy.id} (an attack closes further)`,
      );
  }
  const inches = Math.hypot(to.x - unit.x, to.y - unit.y);
  const ground = groundOfMove(state.scenario.terrain, { x: unit.x, y: unit.y }, to, stands);
  const allowed = moveAllowance(unit, to.formation, ground);
  const cost = inches + (to.formation === unit.formation ? 0 : allowed.inches / 2);
  if (cost > allowed.inches + 1e-6)
    return no(
      'too-far',
      `${cost.toFixed(2)}" is more than ${unit.id}'s ${allowed.inches}" over ${ground} ground`,
    );
  return { ok: true, stands, inches, order: allowed.order };
}

/** Where an attacker stops: 6" from the target, facing it, on the line between their centres. */
export function attackPlacement(
  state: Pick<HfGameState, 'scenario'>,
  unit: HfUnit,
  target: HfUnit,
): MoveTo | undefined {
  const tc = centreOf(target.stands);
  const uc = centreOf(unit.stands);
  if (groupDistance(unit.stands, target.stands) <= ATTACK_STANDOFF + 0.3) {
    const facing = round(bearing(uc.x, uc.y, tc.x, tc.y));
    return { x: unit.x, y: unit.y, facing, formation: unit.formation };
  }
  const dir = bearing(tc.x, tc.y, uc.x, uc.y);
  const facing = round((dir + 180) % 360);
  // The gap grows about inch for inch with the distance out along the line: a few secant steps.
  let r = Math.hypot(uc.x - tc.x, uc.y - tc.y);
  for (let i = 0; i < 6; i++) {
    const at = ahead(tc.x, tc.y, dir, r);
    const to = { x: round(at.x), y: round(at.y), facing, formation: unit.formation };
    const stands = layout({ ...unit, ...to }, state.scenario.basing);
    if (!stands) return undefined;
    const gap = groupDistance(stands, target.stands);
    if (gap >= ATTACK_STANDOFF && gap <= ATTACK_STANDOFF + 0.25) return to;
    r -= gap - (ATTACK_STANDOFF + 0.12);
  }
  return undefined;
}

/** Two decimals: commands stay short and exact. */
export function round(v: number): number {
  return Math.round(v * 100) / 100;
}
