import { FIRE_OPTIONS_TABLE } from '../../rulesets/macduff/tables/small-arms.ts';
import { isCavalry } from '../../rulesets/macduff/vocabulary.ts';
import type { Applied, Rejection } from '../engine/game.ts';
import { malformedCommandWords, withNames } from '../engine/words.ts';
import type { EngineOptions } from '../engine/working-copy.ts';
import {
  chargeInto,
  facingTo,
  fire,
  type MoveHow,
  moveToward,
  nearestStand,
  rally,
  retiresFacing,
  retreat,
  reveal,
  rollMove,
} from './actions.ts';
import { type MdCommand, MdCommandSchema, type Reaction } from './commands.ts';
import { Ctx } from './context.ts';
import { namesOf } from './describe.ts';
import type { MdEvent } from './events.ts';
import { deciderOf, legalCommands } from './legal.ts';
import { distanceBetween, fireAndEvadeOption, fireOptions, loaded, mayReact } from './queries.ts';
import { activate, finishActivation } from './sequence.ts';
import type { MdGameState, MdNode, MdUnit } from './state.ts';

type ActivationNode = Extract<MdNode, { phase: 'activation' }>;

/** Whether the engine would play a command now: the command parsed, or why not. */
type Admission =
  | { readonly ok: true; readonly command: MdCommand }
  | { readonly ok: false; readonly rejection: Rejection };

/** Each kind of command as a refusal lists what is allowed. */
const COMMAND_WORDS: Readonly<Record<MdCommand['type'], string>> = {
  activate: 'activate a unit',
  move: 'move',
  fire: 'fire',
  'reserve-fire': 'reserve fire',
  charge: 'charge',
  react: 'react to a charge',
  'change-formation': 'change formation',
  limber: 'limber',
  unlimber: 'unlimber',
  rally: 'rally',
  'end-activation': 'end the activation',
};

function reject(code: string, message: string): { readonly ok: false; readonly rejection: Rejection } {
  return { ok: false, rejection: { code, message } };
}

/** The same command whatever the order of its fields (every command but a move is flat). */
function sameCommand(a: MdCommand, b: MdCommand): boolean {
  const keys = Object.keys(a).sort();
  return JSON.stringify(a, keys) === JSON.stringify(b, keys) && Object.keys(b).length === keys.length;
}

/**
 * Whether the engine would play `input` from `side` now: the command parsed, when it fits the node and
 * the legal commands (any point on the table is a legal move when a move is, but a unit that failed its
 * control check may only retire); else the rejection `applyCommand` returns. Never throws for bad input.
 */
export function admitCommand(state: MdGameState, side: string, input: MdCommand): Admission {
  const parsed = MdCommandSchema.safeParse(input);
  if (!parsed.success)
    return reject('invalid-command', malformedCommandWords(parsed.error.issues.map((i) => i.path)));
  return admitParsed(state, side, parsed.data);
}

/** `admitCommand` for a command MacDuff's command schema has parsed already: not parsed again. */
function admitParsed(state: MdGameState, side: string, command: MdCommand): Admission {
  const admitted = admitAsGiven(state, side, command);
  if (admitted.ok) return admitted;
  return reject(admitted.rejection.code, withNames(admitted.rejection.message, namesOf(state)));
}

/** `admitParsed`, its refusals naming sides and units by their ids (given by their names when it returns). */
function admitAsGiven(state: MdGameState, side: string, command: MdCommand): Admission {
  if (state.node.phase === 'over') return reject('game-over', 'the battle is over');
  if (deciderOf(state) !== side) return reject('not-your-turn', 'it is the other side that decides now');
  const legal = legalCommands(state, side);
  if (command.type === 'move') {
    if (!legal.some((c) => c.type === 'move')) return reject('illegal-command', 'this unit may not move now');
    const { x, y } = command.to;
    if (x < 0 || y < 0 || x > state.table.width || y > state.table.depth)
      return reject('off-table', 'that point is off the table');
    if (
      state.node.phase === 'activation' &&
      state.node.control === 'no-advance' &&
      !retreatOnly(state, command)
    )
      return reject('no-advance', 'the unit failed its control check: it may only retire');
  } else if (!legal.some((c) => sameCommand(c, command)))
    return reject(
      'illegal-command',
      `that is not allowed now; allowed: ${[...new Set(legal.map((c) => COMMAND_WORDS[c.type]))].join(', ')}`,
    );
  return { ok: true, command };
}

/**
 * Applies a command from `side`: checks it (`admitCommand`), then plays it and everything that follows
 * until the next decision. Never throws for bad input.
 */
