/**
 * The cost of the ground a move crosses (Part 3, Terrain Effects On Movement): open ground, terrain,
 * walls (a cavalry wall jump's die) and water (nullahs, streams, rivers), for units and General
 * Officers alike. `costPath` adds to a reusable `PathCost`.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { nd6 } from '../../../../core/random/rolls.ts';
import { measureText } from '../../../../core/rules/measure.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import type { MoverClass } from '../../tables/movement-rates.ts';
import {
  RIVER_DICE_DEFAULT_RULE,
  TERRAIN_COSTS,
  type TerrainId,
  WALL_COSTS,
  WALL_JUMP_ROLL,
  WATER_COSTS,
  type WallHeight,
  type WaterHazard,
} from '../../tables/terrain-costs.ts';
import { jc3 } from '../../vocabulary.ts';

/** Ground crossed, in actual inches, of one kind. */
export interface TerrainSegment {
  readonly terrain: TerrainId;
  readonly inches: number;
}

/** The ground a move crosses, shared by units and General Officers. */
export interface PathFacts {
  /** Inches straight ahead or oblique over open ground. */
  readonly moveInches?: number | undefined;
  readonly terrain?: readonly TerrainSegment[] | undefined;
  /** One entry per wall, barricade or entrenchment crossed (a gap wide enough is not a crossing). */
  readonly walls?: readonly WallHeight[] | undefined;
  /** One entry per water hazard crossed. */
  readonly water?: readonly WaterHazard[] | undefined;
  /** Dice lost crossing a fordable river, fixed before play: 3 (Muster's default) or 4. */
  readonly riverDice?: 3 | 4 | undefined;
}

/** How a mover crosses walls. */
export type WallMode = 'close-order-infantry' | 'mass' | 'cavalry' | 'rider' | 'artillery';

/** What crossing the path cost; filled in by `costPath`. */
export interface PathCost {
  /** Inches of movement spent. */
  used: number;
  /** Inches spent beyond the ground covered (terrain multipliers, walls, water). */
  loss: number;
  /** Inches of ground covered. */
  distance: number;
  impassable: boolean;
  standsLost: number;
  crossedWater: boolean;
  jumpedWall: boolean;
  /** The first crossed terrain that Disorders whatever the cost (swamp, town off the road). */
  disorderingTerrain: TerrainId | undefined;
}

export function newPathCost(): PathCost {
  return {
    used: 0,
    loss: 0,
    distance: 0,
    impassable: false,
    standsLost: 0,
    crossedWater: false,
    jumpedWall: false,
    disorderingTerrain: undefined,
  };
}

const EMPTY: readonly never[] = [];

/**
 * Adds the cost of the path's open ground, terrain, walls and water to `out`, throwing the dice for
 * cavalry wall jumps (key 'wallJump', medium walls only, when `rollWallJumps`) and water crossings
 * (keys 'nullah', 'stream', 'river'; several crossings of one kind take that key's dice in order).
 */
export function costPath(
  path: PathFacts,
  mover: MoverClass,
  wallMode: WallMode,
  lowWallCost: number | undefined,
  rollWallJumps: boolean,
  waterForbidden: boolean,
  dice: DiceSource,
  out: PathCost,
  trace?: Trace,
): void {
  const open = path.moveInches ?? 0;
  if (open > 0) {
    out.used += open;
    out.distance += open;
    trace?.add({
      rule: TERRAIN_COSTS.terrains.open.rule,
      label: `Open ground ${measureText(open)}"`,
      delta: open,
      total: out.used,
    });
  }
  const segments = path.terrain ?? EMPTY;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const def = TERRAIN_COSTS.terrains[seg.terrain];
    const per = def.cost[mover];
    out.distance += seg.inches;
    if (per === null) {
      out.impassable = true;
      trace?.add({
        rule: def.rule,
        label: `${def.label}: impassable to this troop type`,
        value: 'impassable',
      });
      continue;
    }
    const cost = per * seg.inches;
    out.used += cost;
    out.loss += cost - seg.inches;
    if (def.disorders && seg.inches > 0 && out.disorderingTerrain === undefined)
      out.disorderingTerrain = def.id;
    trace?.add({
      rule: def.rule,
      label: `${def.label}: ${measureText(seg.inches)}" at ${per} per inch${def.disorders ? ' (Disorders)' : ''}`,
      delta: cost,
      total: out.used,
    });
  }
  const walls = path.walls ?? EMPTY;
  for (let i = 0; i < walls.length; i++) {
    const height = walls[i]!;
    let cost: number | null;
    if (wallMode === 'artillery') cost = null;
    else if (wallMode === 'cavalry' || wallMode === 'rider') cost = WALL_COSTS.cavalryJump[height];
    else
      cost =
        (lowWallCost ?? (wallMode === 'mass' ? WALL_COSTS.lowWall.mass : WALL_COSTS.lowWall.closeOrder)) +
        WALL_COSTS.extra[height];
    if (cost === null) {
      out.impassable = true;
      trace?.add({
        rule: WALL_COSTS.source,
        label: `${height} wall: cannot be crossed by ${wallMode === 'artillery' ? 'guns (no gap)' : 'jumping'}`,
        value: 'impassable',
      });
      continue;
    }
    out.used += cost;
    out.loss += cost;
    if (wallMode === 'cavalry') out.jumpedWall = true;
    trace?.add({
      rule: jc3('Walls, Barricades, and Entrenchments', wallMode === 'cavalry' ? 'cavalry jumping' : height),
      label: `${height} wall${wallMode === 'cavalry' || wallMode === 'rider' ? ' jumped' : ' crossed'}`,
      delta: cost,
      total: out.used,
    });
    if (rollWallJumps && wallMode === 'cavalry' && height === 'medium') {
      const lost = dice.roll(WALL_JUMP_ROLL, 'wallJump');
      out.standsLost += lost;
      trace?.add({
        rule: jc3('Walls, Barricades, and Entrenchments', 'medium wall jump: 1d6, 1-2 stands lost'),
        label: 'Stands lost jumping the medium wall',
        value: lost,
        roll: 'wallJump',
      });
    }
  }
  const water = path.water ?? EMPTY;
  for (let i = 0; i < water.length; i++) {
    const kind = water[i]!;
    out.crossedWater = true;
    if (waterForbidden) {
      out.impassable = true;
      trace?.add({
        rule: jc3('Water Hazards', 'artillery cannot prolonge across water'),
        label: `${WATER_COSTS.hazards[kind].label}: guns cannot prolonge across`,
        value: 'impassable',
      });
      continue;
    }
    const n =
      kind === 'nullah'
        ? WATER_COSTS.dice.nullah
        : kind === 'stream'
          ? WATER_COSTS.dice.stream
          : (path.riverDice ?? WATER_COSTS.defaultRiverDice);
    const lost = dice.roll(nd6(n), kind);
    out.used += lost;
    out.loss += lost;
    trace?.add({
      rule:
        kind === 'river' && path.riverDice === undefined
          ? RIVER_DICE_DEFAULT_RULE
          : WATER_COSTS.hazards[kind].rule,
      label: `${WATER_COSTS.hazards[kind].label}: lose ${n}d6"`,
      delta: lost,
      total: out.used,
      roll: kind,
    });
  }
}
