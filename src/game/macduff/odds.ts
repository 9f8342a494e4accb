import type { OddsReport } from '../../core/odds/tally.ts';
import { seedRng } from '../../core/random/prng.ts';
import type { ProcedureDefinition } from '../../core/rules/procedure.ts';
import { oddsOf } from '../../core/rules/run.ts';
import { canister, machineGun, shotAndShell } from '../../rulesets/macduff/procedures/artillery-fire.ts';
import {
  type ControlFacts,
  type ControlResult,
  controlCheck,
} from '../../rulesets/macduff/procedures/control-check.ts';
import { casualtyRecovery } from '../../rulesets/macduff/procedures/morale.ts';
import { movement } from '../../rulesets/macduff/procedures/movement.ts';
import { personalityRoll } from '../../rulesets/macduff/procedures/personality.ts';
import { smallArmsFire } from '../../rulesets/macduff/procedures/small-arms-fire.ts';
import type { CommandOdds } from '../engine/battle.ts';
import {
  chargeInto,
  controlCheckDue,
  controlFacts,
  fireFacts,
  moveFacts,
  nearestOf,
  personalityFacts,
  recoveryFacts,
  retreatPoint,
  rollControl,
  seniorLeaderOf,
} from './actions.ts';
import { admitCommand, moveIntent } from './apply.ts';
import type { MdCommand, Reaction } from './commands.ts';
import { Ctx } from './context.ts';
import { layout } from './geometry.ts';
import { fireAndEvadeOption, fireOptions, loaded, mayReact, type Readable } from './queries.ts';
import type { MdGameState, MdNode, MdUnit } from './state.ts';
import { type MdView, viewFor } from './view.ts';

/**
 * The exact odds, before any dice, of the procedures `command` from `side` would resolve at once, for
 * the player about to give it (`PlayableRuleSet.commandOdds`). Each is built by the engine's own facts
 * builders (actions.ts), so the odds are those of the roll the engine would make:
 *
 * - `activate`: a unit that must rally (5.4, 11.3, 12.1) its Casualty Recovery (12.5); any other its
 *   Control Check (3.2), or, when its senior leader's personality is not known yet, only the Personality
 *   roll (3.4) that comes first and shapes the check; nothing when it is in control (3.1).
 * - `fire`: the fire procedure (8, 9): small arms, canister, shot and shell, or the machine gun.
 * - `move`: the move roll (5) for the path to the point.
 * - `charge`: the charger's charge move (5.4, 6.1), only when the target may not react (6.2); otherwise
 *   the charge waits for the reaction and nothing is rolled yet. With the move, what follows it: the
 *   chance the charge reaches the target (contact), over the ground and past the units in its way.
 * - `react`: an evading target's move (6.2), a skirmisher's fire as it fires and evades (its retreat
 *   and the charge come after), else the charger's charge move at the target where the reaction leaves
 *   it (formed in square, or where it stands), the chance of contact, and the fire of a loaded target
 *   that stood, on contact (6.2, 6.3).
 * - `rally`: the Casualty Recovery (12.5).
 *
 * Otherwise only what is rolled first, on facts known now: dice that depend on earlier dice are left out
 * (the casualties of a fire's hits (10), the melee a charge's contact makes at the end of the turn (11), a
 * control check after a personality roll, the melees and shuffle at the end of a turn the command
 * finishes). `reserve-fire`, `end-activation`, `change-formation`, `limber` and `unlimber` throw no
 * dice of their own: none.
 *
 * Hidden information: the facts come from `side`'s view (`viewFor`), never the state, so a concealed
 * enemy (7.7) shapes nothing. An Imperial unit's spotting roll on activation (7.7) is never shown: its
 * distance is to a concealed unit, and that it is rolled at all would tell where one is. Where a
 * concealed unit the side cannot see would change the engine's facts (its stands blocking a brigadier's
 * sight, 3.1), the preview is of the side's view: no check. Empty too when the engine would refuse the
 * command (`admitCommand`: not the side's decision, not legal now) or it names a unit the side cannot
 * see. Never throws for a command the schema accepts.
 */
export function commandOdds(state: MdGameState, side: string, command: MdCommand): CommandOdds[] {
  const admitted = admitCommand(state, side, command);
  if (!admitted.ok) return [];
  const view = viewFor(state, side);
  const node = view.node;
  const given = admitted.command;
  if (given.type === 'activate') {
    const unit = view.units[given.unit];
    return unit ? activationOdds(view, unit) : [];
  }
  if (given.type === 'react' && node.phase === 'reaction') {
    const charger = view.units[node.charger];
    const target = view.units[node.target];
    return charger && target ? reactionOdds(view, charger, target, given.reaction) : [];
  }
  if (node.phase !== 'activation') return [];
  const unit = view.units[node.unit];
  if (!unit) return [];
  switch (given.type) {
    case 'fire': {
      const target = view.units[given.target];
      return target ? fireOdds(view, unit, target, given.option) : [];
    }
    case 'move':
      return moveOdds(view, unit, given, node);
    case 'charge': {
      const target = view.units[given.target];
      return target && !mayReact(target) ? chargeMoveOdds(view, unit, target, undefined) : [];
    }
    case 'rally':
      return [recoveryOdds(view, unit)];
    default:
      return [];
  }
}

