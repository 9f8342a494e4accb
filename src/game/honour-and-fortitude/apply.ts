import type { FireFacts } from '../../rulesets/honour-and-fortitude/procedures/fire.ts';
import {
  type InitiationFacts,
  resolveInitiation,
} from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import type { Applied, Rejection } from '../engine/game.ts';
import { malformedCommandWords, plain, withNames } from '../engine/words.ts';
import { fireAt, fireFactsAt } from './combat.ts';
import { type HfCommand, HfCommandSchema } from './commands.ts';
import { namesOf } from './describe.ts';
import { Draft } from './draft.ts';
import type { HfEvent } from './events.ts';
import { responseChoices } from './legal.ts';
import { attackPlacement, checkMove, type MoveCheck, type MoveTo, mayAct } from './moves.ts';
import { mayAttack } from './rules.ts';
import {
  type DefenderChoice,
  endFiring,
  endMovement,
  type Progress,
  progressOf,
  respond,
} from './sequence.ts';
import { type HfGameState, type HfUnit, isFighting } from './state.ts';

/** The side that must decide now, or undefined when the battle is over. */
export function deciderOf(state: HfGameState): string | undefined {
  return state.phase.kind === 'over' ? undefined : state.phase.side;
}

/** Each phase a command may be given in, as a refusal names it. */
const PHASE_WORDS: Readonly<Record<Exclude<HfGameState['phase']['kind'], 'over'>, string>> = {
  movement: 'movement phase',
  firing: 'firing phase',
  response: 'attacks phase, where a defender answers an attack',
};

const refuse = (code: string, message: string): Judgement => ({ ok: false, rejection: { code, message } });

/** A move `checkMove` allows: where the unit's stands end, how far it went, and the ground's order. */
type AllowedMove = Extract<MoveCheck, { ok: true }>;

/**
 * A command `applyCommand` accepts now, with what checking it worked out, so that carrying it out needs
 * no further checks and an odds preview (odds.ts) sees the very facts the engine resolves with.
 */
export type AcceptedCommand =
  | {
      readonly type: 'move';
      readonly unit: HfUnit;
      readonly to: MoveTo;
      readonly check: AllowedMove;
      /** Whether it throws an Initiation Roll first (H&F QRS, Initiating Orders). */
      readonly initiation: boolean;
    }
  | {
      readonly type: 'attack';
      readonly unit: HfUnit;
      readonly target: HfUnit;
      readonly to: MoveTo;
      readonly check: AllowedMove;
    }
  | { readonly type: 'fire'; readonly firer: HfUnit; readonly target: HfUnit; readonly facts: FireFacts }
  | { readonly type: 'end-movement' }
  | { readonly type: 'end-firing' }
  | { readonly type: 'respond'; readonly choice: DefenderChoice };

export type Judgement =
  | { readonly ok: true; readonly command: AcceptedCommand }
  | { readonly ok: false; readonly rejection: Rejection };

/**
 * Whether `side` may give `input` now, checked as `applyCommand` checks it (never throws for bad input)
 * and without throwing any dice: the command accepted, or why it is refused.
 */
export function judgeCommand(state: HfGameState, side: string, input: HfCommand): Judgement {
  const parsed = HfCommandSchema.safeParse(input);
  if (!parsed.success)
    return refuse('bad-command', malformedCommandWords(parsed.error.issues.map((i) => i.path)));
  return judgeParsed(state, side, parsed.data);
}

/** `judgeCommand` for a command Honour & Fortitude's command schema has parsed already: not parsed again. */
export function judgeParsed(state: HfGameState, side: string, command: HfCommand): Judgement {
  const judged = judgeAsGiven(state, side, command);
  if (judged.ok) return judged;
  return refuse(judged.rejection.code, withNames(judged.rejection.message, namesOf(state)));
}

