import type { TerrainSegment } from '../procedures/movement-allowance/path-cost.ts';
import { MOVEMENT_RATES, type TroopTypeId } from '../tables/movement-rates.ts';
import type { TerrainId, WallHeight, WaterHazard } from '../tables/terrain-costs.ts';
import type { Leg } from './movement-contact.ts';
import { leadingPoints, type Motion, measuredInches, measureOf, pointPath } from './movement-manoeuvres.ts';
import {
  costPerInch,
  crossingsOf,
  type Ground,
  type Line,
  linesMayMeet,
  terrainAlong,
  terrainMayMeet,
} from './movement-terrain.ts';

/**
 * The ground a move crosses, as the facts of the movement-allowance procedure (Part 3, Terrain Effects
 * On Movement): the inches moved, wheeled and flank marched in the open, the terrain crossed, the walls
 * and water crossings, the about faces. See docs/table-movement.md, "The ground a move crosses".
 */

/** The path facts the move gave the movement-allowance procedure. */
export interface MovePath {
  readonly moveInches: number;
  readonly wheelInches: number;
  readonly flankMarchInches: number;
  readonly terrain: readonly TerrainSegment[];
  readonly walls: readonly WallHeight[];
  readonly water: readonly WaterHazard[];
  readonly riverDice?: 3 | 4;
  readonly aboutFaces: number;
}

/**
 * One stand's ground: inches in the open by how they are measured, and inches in each terrain (in the
 * order first met, as the terrain segments list them).
 */
interface StandGround {
  move: number;
  wheel: number;
  flankMarch: number;
  readonly terrain: Map<TerrainId, number>;
}

/** What the whole path crosses: the worst stand's ground, walls and water by feature, and more. */
export interface PathSurvey {
  readonly path: MovePath;
  readonly disorderingTerrain: readonly TerrainId[];
  readonly impassableBarriers: readonly string[];
}

/** What an inch in the open costs by how it is measured: a flank march pays 2. */
const FLANK_MARCH_RATE = 2;

/** The motions that carry a stand's leading points over the ground (`leadingPoints`). */
type GroundMotion = Extract<Motion, { readonly type: 'translate' | 'rotate' }>;

/** Inches added to `pathsReach`, far above the rounding of the paths' own arithmetic. */
const REACH_SLACK = 1e-6;

/**
 * Bounds holding the `pointPath` of each of the leading points (flat x, y) under a translation or a turn
 * about a point: the ends of the translated points; the square about the pivot holding the circles the
 * turned points stay on.
 */
function pathsReach(lead: Float64Array, motion: GroundMotion): [number, number, number, number] {
  if (motion.type === 'rotate') {
    let r = 0;
    for (let i = 0; i < lead.length; i += 2)
      r = Math.max(r, Math.hypot(lead[i]! - motion.px, lead[i + 1]! - motion.py));
    const grown = r + REACH_SLACK;
    return [motion.px - grown, motion.py - grown, motion.px + grown, motion.py + grown];
  }
  const { dx, dy } = motion;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < lead.length; i += 2) {
    const x = lead[i]!;
    const y = lead[i + 1]!;
    x0 = Math.min(x0, x, x + dx);
    y0 = Math.min(y0, y, y + dy);
    x1 = Math.max(x1, x, x + dx);
    y1 = Math.max(y1, y, y + dy);
  }
  return [x0 - REACH_SLACK, y0 - REACH_SLACK, x1 + REACH_SLACK, y1 + REACH_SLACK];
}

/**
 * The path facts of the legs. Every stand's ground is followed by the middle of its leading edge; the
 * unit pays for the stand whose ground costs most (a unit moves at the pace of its slowest part). Walls
 * and water are crossed when any of the leading edge's ends or middle crosses them; a unit crosses a
 * feature as often as its stands do in each manoeuvre. A flank march pays 2 per inch on open ground
 * and the terrain's own cost (not both) in terrain.
 */