/** The Control Check as the engine rolls it (`rollControl`): a Bold leader chooses after seeing the die. */
const controlCheckAsRolled: ProcedureDefinition<ControlFacts, ControlResult> = {
  ...controlCheck,
  resolve: (facts, dice, trace) => rollControl(facts, dice, trace).result,
};

function recoveryOdds(view: MdView, unit: MdUnit): CommandOdds {
  return {
    procedure: casualtyRecovery.id,
    title: `Casualties returning to ${unit.name} as it rallies`,
    charts: oddsOf(casualtyRecovery, recoveryFacts(view, unit)),
  };
}

/** As `activate` (sequence.ts) rolls, after the spotting roll it never shows. */
function activationOdds(view: MdView, unit: MdUnit): CommandOdds[] {
  if (unit.mustRally || unit.shattered) return [recoveryOdds(view, unit)];
  if (!controlCheckDue(view, unit)) return [];
  const leader = seniorLeaderOf(view, unit);
  const personality = leader && (leader.general ? leader.general.personality : unit.personality);
  if (leader && personality === undefined)
    return [
      {
        procedure: personalityRoll.id,
        title: `Personality of ${leader.name}, rolled before ${unit.name}'s control check`,
        charts: oddsOf(personalityRoll, personalityFacts(view)),
      },
    ];
  const facts = controlFacts(view, leader && personality ? { grade: leader.grade, personality } : undefined);
  return [
    {
      procedure: controlCheck.id,
      title: `Control check of ${unit.name}, out of its brigadier's control`,
      charts: oddsOf(controlCheckAsRolled, facts),
    },
  ];
}

function fireOdds(
  view: Readable,
  firer: MdUnit,
  target: MdUnit,
  option: Extract<MdCommand, { type: 'fire' }>['option'],
): CommandOdds[] {
  const rolled = fireFacts(view, firer, target, option);
  const title = `${firer.name} fires at ${target.name}`;
  switch (rolled.kind) {
    case 'machine-gun':
      return [{ procedure: machineGun.id, title, charts: oddsOf(machineGun, rolled.facts) }];
    case 'canister':
      return [{ procedure: canister.id, title, charts: oddsOf(canister, rolled.facts) }];
    case 'shot-and-shell':
      return [{ procedure: shotAndShell.id, title, charts: oddsOf(shotAndShell, rolled.facts) }];
    case 'small-arms':
      return [
        {
          procedure: smallArmsFire.id,
          title: `${title} (${option})`,
          charts: oddsOf(smallArmsFire, rolled.facts),
        },
      ];
  }
}

function moveOdds(
  view: MdView,
  unit: MdUnit,
  command: Extract<MdCommand, { type: 'move' }>,
  node: Extract<MdNode, { phase: 'activation' }>,
): CommandOdds[] {
  const facts = moveFacts(view, unit, command.to, moveIntent(unit, command, node).how);
  return [
    { procedure: movement.id, title: `How far ${unit.name} may move`, charts: oddsOf(movement, facts) },
  ];
}

/**
 * The charger's charge move (`resolveCharge` in apply.ts) at the target's nearest stand: where the target
 * stands, or laid out in square when it forms one (`reaction`); then whether the charge reaches it and what
 * follows contact at once (`contactOdds`).
 */
function chargeMoveOdds(
  view: MdView,
  charger: MdUnit,
  target: MdUnit,
  reaction: Reaction | undefined,
): CommandOdds[] {
  const stands = view.table.units[target.id]?.stands ?? [];
  const square =
    reaction === 'form-square' ? layout(target, 'square', target.anchor, view.scenario.basing) : undefined;
  const aimAt = square ?? stands;
  if (aimAt.length === 0) return [];
  const facts = moveFacts(view, charger, nearestOf(aimAt, charger.anchor), { charging: true });
  const move = {
    procedure: movement.id,
    title: `How far ${charger.name} may charge at ${target.name}`,
    charts: oddsOf(movement, facts),
  };
  return [move, contactOdds(view, charger, target, reaction, move.charts)];
}

/** Whether a charge reaches its target ("Contact"), and a standing target's fire as it comes (6.2, 6.3). */
const CONTACT = 'in contact';
const SHORT = 'falls short';

