import { describe, expect, it } from 'vitest';
import type { TableState } from '../../src/core/table/model.ts';
import { TableIndex } from '../../src/core/table/spatial-index.ts';
import { JC_SIGHT_PROFILE } from '../../src/rulesets/john-company/table/terrain.ts';
import { battleTitle, game, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * The spatial index updated for the units that moved (`TableIndex.carried`, docs/ARCHITECTURE.md) is
 * the index laid out afresh: after every command of seeded battles of every scenario, the index of the
 * state's table and of each side's view of it, each built in turn from the one before, against one
 * built over a copy of the table read back from JSON (a new terrain record: nothing to update from).
 * The indexes here use a cell size the engine does not, so that each is updated from this test's last
 * one rather than from the engine's index of the same table.
 */
const MAX_COMMANDS = 120;
const CELL = 3;

/** Everything an index answers from, as plain values. */
function contentOf(ix: TableIndex) {
  return {
    standIds: ix.standIds,
    stands: ix.stands,
    standUnit: [...ix.standUnit],
    standOwner: ix.standOwner,
    standBoxes: [...ix.standBoxes],
    standBlocks: [...ix.standBlocks],
    standElevation: [...ix.standElevation],
    unitIds: ix.unitIds,
    unitStandStart: [...ix.unitStandStart],
    grid: [ix.cellSize, ix.gridX, ix.gridY, ix.columns, ix.rows],
    cellStandStart: [...ix.cellStandStart],
    cellStands: [...ix.cellStands],
    cellBarrierStart: [...ix.cellBarrierStart],
    cellBarriers: [...ix.cellBarriers],
    standContactStart: [...ix.standContactStart],
    standContacts: [...ix.standContacts],
    standCrestStart: [...ix.standCrestStart],
    standCrests: [...ix.standCrests],
  };
}

function checkBattle(scenarioId: string, seed: number, random: boolean) {
  const problems: string[] = [];
  let built = 0;
  let carried = 0;
  const check = (table: TableState, what: string) => {
    const updated = new TableIndex(table, JC_SIGHT_PROFILE, { cellSize: CELL });
    const fresh = new TableIndex(JSON.parse(JSON.stringify(table)), JC_SIGHT_PROFILE, { cellSize: CELL });
    built++;
    if (updated.carried) carried++;
    if (fresh.carried) problems.push(`${what}: the index over a new terrain record was carried`);
    try {
      expect(contentOf(updated)).toEqual(contentOf(fresh));
    } catch (error) {
      problems.push(`${what}: ${String(error).slice(0, 400)}`);
    }
  };
  playSeededBattle(scenarioId, seed, random, MAX_COMMANDS, (state, index, sides) => {
    check(state.table, `after command ${index}`);
    for (const side of sides) check(game.viewFor(state, side).table, `${side}'s view after command ${index}`);
  });
  return { problems, built, carried };
}

describe('the spatial index updated for the units that moved', () => {
  it('finds the scenarios', () => {
    expect(SCENARIO_IDS).toContain('assaye-1803');
  });

  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        const { problems, built, carried } = checkBattle(scenario, seed, random);
        expect(problems).toEqual([]);
        expect(built).toBeGreaterThan(60);
        expect(carried, 'most indexes are updated from an earlier one').toBeGreaterThan(built / 2);
      });
});
