import { bearing } from '../../core/geometry/angles.ts';
import { groupDistance } from '../../core/geometry/rect-groups.ts';
import { d6 } from '../../core/random/rolls.ts';
import { resolveChangeFace } from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import { GROUND_TABLE } from '../../rulesets/honour-and-fortitude/tables/movement.ts';
import type { OrderState } from '../../rulesets/honour-and-fortitude/vocabulary.ts';
import type { GameResult } from '../engine/game.ts';
import { carriesOn, clearOfOthers, fallBack, fightRound, fireAt, flee, testMorale } from './combat.ts';
import type { Draft } from './draft.ts';
import { ahead, CONTACT, centreOf, groundUnder, layout, MIN_GAP, onTable } from './geometry.ts';
import { allowance } from './rules.ts';
import {
  type HfGameState,
  type HfGeneral,
  type HfPhase,
  type HfUnit,
  isFighting,
  otherSide,
} from './state.ts';
import { verdict } from './victory.ts';

/**
 * The sequence of play (H&F QRS, Sequence of Play): Movement, Firing, Attacks & Melees, Compulsory
 * Moves, Rallies. Each turn both sides throw a d6 and the higher moves first (a tie: the side that
 * moved second last turn; Muster's reading of "dice each turn"); in Movement and in Firing the first
 * side acts with all its units, then the other. Attacks are resolved in the order declared, after the
 * melees already going on; a defender that passes its test chooses its response.
 */

/** What a command may change besides the units: where the sequence stands. */
export interface Progress {
  turn: number;
  first: string;
  phase: HfPhase;
  attacks: string[];
  result?: GameResult;
}

export const DEFENDER_CHOICES = ['counter-attack', 'fire', 'retire', 'change-face', 'stand'] as const;
export type DefenderChoice = (typeof DEFENDER_CHOICES)[number];

export function progressOf(state: HfGameState): Progress {
  return {
    turn: state.turn,
    first: state.first,
    phase: state.phase,
    attacks: [...state.attacks],
    ...(state.result ? { result: state.result } : {}),
  };
}

/** The order the ground under a unit leaves it in. */
export function groundOrderOf(d: Pick<Draft, 'base'>, unit: HfUnit): OrderState {
  const effect =
    GROUND_TABLE.rows[groundUnder(d.base.scenario.terrain, unit.stands)][
      unit.arm === 'infantry' ? 'foot' : 'mounted'
    ];
  return unit.formation === 'skirmish' ? effect.skirmishers : effect.others;
}

/** A new turn: per-turn marks cleared, the initiative dice, the first side's movement. */
export function beginTurn(d: Draft, p: Progress): void {
  p.turn += 1;
  for (const u of Object.values(d.units))
    if (u.moved || u.acted || u.fired || u.attacking !== null)
      d.update(u.id, { moved: false, acted: false, fired: false, attacking: null });
  const [a, b] = d.base.scenario.sides.map((s) => s.id) as [string, string];
  const ra = d.dice.roll(d6, `initiative-${a}`);
  const rb = d.dice.roll(d6, `initiative-${b}`);
  const previous = p.turn === 1 ? undefined : p.first;
  p.first = ra > rb ? a : rb > ra ? b : previous === undefined ? a : otherSide(d.base, previous);
  p.attacks = [];
  p.phase = { kind: 'movement', side: p.first };
  d.emit({ type: 'turn-began', turn: p.turn, first: p.first });
}

/** After a side ends its movement: the other side moves, or firing begins. */
export function endMovement(d: Draft, p: Progress, side: string): void {
  d.emit({ type: 'phase-ended', side, phase: 'movement' });
  p.phase =
    side === p.first
      ? { kind: 'movement', side: otherSide(d.base, side) }
      : { kind: 'firing', side: p.first };
}

/** After a side ends its fire: the other side fires, or the attacks and melees are fought. */
export function endFiring(d: Draft, p: Progress, side: string): void {
  d.emit({ type: 'phase-ended', side, phase: 'firing' });
  if (side === p.first) {
    p.phase = { kind: 'firing', side: otherSide(d.base, side) };
    return;
  }
  fightOngoingMelees(d);
  runAttacks(d, p);
}

