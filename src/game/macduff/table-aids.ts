import { cosDegrees, sinDegrees } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import { ARTILLERY_TABLE } from '../../rulesets/macduff/tables/artillery.ts';
import { isArtillery } from '../../rulesets/macduff/vocabulary.ts';
import { inches, plain, stepWords, turnWords } from '../engine/words.ts';
import type { PlannedAttack, PlannedMove, Reach, TableAids } from '../rule-set.ts';
import { homeBearing, moveFacts, retiresFacing } from './actions.ts';
import type { MdCommand } from './commands.ts';
import { inArc, layout, unitsSeeEachOther } from './geometry.ts';
import { legalCommands, moveOnRoll } from './legal.ts';
import { extremeMove } from './moves.ts';
import {
  bestReach,
  CHARGE_ARC_DEGREES,
  distanceBetween,
  FIRE_ARC_DEGREES,
  isOnTable,
  mayCharge,
  SHOT_MAX_INCHES,
  weaponRanges as smallArmRanges,
} from './queries.ts';
import type { MdUnit } from './state.ts';
import type { MdView } from './view.ts';

/**
 * MacDuff's measuring and planning aids for the table (src/game/rule-set.ts): the small arm's close and
 * long range or the guns' canister and shot within 45° of the front (8.1, 9), the least and most its
 * move roll gives over open ground (5), its charge's best reach within 45° (6.1), sight as fire judges
 * it, and a point and facing chosen on the table as a move toward it, which goes as far as the roll
 * allows (5), and an enemy unit chosen as a charge at it (6.1).
 */

const unitOf = (view: MdView, id: string): MdUnit | undefined =>
  isOnTable(view, id) ? view.units[id] : undefined;

function weaponRanges(view: MdView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u) return undefined;
  const arc = FIRE_ARC_DEGREES;
  if (u.ratings.troop === 'machine-gun') {
    const range = ARTILLERY_TABLE.machineGun.range.inches;
    return {
      bands: [{ label: 'range', inches: range }],
      arc,
      words: `machine gun: range ${inches(range)}, ${arc}° either side of the front`,
    };
  }
  if (u.ratings.guns > 0) {
    const canister = ARTILLERY_TABLE.canisterRange.inches;
    return {
      bands: [
        { label: 'canister', inches: canister },
        { label: 'shot and shell', inches: SHOT_MAX_INCHES, least: canister },
      ],
      arc,
      words: `guns: canister to ${inches(canister)}, shot and shell beyond (a hit needs the range in feet or more), ${arc}° either side of the front`,
    };
  }
  if (!u.ratings.smallArm) return undefined;
  const r = smallArmRanges(view, u);
  return {
    bands: [
      { label: 'close range', inches: r.close },
      { label: 'long range', inches: r.long },
    ],
    arc,
    words: `${plain(u.ratings.smallArm)}: close range to ${inches(r.close)}, long to ${inches(r.long)}, ${arc}° either side of the front`,
  };
}

function reach(view: MdView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u) return undefined;
  // The roll's least and most over open ground: its own facts, with the whole move on open ground.
  const { path: _path, ...open } = { ...moveFacts(view, u, u.anchor, {}), ground: 'open' as const };
  const least = extremeMove(open, false).inches;
  const most = extremeMove(open, true).inches;
  if (most <= 0) return undefined;
  return {
    bands: [
      { label: 'its least roll', inches: least },
      { label: 'its best roll', inches: most },
    ],
    arc: 180,
    words: `a move of ${inches(least)} to ${inches(most)} over open ground, as it rolls (rougher ground, obstacles and retiring facing the enemy cost more)`,
  };
}

function chargeReach(view: MdView, id: string): Reach | undefined {
  const u = unitOf(view, id);
  if (!u || !mayCharge(u)) return undefined;
  const most = bestReach(u);
  return {
    bands: [{ label: 'charge', inches: most }],
    arc: CHARGE_ARC_DEGREES,
    words: `a charge: its best charge move, ${inches(most)}, at an enemy in sight within ${CHARGE_ARC_DEGREES}° of its front`,
  };
}

function lineOfSight(view: MdView, from: string, to: string): boolean {
  return (
    unitOf(view, from) !== undefined &&
    unitOf(view, to) !== undefined &&
    unitsSeeEachOther(view.table, from, to)
  );
}

function mayMove(view: MdView, side: string, id: string): boolean {
  const node = view.node;
  return (
    node.phase === 'activation' &&
    node.side === side &&
    node.unit === id &&
    legalCommands(view, side).some((c) => c.type === 'move')
  );
}

/** Whether a move to `to` comes no nearer the enemy's edge (what a unit that may not advance may do, 3.2). */
function retires(view: MdView, u: MdUnit, to: Point): boolean {
  const home = homeBearing(view, u.side);
  return (to.x - u.anchor.x) * cosDegrees(home) + (to.y - u.anchor.y) * sinDegrees(home) >= -1e-9;
}

const hundredths = (n: number) => Math.round(n * 100) / 100;