/**
 * Whether the charge reaches its target, and what follows contact at once, worked out for each distance
 * the charge move may roll (`moveCharts`' "Inches") by the engine's own steps on a copy of the side's
 * view: the target forms square if that is its reaction, the charger goes in as far as the roll and the
 * ground let it (`chargeInto`, which stops at units in the way), and a target that stood, loaded, fires
 * at it on contact (`resolveCharge`): the chance of each of that fire's outcomes, "no fire" when the
 * charge falls short. The melee that contact makes is fought at the end of the turn, after every other
 * activation: not previewed.
 */
function contactOdds(
  view: MdView,
  charger: MdUnit,
  target: MdUnit,
  reaction: Reaction | undefined,
  moveCharts: readonly OddsReport[],
): CommandOdds {
  const rolled = moveCharts.find((c) => c.name === 'Inches')?.outcomes ?? [];
  const stands = reaction === 'stand' && mayReact(target) && loaded(view, target);
  const contact = new Tally();
  const fired = new Map<string, Tally>();
  let fireProcedure = '';
  for (const { outcome, probability } of rolled) {
    const ctx = scratchOf(view);
    if (reaction === 'form-square') ctx.place(target.id, 'square', target.anchor);
    const reached = chargeInto(ctx, ctx.unit(charger.id), ctx.unit(target.id), Number(outcome));
    contact.add(reached ? CONTACT : SHORT, probability);
    if (!stands) continue;
    const firing = reached ? defensiveFire(ctx, target.id, charger.id) : undefined;
    if (firing) fireProcedure = firing.procedure;
    for (const chart of firing?.charts ?? []) {
      const tally = fired.get(chart.name) ?? new Tally();
      for (const o of chart.outcomes) tally.add(o.outcome, probability * o.probability);
      fired.set(chart.name, tally);
    }
    if (!firing) for (const tally of fired.values()) tally.add('no fire', probability);
  }
  // A chart first met after a roll that fell short (or brought no fire) has that roll's share added now.
  for (const tally of fired.values()) tally.fill('no fire', 1);
  const charts = [contact.report('Contact')];
  for (const [name, tally] of fired) charts.push(tally.report(`${target.name}'s fire on contact: ${name}`));
  return {
    procedure: fireProcedure || movement.id,
    title: `Whether ${charger.name} reaches ${target.name}${fired.size > 0 ? `, and ${target.name}'s fire as it comes in` : ''}`,
    charts,
  };
}

/** The fire of a target that stood, at its charger in contact (`resolveCharge`: its stand option, else its first). */
function defensiveFire(ctx: Ctx, targetId: string, chargerId: string): CommandOdds | undefined {
  const target = ctx.unit(targetId);
  const options = fireOptions(target);
  const option = options.includes('stand') ? 'stand' : options[0];
  return option ? fireOdds(ctx.s, target, ctx.unit(chargerId), option)[0] : undefined;
}

/** Probabilities by outcome, in the order first met. */
class Tally {
  private readonly sums = new Map<string | number, number>();

  add(outcome: string | number, probability: number): void {
    this.sums.set(outcome, (this.sums.get(outcome) ?? 0) + probability);
  }

  /** Adds to `outcome` what the tally lacks of `total`. */
  fill(outcome: string | number, total: number): void {
    const missing = total - [...this.sums.values()].reduce((a, b) => a + b, 0);
    if (missing > 1e-12) this.add(outcome, missing);
  }

  report(name: string): OddsReport {
    return { name, outcomes: [...this.sums].map(([outcome, probability]) => ({ outcome, probability })) };
  }
}

/**
 * A working copy of the side's view for trying the engine's steps out (as apply.ts's working copy: units
 * and Generals copy-on-write, so the view is never changed). It throws no dice: its generator is a fixed
 * one, never read.
 */
function scratchOf(view: MdView): Ctx {
  const { viewer: _viewer, cardsLeft: _cards, ...seen } = view;
  const work = { ...seen, melees: [...view.melees], rng: seedRng(0), deck: NO_DECK };
  return new Ctx(work as MdGameState, view.scenario.basing, { traces: false });
}

const NO_DECK = { drawPile: [], discards: [] };

function reactionOdds(view: MdView, charger: MdUnit, target: MdUnit, reaction: Reaction): CommandOdds[] {
  if (reaction !== 'evade' && reaction !== 'fire-and-evade')
    return chargeMoveOdds(view, charger, target, reaction);
  const option = reaction === 'fire-and-evade' ? fireAndEvadeOption(view, target) : undefined;
  if (option) return fireOdds(view, target, charger, option);
  const facts = moveFacts(view, target, retreatPoint(view, target), {});
  return [
    {
      procedure: movement.id,
      title: `How far ${target.name} may evade ${charger.name}`,
      charts: oddsOf(movement, facts),
    },
  ];
}
