import { bearing } from '../../core/geometry/angles.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { perStateAndSide } from '../engine/hosting.ts';
import type { HfCommand } from './commands.ts';
import { centreOf, quarterOf } from './geometry.ts';
import { attackPlacement, checkMove, formationsOf, type MoveTo, mayAct, round } from './moves.ts';
import { ATTACK_STANDOFF, allowance, fireFactsFor, mayAttack } from './rules.ts';
import type { DefenderChoice } from './sequence.ts';
import { type HfGameState, type HfUnit, isFighting } from './state.ts';
import { holderOf } from './victory.ts';

/**
 * The commands a side may give now. Moves are a sample of the unlimited moves `apply` accepts: for
 * each unit, forward (full and half), back, towards the nearest objective it does not hold, towards
 * the nearest enemy, turning to face it, and changing formation, each shortened until legal; and every
 * attack it can make. Fire: every target in range, arc and sight.
 */
export const legalCommands: (state: HfGameState, side: string) => HfCommand[] = perStateAndSide(listCommands);

function listCommands(state: HfGameState, side: string): HfCommand[] {
  const phase = state.phase;
  if (phase.kind === 'over' || phase.side !== side) return [];
  if (phase.kind === 'response') return responseChoices(state).map((choice) => ({ type: 'respond', choice }));
  const own = Object.values(state.units).filter((u) => u.side === side);
  if (phase.kind === 'firing') {
    const out: HfCommand[] = [];
    for (const u of own) {
      if (!isFighting(u) || u.fired || u.meleeWith !== null || u.ratings.weapon === null) continue;
      for (const t of Object.values(state.units))
        if (t.side !== side && isFighting(t) && fireFactsFor(state, state.units, u, t))
          out.push({ type: 'fire', unit: u.id, target: t.id });
    }
    out.push({ type: 'end-firing' });
    return out;
  }
  const out: HfCommand[] = [];
  for (const u of own) if (!mayAct(u, side)) out.push(...unitCommands(state, u));
  out.push({ type: 'end-movement' });
  return out;
}

/** The defender's open choices: fire needs a weapon ready, changing face an attacker on its flank or rear. */
export function responseChoices(state: HfGameState): DefenderChoice[] {
  if (state.phase.kind !== 'response') return [];
  const defender = state.units[state.phase.defender]!;
  const attacker = state.units[state.phase.attacker]!;
  const choices: DefenderChoice[] = mayAttack(defender) ? ['counter-attack'] : [];
  if (defender.ratings.weapon !== null && defender.formation !== 'limbered') choices.push('fire');
  choices.push('retire');
  const c = centreOf(attacker.stands);
  if (quarterOf(defender, c.x, c.y) !== 'front') choices.push('change-face');
  choices.push('stand');
  return choices;
}

function nearestEnemy(state: HfGameState, unit: HfUnit): HfUnit | undefined {
  const c = centreOf(unit.stands);
  let best: HfUnit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const e of Object.values(state.units)) {
    if (e.side === unit.side || !isFighting(e)) continue;
    const ec = centreOf(e.stands);
    const distance = Math.hypot(ec.x - c.x, ec.y - c.y);
    if (distance < bestDistance) {
      best = e;
      bestDistance = distance;
    }
  }
  return best;
}

const holders = new WeakMap<object, readonly (string | undefined)[]>();

/**
 * Who holds each objective, worked out once per record of units (a state's or a view's, which never
 * changes).
 */
export function objectiveHolders(
  state: Pick<HfGameState, 'units' | 'scenario'>,
): readonly (string | undefined)[] {
  let h = holders.get(state.units);
  if (!h) {
    const units = Object.values(state.units);
    h = state.scenario.objectives.map((o) => holderOf(units, o));
    holders.set(state.units, h);
  }
  return h;
}

function objectiveGoal(state: HfGameState, unit: HfUnit): { x: number; y: number } | undefined {
  const held = objectiveHolders(state);
  let best: { x: number; y: number } | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  state.scenario.objectives.forEach((o, i) => {
    if (held[i] === unit.side) return;
    const distance = Math.hypot(o.position.x - unit.x, o.position.y - unit.y);
    if (distance < bestDistance) {
      best = o.position;
      bestDistance = distance;
    }
  });
  return best;
}

const FRACTIONS = [1, 0.75, 0.5, 0.25];

function unitCommands(state: HfGameState, unit: HfUnit): HfCommand[] {
  const out: HfCommand[] = [];
  const seen = new Set<string>();
  const add = (to: MoveTo) => {
    const key = `${to.x},${to.y},${to.facing},${to.formation}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ type: 'move', unit: unit.id, ...to });
  };
  const reach = allowance(unit, unit.formation, 'open').inches;
  const tryLine = (direction: number, facing: number, inches: number) => {
    for (const f of FRACTIONS) {
      const at = {
        x: round(unit.x + Math.cos((direction * Math.PI) / 180) * inches * f),
        y: round(unit.y + Math.sin((direction * Math.PI) / 180) * inches * f),
      };
      const to: MoveTo = { ...at, facing: round(facing), formation: unit.formation };
      if (checkMove(state, unit, to).ok) {
        add(to);
        return;
      }
    }
  };
  const enemy = nearestEnemy(state, unit);
  if (reach > 0) {
    tryLine(unit.facing, unit.facing, reach);
    tryLine(unit.facing, unit.facing, reach / 2);
    tryLine(unit.facing + 180, unit.facing, reach / 2);
    const goal = objectiveGoal(state, unit);
    if (goal) {
      const dir = bearing(unit.x, unit.y, goal.x, goal.y);
      tryLine(dir, dir, Math.min(reach, Math.hypot(goal.x - unit.x, goal.y - unit.y)));
    }
    if (enemy) {
      const c = centreOf(enemy.stands);
      const dir = bearing(unit.x, unit.y, c.x, c.y);
      tryLine(dir, dir, reach);
    }
  }
  if (enemy) {
    const c = centreOf(enemy.stands);
    const face: MoveTo = {
      x: unit.x,
      y: unit.y,
      facing: round(bearing(unit.x, unit.y, c.x, c.y)),
      formation: unit.formation,
    };
    if (Math.abs(face.facing - unit.facing) > 1 && checkMove(state, unit, face).ok) add(face);
  }
  for (const formation of formationsOf(unit)) {
    if (formation === unit.formation) continue;
    const to: MoveTo = { x: unit.x, y: unit.y, facing: unit.facing, formation };
    if (checkMove(state, unit, to).ok) add(to);
  }
  for (const target of mayAttack(unit) ? Object.values(state.units) : []) {
    if (target.side === unit.side || !isFighting(target) || target.meleeWith !== null) continue;
    const cap = reach + ATTACK_STANDOFF + 1;
    if (groupDistance(unit.stands, target.stands, cap) > cap) continue;
    const to = attackPlacement(state, unit, target);
    if (to && checkMove(state, unit, to, target.id).ok)
      out.push({ type: 'attack', unit: unit.id, target: target.id });
  }
  return out;
}