function moveTo(view: MdView, side: string, id: string, to: Point, facing: number): PlannedMove {
  const u = unitOf(view, id);
  const node = view.node;
  if (!u || node.phase !== 'activation' || !mayMove(view, side, id))
    return { ok: false, reason: 'this unit may not move now' };
  if (to.x < 0 || to.y < 0 || to.x > view.table.width || to.y > view.table.depth)
    return { ok: false, reason: 'the point is off the table' };
  if (node.control === 'no-advance' && !retires(view, u, to))
    return { ok: false, reason: 'it failed its control check: it may only move back toward its own edge' };
  const command: Extract<MdCommand, { type: 'move' }> = {
    type: 'move',
    to: { x: hundredths(to.x), y: hundredths(to.y) },
    facing: hundredths(((facing % 360) + 360) % 360),
  };
  const best = moveOnRoll(view, u, command.to, command.facing!, node.fired, true);
  if (best.inches < 0.05)
    return {
      ok: false,
      reason:
        best.allowance.inches < 0.05
          ? 'its move cannot go that way: it may not enter the ground or cross the barrier ahead'
          : 'no room that way: other units or the table edge are in the way',
    };
  const worst = moveOnRoll(view, u, command.to, command.facing!, node.fired, false);
  const length = Math.hypot(command.to.x - u.anchor.x, command.to.y - u.anchor.y);
  const go = Math.min(length, best.inches);
  const end = {
    x: u.anchor.x + ((command.to.x - u.anchor.x) / length) * go,
    y: u.anchor.y + ((command.to.y - u.anchor.y) / length) * go,
    facing: command.facing!,
  };
  const stands = layout(u, u.formation, end, view.scenario.basing) ?? [];
  const retiring = retiresFacing(u, command.to, command.facing!)
    ? ' (retiring facing the enemy: half a move)'
    : '';
  const rolls =
    worst.inches >= length - 0.05
      ? 'it gets there whatever it rolls'
      : go < length - 0.05
        ? `its roll carries it ${inches(worst.inches)} to ${inches(best.inches)} of the ${inches(length)}: it cannot get all the way`
        : `its roll carries it ${inches(worst.inches)} or more of the ${inches(length)}: as far as it rolls`;
  const turn = turnWords(u.anchor.facing, command.facing!);
  return {
    ok: true,
    command,
    stands,
    words: `${stepWords(u.anchor, u.anchor.facing, command.to)}${turn ? `, ${turn}` : ''}${retiring}; ${rolls}`,
  };
}

/** Why a unit may not charge at all (6.1), in words; undefined when it may. */
function noCharge(u: MdUnit): string | undefined {
  if (isArtillery(u.ratings.troop)) return 'guns do not charge';
  if (u.formation === 'square') return 'a unit in square does not charge';
  if (u.shattered) return 'it is shattered';
  if (u.mustRally) return 'it must rally before it may charge again';
  return mayCharge(u) ? undefined : 'it may not charge';
}

/**
 * The acting unit's charge at `targetId` (6.1): the charge among the side's legal commands (the engine
 * takes no other), the path to the target's nearest stand, and its roll's reach in words; or the first
 * rule that forbids it: only in its activation, before it fires, moves or changes formation, in control
 * (an impetuous unit charges the nearest it can), at an enemy in sight within 45° of its front and
 * within its best charge move.
 */
function attackOn(
  view: MdView,
  side: string,
  id: string,
  targetId: string,
  legal: readonly unknown[],
): PlannedAttack {
  const u = unitOf(view, id);
  const t = unitOf(view, targetId);
  const node = view.node;
  if (!u || !t) return { ok: false, reason: 'that unit is not on the table' };
  const no = (reason: string): PlannedAttack => ({ ok: false, reason });
  if (node.phase !== 'activation' || node.side !== side || node.unit !== id)
    return no(`a unit charges in its own activation, and ${u.name} is not acting now`);
  const command = legal.find(
    (c): c is Extract<MdCommand, { type: 'charge' }> =>
      (c as MdCommand).type === 'charge' && (c as { target?: unknown }).target === targetId,
  );
  const distance = distanceBetween(view, id, targetId);
  const most = bestReach(u);
  if (!command) {
    const cannot = noCharge(u);
    if (cannot) return no(cannot);
    if (node.fired || node.moved || node.switched)
      return no('a charge must be the first thing it does in its activation');
    if (node.control === 'no-advance')
      return no('it failed its control check: it may only move back toward its own edge');
    if (node.control === 'impetuous')
      return no('it is out of control (impetuous): it acts as the rules make it, not as you choose');
    if (distance > most)
      return no(`out of reach: ${inches(distance)} away, and its best charge move is ${inches(most)}`);
    if (!inArc(u.anchor, view.table.units[targetId]!.stands, CHARGE_ARC_DEGREES))
      return no(`not in its arc: it charges an enemy within ${CHARGE_ARC_DEGREES}° of its front`);
    if (!unitsSeeEachOther(view.table, id, targetId)) return no('it cannot see that unit');
    return no('the game offers a charge only at the three nearest enemies it can reach');
  }
  const stands = view.table.units[targetId]!.stands;
  const to = stands.reduce((a, b) =>
    Math.hypot(a.x - u.anchor.x, a.y - u.anchor.y) <= Math.hypot(b.x - u.anchor.x, b.y - u.anchor.y) ? a : b,
  );
  // Its charge move's least and best roll along the line to that stand, over its ground, as it is rolled.
  const facts = moveFacts(view, u, to, { charging: true });
  const least = extremeMove(facts, false).inches;
  const best = extremeMove(facts, true).inches;
  return {
    ok: true,
    command,
    to: { x: to.x, y: to.y },
    stands: [],
    words: `charges ${t.name}, ${inches(distance)} away: ${t.name} answers first, then the charge move is rolled, ${Math.abs(best - least) < 0.05 ? `${inches(best)} along that line whatever it rolls` : `${inches(least)} to ${inches(best)} along that line`}`,
  };
}

/** MacDuff's aids for the table in the browser. */
export const tableAids: TableAids<MdView> = {
  front: (view, id) => {
    const u = unitOf(view, id);
    return u && { x: u.anchor.x, y: u.anchor.y, facing: u.anchor.facing };
  },
  weaponRanges,
  reach,
  chargeReach,
  lineOfSight,
  mayMove,
  moveTo,
  attackOn,
};
