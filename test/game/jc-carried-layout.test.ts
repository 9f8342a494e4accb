import { describe, expect, it } from 'vitest';
import type { TableState } from '../../src/core/table/model.ts';
import { viewFor } from '../../src/game/john-company/view.ts';
import { layoutOf, type TableLayout } from '../../src/rulesets/john-company/table/facts/layout.ts';
import { battleTitle, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * The table layouts the table facts and spotting read, each built with what the layout of the table
 * before lends it (facts/layout.ts `layoutOf`), agree with layouts built afresh after every command:
 * seeded battles of every scenario, the computer against the computer and against the random player
 * (each cut at `MAX_COMMANDS`), for the battle's table and each side's view of it.
 */
const MAX_COMMANDS = 160;

/** The layout of `table` built afresh: over a copy of its record of units, which no layout is kept for. */
function freshLayout(table: TableState): TableLayout {
  return layoutOf({ ...table, units: { ...table.units } });
}

function differences(kept: TableLayout, fresh: TableLayout): string[] {
  const problems: string[] = [];
  if (kept.units.length !== fresh.units.length) return ['another number of units'];
  kept.units.forEach((g, i) => {
    const id = fresh.units[i]!.unit.id;
    if (g !== fresh.units[i]) problems.push(`${id}: another geometry`);
    if (kept.counted[i] !== fresh.counted[i]) problems.push(`${id}: another count of stands`);
    if (kept.byId.get(id) !== i) problems.push(`${id}: another index by id`);
  });
  if (kept.byId.size !== fresh.byId.size) problems.push('another index by id');
  for (const [side, enemies] of fresh.enemies) {
    const keptEnemies = kept.enemies.get(side) ?? [];
    if (keptEnemies.length !== enemies.length || keptEnemies.some((g, i) => g !== enemies[i]))
      problems.push(`other enemies of ${side}`);
  }
  if (kept.enemies.size !== fresh.enemies.size) problems.push('other sides');
  return problems;
}

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const problems: string[] = [];
  let steps = 0;
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, (state, index, sides) => {
    steps++;
    const tables = [state.table, ...sides.map((side) => viewFor(state, side).table)];
    for (const table of tables)
      for (const p of differences(layoutOf(table), freshLayout(table)))
        problems.push(`after command ${index}: ${p}`);
  });
  return { problems, steps };
}

describe('table layouts lent from the table before', () => {
  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        const { problems, steps } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(steps).toBeGreaterThan(20);
      });
});
