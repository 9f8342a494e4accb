import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import type { GameResult } from '../engine/game.ts';
import type { Draft } from './draft.ts';
import { normalMove } from './moves.ts';
import { startTurn } from './turn-start.ts';
import { isActive, unitDistance } from './units.ts';

/**
 * The end of a turn (Part 3, Sequence Of Play): broken Supports end, and the battle may be decided by
 * the scenario's conditions (victory) before the next turn starts.
 */

/** Stands a side has on the table that count, not routing. */
function standing(
  d: Draft,
  side: string,
): { stands: number; starting: number; units: number; broken: number } {
  let stands = 0;
  let starting = 0;
  let units = 0;
  let broken = 0;
  for (const u of d.allUnits()) {
    if (u.side !== side) continue;
    units++;
    starting += u.profile.startingStands;
    const t = d.findTableUnit(u.id);
    if (!t || u.routing) broken++;
    else stands += countedStands(t);
  }
  return { stands, starting, units, broken };
}

function holds(d: Draft, side: string, objective: string): boolean {
  const o = d.scenario.objectives.find((x) => x.id === objective);
  if (!o) return false;
  let mine = false;
  for (const u of Object.values(d.table().units)) {
    const near = u.stands.some((s) => Math.hypot(s.x - o.position.x, s.y - o.position.y) <= o.radius);
    if (!near) continue;
    const ju = d.unit(u.id);
    if (ju.routing) continue;
    if (u.side === side) mine = true;
    else return false;
  }
  return mine;
}

/** The outcome at the end of a turn, if the battle is decided (scenario conditions, in order). */
export function victory(d: Draft): GameResult | undefined {
  const sides = d.scenario.sides;
  const other = (s: string) => sides.find((x) => x !== s) ?? s;
  const last = d.turn >= d.scenario.turnLimit;
  for (const c of d.scenario.conditions) {
    if (c.kind === 'hold-objectives') {
      if (c.when === 'turn-limit' && !last) continue;
      if (c.objectives.every((o) => holds(d, c.side, o)))
        return {
          winner: c.side,
          reason: `${c.side} holds ${c.objectives.join(', ')}${c.when === 'turn-limit' ? ` when the turn limit ended the battle (turn ${d.turn})` : ''}`,
        };
    } else if (c.kind === 'enemy-losses') {
      const e = standing(d, other(c.side));
      if (e.starting > 0 && e.starting - e.stands >= c.fraction * e.starting)
        return {
          winner: c.side,
          reason: `${other(c.side)} lost ${Math.round((100 * (e.starting - e.stands)) / e.starting)}% of its stands`,
        };
    } else {
      const s = standing(d, c.side);
      if (s.units > 0 && s.broken >= c.fraction * s.units)
        return {
          winner: other(c.side),
          reason: `${c.side} broke (${s.broken} of ${s.units} units routed or gone)`,
        };
    }
  }
  for (const s of sides) {
    const st = standing(d, s);
    if (st.units > 0 && st.broken === st.units)
      return { winner: other(s), reason: `${s} has no unit left fighting` };
  }
  if (last) {
    const w = d.scenario.atTurnLimit;
    const reason = `turn limit (${d.scenario.turnLimit}) reached`;
    return w === 'draw' ? { reason } : { winner: w, reason };
  }
  return undefined;
}

/** End of turn: caracoling horse are Disordered, broken Supports end, the battle may be decided. */
export function endTurn(d: Draft): void {
  for (const u of d.allUnits()) {
    if (!isActive(d, u.id) || u.order !== 'support' || u.orderTarget === undefined) continue;
    const t = d.findTableUnit(u.orderTarget);
    // Broken: it carried out Support this turn (its last order) but does not carry it on (turn-start.ts
    // would make a continuing order of an order still held).
    if (!t || unitDistance(d.tableUnit(u.id), t) > normalMove(d, u.id)) {
      d.patchUnit(u.id, { lastOrder: 'support' });
      d.clearUnit(u.id, ['continuing', 'order', 'orderTarget']);
    }
  }
  d.emit({ type: 'turn-ended', visibleTo: 'all', turn: d.turn });
  const result = victory(d);
  if (result) {
    d.result = result;
    d.node = { phase: 'over' };
    d.emit({ type: 'game-over', visibleTo: 'all', result });
    return;
  }
  d.turn += 1;
  startTurn(d);
}
