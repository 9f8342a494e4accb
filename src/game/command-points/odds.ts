import { forEachOutcome } from '../../core/odds/enumerate.ts';
import type { OddsReport } from '../../core/odds/tally.ts';
import { seedRng } from '../../core/random/prng.ts';
import { oddsOf } from '../../core/rules/run.ts';
import { artilleryFire } from '../../rulesets/command-points/procedures/artillery-fire.ts';
import { type CombatResult, combat, prepareCombat } from '../../rulesets/command-points/procedures/combat.ts';
import { infantryFire } from '../../rulesets/command-points/procedures/infantry-fire.ts';
import { COMBAT_DISTANCE } from '../../rulesets/command-points/tables/combat.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { applyCommand } from './apply.ts';
import { ATTACKERS_THEN, combatsAfterFire, DEFENDER_THEN, RETREAT_WORDS } from './combats-after-fire.ts';
import type { CpCommand } from './commands.ts';
import { artilleryFacts, combatFacts, infantryFacts, mayFire, mayFireAt, Sight } from './facts.ts';
import { within } from './geometry.ts';
import { deciderOf, fireCommands } from './legal.ts';
import { type CpBoard, type CpUnit, type FireOrder, onTable } from './state.ts';

/**
 * The odds preview of the command-point rules: the exact distributions (every path of the dice, no
 * sampling) of the dice a command would throw, from the very facts the engine throws them with. It reads
 * only the board (the state without its PRNG), so it tells a side nothing its view does not.
 *
 * What is previewed, following Hannam's sequence as sequence.ts plays it (section 5.1):
 * - `fire` declares a unit's fire, thrown when the fire phase ends (step 3: all fire together, from the
 *   state before any of it). Nothing moves or changes in the fire phase before then (a declaration only
 *   marks its firer), so the facts built now are the facts it is thrown with. A `fire` that leaves its
 *   side nothing more to fire at may close the phase at once and throw the fire declared before it too;
 *   that fire was previewed with its own commands, so a `fire` previews only its own.
 * - An `end-fire` that closes the fire phase (the second side's, or the first side's when the second has
 *   nothing to fire at) throws every declared fire: the odds of each, in the order thrown. Then the
 *   combats that follow it (step 4), one preview each, titled by its attackers and defender: the engine's
 *   own fire and combat steps run on a copy of the state over every outcome of the fire, so each combat's
 *   odds are mixed over the D-points and losses the fire may inflict, with the attackers the engine pairs
 *   after them (combats-after-fire.ts). A combat that some outcomes leave unfought (an attacker or the
 *   defender destroyed by the fire, routed or driven off by an earlier combat, the pairs changed by lost
 *   bases) gives that chance as "not fought". When the dice have too many paths to work out while a
 *   player waits, the combats are left out and only the fire is previewed. An `end-fire` that only
 *   passes the phase to the other side throws nothing.
 * - A `move` that ends within 4" of an enemy makes its unit attack it (sequence.ts `resolveCombats`): the
 *   combat's odds (step 4), from the state the move leaves, with the attackers `resolveCombats` would put
 *   together against that enemy (the two with the most bases first: the mover when it is one of them).
 *   The combat is fought after the fire phase, so fire still to be declared may change its facts: the
 *   odds are those of the combat if no fire touches either side. Besides each side's result and
 *   casualties, the charts give what each result makes the side do: hold, fall back or rout.
 * - Morale throws no dice. The command dice of the next turn (thrown after the combats) are not
 *   previewed. An `end-command` that leaves neither side anything to fire at goes straight on to the
 *   combats; those were previewed with the moves that made them.
 * - Other moves, formation changes, redress, joining a unit and `end-command` throw nothing: no odds.
 *
 * A command `side` may not give now (not its decision, the wrong phase, a unit that does not exist, is
 * not its own or cannot fire, a target it cannot fire at) has no odds. Never throws on a well-formed
 * command.
 */
export function commandOdds(state: CpBoard, side: string, command: CpCommand): CommandOdds[] {
  if (command.type === 'move' && state.phase === 'command') return attackOdds(state, side, command);
  if (state.phase !== 'fire' || deciderOf(state) !== side) return [];
  switch (command.type) {
    case 'fire':
      return mayDeclareFire(state, side, command.unit, command.target)
        ? [fireOdds(state, { unit: command.unit, target: command.target })]
        : [];
    case 'end-fire':
      return closesFirePhase(state)
        ? [...state.fireOrders.map((order) => fireOdds(state, order)), ...combatsAfterFire(state)]
        : [];
    default:
      return [];
  }
}

