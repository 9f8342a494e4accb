import { angleBetween, bearing } from '../../core/geometry/angles.ts';
import type { Point } from '../../core/geometry/points.ts';
import type { TraceStep } from '../../core/rules/trace.ts';
import { FIRE_OPTIONS_TABLE, type FireOption } from '../../rulesets/macduff/tables/small-arms.ts';
import { count, inches, type Names, nameOf, plain, stepWords, wayWords } from '../engine/words.ts';
import type { MdCommand, MdFormationChange, Reaction } from './commands.ts';
import type { MdEvent } from './events.ts';
import { distanceBetween } from './queries.ts';
import type { MdGameState, MdUnit } from './state.ts';

/**
 * MacDuff's commands and events in the rules' words, for the command list, the battle log and the
 * terminal: what a move does (a retreat to one's own base edge, an advance on an objective or on the
 * nearest enemy), what each fire option fires and leaves, a reaction to a charge naming both units; the
 * events' own lines tidied (no ids, rounded numbers, plurals) with the working of their procedures.
 */

/** Units and Generals by name. */
export function namesOf(state: MdGameState): Names {
  const names = new Map<string, string>();
  for (const u of Object.values(state.units)) names.set(u.id, u.name);
  for (const g of Object.values(state.generals)) names.set(g.id, g.name);
  return names;
}

/** A direction as on a map with north up (the scenario's edges): 90 is north. */
function compassOf(facing: number): string {
  const points = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];
  return points[Math.round((((facing % 360) + 360) % 360) / 45) % 8]!;
}

const FORMATION_WORDS: Readonly<Record<MdFormationChange, string>> = {
  line: 'form line',
  column: 'form column',
  square: 'form square',
  skirmish: 'go into skirmish order',
  mass: 'form a mass',
};

/** A fire option by what it does (8.4-8.7): who fires, how many volleys, and what may follow. */
export function fireOptionWords(option: FireOption): string {
  const row = FIRE_OPTIONS_TABLE.rows[option];
  const who = row.share === 1 ? 'all its figures fire' : 'half its figures fire';
  const volleys = row.volleys > 1 ? ` ${row.volleys} volleys` : '';
  const then = row.moveHalf ? ', then it may move half' : ', standing';
  const after = row.mustRally ? '; it must rally before firing again' : '';
  return `${who}${volleys}${then}${after}`;
}

const REACTION_WORDS: Readonly<Record<Reaction, string>> = {
  stand: 'stand, firing if able',
  'form-square': 'form square',
  'counter-charge': 'counter-charge',
  evade: 'evade, retreating a full move',
  'fire-and-evade': 'fire, then evade half a move',
};

/** A command in the log's words (the acting unit is told by the events after it). */
export function describeCommand(c: MdCommand, names: Names): string {
  switch (c.type) {
    case 'activate':
      return `activate ${nameOf(names, c.unit)}`;
    case 'fire':
      return `fire at ${nameOf(names, c.target)}: ${fireOptionWords(c.option)}`;
    case 'move':
      return `move toward (${inches(c.to.x)}, ${inches(c.to.y)})${c.facing === undefined ? '' : `, ending facing ${compassOf(c.facing)}`}`;
    case 'charge':
      return `charge ${nameOf(names, c.target)}`;
    case 'change-formation':
      return FORMATION_WORDS[c.formation];
    case 'limber':
      return 'limber the guns';
    case 'unlimber':
      return 'unlimber the guns';
    case 'rally':
      return 'rally: reload, recover casualties and reform';
    case 'reserve-fire':
      return 'hold its fire for a charge';
    case 'end-activation':
      return 'end the activation';
    case 'react':
      return `answer the charge: ${REACTION_WORDS[c.reaction]}`;
  }
}

/** The unit acting now, if an activation is under way. */
function actingUnit(state: MdGameState): MdUnit | undefined {
  return state.node.phase === 'activation' ? state.units[state.node.unit] : undefined;
}

const near = (a: Point, b: Point, slack = 0.01) => Math.hypot(a.x - b.x, a.y - b.y) <= slack;

