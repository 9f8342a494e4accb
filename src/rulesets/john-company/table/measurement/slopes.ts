/**
 * Slopes (Part 4, Confrontation Tactical Modifiers, 2. uphill): whether a unit fights uphill of another,
 * or what spoils the advantage (rough ground, defended works, an obstacle between them).
 */
import { BOX_STRIDE, boxDistance, segmentBoxDistance } from '../../../../core/geometry/rectangles.ts';
import { SEGMENT_STRIDE } from '../../../../core/geometry/segments.ts';
import type { RuleRef } from '../../../../core/rules/trace.ts';
import type { BarrierKind } from '../../../../core/table/model.ts';
import type { TerrainId } from '../../tables/terrain-costs.ts';
import { jc4 } from '../../vocabulary.ts';
import { CONTACT_TOLERANCE } from '../terrain.ts';
import { elevationAt, insideShape, type TerrainGeometry } from './terrain-geometry.ts';
import type { UnitGeometry } from './unit-geometry.ts';

/** Ground that is rough for the uphill modifier: difficult ground, swamp and woods. */
const ROUGH: ReadonlySet<TerrainId> = new Set(['difficult', 'swamp', 'light-woods', 'heavy-woods']);
/** Works whose defenders get their own modifiers, not uphill (Part 4, Confrontation modifier 2). */
const DEFENDED_WORKS: ReadonlySet<BarrierKind> = new Set([
  'entrenchment',
  'fortification',
  'fortified-city-wall',
  'wall-high',
]);

/** Whether a unit fights uphill of its opponent, and why (not). */
export interface Uphill {
  readonly uphill: boolean;
  /** The elevations compared: its own and its opponent's. */
  readonly elevation: number;
  readonly opponentElevation: number;
  /** Why it does not count although higher: rough ground, an obstacle between them, or defending works. */
  readonly spoiledBy?: 'rough-ground' | 'obstacle' | 'works';
  readonly rule: RuleRef;
}

const UPHILL_RULE = jc4('Confrontation Tactical Modifiers', '2. uphill');

/** Stand indices of `a` in contact with `b`, or (when none) its front-rank stands. */
function engagedStands(a: UnitGeometry, b: UnitGeometry): number[] {
  const touching: number[] = [];
  for (let i = 0; i < a.count; i++)
    for (let j = 0; j < b.count; j++)
      if (boxDistance(a.boxes, i * BOX_STRIDE, b.boxes, j * BOX_STRIDE) <= CONTACT_TOLERANCE) {
        touching.push(i);
        break;
      }
  if (touching.length > 0) return touching;
  const front: number[] = [];
  for (let i = 0; i < a.count; i++) if (a.firingRank[i] === 0) front.push(i);
  return front;
}

function highest(u: UnitGeometry, stands: readonly number[], terrain: TerrainGeometry): number {
  let e = 0;
  for (const i of stands)
    e = Math.max(e, elevationAt(terrain, u.boxes[i * BOX_STRIDE]!, u.boxes[i * BOX_STRIDE + 1]!));
  return e;
}

/**
 * Uphill for Confrontation (Part 4, tactical modifier 2), read from the hills: a side's elevation is
 * the highest hill level under the centre of its stands in contact with the opponent (its front rank
 * when none touch). `a` is uphill when higher than `b`, unless one of those stands stands in rough
 * ground (difficult ground, swamp, woods), a barrier lies between the two (within contact of a stand of
 * each), or it lines entrenchments, fortifications or a high wall.
 */
export function uphillOf(a: UnitGeometry, b: UnitGeometry, terrain: TerrainGeometry): Uphill {
  const mine = engagedStands(a, b);
  const theirs = engagedStands(b, a);
  const elevation = highest(a, mine, terrain);
  const opponentElevation = highest(b, theirs, terrain);
  const base = { elevation, opponentElevation, rule: UPHILL_RULE };
  if (elevation <= opponentElevation) return { uphill: false, ...base };
  for (const i of mine) {
    const x = a.boxes[i * BOX_STRIDE]!;
    const y = a.boxes[i * BOX_STRIDE + 1]!;
    for (const area of terrain.areas)
      if (ROUGH.has(area.kind) && insideShape(area, x, y))
        return { uphill: false, ...base, spoiledBy: 'rough-ground' };
  }
  for (let g = 0; g < terrain.barrierCount; g++) {
    const at = g * SEGMENT_STRIDE;
    const lined = mine.some(
      (i) => segmentBoxDistance(terrain.barriers, at, a.boxes, i * BOX_STRIDE) <= CONTACT_TOLERANCE,
    );
    if (!lined) continue;
    if (DEFENDED_WORKS.has(terrain.barrierKind[g]!)) return { uphill: false, ...base, spoiledBy: 'works' };
    if (
      theirs.some(
        (j) => segmentBoxDistance(terrain.barriers, at, b.boxes, j * BOX_STRIDE) <= CONTACT_TOLERANCE,
      )
    )
      return { uphill: false, ...base, spoiledBy: 'obstacle' };
  }
  return { uphill: true, ...base };
}
