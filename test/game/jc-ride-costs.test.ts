import { describe, expect, it } from 'vitest';
import { Draft } from '../../src/game/john-company/draft.ts';
import { generalPathCost, procedureRideCost } from '../../src/game/john-company/general-activation.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { battleTitle, game, playSeededBattle, SCENARIO_IDS, SEEDS_AND_OPPONENTS } from './seeded-battles.ts';

/**
 * A General's ride over open ground is costed by its length (general-activation.ts `generalPathCost`),
 * and that is what the General movement procedure costs it (`procedureRideCost`): seeded battles of every
 * scenario, at every General's activation, each ride `legalCommands` offers and a ride to every point of
 * a grid over the table, costed both ways.
 */
const MAX_COMMANDS = 240;

/** Points across the table, this many a side, that rides are costed to besides those offered. */
const GRID = 6;

function checkRides(state: JcGameState): { rides: number; open: number } {
  const node = state.node;
  if (node.phase !== 'activation' || node.activation.kind !== 'general') return { rides: 0, open: 0 };
  const gid = node.activation.general;
  const side = game.decider(state);
  if (side === undefined || state.table.generals[gid] === undefined) return { rides: 0, open: 0 };
  const points: { x: number; y: number }[] = [];
  for (const c of game.legalCommands(state, side)) if (c.type === 'move-general') points.push(c);
  const { width, depth } = state.table;
  for (let i = 0; i <= GRID; i++)
    for (let j = 0; j <= GRID; j++) points.push({ x: (width * i) / GRID, y: (depth * j) / GRID });
  let open = 0;
  for (const p of points) {
    const cost = generalPathCost(new Draft(state, { traces: false }), gid, p.x, p.y);
    const fresh = new Draft(state, { traces: false });
    const stand = state.table.generals[gid]!.stand;
    expect(cost, `${gid} from (${stand.x}, ${stand.y}) to (${p.x}, ${p.y})`).toBe(
      procedureRideCost(fresh, gid, p.x, p.y),
    );
    if (cost === Math.hypot(p.x - stand.x, p.y - stand.y)) open++;
  }
  return { rides: points.length, open };
}

describe("a General's ride over open ground costs what the movement procedure costs it", () => {
  for (const scenario of SCENARIO_IDS)
    for (const [seed, random] of SEEDS_AND_OPPONENTS)
      it(battleTitle(scenario, seed, random), () => {
        let rides = 0;
        let open = 0;
        playSeededBattle(scenario, seed, random, MAX_COMMANDS, (state) => {
          const checked = checkRides(state);
          rides += checked.rides;
          open += checked.open;
        });
        expect(rides).toBeGreaterThan(0);
        expect(open, 'some rides are over open ground').toBeGreaterThan(0);
      });
});