/** `judgeParsed`, its refusals naming units by their ids (given by their names when it returns). */
function judgeAsGiven(state: HfGameState, side: string, command: HfCommand): Judgement {
  if (state.phase.kind === 'over') return refuse('game-over', 'the battle is over');
  if (deciderOf(state) !== side) return refuse('not-your-turn', `${deciderOf(state)} decides now, not you`);
  const phase = state.phase.kind;
  const wrongPhase = (wanted: string): Judgement =>
    refuse('wrong-phase', `that is given in the ${wanted} phase; this is the ${PHASE_WORDS[phase]}`);
  switch (command.type) {
    case 'move':
    case 'attack':
      if (phase !== 'movement') return wrongPhase('movement');
      return command.type === 'move'
        ? judgeMove(state, side, command)
        : judgeAttack(state, side, command.unit, command.target);
    case 'end-movement':
      if (phase !== 'movement') return wrongPhase('movement');
      return { ok: true, command };
    case 'fire': {
      if (phase !== 'firing') return wrongPhase('firing');
      const firer = Object.hasOwn(state.units, command.unit) ? state.units[command.unit] : undefined;
      const target = Object.hasOwn(state.units, command.target) ? state.units[command.target] : undefined;
      if (!firer || firer.side !== side)
        return refuse('not-your-unit', firer ? `${firer.id} is not yours` : 'there is no such unit');
      if (firer.fired) return refuse('unit-already-fired', `${firer.id} has fired this turn`);
      if (firer.meleeWith !== null) return refuse('unit-in-melee', `${firer.id} is locked in melee`);
      if (!target || target.side === side || !isFighting(target))
        return refuse(
          'illegal-target',
          `${target ? target.id : 'that'} is not an enemy unit standing on the table`,
        );
      const facts = fireFactsAt(state, state.units, firer.id, target.id, false);
      if (!facts)
        return refuse(
          'cannot-fire',
          `${firer.id} cannot fire at ${target.id}: out of range, arc or sight, or unable to fire`,
        );
      return { ok: true, command: { type: 'fire', firer, target, facts } };
    }
    case 'end-firing':
      if (phase !== 'firing') return wrongPhase('firing');
      return { ok: true, command };
    case 'respond':
      if (state.phase.kind !== 'response') return wrongPhase("attacks (a defender's response)");
      if (!responseChoices(state).includes(command.choice))
        return refuse(
          'illegal-response',
          `that response is not open to this defender (it may ${responseChoices(state).map(plain).join(', ')})`,
        );
      return { ok: true, command };
  }
}

/**
 * Applies a command (never throws for bad input): checks it is this side's to give and legal now
 * (`judgeCommand`), throws the dice it needs from the state's PRNG, and runs the sequence of play on
 * until the next decision.
 */
export function applyCommand(
  state: HfGameState,
  side: string,
  input: HfCommand,
): Applied<HfGameState, HfEvent> {
  const judged = judgeCommand(state, side, input);
  return judged.ok ? carryOutAccepted(state, side, judged.command) : judged;
}

/**
 * `applyCommand` for a command Honour & Fortitude's command schema has parsed already (at a shell's
 * boundary): the same answer, without parsing it again.
 */
export function applyHfCommand(
  state: HfGameState,
  side: string,
  command: HfCommand,
): Applied<HfGameState, HfEvent> {
  const judged = judgeParsed(state, side, command);
  return judged.ok ? carryOutAccepted(state, side, judged.command) : judged;
}

/** Carries out an accepted command and the sequence of play after it, up to the next decision. */
function carryOutAccepted(
  state: HfGameState,
  side: string,
  command: AcceptedCommand,
): Applied<HfGameState, HfEvent> {
  const d = new Draft(state);
  const p = progressOf(state);
  carryOut(d, p, side, command);
  const { result, ...rest } = p;
  return {
    ok: true,
    state: d.finish({ ...rest, ...(result ? { result } : {}) }),
    events: d.events,
  };
}

function carryOut(d: Draft, p: Progress, side: string, command: AcceptedCommand): void {
  switch (command.type) {
    case 'move':
      move(d, command);
      return;
    case 'attack':
      attack(d, p, command);
      return;
    case 'end-movement':
      endMovement(d, p, side);
      return;
    case 'fire':
      fireAt(d, command.firer.id, command.target.id, false);
      return;
    case 'end-firing':
      endFiring(d, p, side);
      return;
    case 'respond':
      respond(d, p, command.choice);
      return;
  }
}

