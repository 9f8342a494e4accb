import { oddsOf } from '../../core/rules/run.ts';
import { artilleryFire } from '../../rulesets/command-points/procedures/artillery-fire.ts';
import { infantryFire } from '../../rulesets/command-points/procedures/infantry-fire.ts';
import type { CommandOdds } from '../engine/battle.ts';
import type { CpCommand } from './commands.ts';
import { artilleryFacts, infantryFacts, mayFire, mayFireAt, Sight } from './facts.ts';
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
 *   nothing to fire at) throws every declared fire: the odds of each, in the order thrown. One that only
 *   passes the phase to the other side throws nothing.
 * - Later dice that depend on earlier dice are not previewed: combat (step 4) is fought after the fire,
 *   with the D-points and losses its dice inflict, so a `move` that ends within 4" of an enemy has no
 *   odds, nor do the combats, morale and command dice that follow a closing `end-fire`. An `end-command`
 *   that leaves neither side anything to fire at goes straight on to the combats; those are not
 *   previewed either (which attackers fight together is sequence.ts `resolveCombats`'s to decide).
 * - Other moves, formation changes, redress, joining a unit and `end-command` throw nothing: no odds.
 *
 * A command `side` may not give now (not its decision, the wrong phase, a unit that does not exist, is
 * not its own or cannot fire, a target it cannot fire at) has no odds. Never throws on a well-formed
 * command.
 */
export function commandOdds(state: CpBoard, side: string, command: CpCommand): CommandOdds[] {
  if (state.phase !== 'fire' || deciderOf(state) !== side) return [];
  switch (command.type) {
    case 'fire':
      return mayDeclareFire(state, side, command.unit, command.target)
        ? [fireOdds(state, { unit: command.unit, target: command.target })]
        : [];
    case 'end-fire':
      return closesFirePhase(state) ? state.fireOrders.map((order) => fireOdds(state, order)) : [];
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
