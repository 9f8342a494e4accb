import { BOX_STRIDE, packBox, pointBoxDistance } from '../../core/geometry/rectangles.ts';
import type { GameResult } from '../engine/game.ts';
import type { Objective } from '../scenario/schema.ts';
import { type HfScenarioFacts, type HfUnit, isFighting } from './state.ts';

/**
 * The scenario's victory conditions (src/game/scenario/schema.ts, VictorySchema), checked at the end of
 * every turn in the scenario's order; the first met decides. Routing units neither hold ground nor
 * count as standing: Muster's reading for a game whose units rout rather than lose stands.
 */

const BOX = new Float64Array(BOX_STRIDE);

function near(unit: HfUnit, objective: Objective): boolean {
  for (const s of unit.stands) {
    packBox(s, BOX, 0);
    if (pointBoxDistance(objective.position.x, objective.position.y, BOX, 0) <= objective.radius) return true;
  }
  return false;
}

/** The side holding an objective: one with a fighting unit within its radius and no fighting enemy. */
export function holderOf(units: readonly HfUnit[], objective: Objective): string | undefined {
  const present = new Set<string>();
  for (const u of units) if (isFighting(u) && near(u, objective)) present.add(u.side);
  return present.size === 1 ? [...present][0] : undefined;
}

/** Of a side's starting figures, the fraction lost or routing or gone. */
export function lossFraction(units: readonly HfUnit[], side: string): number {
  let start = 0;
  let standing = 0;
  for (const u of units) {
    if (u.side !== side) continue;
    start += u.startFigures;
    if (isFighting(u)) standing += u.figures;
  }
  return start === 0 ? 0 : (start - standing) / start;
}

/** Of a side's units, the fraction routing, destroyed or gone. */
export function brokenFraction(units: readonly HfUnit[], side: string): number {
  const own = units.filter((u) => u.side === side);
  return own.length === 0 ? 1 : own.filter((u) => !isFighting(u)).length / own.length;
}

/** The outcome at the end of turn `turn`, or undefined while the battle goes on. */
export function verdict(
  scenario: HfScenarioFacts,
  unitMap: Readonly<Record<string, HfUnit>>,
  turn: number,
): GameResult | undefined {
  const units = Object.values(unitMap);
  const final = turn >= scenario.victory.turnLimit;
  const [a, b] = [scenario.sides[0]!.id, scenario.sides[1]!.id];
  const enemyOf = (side: string) => (side === a ? b : a);
  for (const side of [a, b])
    if (!units.some((u) => u.side === side && isFighting(u)))
      return { winner: enemyOf(side), reason: `${side} has no unit left standing` };
  for (const c of scenario.victory.conditions) {
    switch (c.kind) {
      case 'hold-objectives': {
        if (c.when === 'turn-limit' && !final) break;
        const objectives = scenario.objectives.filter((o) => c.objectives.includes(o.id));
        if (objectives.every((o) => holderOf(units, o) === c.side))
          return {
            winner: c.side,
            reason: `${c.side} holds ${c.objectives.join(', ')}${c.when === 'turn-limit' ? ` when the turn limit ended the battle (turn ${turn})` : ''}`,
          };
        break;
      }
      case 'enemy-losses':
        if (lossFraction(units, enemyOf(c.side)) >= c.fraction)
          return {
            winner: c.side,
            reason: `${enemyOf(c.side)} has lost ${Math.round(c.fraction * 100)}% of its strength`,
          };
        break;
      case 'army-morale':
        if (brokenFraction(units, c.side) >= c.fraction)
          return {
            winner: enemyOf(c.side),
            reason: `${c.side} broke: ${Math.round(c.fraction * 100)}% of its units routed or gone`,
          };
        break;
    }
  }
  if (!final) return undefined;
  const at = scenario.victory.atTurnLimit;
  return at === 'draw' ? { reason: 'turn limit: a draw' } : { winner: at, reason: `turn limit: ${at} wins` };
}
