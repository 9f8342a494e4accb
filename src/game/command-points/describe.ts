import { count, inches, type Names, nameOf, plain, turnWords, withNames } from '../engine/words.ts';
import type { CpCommand } from './commands.ts';
import type { CombatScore, CpEvent } from './events.ts';
import { payerFor, planMove } from './moves.ts';
import type { CpBoard, CpUnit } from './state.ts';

/**
 * The command-point rules' commands and events in their own words, for the command list, the battle log
 * and the terminal: a move as its turn and its distance ahead or back, and whether it ends within reach
 * of an enemy (an attack: combat follows); whose command point pays; every roll with its number (who
 * moves first, each commander's points, combat's Average Dice and factors).
 */

/** Units and commanders by name. */
export function namesOf(state: CpBoard): Names {
  const names = new Map<string, string>();
  for (const u of Object.values(state.units)) names.set(u.id, u.name);
  for (const c of Object.values(state.commanders)) names.set(c.id, c.name);
  return names;
}

/** How a unit moves: its turn, then how far ahead, or its step back keeping its facing. */
function moveWords(unit: CpUnit | undefined, c: Extract<CpCommand, { type: 'move' }>): string {
  if (c.backward) return `step ${inches(c.distance)} back, still facing the enemy`;
  const turn = unit ? turnWords(unit.facing, c.facing) : `face ${Math.round(c.facing)}°`;
  const ahead = c.distance > 0 ? `move ${inches(c.distance)} ahead` : '';
  const parts = [turn, ahead].filter((p) => p.length > 0);
  return parts.length ? parts.join(', then ') : 'stay where it is';
}

/** A command in the log's words; `state`, when given, names the units and measures the turn. */
export function describeCommand(c: CpCommand, state: CpBoard | undefined, names: Names): string {
  switch (c.type) {
    case 'move':
      return `${nameOf(names, c.unit)}: ${moveWords(state?.units[c.unit], c)}`;
    case 'formation':
      return `${nameOf(names, c.unit)}: ${c.formation === 'limbered' ? 'limber' : c.formation === 'unlimbered' ? 'unlimber' : `form ${c.formation === 'skirmish' ? 'skirmish order' : c.formation}`}`;
    case 'redress':
      return `${nameOf(names, c.unit)}: redress, removing a D-point`;
    case 'attach':
      return `${nameOf(names, c.commander)} joins ${nameOf(names, c.unit)}`;
    case 'end-command':
      return 'spend no more command points this turn';
    case 'fire':
      return `${nameOf(names, c.unit)}: fire at ${nameOf(names, c.target)}`;
    case 'end-fire':
      return 'declare no more fire this turn';
  }
}

/** Whose command point a unit's command costs: the free point of a commander with it, or one of his points. */
function costWords(state: CpBoard, unit: CpUnit): string {
  const payer = payerFor(state, unit);
  if (!payer) return '';
  return payer.free
    ? ` (the free point of ${payer.commander.name}, who is with it)`
    : ` (a command point of ${payer.commander.name}: ${payer.commander.points} left)`;
}

/** A command offered now: as the log words it, with whose point pays, what a move leads to, how far a target is. */
export function describeOffer(c: CpCommand, state: CpBoard, names: Names): string {
  const line = describeCommand(c, state, names);
  switch (c.type) {
    case 'move': {
      const unit = state.units[c.unit];
      if (!unit) return line;
      const plan = planMove(state, unit, c);
      const attack =
        plan.ok && plan.attacking ? `: it attacks ${nameOf(names, plan.attacking)}, and combat follows` : '';
      return `${line}${attack}${costWords(state, unit)}`;
    }
    case 'formation':
    case 'redress': {
      const unit = state.units[c.unit];
      return unit ? `${line}${costWords(state, unit)}` : line;
    }
    case 'fire': {
      const a = state.units[c.unit];
      const b = state.units[c.target];
      return a && b ? `${line}, ${inches(Math.hypot(a.x - b.x, a.y - b.y))} away` : line;
    }
    default:
      return line;
  }
}

/** " (Average Die 4, factors +3: 7)". */
const scoreWords = (s: CombatScore | undefined) =>
  s ? ` (Average Die ${s.die}, factors ${s.factors >= 0 ? '+' : ''}${s.factors}: ${s.score})` : '';

/** An event in one line, with the number each roll gave. */
export function describeEvent(e: CpEvent, names: Names): string | undefined {
  const name = (id: string) => nameOf(names, id);
  switch (e.type) {
    case 'turn-began':
      return `Turn ${e.turn}: the die for the first move rolled ${e.die}; ${name(e.first)} moves first`;
    case 'points-thrown':
      return `${name(e.commander)} rolls ${e.roll} for command: ${count(e.points, 'command point')} this turn`;
    case 'morale':
      return `${name(e.unit)} tests morale with ${count(e.dpoints, 'D-point')}: ${e.action === 'hold' ? 'it holds' : e.action === 'retreat' ? 'it falls back' : 'it routs'}`;
    case 'rallied':
      return `${name(e.unit)} rallies`;
    case 'redressed-by-halting':
      return `${name(e.unit)} halts and redresses: ${count(e.removed, 'D-point')} removed`;
    case 'moved':
      return `${name(e.unit)} moves (${e.free ? `the free point of ${name(e.payer)}` : `a point of ${name(e.payer)}`})${e.attacking ? `: it attacks ${name(e.attacking)}, combat follows` : ''}`;
    case 'formation-changed':
      return `${name(e.unit)} forms ${plain(e.formation)} (a point of ${name(e.payer)})`;
    case 'redressed':
      return `${name(e.unit)} redresses (a point of ${name(e.payer)}): ${count(e.dpoints, 'D-point')} left`;
    case 'attached':
      return `${name(e.commander)} joins ${name(e.unit)}`;
    case 'phase-ended':
      return `${name(e.side)} ends its ${e.phase} phase`;
    case 'fire-declared':
      return `${name(e.unit)} will fire at ${name(e.target)}`;
    case 'fired':
      return `${name(e.unit)} fires at ${name(e.target)}: ${count(e.dpoints, 'D-point')}${e.casualties ? `, ${count(e.casualties, 'base')} lost` : ''}`;
    case 'combat':
      return `Combat: ${e.attackers.map(name).join(' and ')}${scoreWords(e.attackerScore)} against ${name(e.defender)}${scoreWords(e.defenderScore)}: attacker ${plain(e.attackerResult)}, defender ${plain(e.defenderResult)}`;
    case 'retreated':
      return `${name(e.unit)} retreats`;
    case 'commander-hit':
      return `${name(e.commander)} is hit: ${plain(e.fate)}`;
    case 'routed':
      return `${name(e.unit)} routs`;
    case 'destroyed':
      return `${name(e.unit)} is destroyed`;
    case 'left-table':
      return `${name(e.unit)} leaves the table`;
    case 'game-over':
      return `The battle is over: ${withNames(e.result.reason, names)}`;
  }
}
