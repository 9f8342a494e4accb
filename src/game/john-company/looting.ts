import { bearing } from '../../core/geometry/angles.ts';
import { flattenPoints } from '../../core/geometry/points.ts';
import { pointInPolygon } from '../../core/geometry/polygons.ts';
import { rectDistance } from '../../core/geometry/rectangles.ts';
import { d6 } from '../../core/random/rolls.ts';
import type { TownFeature, UnitId } from '../../core/table/model.ts';
import { pointPolygonDistance, unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import { CONTACT_TOLERANCE } from '../../rulesets/john-company/table/terrain.ts';
import { LEADERSHIP_MODIFIERS } from '../../rulesets/john-company/tables/reaction-modifiers.ts';
import type { Draft } from './draft.ts';
import { isActiveGeneral } from './forces.ts';
import { homeward, marchTowards } from './moves.ts';
import type { JcUnit } from './state.ts';
import { setStatus } from './units.ts';

/**
 * Irregulars who quit the battle (Part 4, Units Without Orders, result 5): "Irregular Infantry or
 * Irregular Cavalry who Quit The Battle (also in formation, etc.) will move towards the nearest town (if
 * not occupied by the Enemy) and will begin to loot for one dice Turns, becoming Disordered, then leaving
 * the table as above. If the Unit has not begun to loot and is reached by any General Officer, it will
 * return to action if the Officer can roll under his Leadership Reaction Modifier with one dice. If
 * looting has begun, there is no recovering them." Each of its cards is one step of this.
 */

/** Whether a unit that quits the battle goes looting: irregular infantry or cavalry. */
export function goesLooting(u: JcUnit): boolean {
  return !u.regular && (u.arm === 'infantry' || u.arm === 'cavalry');
}

/** Inches from a town within which a unit making for it has reached it (its centre, to the outline). */
const AT_TOWN = 1;

/**
 * One card of irregulars who quit: a General who reaches them before they loot may recall them (one
 * die under his Leadership modifier); else they make for the nearest town no enemy holds, loot it for a
 * die's turns, Disordered, and then march off towards their base edge. With no town to loot they march
 * off at once.
 */
export function loot(d: Draft, id: UnitId): void {
  const u = d.unit(id);
  const turnsLeft = u.looting?.turnsLeft;
  if (turnsLeft !== undefined) {
    if (turnsLeft > 0) d.patchUnit(id, { looting: { ...u.looting!, turnsLeft: turnsLeft - 1 } });
    else marchTowards(d, id, homeward(d, id));
    return;
  }
  if (recalled(d, id)) return;
  const town = townToLoot(d, id);
  if (!town) {
    d.clearUnit(id, ['looting']);
    marchTowards(d, id, homeward(d, id));
    return;
  }
  const outline = flattenPoints(town.outline);
  const [x, y] = unitCentre(d.tableUnit(id).stands);
  if (pointPolygonDistance(outline, x, y) > AT_TOWN) {
    d.patchUnit(id, { looting: { town: town.id } });
    const [tx, ty] = centroid(town);
    if (!marchTowards(d, id, bearing(x, y, tx, ty))) return;
    const [nx, ny] = unitCentre(d.tableUnit(id).stands);
    if (pointPolygonDistance(outline, nx, ny) > AT_TOWN) return;
  }
  const run = d.run((dice) => dice.roll(d6, 'lootingTurns'));
  d.patchUnit(id, { looting: { town: town.id, turnsLeft: run.value } });
  d.emit({
    type: 'looting',
    visibleTo: 'all',
    unit: id,
    town: town.id,
    turns: run.value,
    irreversible: true,
    rolls: run.rolls,
  });
  setStatus(d, id, d.unit(id).status ?? 'Steady', true);
}

/**
 * A General of its side touching (or attached to) the unit tries to recall it: one die under his
 * Leadership Reaction Modifier. Recalled, it Holds and is no longer quitting.
 */
function recalled(d: Draft, id: UnitId): boolean {
  const u = d.unit(id);
  const me = d.tableUnit(id);
  for (const g of Object.values(d.table().generals)) {
    if (g.side !== u.side || !isActiveGeneral(d.findGeneral(g.id))) continue;
    if (g.attachedTo !== id && !me.stands.some((s) => rectDistance(s, g.stand) <= CONTACT_TOLERANCE))
      continue;
    const leadership = d.general(g.id).leadership;
    const run = d.run((dice) => dice.roll(d6, 'recallLooters'));
    const back = run.value < (LEADERSHIP_MODIFIERS[leadership].value as number);
    d.emit({
      type: 'looters-recalled',
      visibleTo: 'all',
      unit: id,
      general: g.id,
      recalled: back,
      irreversible: true,
      rolls: run.rolls,
    });
    if (back) {
      d.patchUnit(id, { quitting: false, order: 'hold' });
      d.clearUnit(id, ['looting']);
    }
    return back;
  }
  return false;
}

/**
 * The town the unit makes for: the one it set out for while no enemy holds it, else the nearest town
 * (centre to outline) that no enemy unit stands in.
 */
function townToLoot(d: Draft, id: UnitId): TownFeature | undefined {
  const u = d.unit(id);
  const [x, y] = unitCentre(d.tableUnit(id).stands);
  let best: { town: TownFeature; dist: number } | undefined;
  for (const f of Object.values(d.table().terrain)) {
    if (f.kind !== 'town') continue;
    const outline = flattenPoints(f.outline);
    const held = Object.values(d.table().units).some(
      (e) =>
        e.side !== u.side &&
        e.stands.some((s) => pointInPolygon(outline, 0, outline.length / 2, s.x, s.y) > 0),
    );
    if (held) continue;
    if (f.id === u.looting?.town) return f;
    const dist = pointPolygonDistance(outline, x, y);
    if (!best || dist < best.dist) best = { town: f, dist };
  }
  return best?.town;
}

/** The mean of a town's outline points. */
function centroid(town: TownFeature): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of town.outline) {
    x += p.x;
    y += p.y;
  }
  return [x / town.outline.length, y / town.outline.length];
}
