import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomPlayer } from '../../src/game/engine/battle.ts';
import { takeLosses } from '../../src/game/honour-and-fortitude/combat.ts';
import { Draft } from '../../src/game/honour-and-fortitude/draft.ts';
import { honourAndFortitudeGame as game } from '../../src/game/honour-and-fortitude/game.ts';
import { layout, standsApart } from '../../src/game/honour-and-fortitude/geometry.ts';
import { playCheckedBattle } from '../../src/game/honour-and-fortitude/invariants.ts';
import type { HfGameState, HfUnit } from '../../src/game/honour-and-fortitude/state.ts';

/**
 * A unit after losses (docs/rules/honour-and-fortitude.md, "The table: a unit after losses"): it keeps
 * its front rank and frontage and shrinks from the rear, never into ground another unit holds.
 */
const assaye = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../scenarios/assaye-1803.json'), 'utf8'),
);
const start = game.setup(assaye, 9);

/** The Assaye state with `placed` units moved (laid out again), the others as deployed. */
function staged(placed: Record<string, Partial<HfUnit>>): HfGameState {
  const units = { ...start.units };
  for (const [id, changes] of Object.entries(placed)) {
    const moved = { ...units[id]!, ...changes };
    units[id] = { ...moved, stands: layout(moved, start.scenario.basing)! };
  }
  return { ...start, units };
}

const ranksOf = (u: HfUnit) => new Set(u.stands.map((s) => s.rank)).size;
const filesOf = (u: HfUnit) => u.stands.filter((s) => s.rank === 0).length;

describe('a unit after losses', () => {
  // Scindia's horse in mass, 6 stands of 40 x 30 mm: 3 files by 2 ranks, facing +x; Pohlmann's 7th and
  // 8th in line 0.24" behind it. Laid out afresh at 5 stands the mass would be 2 files by 3 ranks, its
  // new rear rank on Pohlmann's line.
  const state = staged({
    'scindia-horse': { formation: 'mass', x: 30, y: 20, facing: 0 },
    'pohlmann-4': { formation: 'line', x: 27.4, y: 20, facing: 0 },
  });
  const horse = state.units['scindia-horse']!;
  const behind = state.units['pohlmann-4']!;

  it('the position: a 3 by 2 mass clear of the line behind it', () => {
    expect([filesOf(horse), ranksOf(horse)]).toEqual([3, 2]);
    expect(standsApart(horse.stands, behind.stands, 0.1)).toBe(true);
    const afresh = layout(
      { ...horse, figures: horse.figures - horse.figuresPerStand },
      state.scenario.basing,
    )!;
    expect(standsApart(afresh, behind.stands, 0)).toBe(false);
  });

  it('losing a stand keeps its frontage and front rank and does not reach the unit behind', () => {
    const d = new Draft(state);
    takeLosses(d, horse.id, horse.figuresPerStand);
    const after = d.unit(horse.id);
    expect(after.stands).toHaveLength(5);
    expect([filesOf(after), ranksOf(after)]).toEqual([3, 2]);
    const front = (u: HfUnit) => u.stands.filter((s) => s.rank === 0).map((s) => [s.x, s.y]);
    expect(front(after)).toEqual(front(horse));
    expect(standsApart(after.stands, behind.stands, 0.1)).toBe(true);
  });

  it('losing figures but no stand moves nothing', () => {
    const d = new Draft(state);
    takeLosses(d, horse.id, 1);
    expect(d.unit(horse.id).stands).toEqual(horse.stands);
  });

  it('where its frontage cannot be kept it keeps its old stands less the rearmost', () => {
    // A field column 3 files by 4 ranks: at 6 stands 3 files would be 2 ranks, which a column may not be.
    const column = staged({
      'pohlmann-4': { formation: 'column', ranks: 4, figures: 12 * 4, figuresPerStand: 4, x: 40, y: 20 },
    }).units['pohlmann-4']!;
    expect([filesOf(column), ranksOf(column)]).toEqual([3, 4]);
    const d = new Draft({ ...state, units: { ...state.units, 'pohlmann-4': column } });
    takeLosses(d, column.id, 6 * 4);
    const after = d.unit(column.id);
    expect(after.stands).toHaveLength(6);
    const kept = new Set(after.stands.map((s) => s.id));
    expect(column.stands.filter((s) => kept.has(s.id))).toEqual(
      after.stands.toSorted((a, b) => a.rank - b.rank || a.file - b.file),
    );
    expect(Math.max(...after.stands.map((s) => s.rank))).toBe(1);
  });

  it('Assaye, seed 9, random v random: no unit overlaps another after losses', () => {
    const [a, b] = assaye.sides.map((s: { id: string }) => s.id) as [string, string];
    const { problems } = playCheckedBattle(
      assaye,
      9,
      { [a]: randomPlayer(1009), [b]: randomPlayer(2009) },
      { every: 1 },
    );
    expect(problems).toEqual([]);
  });
});
