import type { Player } from '../engine/battle.ts';
import { type CheckedBattle, playCheckedBattle as playChecked } from '../engine/invariants.ts';
import { deciderOf } from './apply.ts';
import type { HfCommand } from './commands.ts';
import type { HfEvent } from './events.ts';
import { honourAndFortitudeGame } from './game.ts';
import { standsApart } from './geometry.ts';
import { honourAndFortitudePlayable } from './index.ts';
import type { HfGameState } from './state.ts';
import type { HfView } from './view.ts';

/**
 * What must hold after every command of an Honour & Fortitude battle (the whole-game tests check it):
 * figures within 0..start, units on the table and never overlapping another unit (a scenario may deploy
 * units touching; moves keep 0.1" clear), melees paired, a
 * Generals' unit known, and legal commands for whoever decides.
 * Returns the problems found (empty when all hold).
 */
/** Inches of overlap below which two stands only touch (scenarios deploy some units edge to edge, rounded). */
const OVERLAP_TOLERANCE = 0.05;

export function stateProblems(state: HfGameState): string[] {
  const problems: string[] = [];
  const units = Object.values(state.units);
  const standing = units.filter((u) => !u.gone);
  for (const u of units) {
    if (u.figures < 0 || u.figures > u.startFigures)
      problems.push(`${u.id} has ${u.figures} of ${u.startFigures} figures`);
    if (!u.gone && u.figures === 0) problems.push(`${u.id} stands with no figures`);
    if (u.meleeWith !== null && state.units[u.meleeWith]?.meleeWith !== u.id)
      problems.push(`${u.id} is in melee with ${u.meleeWith}, which is not in melee with it`);
    if (u.gone && u.meleeWith !== null) problems.push(`${u.id} is gone but still in melee`);
  }
  for (const u of standing)
    for (const s of u.stands)
      if (s.x < 0 || s.x > state.scenario.width || s.y < 0 || s.y > state.scenario.depth)
        problems.push(`${u.id}'s stand ${s.id} is off the table`);
  for (let i = 0; i < standing.length; i++)
    for (let j = i + 1; j < standing.length; j++)
      if (!standsApart(standing[i]!.stands, standing[j]!.stands, -OVERLAP_TOLERANCE))
        problems.push(`${standing[i]!.id} overlaps ${standing[j]!.id}`);
  for (const g of state.generals)
    if (g.with !== null && !state.units[g.with]) problems.push(`general ${g.id} rides with an unknown unit`);
  const decider = deciderOf(state);
  if (decider === undefined && state.result === undefined)
    problems.push('nobody decides but there is no result');
  if (decider !== undefined && honourAndFortitudeGame.legalCommands(state, decider).length === 0)
    problems.push(`${decider} decides but has no legal command`);
  return problems;
}

/**
 * Plays a battle with the checks every rule set's battles keep (engine/invariants.ts: offered commands
 * accepted, views blind to the PRNG state, `seq` counted, the record replayed to the same state and
 * events), `stateProblems` after every command and every event public; returns the battle and the
 * problems found.
 */
export function playCheckedBattle(
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player<HfView, HfCommand>>>,
  options: { readonly every?: number } = {},
): CheckedBattle<HfGameState, HfCommand, HfEvent> {
  return playChecked(honourAndFortitudePlayable, scenario, seed, players, {
    ...options,
    problemsAfter: (state, events) => [
      ...stateProblems(state),
      ...events.filter((e) => e.visibleTo !== 'all').map((e) => `a hidden event ${e.type}`),
    ],
  });
}
