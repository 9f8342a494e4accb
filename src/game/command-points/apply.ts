import type { Applied } from '../engine/game.ts';
import { malformedCommandWords, withNames } from '../engine/words.ts';
import { type CpCommand, CpCommandSchema } from './commands.ts';
import { namesOf } from './describe.ts';
import type { CpEvent } from './events.ts';
import { mayFire, mayFireAt, Sight } from './facts.ts';
import { deciderOf, fireCommands } from './legal.ts';
import { inCommandOf, mayTakeMovementPoint, payerFor, planFormation, planMove } from './moves.ts';
import { endTurn, resolveCombats, resolveFire, Work } from './sequence.ts';
import { type CpGameState, type CpUnit, onTable } from './state.ts';

type Result = Applied<CpGameState, CpEvent>;

const reject = (code: string, message: string): Result => ({ ok: false, rejection: { code, message } });

/** How a unit that is not formed stands, in words. */
const NOT_FORMED: Readonly<Record<Exclude<CpUnit['status'], 'formed'>, string>> = {
  'falling-back': 'falling back',
  routed: 'routed',
  destroyed: 'destroyed',
  gone: 'gone from the table',
};

/** The side's own formed unit, or why not. */
function ownFormed(state: CpGameState, side: string, id: string): CpUnit | string {
  const u = Object.hasOwn(state.units, id) ? state.units[id] : undefined;
  if (!u) return 'there is no such unit';
  if (u.side !== side) return `${u.id} is not yours`;
  if (u.status !== 'formed') return `${u.id} is ${NOT_FORMED[u.status]}`;
  return u;
}

/** Spends one point on `unit` (its attached commander's free point first). */
function pay(w: Work, unit: CpUnit): { payer: string; free: boolean } {
  const p = payerFor(w.state, unit)!;
  const c = w.commanders[p.commander.id]!;
  w.setCommander(c.id, p.free ? { ...c, freePoint: false } : { ...c, points: c.points - 1 });
  return { payer: c.id, free: p.free };
}

/** The fire phase passes to the next side, or resolves; a side with nothing to fire at is passed over. */
function passFire(w: Work): void {
  for (;;) {
    if (w.base.phase !== 'fire') return;
    const side = deciderOf(w.state)!;
    if (fireCommands(w.state, side).length > 0) return;
    w.emit({ type: 'phase-ended', visibleTo: 'all', side, phase: 'fire' });
    endFire(w);
  }
}

function endFire(w: Work): void {
  if (w.base.active === 0) {
    w.set({ active: 1 });
    return;
  }
  resolveFire(w);
  resolveCombats(w);
  endTurn(w);
}

/**
 * Applies one command of the deciding side: a new state and its events, or a rejection saying why in
 * words, units and commanders by their names (never a throw for bad input).
 */
export function applyCommand(state: CpGameState, side: string, input: CpCommand): Result {
  const parsed = CpCommandSchema.safeParse(input);
  if (!parsed.success)
    return reject('bad-command', malformedCommandWords(parsed.error.issues.map((i) => i.path)));
  return applyCpCommand(state, side, parsed.data);
}

/**
 * `applyCommand` for a command the command-point game's schema has parsed already (at a shell's
 * boundary): the same answer, without parsing it again.
 */
export function applyCpCommand(state: CpGameState, side: string, command: CpCommand): Result {
  const applied = applyChecked(state, side, command);
  if (applied.ok) return applied;
  const { code, message } = applied.rejection;
  return reject(code, withNames(message, namesOf(state)));
}