export function applyCommand(
  state: MdGameState,
  side: string,
  input: MdCommand,
  options: EngineOptions,
): Applied<MdGameState, MdEvent> {
  const admitted = admitCommand(state, side, input);
  return admitted.ok ? playAdmitted(state, admitted.command, options) : admitted;
}

/**
 * `applyCommand` for a command MacDuff's command schema has parsed already (at a shell's boundary): the
 * same answer, without parsing it again.
 */
export function applyMdCommand(
  state: MdGameState,
  side: string,
  command: MdCommand,
  options: EngineOptions,
): Applied<MdGameState, MdEvent> {
  const admitted = admitParsed(state, side, command);
  return admitted.ok ? playAdmitted(state, admitted.command, options) : admitted;
}

/** Plays an admitted command and everything that follows until the next decision. */
function playAdmitted(
  state: MdGameState,
  command: MdCommand,
  options: EngineOptions,
): Applied<MdGameState, MdEvent> {
  const ctx = new Ctx(state, state.scenario.basing, options);
  play(ctx, command);
  return { ok: true, state: ctx.finish(), events: ctx.events };
}

/** A move that does not bring the unit nearer its own side's far edge (a retirement). */
function retreatOnly(state: MdGameState, command: Extract<MdCommand, { type: 'move' }>): boolean {
  const node = state.node as ActivationNode;
  const unit = state.units[node.unit]!;
  const legalBacks = legalCommands(state, node.side).filter((c) => c.type === 'move');
  return (
    legalBacks.some((c) => sameCommand(c, command)) ||
    distanceHome(state, unit, command.to) <= distanceHome(state, unit, unit.anchor)
  );
}

function distanceHome(state: MdGameState, unit: MdUnit, p: { x: number; y: number }): number {
  switch (state.scenario.baseEdge[unit.side]) {
    case 'north':
      return state.table.depth - p.y;
    case 'south':
      return p.y;
    case 'east':
      return state.table.width - p.x;
    default:
      return p.x;
  }
}

function play(ctx: Ctx, command: MdCommand): void {
  const node = ctx.s.node;
  if (command.type === 'activate') {
    activate(ctx, ctx.unit(command.unit));
    return;
  }
  if (command.type === 'react' && node.phase === 'reaction') {
    resolveCharge(ctx, ctx.unit(node.charger), ctx.unit(node.target), command.reaction);
    return;
  }
  if (node.phase !== 'activation') return;
  const unit = ctx.unit(node.unit);
  const update = (patch: Partial<ActivationNode>) => ctx.setNode({ ...node, ...patch });
  switch (command.type) {
    case 'fire': {
      fire(ctx, unit, ctx.unit(command.target), command.option);
      if (!ctx.onTable(unit.id)) {
        finishActivation(ctx, unit);
        return;
      }
      update({
        fired: true,
        mayMoveAfterFire: unit.ratings.guns === 0 && FIRE_OPTIONS_TABLE.rows[command.option].moveHalf,
      });
      return;
    }
    case 'move': {
      const { facing, how } = moveIntent(unit, command, node);
      const inches = rollMove(ctx, unit, command.to, how);
      const moved = moveToward(ctx, unit, command.to, inches, facing);
      reveal(ctx, unit, 'it moved');
      ctx.emit({
        type: 'moved',
        unit: unit.id,
        text: `${unit.name} moves ${moved.toFixed(1)}" of ${inches.toFixed(1)}"`,
        data: { inches: moved, allowance: inches },
      });
      update({ moved: true });
      return;
    }
    case 'charge': {
      const target = ctx.unit(command.target);
      ctx.emit({
        type: 'charge-declared',
        unit: unit.id,
        target: target.id,
        text: `${unit.name} charges ${target.name}`,
      });
      reveal(ctx, unit, 'it charged');
      if (mayReact(target))
        ctx.setNode({ phase: 'reaction', side: target.side, charger: unit.id, target: target.id });
      else resolveCharge(ctx, unit, target, 'stand');
      return;
    }
    case 'change-formation':
      ctx.place(unit.id, command.formation, unit.anchor);
      ctx.emit({
        type: 'formation-changed',
        unit: unit.id,
        text: `${unit.name} forms ${command.formation}`,
        visibleTo: ctx.seenBy(unit),
      });
      update(unit.ratings.troop === 'regular-infantry' ? { moved: true } : { switched: true });
      return;
    case 'limber':
    case 'unlimber': {
      const formation = command.type === 'limber' ? 'limbered' : 'unlimbered';
      ctx.place(unit.id, formation, unit.anchor);
      ctx.emit({
        type: 'formation-changed',
        unit: unit.id,
        text: `${unit.name} ${command.type}s`,
        visibleTo: ctx.seenBy(unit),
      });
      update({ switched: true, moved: node.moved || unit.ratings.troop === 'heavy-gun' });
      return;
    }
    case 'rally':
      rally(ctx, unit);
      finishActivation(ctx, unit);
      return;
    case 'reserve-fire':
      unit.reservedFire = true;
      ctx.emit({
        type: 'fire-reserved',
        unit: unit.id,
        text: `${unit.name} holds its fire`,
        visibleTo: ctx.seenBy(unit),
      });
      finishActivation(ctx, unit);
      return;
    case 'end-activation':
      if (!node.fired && !node.moved && !node.switched) {
        unit.passed = true;
        ctx.emit({
          type: 'passed',
          unit: unit.id,
          text: `${unit.name} passes`,
          visibleTo: ctx.seenBy(unit),
        });
      }
      finishActivation(ctx, unit);
      return;
  }
}

