import {
  count,
  faces,
  inches,
  type Names,
  nameOf,
  plain,
  stepWords,
  turnWords,
  withNames,
} from '../engine/words.ts';
import type { HfCommand } from './commands.ts';
import type { HfEvent } from './events.ts';
import type { DefenderChoice } from './sequence.ts';
import type { HfGameState, HfUnit } from './state.ts';

/**
 * Honour & Fortitude's commands and events in the rules' words, for the command list, the battle log
 * and the terminal: a move as how far and which way the unit goes, how it turns and what formation it
 * takes; a defender's response naming the attacker and the defender; every roll with its dice (who moves
 * first, initiation, fire, morale, melee, a General at risk).
 */

/** Units and sides by name. */
export function namesOf(state: HfGameState): Names {
  const names = new Map<string, string>();
  for (const s of state.scenario.sides) names.set(s.id, s.name);
  for (const u of Object.values(state.units)) names.set(u.id, u.name);
  return names;
}

const FORMATION_WORDS: Readonly<Record<string, string>> = {
  line: 'line',
  'open-line': 'open line',
  column: 'column',
  'open-column': 'open column',
  square: 'square',
  mass: 'a mass',
  skirmish: 'skirmish order',
};

/** Taking a formation: "form column", "limber", "unlimber". */
function formWords(formation: string): string {
  if (formation === 'limbered') return 'limber';
  if (formation === 'unlimbered') return 'unlimber';
  return `form ${FORMATION_WORDS[formation] ?? plain(formation)}`;
}

/** A move of `unit` to its new place: how far and which way, the turn, and a change of formation. */
function moveWords(unit: HfUnit | undefined, c: Extract<HfCommand, { type: 'move' }>): string {
  if (!unit) return `move to (${inches(c.x)}, ${inches(c.y)}) in ${plain(c.formation)}`;
  const parts = [];
  const step = stepWords(unit, unit.facing, c);
  if (step) parts.push(`move ${step}`);
  const turn = turnWords(unit.facing, c.facing);
  if (turn) parts.push(turn);
  if (c.formation !== unit.formation) parts.push(formWords(c.formation));
  return parts.length ? parts.join(', ') : 'stay where it is';
}

/** The defender's answer to an attack (the Attacks), naming both units. */
function responseWords(choice: DefenderChoice, defender: string, attacker: string): string {
  switch (choice) {
    case 'counter-attack':
      return `${defender} counter-attacks ${attacker}`;
    case 'fire':
      return `${defender} fires at ${attacker} as it comes on`;
    case 'retire':
      return `${defender} retires before ${attacker}`;
    case 'change-face':
      return `${defender} changes face to meet ${attacker} (a drill test)`;
    case 'stand':
      return `${defender} stands to receive ${attacker}`;
  }
}

/** A command in the log's words; `state`, when given, names the units and measures the move. */
export function describeCommand(c: HfCommand, state: HfGameState | undefined, names: Names): string {
  switch (c.type) {
    case 'move':
      return `${nameOf(names, c.unit)}: ${moveWords(state?.units[c.unit], c)}`;
    case 'attack':
      return `${nameOf(names, c.unit)}: attack ${nameOf(names, c.target)}`;
    case 'end-movement':
      return 'end the movement phase';
    case 'fire':
      return `${nameOf(names, c.unit)}: fire at ${nameOf(names, c.target)}`;
    case 'end-firing':
      return 'end the firing phase';
    case 'respond':
      return `respond to the attack: ${plain(c.choice)}`;
  }
}

/** The gap between two units' front centres. */
const gap = (a: HfUnit | undefined, b: HfUnit | undefined) =>
  a && b ? ` (${inches(Math.hypot(a.x - b.x, a.y - b.y))} away)` : '';

/** A command offered now: as the log words it, with the distance to a target and whom a response answers. */
export function describeOffer(c: HfCommand, state: HfGameState, names: Names): string {
  switch (c.type) {
    case 'attack':
    case 'fire':
      return `${describeCommand(c, state, names)}${gap(state.units[c.unit], state.units[c.target])}`;
    case 'respond': {
      const phase = state.phase;
      if (phase.kind !== 'response') return describeCommand(c, state, names);
      return responseWords(c.choice, nameOf(names, phase.defender), nameOf(names, phase.attacker));
    }
    default:
      return describeCommand(c, state, names);
  }
}

