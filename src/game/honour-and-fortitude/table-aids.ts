import type { Point } from '../../core/geometry/points.ts';
import { FIRING_RANGES } from '../../rulesets/honour-and-fortitude/tables/ranges.ts';
import { inches, plain, refusalWords, stepWords, turnWords } from '../engine/words.ts';
import type { PlannedAttack, PlannedMove, Reach, TableAids } from '../rule-set.ts';
import type { HfCommand } from './commands.ts';
import { groundOfMove } from './geometry.ts';
import { attackPlacement, checkMove, mayAct, round } from './moves.ts';
import { ATTACK_STANDOFF, allowance, FIRE_ARC, mayAttack } from './rules.ts';
import { canSee } from './sight.ts';
import { type HfUnit, isFighting } from './state.ts';
import type { HfView } from './view.ts';

/**
 * Honour & Fortitude's measuring and planning aids for the table (src/game/rule-set.ts): the weapon's
 * close and long range within 60° of the front, the move over open ground from the Movement table, an
 * attack's reach (a move that ends 6" from the enemy), sight as fire judges it, and a point and facing
 * chosen on the table as a move there in the unit's formation (turning is free; QRS, Movement), and an
 * enemy unit chosen as an attack on it (QRS, Attacks).
 */

const unitOf = (view: HfView, id: string): HfUnit | undefined => {
  const u = view.units[id];
  return u && !u.gone ? u : undefined;
};

const unitNames = (view: HfView) => new Map(Object.values(view.units).map((u) => [u.id, u.name]));

function weaponRanges(view: HfView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  const weapon = u?.ratings.weapon;
  if (!u || !weapon) return undefined;
  const r = FIRING_RANGES.rows[weapon];
  return {
    bands: [
      { label: 'close range', inches: r.close },
      { label: 'long range', inches: r.long },
    ],
    arc: FIRE_ARC,
    words: `${plain(weapon)}: close range to ${inches(r.close)}, long to ${inches(r.long)}, ${FIRE_ARC}° either side of the front`,
  };
}

/** Its move over open ground as it stands (rougher ground shortens it: the Movement table). */
function openMove(u: HfUnit): number {
  return allowance(u, u.formation, 'open').inches;
}

function reach(view: HfView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u || !isFighting(u)) return undefined;
  const open = openMove(u);
  const broken = allowance(u, u.formation, 'broken').inches;
  return {
    bands: [
      { label: 'over broken ground', inches: broken },
      { label: 'over open ground', inches: open },
    ],
    arc: 180,
    words: `a move of ${inches(open)} over open ground, ${inches(broken)} over broken (a change of formation costs half)`,
  };
}

function chargeReach(view: HfView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u || !isFighting(u) || !mayAttack(u)) return undefined;
  const open = openMove(u);
  return {
    bands: [{ label: 'attack', inches: open + ATTACK_STANDOFF }],
    arc: 180,
    words: `an attack: a move of up to ${inches(open)} that stops ${inches(ATTACK_STANDOFF)} from the enemy`,
  };
}

function lineOfSight(view: HfView, from: string, to: string): boolean {
  const a = unitOf(view, from);
  const b = unitOf(view, to);
  return a !== undefined && b !== undefined && canSee(view, a, b);
}

function mayMove(view: HfView, side: string, id: string): boolean {
  return (
    view.phase.kind === 'movement' && view.phase.side === side && mayAct(view.units[id], side) === undefined
  );
}

function moveTo(view: HfView, side: string, id: string, to: Point, facing: number): PlannedMove {
  const u = unitOf(view, id);
  if (!u || !mayMove(view, side, id)) return { ok: false, reason: 'this unit may not move now' };
  const command: Extract<HfCommand, { type: 'move' }> = {
    type: 'move',
    unit: u.id,
    x: round(to.x),
    y: round(to.y),
    facing: round(((facing % 360) + 360) % 360),
    formation: u.formation,
  };
  const check = checkMove(view, u, command);
  if (!check.ok) return { ok: false, reason: refusalWords(check.rejection.message, unitNames(view)) };
  const ground = groundOfMove(view.scenario.terrain, u, command, check.stands);
  const step = stepWords(u, u.facing, command);
  const turn = turnWords(u.facing, command.facing);
  const words = [step, turn].filter(Boolean).join(', ') || 'stays';
  return {
    ok: true,
    command,
    stands: check.stands,
    words: `${words}${ground === 'open' ? '' : ` over ${ground} ground`}${u.orders === 'hold' ? ' (on hold orders: it must pass an Initiation Roll first)' : ''}`,
  };
}

const PHASE_WORDS: Readonly<Record<HfView['phase']['kind'], string>> = {
  movement: 'the movement phase',
  firing: 'the firing phase',
  response: 'the attacks phase, where a defender answers an attack',
  over: 'the end of the battle',
};

/**
 * The unit's attack on `targetId`: the attack among the side's legal commands (they list every attack a
 * unit can make), with the attacker where it stops, 6" from the target and facing it; or the first rule
 * that forbids it, checked in the engine's order (Attacks: declared in the side's movement phase by a
 * unit that has not acted, not by guns, on an enemy not already in melee, with room to stop 6" from it
 * within its move).
 */
function attackOn(
  view: HfView,
  side: string,
  id: string,
  targetId: string,
  legal: readonly unknown[],
): PlannedAttack {
  const u = unitOf(view, id);
  const t = unitOf(view, targetId);
  if (!u || !t) return { ok: false, reason: 'that unit is no longer on the table' };
  const names = unitNames(view);
  const no = (reason: string): PlannedAttack => ({ ok: false, reason: refusalWords(reason, names) });
  if (view.phase.kind !== 'movement' || view.phase.side !== side)
    return no(`attacks are declared in your side's movement phase; this is ${PHASE_WORDS[view.phase.kind]}`);
  const cannot = mayAct(u, side);
  if (cannot) return no(cannot.message);
  if (!mayAttack(u)) return no(`${u.id} is artillery: guns fire, they do not attack`);
  if (t.side === side) return no(`${t.id} is a unit of your own side`);
  if (!isFighting(t)) return no(`${t.id} is routing`);
  if (t.meleeWith !== null) return no(`${t.id} is already locked in melee`);
  const to = attackPlacement(view, u, t);
  if (!to) return no(`${u.id} finds no place to stop 6" from ${t.id}`);
  const check = checkMove(view, u, to, t.id);
  if (!check.ok) return no(check.rejection.message);
  const command = legal.find(
    (c): c is Extract<HfCommand, { type: 'attack' }> =>
      (c as HfCommand).type === 'attack' &&
      (c as { unit?: unknown }).unit === id &&
      (c as { target?: unknown }).target === targetId,
  );
  if (!command) return no(`the rules offer ${u.id} no attack on ${t.id} now`);
  const step = stepWords(u, u.facing, to);
  const turn = turnWords(u.facing, to.facing);
  const approach = [step, turn].filter(Boolean).join(', ');
  return {
    ok: true,
    command,
    to: { x: to.x, y: to.y },
    stands: check.stands,
    words: `attacks ${t.name}: ${approach ? `${approach}, stopping` : 'stops where it stands,'} ${inches(ATTACK_STANDOFF)} from it and facing it; an attack always takes an Initiation Roll first`,
  };
}

/** Honour & Fortitude's aids for the table in the browser. */
export const tableAids: TableAids<HfView> = {
  front: (view, id) => {
    const u = unitOf(view, id);
    return u && { x: u.x, y: u.y, facing: u.facing };
  },
  weaponRanges,
  reach,
  chargeReach,
  lineOfSight,
  mayMove,
  moveTo,
  attackOn,
};