/** The legal list's moves (legal.ts) by what each is for; any other point as how far and which way. */
function moveWords(state: MdGameState, unit: MdUnit, c: Extract<MdCommand, { type: 'move' }>): string {
  const a = unit.anchor;
  const far = Math.hypot(c.to.x - a.x, c.to.y - a.y);
  if (c.facing !== undefined) {
    const home = state.scenario.baseEdge[unit.side] ?? 'south';
    if (angleBetween(c.facing, a.facing) < 1)
      return `fall back toward your own base edge (${home}), still facing the enemy: half speed`;
    return `retreat toward your own base edge (${home}), turning about to face it: full speed`;
  }
  const objective = state.scenario.objectives.find((o) => near(o.position, c.to));
  if (objective) return `advance on ${objective.name} (${inches(far)} ${wayWords(a, a.facing, c.to)})`;
  const enemy = Object.values(state.units).find(
    (e) =>
      e.side !== unit.side &&
      state.table.units[e.id]?.stands.some(
        (s) => Math.abs(Math.hypot(s.x - c.to.x, s.y - c.to.y) - 2) < 0.01,
      ),
  );
  if (enemy) return `advance on ${enemy.name}, stopping 2" short`;
  if (angleBetween(bearing(a.x, a.y, c.to.x, c.to.y), a.facing) < 1) return 'advance straight ahead';
  return `move ${stepWords(a, a.facing, c.to)}, to (${inches(c.to.x)}, ${inches(c.to.y)})`;
}

/**
 * A command offered now, in the words of the list: who acts and what it does, with what only holds now
 * (how far the target is, what a reaction answers).
 */
export function describeOffer(c: MdCommand, state: MdGameState, names: Names): string {
  const unit = actingUnit(state);
  const who = unit ? `${unit.name}: ` : '';
  switch (c.type) {
    case 'activate':
      return `${nameOf(names, c.unit)}: activate (play the card for it)`;
    case 'fire':
      return unit
        ? `${who}fire at ${nameOf(names, c.target)}, ${inches(distanceBetween(state, unit.id, c.target))} away: ${fireOptionWords(c.option)}`
        : describeCommand(c, names);
    case 'charge':
      return unit
        ? `${who}charge ${nameOf(names, c.target)}, ${inches(distanceBetween(state, unit.id, c.target))} away`
        : describeCommand(c, names);
    case 'move':
      return unit ? `${who}${moveWords(state, unit, c)}` : describeCommand(c, names);
    case 'end-activation': {
      const node = state.node;
      const idle = node.phase === 'activation' && !node.fired && !node.moved && !node.switched;
      return idle ? `${who}pass (do nothing this activation)` : `${who}end the activation`;
    }
    case 'react': {
      const node = state.node;
      if (node.phase !== 'reaction') return describeCommand(c, names);
      const charger = nameOf(names, node.charger);
      return `${nameOf(names, node.target)}: ${REACTION_WORDS[c.reaction]} (${charger} charges it)`;
    }
    default:
      return `${who}${describeCommand(c, names)}`;
  }
}

/**
 * An event's own line in plain words: "2 hit(s)" as "2 hits", rule words without hyphens, ids by name,
 * and the working of its procedure (its traced steps) after it.
 */
export function describeEvent(e: MdEvent): string | undefined {
  const line = e.type === 'card-drawn' || e.type === 'card-discarded' ? cardWords(e) : tidy(e.text);
  const working = (e.trace ?? []).map(workingStep).filter((l) => l.length > 0);
  return working.length ? `${line} (${working.join('; ')})` : line;
}

/** A card drawn (2.1) by the side its colour calls: red for the Imperial side, black for the native. */
function cardWords(e: MdEvent): string {
  const colour = e.data?.['colour'] === 'red' ? 'red' : 'black';
  const side = colour === 'red' ? 'Imperial' : 'native';
  return e.type === 'card-drawn'
    ? `A ${colour} card: the ${side} side activates a unit`
    : `A ${colour} card, but the ${side} side has no unit left to act`;
}

/** A step of a procedure's working: its label, and the die it read or the total it reached. */
function workingStep(step: TraceStep): string {
  const label = tidy(step.label);
  if (step.roll !== undefined && typeof step.value === 'number') return `${label}: rolled ${step.value}`;
  if (step.roll !== undefined && step.total !== undefined) return `${label}: ${step.total}`;
  return label;
}

/**
 * "5 hit(s)" → "5 hits", "volley-and-move" → "volley and move", the first letter up. The events' lines
 * name units by their names already.
 */
export function tidy(text: string): string {
  const counted = text
    .replace(/(\d+) ([a-z]+)\(s\)/g, (_, n: string, word: string) => count(Number(n), word))
    .replace(/\b1 hits\b/g, '1 hit');
  const words = counted.replace(/\b[a-z]+(?:-[a-z]+)+\b/g, plain);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
