import type { BattleSummary } from '../engine/battle.ts';
import { standCount } from './geometry.ts';
import type { MdGameState } from './state.ts';

/** A MacDuff battle's figures for comparisons: stands as the table shows them; shattered units no longer count. */
export function summarizeBattle(state: MdGameState): BattleSummary {
  const stands: Record<string, { start: number; now: number }> = {};
  for (const side of state.scenario.sides) stands[side] = { start: 0, now: 0 };
  for (const u of Object.values(state.units)) {
    const tally = stands[u.side];
    if (!tally) continue;
    tally.start += standCount({ ...u, figures: u.startFigures, guns: u.ratings.guns });
    if (u.offTable === undefined && !u.shattered) tally.now += standCount(u);
  }
  return { turn: state.turn, stands };
}
