import { oddsOf } from '../../core/rules/run.ts';
import { fire } from '../../rulesets/honour-and-fortitude/procedures/fire.ts';
import { meleeRound } from '../../rulesets/honour-and-fortitude/procedures/melee-round.ts';
import { changeFace, initiation } from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import type { CommandOdds } from '../engine/battle.ts';
import { attack, initiationFacts, judgeCommand } from './apply.ts';
import { type AttackSteps, attackCharts, type FirstRound } from './attack-odds.ts';
import { fireFactsAt } from './combat.ts';
import type { HfCommand } from './commands.ts';
import { closeAndFight, type DefenderChoice, fireAndClose, openAttack, progressOf } from './sequence.ts';
import type { HfGameState, HfUnit } from './state.ts';

/**
 * The exact odds, before any dice, of what `command` from `side` would resolve at once in `state`
 * (docs/rules/honour-and-fortitude.md, "The whole battle"; H&F QRS as cited below). Nothing is hidden in
 * Honour & Fortitude but the dice to come, so the odds are worked out on the state itself. The command is
 * checked as `applyCommand` checks it (`judgeCommand`), and the facts are the engine's own:
 *
 * - `fire`: the Fire procedure (H&F QRS, Firing) with the facts the check accepted and `fireAt` rolls with.
 *   The ammunition explosions and the target's morale test that may follow depend on its hits and
 *   casualties: not previewed.
 * - `attack`: the attacker's Initiation Roll (H&F QRS, Initiating Orders), then what the attack comes to
 *   if it goes in as things stand now (attack-odds.ts): the morale tests of both units, the first round
 *   of melee and the morale tests it brings, or the defender left to choose its response. The attacks are
 *   fought after Firing, whose fire may change the facts: these are the odds if nothing changes before.
 * - `move`: the Initiation Roll when the move needs one (a unit on Hold orders, or changing formation);
 *   nothing for other moves, which throw no dice.
 * - `respond`: 'change-face' the defender's Drill roll (H&F QRS, Attacks), 'fire' the defensive fire at
 *   close range; 'stand' and 'counter-attack' what the attack comes to (attack-odds.ts): the attacker
 *   closes, the first round of melee is fought and the loser (and friends a Panic! sets off) test morale;
 *   after 'fire', too, what the attack comes to (the attacker's morale test if the fire hurt it, then the
 *   melee as the fire left both units). Retiring throws no dice at once. What follows an attack is left
 *   out when its dice have too many paths to work out here.
 * - `end-movement` and `end-firing`: nothing. Ending the second side's fire fights the turn's melees and
 *   attacks, whose dice each depend on the ones before.
 *
 * Empty when the command throws no dice at once or the engine would refuse it (not `side`'s decision,
 * the wrong phase, an unknown unit or target, a target out of range, arc or sight). Never throws.
 */
export function commandOdds(state: HfGameState, side: string, command: HfCommand): CommandOdds[] {
  const judged = judgeCommand(state, side, command);
  if (!judged.ok) return [];
  const accepted = judged.command;
  switch (accepted.type) {
    case 'fire':
      return [
        {
          procedure: fire.id,
          title: `${accepted.firer.name} fires at ${accepted.target.name}`,
          charts: oddsOf(fire, accepted.facts),
        },
      ];
    case 'attack':
      return [
        ...initiationOdds(accepted.unit, `${accepted.unit.name} sets out to attack ${accepted.target.name}`),
        ...followingOdds(
          state,
          `What ${accepted.unit.name}'s attack on ${accepted.target.name} comes to, if it goes in as things stand now`,
          (d) => {
            attack(d, progressOf(state), accepted);
            return openAttack(d, accepted.unit.id);
          },
          {
            attacker: accepted.unit.id,
            defender: accepted.target.id,
            charging: { attacker: true, defender: false },
          },
        ),
      ];
    case 'move':
      return accepted.initiation
        ? initiationOdds(accepted.unit, `${accepted.unit.name} takes up its new orders`)
        : [];
    case 'respond':
      return responseOdds(state, accepted.choice);
    case 'end-movement':
    case 'end-firing':
      return [];
  }
}

/** The charts `attackCharts` works out for `steps`, as one preview (marked when estimated). */
function followingOdds(
  state: HfGameState,
  title: string,
  steps: AttackSteps,
  round: FirstRound,
): CommandOdds[] {
  const { charts, estimatedFrom } = attackCharts(state, steps, round);
  return [
    { procedure: meleeRound.id, title, charts, ...(estimatedFrom === undefined ? {} : { estimatedFrom }) },
  ];
}

function initiationOdds(unit: HfUnit, title: string): CommandOdds[] {
  const facts = initiationFacts(unit);
  return facts ? [{ procedure: initiation.id, title, charts: oddsOf(initiation, facts) }] : [];
}

/**
 * The dice of the defender's response (sequence.ts `respond`): the Drill roll to change face reads the
 * defender's Drill; defensive fire is `fireAt`'s, and what the attack comes to after it; standing or
 * counter-attacking, what the attack comes to.
 */
function responseOdds(state: HfGameState, choice: DefenderChoice): CommandOdds[] {
  if (state.phase.kind !== 'response') return [];
  const attacker = state.units[state.phase.attacker]!;
  const defender = state.units[state.phase.defender]!;
  switch (choice) {
    case 'stand':
    case 'counter-attack': {
      const counter = choice === 'counter-attack';
      return followingOdds(
        state,
        `What ${attacker.name}'s attack comes to as ${defender.name} ${counter ? 'counter-attacks' : 'stands to receive it'}`,
        (d) => {
          closeAndFight(d, attacker.id, defender.id, counter);
          return undefined;
        },
        { attacker: attacker.id, defender: defender.id, charging: { attacker: true, defender: counter } },
      );
    }
    case 'change-face':
      return [
        {
          procedure: changeFace.id,
          title: `${defender.name} turns to meet ${attacker.name}'s attack`,
          charts: oddsOf(changeFace, { drill: defender.ratings.drill }),
        },
      ];
    case 'fire': {
      const facts = fireFactsAt(state, state.units, defender.id, attacker.id, true);
      return [
        ...(facts
          ? [
              {
                procedure: fire.id,
                title: `${defender.name} fires at ${attacker.name} as it attacks`,
                charts: oddsOf(fire, facts),
              },
            ]
          : []),
        ...followingOdds(
          state,
          `What ${attacker.name}'s attack comes to after ${defender.name}'s fire`,
          (d) => {
            fireAndClose(d, attacker.id, defender.id);
            return undefined;
          },
          { attacker: attacker.id, defender: defender.id, charging: { attacker: true, defender: false } },
        ),
      ];
    }
    default:
      return [];
  }
}