/** Melees still going on from earlier turns fight another round (no charging bonus). */
function fightOngoingMelees(d: Draft): void {
  const pairs: [string, string, number][] = [];
  for (const u of Object.values(d.units))
    if (u.meleeWith !== null && u.id < u.meleeWith) pairs.push([u.id, u.meleeWith, u.meleeRounds + 1]);
  for (const [a, b, round] of pairs) {
    const ua = d.unit(a);
    const ub = d.unit(b);
    if (ua.meleeWith !== b || ub.meleeWith !== a || !isFighting(ua) || !isFighting(ub)) continue;
    fightRound(d, a, b, round, { attacker: false, defender: false });
  }
}

/** Resolves the declared attacks in order until one waits for its defender's choice, then ends the turn. */
export function runAttacks(d: Draft, p: Progress): void {
  while (p.attacks.length > 0) {
    const id = p.attacks[0]!;
    const waiting = openAttack(d, id);
    if (waiting !== undefined) {
      p.phase = { kind: 'response', side: d.unit(waiting).side, attacker: id, defender: waiting };
      return;
    }
    p.attacks.shift();
  }
  endTurn(d, p);
}

/**
 * The first steps of an attack (H&F QRS, Attacks): the attacker tests, then the defender; returns the
 * defender when it passed and must choose, else resolves the attack (a halted defender is caught as it
 * stands; one that retires or panics leaves the attacker where it is).
 */
export function openAttack(d: Draft, id: string): string | undefined {
  const attacker = d.unit(id);
  const targetId = attacker.attacking;
  if (targetId === null || !isFighting(attacker) || attacker.meleeWith !== null) return undefined;
  const target = d.unit(targetId);
  if (!isFighting(target) || target.meleeWith !== null) {
    d.update(id, { attacking: null });
    d.emit({ type: 'attack-lapsed', unit: id, reason: 'the target is gone, routing or already in melee' });
    return undefined;
  }
  if (!carriesOn(testMorale(d, id, { reason: 'declaring-attack' })) || !isFighting(d.unit(id)))
    return undefined;
  const received = testMorale(d, targetId, {
    reason: 'receiving-attack',
    elephants: attacker.ratings.elephant,
  });
  if (carriesOn(received)) return targetId;
  if (received === 'halt' && isFighting(d.unit(targetId))) {
    closeAndFight(d, id, targetId, false);
    return undefined;
  }
  d.update(id, { attacking: null });
  return undefined;
}

/** The attacker closes to contact where it can (else fights from where it stands) and round 1 is fought. */
export function closeAndFight(d: Draft, id: string, targetId: string, counterAttack: boolean): void {
  closeIn(d, id, targetId);
  d.update(id, { attacking: null });
  fightRound(d, id, targetId, 1, { attacker: true, defender: counterAttack });
}

/** The defender fires at close range; the attacker, if it still comes on and the defender stands, closes and fights. */
export function fireAndClose(d: Draft, id: string, targetId: string): void {
  fireAt(d, targetId, id, true);
  if (isFighting(d.unit(id)) && d.unit(id).attacking === targetId && isFighting(d.unit(targetId)))
    closeAndFight(d, id, targetId, false);
}

function closeIn(d: Draft, id: string, targetId: string): void {
  const unit = d.unit(id);
  const target = d.unit(targetId);
  const tc = centreOf(target.stands);
  const uc = centreOf(unit.stands);
  const dir = bearing(tc.x, tc.y, uc.x, uc.y);
  const facing = (dir + 180) % 360;
  let lo = 0;
  let hi = Math.hypot(uc.x - tc.x, uc.y - tc.y) + 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    const at = ahead(tc.x, tc.y, dir, mid);
    const stands = layout({ ...unit, ...at, facing }, d.base.scenario.basing);
    const gap = stands ? groupDistance(stands, target.stands) : 0;
    if (gap < MIN_GAP) lo = mid;
    else if (gap > CONTACT) hi = mid;
    else {
      if (
        stands &&
        onTable(stands, d.base.scenario.width, d.base.scenario.depth) &&
        clearOfOthers(d.units, id, stands)
      )
        d.update(id, { ...at, facing, stands });
      return;
    }
  }
}