/**
 * The Initiation Roll's facts for a unit taking up a new order (H&F QRS, Initiating Orders), or
 * undefined for a routing unit, which takes up none.
 */
export function initiationFacts(unit: HfUnit): InitiationFacts | undefined {
  return unit.condition === 'routing' ? undefined : { state: unit.condition };
}

/** An Initiation Roll when the unit needs one (H&F QRS, Initiating Orders): true if it may go on. */
function initiates(d: Draft, unitId: string, needed: boolean): boolean {
  if (!needed) return true;
  const facts = initiationFacts(d.unit(unitId));
  if (!facts) return false;
  const r = resolveInitiation(facts, d.dice);
  d.emit({ type: 'initiation', unit: unitId, initiated: r.initiated, needed: r.needed });
  if (!r.initiated) d.update(unitId, { acted: true });
  return r.initiated;
}

function judgeMove(state: HfGameState, side: string, c: Extract<HfCommand, { type: 'move' }>): Judgement {
  const unit = state.units[c.unit];
  const cannot = mayAct(unit, side);
  if (cannot || !unit) return { ok: false, rejection: cannot! };
  const to: MoveTo = { x: c.x, y: c.y, facing: c.facing, formation: c.formation };
  const check = checkMove(state, unit, to);
  if (!check.ok) return check;
  const initiation = unit.orders === 'hold' || to.formation !== unit.formation;
  return { ok: true, command: { type: 'move', unit, to, check, initiation } };
}

function move(d: Draft, c: Extract<AcceptedCommand, { type: 'move' }>): void {
  const { unit, to, check } = c;
  if (!initiates(d, unit.id, c.initiation)) return;
  const changed = check.inches > 0.005 || to.formation !== unit.formation;
  d.update(unit.id, {
    x: to.x,
    y: to.y,
    facing: to.facing,
    formation: to.formation,
    stands: check.stands,
    acted: true,
    moved: changed,
    orders: 'advance',
    groundOrder: check.order,
  });
  d.emit({
    type: 'moved',
    unit: unit.id,
    x: to.x,
    y: to.y,
    facing: to.facing,
    formation: to.formation,
    inches: Math.round(check.inches * 100) / 100,
  });
}

function judgeAttack(state: HfGameState, side: string, unitId: string, targetId: string): Judgement {
  const unit = Object.hasOwn(state.units, unitId) ? state.units[unitId] : undefined;
  const cannot = mayAct(unit, side);
  if (cannot || !unit) return { ok: false, rejection: cannot! };
  if (!mayAttack(unit))
    return refuse('guns-do-not-attack', `${unit.id} is artillery: guns fire, they do not attack`);
  const target = Object.hasOwn(state.units, targetId) ? state.units[targetId] : undefined;
  if (!target || target.side === side || !isFighting(target) || target.meleeWith !== null)
    return refuse(
      'illegal-target',
      `${target ? target.id : 'that'} is not an enemy unit that can be attacked`,
    );
  const to = attackPlacement(state, unit, target);
  if (!to) return refuse('no-room', `${unit.id} finds no place 6" from ${target.id}`);
  const check = checkMove(state, unit, to, target.id);
  if (!check.ok) return check;
  return { ok: true, command: { type: 'attack', unit, target, to, check } };
}

/** An attack always throws an Initiation Roll first (H&F QRS, Initiating Orders). */
export function attack(d: Draft, p: Progress, c: Extract<AcceptedCommand, { type: 'attack' }>): void {
  const { unit, target, to, check } = c;
  if (!initiates(d, unit.id, true)) return;
  d.update(unit.id, {
    ...to,
    stands: check.stands,
    acted: true,
    moved: check.inches > 0.005,
    orders: 'advance',
    attacking: target.id,
    groundOrder: check.order,
  });
  p.attacks.push(unit.id);
  d.emit({ type: 'attack-declared', unit: unit.id, target: target.id });
}
