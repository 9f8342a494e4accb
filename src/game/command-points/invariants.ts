import { rectsOverlap } from '../../core/geometry/rectangles.ts';
import { COMMAND_TABLE } from '../../rulesets/command-points/tables/command.ts';
import type { Player } from '../engine/battle.ts';
import { type CheckedBattle, playCheckedBattle } from '../engine/invariants.ts';
import type { CpCommand } from './commands.ts';
import type { CpEvent } from './events.ts';
import { commandPointsPlayable } from './index.ts';
import { deciderOf } from './legal.ts';
import { type CpGameState, type CpUnit, onTable } from './state.ts';
import type { CpView } from './view.ts';

/** Stands closer than this count as touching (as in geometry.ts). */
const TOUCH = 0.02;

/** How far any of a unit's stands reaches from its front centre. */
function reach(u: CpUnit): number {
  let r = 0;
  for (const s of u.stands)
    r = Math.max(r, Math.hypot(s.x - u.x, s.y - u.y) + Math.hypot(s.width, s.depth) / 2);
  return r;
}

/**
 * What must hold after every command of a command-point battle; returns the problems found (none when
 * sound). Used by the whole-game tests and available to any shell that wants to check a saved game.
 */
export function stateProblems(state: CpGameState): string[] {
  const problems: string[] = [];
  const units = Object.values(state.units);
  for (const u of units) {
    if (u.bases < 0 || u.bases > u.startBases)
      problems.push(`${u.id} has ${u.bases} bases of ${u.startBases}`);
    if (u.dpoints < 0 || u.dpoints > COMMAND_TABLE.maxDPoints)
      problems.push(`${u.id} has ${u.dpoints} D-points`);
    if ((u.status === 'destroyed') !== (u.bases === 0))
      problems.push(`${u.id} is ${u.status} with ${u.bases} bases`);
    if (onTable(u)) {
      const perBase = u.ratings.arm === 'artillery' ? (u.formation === 'limbered' ? 3 : 2) : 1;
      if (u.stands.length !== u.bases * perBase)
        problems.push(`${u.id} shows ${u.stands.length} stands for ${u.bases} bases`);
      if (u.stands.some((s) => s.x < 0 || s.y < 0 || s.x > state.table.width || s.y > state.table.depth))
        problems.push(`${u.id} is off the table`);
    }
  }
  const placed = units.filter(onTable);
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i]!;
      const b = placed[j]!;
      if (Math.hypot(a.x - b.x, a.y - b.y) > reach(a) + reach(b)) continue;
      const overlap = a.stands.some((s) =>
        b.stands.some((t) =>
          rectsOverlap(
            { ...s, width: s.width - TOUCH, depth: s.depth - TOUCH },
            { ...t, width: t.width - TOUCH, depth: t.depth - TOUCH },
          ),
        ),
      );
      if (overlap) problems.push(`${a.id} overlaps ${b.id}`);
    }
  for (const c of Object.values(state.commanders)) {
    if (c.points < 0) problems.push(`${c.id} has ${c.points} points`);
    if (c.status !== 'active' && c.attachedTo !== undefined)
      problems.push(`${c.id} is ${c.status} but with a unit`);
  }
  if ((deciderOf(state) === undefined) !== (state.result !== undefined))
    problems.push('a result exactly when nobody decides');
  return problems;
}

/**
 * Plays a battle with the checks every rule set's battles keep (engine/invariants.ts: offered commands
 * accepted, views blind to the PRNG state, `seq` counted, the record replayed to the same state and
 * events) and `stateProblems` after every command; returns the battle and the problems found.
 */
export function playChecked(
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player<CpView, CpCommand>>>,
  options: { readonly every?: number } = {},
): CheckedBattle<CpGameState, CpCommand, CpEvent> {
  return playCheckedBattle(commandPointsPlayable, scenario, seed, players, {
    ...options,
    problemsAfter: stateProblems,
  });
}
