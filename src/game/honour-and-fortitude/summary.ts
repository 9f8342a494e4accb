import type { BattleSummary } from '../engine/battle.ts';
import { standsFor } from './geometry.ts';
import { type HfGameState, isFighting } from './state.ts';

/** An Honour & Fortitude battle's figures for comparisons: stands as figures fill them, routers not counted. */
export function summarizeHfBattle(state: HfGameState): BattleSummary {
  const stands: Record<string, { start: number; now: number }> = {};
  for (const side of state.scenario.sides) stands[side.id] = { start: 0, now: 0 };
  for (const u of Object.values(state.units)) {
    const tally = stands[u.side];
    if (!tally) continue;
    tally.start += standsFor(u.startFigures, u.figuresPerStand);
    if (isFighting(u)) tally.now += standsFor(u.figures, u.figuresPerStand);
  }
  return { turn: state.turn, stands };
}
