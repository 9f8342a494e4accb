import type { CpCommand } from './commands.ts';
import { mayFire, mayFireAt, Sight } from './facts.ts';
import {
  candidateMoves,
  formationsFor,
  inCommandOf,
  mayTakeMovementPoint,
  payerFor,
  planFormation,
} from './moves.ts';
import { type CpBoard, onTable } from './state.ts';

/** The side that decides now, or undefined when the battle is over. */
export function deciderOf(state: CpBoard): string | undefined {
  return state.phase === 'over' ? undefined : state.order[state.active];
}

/** The fire commands open to a side: each unit able to fire, at each target in range, arc and sight. */
export function fireCommands(state: CpBoard, side: string): CpCommand[] {
  const firers = Object.values(state.units)
    .filter((u) => u.side === side && mayFire(u))
    .sort((a, b) => a.id.localeCompare(b.id));
  if (firers.length === 0) return [];
  const sight = new Sight(state);
  const targets = Object.values(state.units)
    .filter((u) => u.side !== side && onTable(u))
    .sort((a, b) => a.id.localeCompare(b.id));
  const out: CpCommand[] = [];
  for (const f of firers)
    for (const t of targets)
      if (mayFireAt(state, sight, f, t)) out.push({ type: 'fire', unit: f.id, target: t.id });
  return out;
}

/** The command-phase commands open to a side: moves, formation changes, redress, joining units. */
export function commandPhaseCommands(state: CpBoard, side: string): CpCommand[] {
  const out: CpCommand[] = [];
  const own = Object.values(state.units)
    .filter((u) => u.side === side && u.status === 'formed')
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const u of own) {
    if (!payerFor(state, u)) continue;
    if (mayTakeMovementPoint(state, u)) {
      out.push(...candidateMoves(state, u));
      if (u.movesThisTurn === 0)
        for (const formation of formationsFor(u))
          if (planFormation(state, u, formation).ok) out.push({ type: 'formation', unit: u.id, formation });
    }
    if (u.dpoints > 0) out.push({ type: 'redress', unit: u.id });
  }
  const commanders = Object.values(state.commanders)
    .filter((c) => c.side === side && c.status === 'active' && !c.attachedThisTurn)
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const c of commanders)
    for (const u of own)
      if (u.id !== c.attachedTo && inCommandOf(state, c.id, u))
        out.push({ type: 'attach', commander: c.id, unit: u.id });
  out.push({ type: 'end-command' });
  return out;
}

/** Every command `side` may give now. */
export function legalCommands(state: CpBoard, side: string): CpCommand[] {
  if (deciderOf(state) !== side) return [];
  if (state.phase === 'command') return commandPhaseCommands(state, side);
  return [...fireCommands(state, side), { type: 'end-fire' }];
}
