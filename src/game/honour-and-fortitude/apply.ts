import { resolveInitiation } from '../../rulesets/honour-and-fortitude/procedures/small-rolls.ts';
import type { Applied, Rejection } from '../engine/game.ts';
import { fireAt } from './combat.ts';
import { type HfCommand, HfCommandSchema } from './commands.ts';
import { Draft } from './draft.ts';
import type { HfEvent } from './events.ts';
import { responseChoices } from './legal.ts';
import { attackPlacement, checkMove, type MoveTo, mayAct } from './moves.ts';
import { fireFactsFor } from './rules.ts';
import { DEFENDER_CHOICES, endFiring, endMovement, type Progress, progressOf, respond } from './sequence.ts';
import { type HfGameState, isFighting } from './state.ts';

/** The side that must decide now, or undefined when the battle is over. */
export function deciderOf(state: HfGameState): string | undefined {
  return state.phase.kind === 'over' ? undefined : state.phase.side;
}

const refuse = (code: string, message: string): Applied<HfGameState, HfEvent> => ({
  ok: false,
  rejection: { code, message },
});

/**
 * Applies a command (never throws for bad input): checks it is this side's to give and legal now,
 * throws the dice it needs from the state's PRNG, and runs the sequence of play on until the next
 * decision.
 */
export function applyCommand(
  state: HfGameState,
  side: string,
  input: HfCommand,
): Applied<HfGameState, HfEvent> {
  const parsed = HfCommandSchema.safeParse(input);
  if (!parsed.success) return refuse('bad-command', parsed.error.issues.map((i) => i.message).join('; '));
  const command = parsed.data;
  if (state.phase.kind === 'over') return refuse('game-over', 'the battle is over');
  if (deciderOf(state) !== side)
    return refuse('not-your-turn', `${deciderOf(state)} decides now, not ${side}`);
  const d = new Draft(state);
  const p = progressOf(state);
  const problem = step(state, d, p, side, command);
  if (problem) return { ok: false, rejection: problem };
  const { result, ...rest } = p;
  return {
    ok: true,
    state: d.finish({ ...rest, ...(result ? { result } : {}) }),
    events: d.events,
  };
}

function step(
  state: HfGameState,
  d: Draft,
  p: Progress,
  side: string,
  command: HfCommand,
): Rejection | undefined {
  const phase = state.phase.kind;
  const wrongPhase = (wanted: string): Rejection => ({
    code: 'wrong-phase',
    message: `${command.type} is given in the ${wanted} phase; this is the ${phase} phase`,
  });
  switch (command.type) {
    case 'move':
    case 'attack':
      if (phase !== 'movement') return wrongPhase('movement');
      return command.type === 'move'
        ? move(state, d, side, command)
        : attack(state, d, p, side, command.unit, command.target);
    case 'end-movement':
      if (phase !== 'movement') return wrongPhase('movement');
      endMovement(d, p, side);
      return undefined;
    case 'fire': {
      if (phase !== 'firing') return wrongPhase('firing');
      const firer = state.units[command.unit];
      const target = state.units[command.target];
      if (!firer || firer.side !== side)
        return { code: 'not-your-unit', message: `${command.unit} is not a unit of ${side}` };
      if (firer.fired) return { code: 'unit-already-fired', message: `${firer.id} has fired this turn` };
      if (firer.meleeWith !== null)
        return { code: 'unit-in-melee', message: `${firer.id} is locked in melee` };
      if (!target || target.side === side || !isFighting(target))
        return {
          code: 'illegal-target',
          message: `${command.target} is not an enemy unit standing on the table`,
        };
      if (!fireFactsFor(state, state.units, firer, target))
        return {
          code: 'cannot-fire',
          message: `${firer.id} cannot fire at ${target.id}: out of range, arc or sight, or unable to fire`,
        };
      fireAt(d, firer.id, target.id, false);
      return undefined;
    }
    case 'end-firing':
      if (phase !== 'firing') return wrongPhase('firing');
      endFiring(d, p, side);
      return undefined;
    case 'respond':
      if (state.phase.kind !== 'response') return wrongPhase('attacks (response)');
      if (!responseChoices(state).includes(command.choice))
        return {
          code: 'illegal-response',
          message: `${command.choice} is not open to this defender (${responseChoices(state).join(', ')}; of ${DEFENDER_CHOICES.join(', ')})`,
        };
      respond(d, p, command.choice);
      return undefined;
  }
}

/** An Initiation Roll when the unit needs one (H&F QRS, Initiating Orders): true if it may go on. */
function initiates(d: Draft, unitId: string, needed: boolean): boolean {
  if (!needed) return true;
  const condition = d.unit(unitId).condition;
  if (condition === 'routing') return false;
  const r = resolveInitiation({ state: condition }, d.dice);
  d.emit({ type: 'initiation', unit: unitId, initiated: r.initiated, needed: r.needed });
  if (!r.initiated) d.update(unitId, { acted: true });
  return r.initiated;
}

function move(
  state: HfGameState,
  d: Draft,
  side: string,
  c: Extract<HfCommand, { type: 'move' }>,
): Rejection | undefined {
  const unit = state.units[c.unit];
  const cannot = mayAct(unit, side);
  if (cannot || !unit) return cannot;
  const to: MoveTo = { x: c.x, y: c.y, facing: c.facing, formation: c.formation };
  const check = checkMove(state, unit, to);
  if (!check.ok) return check.rejection;
  if (!initiates(d, unit.id, unit.orders === 'hold' || to.formation !== unit.formation)) return undefined;
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
  return undefined;
}

function attack(
  state: HfGameState,
  d: Draft,
  p: Progress,
  side: string,
  unitId: string,
  targetId: string,
): Rejection | undefined {
  const unit = state.units[unitId];
  const cannot = mayAct(unit, side);
  if (cannot || !unit) return cannot;
  const target = state.units[targetId];
  if (!target || target.side === side || !isFighting(target) || target.meleeWith !== null)
    return { code: 'illegal-target', message: `${targetId} is not an enemy unit that can be attacked` };
  const to = attackPlacement(state, unit, target);
  if (!to) return { code: 'no-room', message: `${unitId} finds no place 6" from ${targetId}` };
  const check = checkMove(state, unit, to, target.id);
  if (!check.ok) return check.rejection;
  if (!initiates(d, unit.id, true)) return undefined;
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
  return undefined;
}