/** Whether `side` may declare `unit`'s fire at `target` now, judged as apply.ts judges a `fire` command. */
function mayDeclareFire(state: CpBoard, side: string, unit: string, target: string): boolean {
  const firer = existingUnit(state, unit);
  const aimedAt = existingUnit(state, target);
  if (!firer || firer.side !== side || !mayFire(firer)) return false;
  return aimedAt !== undefined && onTable(aimedAt) && mayFireAt(state, new Sight(state), firer, aimedAt);
}

/** The unit of that id, if there is one (not a property the units record inherits). */
function existingUnit(state: CpBoard, id: string): CpUnit | undefined {
  return Object.hasOwn(state.units, id) ? state.units[id] : undefined;
}

/**
 * Whether an `end-fire` by the deciding side ends the fire phase and throws the declared fire (apply.ts
 * `endFire` and `passFire`): the second side's always does; the first side's does when the second has
 * nothing to fire at.
 */
function closesFirePhase(state: CpBoard): boolean {
  return state.active === 1 || fireCommands(state, state.order[1]).length === 0;
}

/**
 * The odds of one fire order, with the facts and procedure sequence.ts `resolveFire` throws it with:
 * guns on the artillery table ("Firing - Artillery"), foot with small arms on the infantry table ("Firing -
 * Infantry"); docs/rules/command-points.md, "The battle", step 3.
 */
function fireOdds(state: CpBoard, order: FireOrder): CommandOdds {
  const firer = state.units[order.unit]!;
  const target = state.units[order.target]!;
  const title = `${firer.name} fires at ${target.name}`;
  if (firer.ratings.arm === 'artillery')
    return {
      procedure: artilleryFire.id,
      title,
      charts: oddsOf(artilleryFire, artilleryFacts(state, firer, target)),
    };
  return {
    procedure: infantryFire.id,
    title,
    charts: oddsOf(infantryFire, infantryFacts(state, firer, target)),
  };
}

/**
 * The combat a `move` leads to, if it makes its unit attack (see `commandOdds`). The move is made by the
 * engine itself (`applyCommand`: a move throws no dice, so the generator it is given changes nothing), so
 * a move it refuses has no odds and one it accepts is judged exactly as it will be played.
 */
function attackOdds(
  state: CpBoard,
  side: string,
  command: Extract<CpCommand, { type: 'move' }>,
): CommandOdds[] {
  const moved = applyCommand({ ...state, rng: seedRng(0) }, side, command);
  if (!moved.ok) return [];
  const after = moved.state;
  const mover = after.units[command.unit]!;
  if (mover.attacking === undefined) return [];
  const defender = after.units[mover.attacking]!;
  const group = firstAttackers(after, defender);
  if (!group.some((u) => u.id === mover.id)) return [];
  const facts = combatFacts(after, group, defender);
  const attackers = group.map((u) => u.name).join(' and ');
  return [
    {
      procedure: combat.id,
      title: `${attackers} ${group.length > 1 ? 'attack' : 'attacks'} ${defender.name}: the combat after the fire, if no fire touches either side`,
      charts: [...oddsOf(combat, facts), ...retreatCharts(prepareCombat(facts))],
    },
  ];
}

/**
 * The attackers that fight `defender` first, as sequence.ts `resolveCombats` groups them: formed units
 * attacking it, the most bases first (then by id), two at most, those still within 4" of it.
 */
function firstAttackers(state: CpBoard, defender: CpUnit): CpUnit[] {
  return Object.values(state.units)
    .filter((u) => u.attacking === defender.id && u.status === 'formed')
    .sort((a, b) => b.bases - a.bases || a.id.localeCompare(b.id))
    .slice(0, 2)
    .filter((u) => within(u, defender, COMBAT_DISTANCE));
}

/** The chance of each retreat the combat's result calls for, each side's, by every path of its dice. */
function retreatCharts(
  run: (dice: Parameters<ReturnType<typeof prepareCombat>>[0]) => CombatResult,
): OddsReport[] {
  const attacker = new Map<string, number>();
  const defender = new Map<string, number>();
  const add = (tally: Map<string, number>, key: string, p: number) =>
    tally.set(key, (tally.get(key) ?? 0) + p);
  forEachOutcome(run, (r, p) => {
    add(attacker, RETREAT_WORDS[r.attacker.retreat], p);
    add(defender, RETREAT_WORDS[r.defender.retreat], p);
  });
  const chart = (name: string, tally: Map<string, number>): OddsReport => ({
    name,
    outcomes: [...tally].map(([outcome, probability]) => ({ outcome, probability })),
  });
  return [chart(ATTACKERS_THEN, attacker), chart(DEFENDER_THEN, defender)];
}
