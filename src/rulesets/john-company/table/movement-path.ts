import type { TerrainSegment } from '../procedures/movement-allowance/path-cost.ts';
import { MOVEMENT_RATES, type TroopTypeId } from '../tables/movement-rates.ts';
import type { TerrainId, WallHeight, WaterHazard } from '../tables/terrain-costs.ts';
import type { Leg } from './movement-contact.ts';
import { leadingPoints, type Motion, measuredInches, measureOf, pointPath } from './movement-manoeuvres.ts';
import {
  costPerInch,
  crossingsOf,
  type Ground,
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

interface StandGround {
  open: Record<'move' | 'wheel' | 'flank-march', number>;
  terrain: Partial<Record<TerrainId, number>>;
}

/** What the whole path crosses: the worst stand's ground, walls and water by feature, and more. */
export interface PathSurvey {
  readonly path: MovePath;
  readonly disorderingTerrain: readonly TerrainId[];
  readonly impassableBarriers: readonly string[];
}

const RATE: Readonly<Record<'move' | 'wheel' | 'flank-march', number>> = {
  move: 1,
  wheel: 1,
  'flank-march': 2,
};

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
  const stands: StandGround[] = Array.from({ length: n }, () => ({
    open: { move: 0, wheel: 0, 'flank-march': 0 },
    terrain: {},
  }));
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
    const barrierHits = new Map<number, number>();
    const waterHits = new Map<number, number>();
    const poseStands = leg.pose.stands;
    for (let j = 0; j < poseStands.length; j++) {
      const lead = leadingPoints(poseStands[j]!, motion);
      if (!lead) continue;
      // Paths are followed only where the ground has something they may cross: elsewhere a path lies
      // all in the open and crosses no wall or water.
      const reach = pathsReach(lead, motion);
      const onTerrain = terrainMayMeet(ground, reach);
      const crossesLines = linesMayMeet(ground, reach);
      const paths =
        onTerrain || crossesLines ? [0, 2, 4].map((k) => pointPath(lead[k]!, lead[k + 1]!, motion)) : [];
      const shares = onTerrain ? terrainAlong(ground, paths[1]!, mover) : {};
      let inTerrain = 0;
      const sg = stands[j]!;
      for (const [t, share] of Object.entries(shares) as [TerrainId, number][]) {
        sg.terrain[t] = (sg.terrain[t] ?? 0) + share * inches;
        inTerrain += share;
        if (t === 'swamp' || t === 'town') disordering.add(t);
      }
      sg.open[measure] += Math.max(0, 1 - inTerrain) * inches;
      if (!crossesLines) continue;
      ground.barriers.forEach((b, k) => {
        const c = Math.max(...paths.map((p) => crossingsOf(b, p)));
        if (c > (barrierHits.get(k) ?? 0)) barrierHits.set(k, c);
      });
      ground.water.forEach((w, k) => {
        const c = Math.max(...paths.map((p) => crossingsOf(w, p)));
        if (c > (waterHits.get(k) ?? 0)) waterHits.set(k, c);
      });
    }
    for (const [k, count] of barrierHits) {
      const b = ground.barriers[k]!;
      if (b.crossing === 'impassable') impassable.push(b.id);
      else for (let i = 0; i < count; i++) walls.push(b.crossing);
    }
    for (const [k, count] of waterHits) {
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
    for (const k of ['move', 'wheel', 'flank-march'] as const) cost += RATE[k] * sg.open[k];
    for (const [t, inches] of Object.entries(sg.terrain) as [TerrainId, number][]) {
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
  for (const [t, inches] of Object.entries(worst?.terrain ?? {}) as [TerrainId, number][])
    if (inches > 1e-9) terrain.push({ terrain: t, inches });
  const path: MovePath = {
    moveInches: worst?.open.move ?? 0,
    wheelInches: worst?.open.wheel ?? 0,
    flankMarchInches: worst?.open['flank-march'] ?? 0,
    terrain,
    walls,
    water,
    aboutFaces,
    ...(riverDice === undefined ? {} : { riverDice }),
  };
  return { path, disorderingTerrain: [...disordering], impassableBarriers: impassable };
}
