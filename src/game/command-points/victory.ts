import type { GameResult } from '../engine/game.ts';
import type { Objective } from '../scenario/schema.ts';
import { pointDistance } from './geometry.ts';
import { type CpBoard, type CpUnit, enemyOf, onTable } from './state.ts';

/**
 * The scenario's victory conditions (src/game/scenario/schema.ts VictorySchema), checked at the end of
 * every turn in the scenario's order, the first met deciding; at the turn limit, the `turn-limit`
 * objectives too, then `atTurnLimit`. A minimal checker of its own: the game may not import John
 * Company's.
 */

/** Who holds an objective: the side with a formed unit within its radius and no enemy unit on the table there. */
export function holder(state: CpBoard, objective: Objective): string | undefined {
  const near = (u: CpUnit) => onTable(u) && pointDistance(objective.position, u) <= objective.radius;
  const present = new Set(
    Object.values(state.units)
      .filter((u) => near(u) && (u.status === 'formed' || u.status === 'falling-back'))
      .map((u) => u.side),
  );
  if (present.size !== 1) return undefined;
  const [side] = [...present];
  return Object.values(state.units).some((u) => u.side !== side && near(u)) ? undefined : side;
}

/** The fraction of a side's starting bases destroyed or routed (routed and departed units count whole). */
export function lossFraction(state: CpBoard, side: string): number {
  let start = 0;
  let lost = 0;
  for (const u of Object.values(state.units)) {
    if (u.side !== side) continue;
    start += u.startBases;
    lost += u.status === 'formed' || u.status === 'falling-back' ? u.startBases - u.bases : u.startBases;
  }
  return start === 0 ? 0 : lost / start;
}

/** The fraction of a side's units routed, destroyed or gone. */
export function brokenFraction(state: CpBoard, side: string): number {
  const units = Object.values(state.units).filter((u) => u.side === side);
  if (units.length === 0) return 1;
  return (
    units.filter((u) => u.status === 'routed' || u.status === 'destroyed' || u.status === 'gone').length /
    units.length
  );
}

/** The verdict at the end of the current turn, if the battle is decided. */
export function verdict(state: CpBoard): GameResult | undefined {
  const { victory } = state;
  const last = state.turn >= victory.turnLimit;
  const objective = (id: string) => victory.objectives.find((o) => o.id === id)!;
  for (const c of victory.conditions) {
    if (c.kind === 'army-morale' && brokenFraction(state, c.side) >= c.fraction)
      return {
        winner: enemyOf(state, c.side),
        reason: `${c.side} broke (${Math.round(c.fraction * 100)}% of its units gone)`,
      };
    if (c.kind === 'enemy-losses' && lossFraction(state, enemyOf(state, c.side)) >= c.fraction)
      return {
        winner: c.side,
        reason: `${c.side} destroyed or routed ${Math.round(c.fraction * 100)}% of the enemy`,
      };
    if (c.kind === 'hold-objectives' && (c.when === 'any-turn-end' || last))
      if (c.objectives.every((id) => holder(state, objective(id)) === c.side))
        return {
          winner: c.side,
          reason: `${c.side} holds ${c.objectives.join(', ')}${c.when === 'any-turn-end' ? '' : ` when the turn limit ended the battle (turn ${state.turn})`}`,
        };
  }
  if (!last) return undefined;
  return victory.atTurnLimit === 'draw'
    ? { reason: `turn limit ${victory.turnLimit}: a draw` }
    : { winner: victory.atTurnLimit, reason: `turn limit ${victory.turnLimit}: nothing decided` };
}