export function surveyPath(ground: Ground, legs: readonly Leg[], troop: TroopTypeId): PathSurvey {
  const mover = MOVEMENT_RATES.troops[troop].mover;
  const n = legs[0]?.pose.stands.length ?? 0;
  const stands: StandGround[] = new Array(n);
  for (let j = 0; j < n; j++) stands[j] = { move: 0, wheel: 0, flankMarch: 0, terrain: new Map() };
  const walls: WallHeight[] = [];
  const water: WaterHazard[] = [];
  let riverDice: 3 | 4 | undefined;
  const disordering = new Set<TerrainId>();
  const impassable: string[] = [];
  let aboutFaces = 0;
  for (const leg of legs) {
    if (leg.m.kind === 'about-face') aboutFaces++;
    const measure = measureOf(leg.m);
    if (measure === 'none') continue;
    const inches = measuredInches(leg.pose, leg.m);
    if (inches <= 0) continue;
    // Manoeuvres measured in inches translate or turn the unit.
    const motion = leg.motion;
    if (motion.type !== 'translate' && motion.type !== 'rotate') continue;
    // Crossings of each wall and water course in this manoeuvre (the most by any stand), and the order
    // in which they were first crossed.
    const barrierHits = new Int32Array(ground.barriers.length);
    const barrierOrder: number[] = [];
    const waterHits = new Int32Array(ground.water.length);
    const waterOrder: number[] = [];
    const poseStands = leg.pose.stands;
    for (let j = 0; j < poseStands.length; j++) {
      const lead = leadingPoints(poseStands[j]!, motion);
      if (!lead) continue;
      // Paths are followed only where the ground has something they may cross: elsewhere a path lies
      // all in the open and crosses no wall or water.
      const reach = pathsReach(lead, motion);
      const onTerrain = terrainMayMeet(ground, reach);
      const crossesLines = linesMayMeet(ground, reach);
      // The middle of the leading edge (lead[2], lead[3]) follows the stand's ground.
      const middle = onTerrain || crossesLines ? pointPath(lead[2]!, lead[3]!, motion) : undefined;
      const sg = stands[j]!;
      let inTerrain = 0;
      if (onTerrain) {
        const shares = terrainAlong(ground, middle!, mover);
        for (const t in shares) {
          const share = shares[t as TerrainId]!;
          sg.terrain.set(t as TerrainId, (sg.terrain.get(t as TerrainId) ?? 0) + share * inches);
          inTerrain += share;
          if (t === 'swamp' || t === 'town') disordering.add(t);
        }
      }
      const open = Math.max(0, 1 - inTerrain) * inches;
      if (measure === 'move') sg.move += open;
      else if (measure === 'wheel') sg.wheel += open;
      else sg.flankMarch += open;
      if (!crossesLines) continue;
      // The leading edge's ends and middle: a line is crossed as often as any of them crosses it.
      const paths = [pointPath(lead[0]!, lead[1]!, motion), middle!, pointPath(lead[4]!, lead[5]!, motion)];
      mostCrossings(ground.barriers, paths, barrierHits, barrierOrder);
      mostCrossings(ground.water, paths, waterHits, waterOrder);
    }
    for (const k of barrierOrder) {
      const count = barrierHits[k]!;
      const b = ground.barriers[k]!;
      if (b.crossing === 'impassable') impassable.push(b.id);
      else for (let i = 0; i < count; i++) walls.push(b.crossing);
    }
    for (const k of waterOrder) {
      const count = waterHits[k]!;
      const w = ground.water[k]!;
      for (let i = 0; i < count; i++) water.push(w.hazard);
      if (w.hazard === 'river' && riverDice === undefined && (w.dice === 3 || w.dice === 4))
        riverDice = w.dice;
    }
  }
  // The costliest stand; between stands costing the same, the one losing more to terrain.
  let worst: StandGround | undefined;
  let worstCost = -1;
  let worstLoss = -1;
  for (const sg of stands) {
    let cost = 0;
    let loss = 0;
    cost += sg.move;
    cost += sg.wheel;
    cost += FLANK_MARCH_RATE * sg.flankMarch;
    for (const [t, inches] of sg.terrain) {
      if (inches <= 0) continue;
      cost += costPerInch(t, mover) * inches;
      loss += (costPerInch(t, mover) - 1) * inches;
    }
    if (cost > worstCost + 1e-9 || (cost >= worstCost - 1e-9 && loss > worstLoss + 1e-9)) {
      worstCost = cost;
      worstLoss = loss;
      worst = sg;
    }
  }
  const terrain: TerrainSegment[] = [];
  if (worst) for (const [t, inches] of worst.terrain) if (inches > 1e-9) terrain.push({ terrain: t, inches });
  const path: MovePath = {
    moveInches: worst?.move ?? 0,
    wheelInches: worst?.wheel ?? 0,
    flankMarchInches: worst?.flankMarch ?? 0,
    terrain,
    walls,
    water,
    aboutFaces,
    ...(riverDice === undefined ? {} : { riverDice }),
  };
  return { path, disorderingTerrain: [...disordering], impassableBarriers: impassable };
}

/**
 * Raises each line's count in `hits` (by its index in `lines`) to the most crossings of it by one of the
 * paths, adding to `order` each line crossed for the first time.
 */
function mostCrossings(
  lines: readonly Line[],
  paths: readonly Float64Array[],
  hits: Int32Array,
  order: number[],
): void {
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    let most = 0;
    for (const p of paths) most = Math.max(most, crossingsOf(line, p));
    if (most <= hits[k]!) continue;
    if (hits[k] === 0) order.push(k);
    hits[k] = most;
  }
}
