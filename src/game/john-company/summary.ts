import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import type { BattleSummary } from '../engine/battle.ts';
import type { JcGameState } from './state.ts';

/** A John Company battle's figures for comparisons: stands count as the victory conditions count them. */
export function summarizeBattle(state: JcGameState): BattleSummary {
  const stands: Record<string, { start: number; now: number }> = {};
  for (const side of state.scenario.sides) stands[side] = { start: 0, now: 0 };
  for (const u of Object.values(state.units)) {
    const tally = stands[u.side];
    if (!tally) continue;
    tally.start += u.profile.startingStands;
    const t = state.table.units[u.id];
    if (t && !u.routing) tally.now += countedStands(t);
  }
  return { turn: state.turn, stands };
}