type Thrown = NonNullable<HfEvent['dice']>[number];
const rolled = (e: HfEvent, key: string): Thrown | undefined => e.dice?.find((d) => d.key === key);
/** "rolled 3", "rolled 2, 1 and 6". */
const rolledWords = (d: Thrown | undefined) => (d ? `rolled ${faces(d.faces)}` : '');

/** An event in one line, with the dice it threw. */
export function describeEvent(e: HfEvent, names: Names): string | undefined {
  const name = (id: string) => nameOf(names, id);
  switch (e.type) {
    case 'turn-began': {
      const rolls = (e.dice ?? [])
        .filter((d) => d.key.startsWith('initiative-'))
        .map((d) => `${name(d.key.slice('initiative-'.length))} ${rolledWords(d)}`);
      return `Turn ${e.turn}${rolls.length ? `: ${rolls.join(', ')}` : ''}; ${name(e.first)} moves first`;
    }
    case 'initiation':
      return `${name(e.unit)} tests to move: ${rolledWords(rolled(e, 'initiation'))}, ${e.needed} or less needed: ${e.initiated ? 'it moves' : 'it stays'}`;
    case 'moved':
      return `${name(e.unit)} moves ${inches(e.inches)}, ${FORMATION_WORDS[e.formation] ? `in ${FORMATION_WORDS[e.formation]}` : plain(e.formation)}`;
    case 'attack-declared':
      return `${name(e.unit)} attacks ${name(e.target)}`;
    case 'phase-ended':
      return `${name(e.side)} ends its ${e.phase}`;
    case 'fired': {
      const hits = rolled(e, 'hits');
      const extra = rolled(e, 'extraCasualty');
      return `${name(e.unit)}${e.defensive ? ' (defensive fire)' : ''} fires at ${name(e.target)} at ${e.band} range: ${hits ? `${rolledWords(hits)}, ` : ''}${count(e.hits, 'hit')}${extra ? `, an extra casualty die ${rolledWords(extra)}` : ''}; ${count(e.casualties, 'casualty', 'casualties')}`;
    }
    case 'ammunition-exploded':
      return `${name(e.unit)}'s ammunition explodes (${rolledWords(rolled(e, 'explosion'))}): ${count(e.explosions, 'explosion')}`;
    case 'morale-tested': {
      const die = rolled(e, 'morale');
      const retire = rolled(e, 'retireOrPanic');
      return `${name(e.unit)} tests its morale (${plain(e.reason)}): ${rolledWords(die)}, ${e.modified} modified: ${plain(e.result)}${retire ? ` (retire or panic: ${rolledWords(retire)})` : ''}; now ${plain(e.condition)}`;
    }
    case 'responded': {
      const drill = rolled(e, 'drill');
      const face =
        e.changedFace === undefined ? '' : e.changedFace ? ': it changes face' : ': it fails to change face';
      return `${name(e.unit)} answers the attack: ${plain(e.choice)}${drill ? ` (drill test ${rolledWords(drill)})` : ''}${face}`;
    }
    case 'melee-round': {
      const a = rolled(e, 'attackerDice');
      const d = rolled(e, 'defenderDice');
      return `Melee, round ${e.round}: ${name(e.attacker)} ${a ? `${rolledWords(a)}, ` : ''}${e.attackerPoints} points; ${name(e.defender)} ${d ? `${rolledWords(d)}, ` : ''}${e.defenderPoints} points. ${name(e.attacker)} loses ${count(e.attackerLost, 'figure')}, ${name(e.defender)} ${count(e.defenderLost, 'figure')}; the ${e.loser} loses the round`;
    }
    case 'fell-back':
      return `${name(e.unit)} ${e.how === 'retire' ? 'retires' : e.how === 'panic' ? 'panics' : 'runs'} ${inches(e.inches)}`;
    case 'left-the-table':
      return `${name(e.unit)} leaves the table`;
    case 'destroyed':
      return `${name(e.unit)} is destroyed`;
    case 'general-at-risk': {
      const who = e.commanderInChief ? 'The Commander-in-Chief' : 'The General';
      const why = e.occasion === 'lost-melee' ? 'lost a melee' : 'was destroyed';
      const die = e.dice?.find((d) => d.key.startsWith('general-'));
      return `${who} with ${name(e.unit)}, which ${why}, is at risk${die ? ` (${rolledWords(die)})` : ''}: ${e.fell ? 'he falls' : 'he is unhurt'}`;
    }
    case 'attack-lapsed':
      return `${name(e.unit)}'s attack lapses: ${withNames(e.reason, names)}`;
    case 'battle-ended':
      return `The battle is over: ${withNames(e.result.reason, names)}`;
  }
}