/**
 * How the active unit would make a move command (5.7, 8.1): its facing at the end (the command's, else
 * toward the point) and how the move is rolled.
 */
export function moveIntent(
  unit: MdUnit,
  command: Extract<MdCommand, { type: 'move' }>,
  node: ActivationNode,
): { readonly facing: number; readonly how: MoveHow } {
  const facing = command.facing ?? facingTo(unit.anchor, command.to);
  return { facing, how: { retiring: retiresFacing(unit, command.to, facing), fired: node.fired } };
}

/**
 * A charge after the target's reaction (6): the target forms square, evades or counter-charges; the
 * charger rolls its move with the charge bonus and goes straight in; a target that stood fires as it comes
 * (defensive fire, at close range); contact makes a melee for the end of the turn. Cavalry that charged
 * must rally on its next activation, contact or not (5.4).
 */
function resolveCharge(ctx: Ctx, charger: MdUnit, target: MdUnit, reaction: Reaction): void {
  const reacted = mayReact(target);
  if (reacted) {
    target.activated = true;
    target.passed = false;
    target.reservedFire = false;
    ctx.emit({
      type: 'reacted',
      unit: target.id,
      target: charger.id,
      text: `${target.name}: ${reaction}`,
      data: { reaction },
    });
  }
  if (reaction === 'form-square') ctx.place(target.id, 'square', target.anchor);
  if (reaction === 'evade') retreat(ctx, target, false);
  if (reaction === 'fire-and-evade') {
    const option = fireAndEvadeOption(ctx.s, target);
    if (option) fire(ctx, target, charger, option);
    if (ctx.onTable(target.id) && ctx.onTable(charger.id)) retreat(ctx, target, false, true);
  }
  let contact = false;
  // How far the charge rolled, and the gap it had to close: told with the charge's end.
  let reach = '';
  if (ctx.onTable(target.id)) {
    const gap = distanceBetween(ctx.s, charger.id, target.id);
    const inches = rollMove(ctx, charger, nearestStand(ctx, target.id, charger.anchor), { charging: true });
    reach = ` (a charge move of ${inches.toFixed(1)}" to close ${gap.toFixed(1)}")`;
    contact = chargeInto(ctx, charger, target, inches);
    const options = fireOptions(target);
    const option = options.includes('stand') ? 'stand' : options[0];
    // Only a unit that stands fires (6.2 "stand, firing if able"); square, counter-charge and evasion are other reactions.
    const mayFire = reacted && reaction === 'stand' && loaded(ctx.s, target);
    if (contact && mayFire && option) fire(ctx, target, charger, option);
  }
  if (isCavalry(charger.ratings.troop)) charger.mustRally = true;
  if (contact && ctx.onTable(charger.id) && ctx.onTable(target.id) && !charger.shattered) {
    ctx.addMelee({
      attacker: charger.id,
      defender: target.id,
      cavalryCharged: isCavalry(charger.ratings.troop),
      counterCharged: reaction === 'counter-charge',
    });
    ctx.emit({
      type: 'charge-ended',
      unit: charger.id,
      target: target.id,
      text: `${charger.name} is in contact with ${target.name}${reach}`,
    });
  } else
    ctx.emit({
      type: 'charge-ended',
      unit: charger.id,
      target: target.id,
      text: `${charger.name}'s charge falls short${reach}`,
    });
  finishActivation(ctx, charger);
}
