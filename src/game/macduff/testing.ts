import { rectsOverlap } from '../../core/geometry/rectangles.ts';
import type { Viewer } from '../engine/game.ts';
import { standCount } from './geometry.ts';
import type { MdGameState } from './state.ts';
import { viewFor } from './view.ts';

/**
 * What must hold after every command of a MacDuff battle (the whole-game tests check it): strengths are within bounds; every unit on the table shows at least one stand and no more than
 * its strength gives (a rallied unit regains stands where there is room) and overlaps no other unit; units off the table have no stands; no view shows an enemy still concealed
 * (that no view depends on the PRNG, the deck's order or what concealed units do is checked by
 * `scrambleHidden`, engine/invariants.ts). Returns the problems found (none: an empty list).
 */
export function invariantProblems(state: MdGameState): string[] {
  const problems: string[] = [];
  if (JSON.stringify(JSON.parse(JSON.stringify(state))) !== JSON.stringify(state))
    problems.push('state is not plain JSON');
  for (const u of Object.values(state.units)) {
    if (u.figures < 0 || u.figures > u.startFigures)
      problems.push(`${u.id}: ${u.figures} figures of ${u.startFigures}`);
    if (u.held < 0 || u.guns < 0 || u.smoke < 0 || u.smoke > 2)
      problems.push(`${u.id}: negative held, guns or smoke`);
    const t = state.table.units[u.id];
    if (u.offTable !== undefined) {
      if (t) problems.push(`${u.id}: off the table but still has stands`);
      continue;
    }
    if (!t) {
      problems.push(`${u.id}: on the table without stands`);
      continue;
    }
    if (u.ratings.guns === 0 && (t.stands.length > standCount(u) || t.stands.length === 0))
      problems.push(`${u.id}: ${t.stands.length} stands for ${u.figures} figures`);
  }
  const units = Object.values(state.table.units);
  const boxes = units.map((u) => {
    const reach = (s: (typeof u.stands)[number]) => Math.hypot(s.width, s.depth) / 2;
    return {
      minX: Math.min(...u.stands.map((s) => s.x - reach(s))),
      maxX: Math.max(...u.stands.map((s) => s.x + reach(s))),
      minY: Math.min(...u.stands.map((s) => s.y - reach(s))),
      maxY: Math.max(...u.stands.map((s) => s.y + reach(s))),
    };
  });
  for (let i = 0; i < units.length; i++)
    for (let j = i + 1; j < units.length; j++) {
      const [p, q] = [boxes[i]!, boxes[j]!];
      if (p.maxX < q.minX || q.maxX < p.minX || p.maxY < q.minY || q.maxY < p.minY) continue;
      for (const a of units[i]!.stands)
        for (const b of units[j]!.stands)
          if (rectsOverlap(a, b)) problems.push(`${units[i]!.id} overlaps ${units[j]!.id}`);
    }
  const viewers: Viewer[] = [...state.scenario.sides, 'spectator'];
  for (const viewer of viewers) {
    const view = viewFor(state, viewer);
    for (const u of Object.values(state.units))
      if (u.concealed && u.side !== viewer && (view.units[u.id] || view.table.units[u.id]))
        problems.push(`${viewer}'s view shows concealed ${u.id}`);
  }
  return problems;
}

/** Whether a state survives a JSON round trip unchanged (saves and replays rely on it). */
export function isPlainJson(state: MdGameState): boolean {
  const text = JSON.stringify(state);
  return JSON.stringify(JSON.parse(text)) === text;
}