/** The defender's choice (H&F QRS, Attacks), then the rest of the attacks and the turn. */
export function respond(d: Draft, p: Progress, choice: DefenderChoice): void {
  if (p.phase.kind !== 'response') return;
  const { attacker: id, defender: targetId } = p.phase;
  const defender = d.unit(targetId);
  let changedFace: boolean | undefined;
  if (choice === 'change-face') {
    changedFace = resolveChangeFace({ drill: defender.ratings.drill }, d.dice).changed;
    if (changedFace) faceTowards(d, targetId, id);
  }
  d.emit({
    type: 'responded',
    unit: targetId,
    choice,
    ...(changedFace === undefined ? {} : { changedFace }),
  });
  switch (choice) {
    case 'counter-attack':
      closeAndFight(d, id, targetId, true);
      break;
    case 'fire':
      fireAndClose(d, id, targetId);
      break;
    case 'retire':
      d.update(targetId, { orders: 'hold' });
      fallBack(
        d,
        targetId,
        (defender.facing + 180) % 360,
        defender.facing,
        allowance(defender, defender.formation, 'open', d.base.scenario.compulsory.retire).inches,
        'retire',
      );
      d.update(id, { attacking: null });
      break;
    default:
      closeAndFight(d, id, targetId, false);
      break;
  }
  p.attacks.shift();
  runAttacks(d, p);
}

/** Turns a unit about its front centre to face another, if its new shape is clear. */
function faceTowards(d: Draft, id: string, towardsId: string): void {
  const unit = d.unit(id);
  const t = centreOf(d.unit(towardsId).stands);
  const c = centreOf(unit.stands);
  const facing = bearing(c.x, c.y, t.x, t.y);
  const stands = layout({ ...unit, x: c.x, y: c.y, facing }, d.base.scenario.basing);
  if (
    stands &&
    clearOfOthers(d.units, id, stands) &&
    onTable(stands, d.base.scenario.width, d.base.scenario.depth)
  )
    d.update(id, { x: c.x, y: c.y, facing, stands });
}

const BETTER: Readonly<Record<OrderState, OrderState>> = {
  confused: 'disordered',
  disordered: 'good-order',
  'good-order': 'good-order',
};

/**
 * Compulsory Moves (routers run, except those that panicked this turn), Rallies (routers test on the
 * Routing column; others in no melee recover one step of disorder: Muster's reconstruction), the
 * Generals rejoin a standing unit, and the verdict; if the battle goes on, the next turn.
 */
export function endTurn(d: Draft, p: Progress): void {
  for (const u of Object.values(d.units))
    if (!u.gone && u.condition === 'routing' && u.routedOnTurn !== p.turn) flee(d, u.id, 'run');
  for (const u of Object.values(d.units))
    if (!u.gone && d.unit(u.id).condition === 'routing') testMorale(d, u.id, { reason: 'rally' });
  for (const u of Object.values(d.units)) {
    if (u.gone) continue;
    const recovered = u.meleeWith === null && isFighting(u) ? BETTER[u.disorder] : u.disorder;
    const groundOrder = groundOrderOf(d, u);
    if (recovered !== u.disorder || groundOrder !== u.groundOrder)
      d.update(u.id, { disorder: recovered, groundOrder });
  }
  d.generals = d.generals.map((g) => rejoin(d, g));
  const result = verdict(d.base.scenario, d.units, p.turn);
  if (result) {
    p.result = result;
    p.phase = { kind: 'over' };
    d.emit({ type: 'battle-ended', result });
    return;
  }
  beginTurn(d, p);
}

function rejoin(d: Draft, g: HfGeneral): HfGeneral {
  if (g.fallen) return g;
  const host = g.with === null ? undefined : d.units[g.with];
  if (host && isFighting(host)) return g;
  const from = host ? centreOf(host.stands) : undefined;
  let best: HfUnit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const u of Object.values(d.units)) {
    if (u.side !== g.side || !isFighting(u)) continue;
    const c = centreOf(u.stands);
    const distance = from ? Math.hypot(c.x - from.x, c.y - from.y) : 0;
    if (distance < bestDistance) {
      best = u;
      bestDistance = distance;
    }
  }
  return { ...g, with: best?.id ?? null };
}