function applyChecked(state: CpGameState, side: string, c: CpCommand): Result {
  if (state.phase === 'over') return reject('game-over', 'the battle is over');
  if (deciderOf(state) !== side) return reject('not-your-turn', 'it is the other side that decides now');
  const commandPhase = ['move', 'formation', 'redress', 'attach', 'end-command'].includes(c.type);
  if (commandPhase !== (state.phase === 'command'))
    return reject('wrong-phase', `that is not a command of the ${state.phase} phase`);
  const w = new Work(state);
  switch (c.type) {
    case 'move':
    case 'formation':
    case 'redress': {
      const u = ownFormed(state, side, c.unit);
      if (typeof u === 'string') return reject('illegal-unit', u);
      if (!payerFor(state, u)) return reject('no-points', `no commander has a point to spend on ${u.id}`);
      if (c.type === 'redress') {
        if (u.dpoints === 0) return reject('nothing-to-redress', `${u.id} has no D-points`);
        const p = pay(w, u);
        w.setUnit(u.id, { ...u, dpoints: u.dpoints - 1 });
        w.emit({ type: 'redressed', visibleTo: 'all', unit: u.id, payer: p.payer, dpoints: u.dpoints - 1 });
        break;
      }
      if (!mayTakeMovementPoint(state, u))
        return reject('no-more-moves', `${u.id} may take no further movement point this turn`);
      if (c.type === 'formation' && u.movesThisTurn > 0)
        return reject('no-more-moves', 'a change of formation takes the whole move');
      const plan = c.type === 'move' ? planMove(state, u, c) : planFormation(state, u, c.formation);
      if (!plan.ok) return reject('illegal-move', plan.reason);
      const p = pay(w, u);
      w.setUnit(u.id, plan.attacking ? { ...plan.unit, attacking: plan.attacking } : plan.unit);
      const n = plan.unit;
      w.emit(
        c.type === 'move'
          ? {
              type: 'moved',
              visibleTo: 'all',
              unit: u.id,
              payer: p.payer,
              free: p.free,
              x: n.x,
              y: n.y,
              facing: n.facing,
              ...(plan.attacking ? { attacking: plan.attacking } : {}),
            }
          : {
              type: 'formation-changed',
              visibleTo: 'all',
              unit: u.id,
              payer: p.payer,
              formation: n.formation,
            },
      );
      break;
    }
    case 'attach': {
      const commander = Object.hasOwn(state.commanders, c.commander)
        ? state.commanders[c.commander]
        : undefined;
      if (!commander || commander.side !== side || commander.status !== 'active')
        return reject('illegal-commander', 'that is not an active commander of yours');
      if (commander.attachedThisTurn)
        return reject('already-moved', `${commander.id} has joined a unit this turn`);
      const u = ownFormed(state, side, c.unit);
      if (typeof u === 'string') return reject('illegal-unit', u);
      if (!inCommandOf(state, commander.id, u) || u.id === commander.attachedTo)
        return reject('illegal-unit', `${u.id} is not a unit of ${commander.id}'s command to join`);
      w.setCommander(commander.id, {
        ...commander,
        attachedTo: u.id,
        attachedThisTurn: true,
        freePoint: false,
      });
      w.emit({ type: 'attached', visibleTo: 'all', commander: commander.id, unit: u.id });
      break;
    }
    case 'end-command':
      w.emit({ type: 'phase-ended', visibleTo: 'all', side, phase: 'command' });
      if (state.active === 0) w.set({ active: 1 });
      else w.set({ phase: 'fire', active: 0, fireOrders: [] });
      break;
    case 'fire': {
      const u = Object.hasOwn(state.units, c.unit) ? state.units[c.unit] : undefined;
      const t = Object.hasOwn(state.units, c.target) ? state.units[c.target] : undefined;
      if (!u || u.side !== side || !mayFire(u))
        return reject('illegal-fire', u ? `${u.id} may not fire now` : 'there is no such unit');
      if (!t || !onTable(t) || !mayFireAt(state, new Sight(state), u, t))
        return reject('illegal-target', t ? `${u.id} cannot fire at ${t.id}` : 'there is no such target');
      w.setUnit(u.id, { ...u, firedThisTurn: true });
      w.set({ fireOrders: [...state.fireOrders, { unit: u.id, target: t.id }] });
      w.emit({ type: 'fire-declared', visibleTo: 'all', unit: u.id, target: t.id });
      break;
    }
    case 'end-fire':
      w.emit({ type: 'phase-ended', visibleTo: 'all', side, phase: 'fire' });
      endFire(w);
      break;
  }
  passFire(w);
  return { ok: true, state: w.finish(), events: w.events };
}
