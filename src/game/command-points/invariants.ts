import { rectsOverlap } from '../../core/geometry/rectangles.ts';
import { COMMAND_TABLE } from '../../rulesets/command-points/tables/command.ts';
import { type Battle, type Player, playBattle } from '../engine/battle.ts';
import { replay } from '../engine/record.ts';
import type { CpCommand } from './commands.ts';
import type { CpEvent } from './events.ts';
import { commandPointsGame } from './game.ts';
import { deciderOf } from './legal.ts';
import { type CpGameState, type CpUnit, onTable } from './state.ts';
import { type CpView, viewFor } from './view.ts';

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
  for (const side of state.sides)
    if (JSON.stringify(viewFor(state, side)).includes('"rng"'))
      problems.push(`${side}'s view shows the PRNG`);
  return problems;
}

/**
 * Plays a battle with `stateProblems` checked after every command (and the sequence number, and the
 * events' visibility), then replays its record and compares: the problems found, and the battle.
 */
export function playChecked(
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player<CpView, CpCommand>>>,
): { battle: Battle<CpGameState, CpCommand, CpEvent>; problems: string[] } {
  const problems: string[] = [];
  let last = commandPointsGame.setup(scenario, seed);
  problems.push(...stateProblems(last));
  const battle = playBattle(commandPointsGame, scenario, seed, players, {
    onStep: (step, state, events) => {
      if (state.seq !== last.seq + 1)
        problems.push(`command ${step.index}: seq ${state.seq} after ${last.seq}`);
      for (const p of stateProblems(state)) problems.push(`command ${step.index}: ${p}`);
      for (const e of events)
        for (const side of state.sides)
          if (JSON.stringify(commandPointsGame.eventFor(e, side)).includes('"rng"'))
            problems.push(`command ${step.index}: an event shows the PRNG`);
      last = state;
    },
  });
  const replayed = replay(commandPointsGame, battle.record);
  if (!replayed.ok) problems.push(`the replay failed: ${replayed.message}`);
  else if (JSON.stringify(replayed.replayed.state) !== JSON.stringify(battle.state))
    problems.push('the replay ended in another state');
  else if (JSON.stringify(replayed.replayed.events) !== JSON.stringify(battle.events))
    problems.push('the replay gave other events');
  return { battle, problems };
}
