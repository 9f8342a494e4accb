import { BOX_STRIDE, segmentBoxDistance } from '../../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq, SEGMENT_STRIDE } from '../../../../core/geometry/segments.ts';
import type { FeatureId } from '../../../../core/table/model.ts';
import { jc4 } from '../../vocabulary.ts';
import { insideShape, sideOfBarrier, type TerrainGeometry } from '../measurement/terrain-geometry.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import type { TableBasis } from './basis.ts';
import type { DerivedReason } from './reasons.ts';

const DEFENDING = jc4('Reaction Test Modifiers', 'positive 10');

/** Closed works or a building. */
type Shape = TerrainGeometry['works'][number];

/**
 * Positive 10, for a unit with Defend orders: every stand inside closed works or a building, or every
 * front-rank stand lining a wall, barricade or works; and no enemy inside the same works or building,
 * or (for a lined barrier) on the unit's side of it, within the length of the barrier's segment.
 */
export function defendedWorks(basis: TableBasis, u: number): DerivedReason | null {
  const g = basis.units[u]!;
  const t = basis.terrain;
  const enemies = basis.enemiesOf(g.unit.side);
  // Inside: every stand's centre inside closed works or a building that holds no enemy (each shape
  // looked at once for its stands in a row).
  let holder: FeatureId | null = null;
  let free: Shape | undefined;
  for (let i = 0; i < g.count; i++) {
    const x = g.boxes[i * BOX_STRIDE]!;
    const y = g.boxes[i * BOX_STRIDE + 1]!;
    const shape = t.works.find((w) => insideShape(w, x, y)) ?? t.buildings.find((b) => insideShape(b, x, y));
    if (!shape || (shape !== free && enemyInside(enemies, shape))) {
      holder = null;
      break;
    }
    free = shape;
    holder ??= shape.id;
  }
  if (holder !== null)
    return {
      rule: DEFENDING,
      label: 'Defending: every stand inside the works or buildings',
      feature: holder,
    };
  let lines: FeatureId | null = null;
  for (let i = 0; i < g.count; i++) {
    if (g.firingRank[i] !== 0) continue;
    const n = nearBarriers(basis, g, i);
    if (n === 0) return null;
    const x = g.boxes[i * BOX_STRIDE]!;
    const y = g.boxes[i * BOX_STRIDE + 1]!;
    let ok = false;
    for (let k = 0; k < n && !ok; k++) {
      const seg = basis.lined[k]!;
      const mine = sideOfBarrier(t, seg, x, y);
      const flanked = enemies.some((e) => {
        for (let j = 0; j < e.count; j++)
          if (
            mine !== 0 &&
            sideOfBarrier(t, seg, e.boxes[j * BOX_STRIDE]!, e.boxes[j * BOX_STRIDE + 1]!) === mine
          )
            return true;
        return false;
      });
      if (!flanked) {
        ok = true;
        lines ??= t.barrierFeature[seg]!;
      }
    }
    if (!ok) return null;
  }
  return lines === null
    ? null
    : { rule: DEFENDING, label: 'Defending: its front rank lines the obstacle', feature: lines };
}

/** Whether the centre of some stand of `enemies` lies inside `shape`. */
function enemyInside(enemies: readonly UnitGeometry[], shape: Shape): boolean {
  for (const e of enemies)
    for (let j = 0; j < e.count; j++)
      if (insideShape(shape, e.boxes[j * BOX_STRIDE]!, e.boxes[j * BOX_STRIDE + 1]!)) return true;
  return false;
}

/** Barrier segments that stand i of g lines (within `CONTACT_TOLERANCE`), into `basis.lined`. */
export function nearBarriers(basis: TableBasis, g: UnitGeometry, i: number): number {
  const t = basis.terrain;
  const out = basis.lined;
  out.length = 0;
  const reach = g.radius + CONTACT_TOLERANCE;
  const b = t.barriers;
  for (let s = 0; s < t.barrierCount; s++) {
    const at = s * SEGMENT_STRIDE;
    // Most segments are far from the unit: a cheap test against its bounding circle first.
    if (pointSegmentDistanceSq(g.cx, g.cy, b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!) > reach * reach)
      continue;
    if (segmentBoxDistance(b, at, g.boxes, i * BOX_STRIDE) <= CONTACT_TOLERANCE) out.push(s);
  }
  return out.length;
}

/** Whether a front-rank stand of the unit lines a fortified city wall. */
export function liningCityWall(basis: TableBasis, g: UnitGeometry): boolean {
  for (let i = 0; i < g.count; i++) {
    if (g.firingRank[i] !== 0) continue;
    const n = nearBarriers(basis, g, i);
    for (let k = 0; k < n; k++)
      if (basis.terrain.barrierKind[basis.lined[k]!] === 'fortified-city-wall') return true;
  }
  return false;
}
