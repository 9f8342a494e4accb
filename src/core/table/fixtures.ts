import { cosDegrees, sinDegrees } from '../geometry/angles.ts';
import type { Point } from '../geometry/points.ts';
import { rectDistance } from '../geometry/rectangles.ts';
import { Prng, seedRng } from '../random/prng.ts';
import {
  type Basing,
  type GeneralState,
  mm,
  type SideId,
  type StandKind,
  type StandSize,
  type TableState,
  type TerrainFeature,
  type UnitStandState,
  type UnitState,
} from './model.ts';

/**
 * Tables for tests and benchmarks: a block-of-stands unit builder, and a seeded generator of busy
 * tables. Formation ids here are placeholders ('line', 'column', ...): laying out a rule set's
 * formations is the formations code's job.
 */

export interface BlockSpec {
  readonly id: string;
  readonly side: SideId;
  readonly formation: string;
  readonly kind: StandKind;
  readonly size: StandSize;
  /** Centre of the block. */
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly files: number;
  readonly ranks?: number;
  /** Gap between neighbouring files (inches; 0 = in contact). */
  readonly gap?: number;
}

/**
 * A unit of `ranks` x `files` identical stands, all facing the unit's way, ranks directly behind each
 * other. Stand ids are `<unit>/<rank>.<file>`.
 */
export function blockUnit(spec: BlockSpec): UnitState {
  const ranks = spec.ranks ?? 1;
  const gap = spec.gap ?? 0;
  const fx = cosDegrees(spec.facing);
  const fy = sinDegrees(spec.facing);
  // Right = (sin, -cos).
  const rx = fy;
  const ry = -fx;
  const pitch = spec.size.width + gap;
  const stands: UnitStandState[] = [];
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < spec.files; file++) {
      const lateral = (file - (spec.files - 1) / 2) * pitch;
      const forward = ((ranks - 1) / 2 - rank) * spec.size.depth;
      stands.push({
        id: `${spec.id}/${rank}.${file}`,
        kind: spec.kind,
        x: spec.x + rx * lateral + fx * forward,
        y: spec.y + ry * lateral + fy * forward,
        facing: spec.facing,
        width: spec.size.width,
        depth: spec.size.depth,
        rank,
        file,
      });
    }
  }
  return { id: spec.id, side: spec.side, formation: spec.formation, facing: spec.facing, stands };
}

/** A table holding the given things (default 72" x 48", generic basing), for hand-made fixtures. */
export function tableOf(parts: {
  readonly units?: readonly UnitState[];
  readonly generals?: readonly GeneralState[];
  readonly terrain?: readonly TerrainFeature[];
  readonly width?: number;
  readonly depth?: number;
}): TableState {
  const byId = <T extends { readonly id: string }>(items: readonly T[] = []) =>
    Object.fromEntries(items.map((i) => [i.id, i])) as Record<string, T>;
  return {
    width: parts.width ?? 72,
    depth: parts.depth ?? 48,
    basing: BASING,
    units: byId(parts.units),
    generals: byId(parts.generals),
    terrain: byId(parts.terrain),
  };
}

export interface GeneratedTableOptions {
  readonly units?: number;
  readonly features?: number;
  readonly width?: number;
  readonly depth?: number;
}

const INFANTRY: StandSize = { width: mm(40), depth: mm(20) };
const CAVALRY: StandSize = { width: mm(40), depth: mm(30) };
const GUN: StandSize = { width: mm(40), depth: mm(40) };
const GENERAL: StandSize = { width: mm(30), depth: mm(30) };
const BASING: Basing = {
  figureScale: '15mm',
  sizes: { infantry: INFANTRY, cavalry: CAVALRY, gun: GUN, crew: INFANTRY, limber: GUN, general: GENERAL },
};

/**
 * A busy table, the same for the same seed: `units` units (default 60) in two armies facing each other
 * across the middle, one General per ten units, and `features` terrain features (default 40) of every
 * kind, scattered. Units never overlap each other; terrain lies anywhere.
 */
export function generateTable(seed: number, options: GeneratedTableOptions = {}): TableState {
  const prng = new Prng(seedRng(seed));
  const rand = () => prng.nextUint32() / 0x100000000;
  const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const width = options.width ?? 72;
  const depth = options.depth ?? 48;
  const unitCount = options.units ?? 60;
  const featureCount = options.features ?? 40;

  const terrain: Record<string, TerrainFeature> = {};
  const blob = (cx: number, cy: number, radius: number, corners: number): Point[] => {
    const turn = rand() * Math.PI * 2;
    return Array.from({ length: corners }, (_, i) => {
      const a = turn + ((i + between(-0.3, 0.3)) / corners) * Math.PI * 2;
      const r = radius * between(0.7, 1.3);
      return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
    });
  };
  const walk = (x: number, y: number, legs: number, step: number): Point[] => {
    let heading = rand() * Math.PI * 2;
    const points: Point[] = [{ x, y }];
    for (let i = 0; i < legs; i++) {
      heading += between(-0.6, 0.6);
      x += step * Math.cos(heading);
      y += step * Math.sin(heading);
      points.push({ x, y });
    }
    return points;
  };
  const kinds = [
    'light-woods',
    'heavy-woods',
    'hill',
    'town',
    'wall-low',
    'light-woods',
    'hill',
    'wall-medium',
    'heavy-woods',
    'road',
    'wall-high',
    'barricade',
    'stream',
    'entrenchment',
    'difficult',
    'light-woods',
    'hill',
    'town',
    'swamp',
    'nullah',
    'fortification',
    'fordable-river',
    'open',
    'fortified-city-wall',
  ] as const;
  for (let i = 0; i < featureCount; i++) {
    const kind = kinds[i % kinds.length]!;
    const id = `t${i}`;
    const cx = between(0, width);
    const cy = between(0, depth);
    switch (kind) {
      case 'light-woods':
      case 'heavy-woods':
      case 'difficult':
      case 'swamp':
      case 'open':
        terrain[id] = { id, kind, outline: blob(cx, cy, between(2.5, 6), 10) };
        break;
      case 'hill': {
        const r = between(4, 8);
        const a = rand() * Math.PI;
        const crest =
          i % 2 === 0
            ? {
                crest: [-0.8, 0, 0.8].map((k) => ({
                  x: cx + k * r * Math.cos(a) + between(-0.5, 0.5),
                  y: cy + k * r * Math.sin(a) + between(-0.5, 0.5),
                })),
              }
            : {};
        terrain[id] = {
          id,
          kind,
          outline: blob(cx, cy, r, 12),
          elevation: 1 + (i % 3 === 0 ? 1 : 0),
          steep: i % 4 === 0,
          ...crest,
        };
        break;
      }
      case 'town': {
        const buildings = Array.from({ length: 4 }, () => {
          const bx = cx + between(-2.5, 2.5);
          const by = cy + between(-2.5, 2.5);
          const w = between(0.6, 1.2);
          return [
            { x: bx - w, y: by - w / 2 },
            { x: bx + w, y: by - w / 2 },
            { x: bx + w, y: by + w / 2 },
            { x: bx - w, y: by + w / 2 },
          ];
        });
        terrain[id] = { id, kind, outline: blob(cx, cy, 4.5, 10), buildings };
        break;
      }
      case 'road':
        terrain[id] = { id, kind, path: walk(cx, cy, 6, 8), width: 1 };
        break;
      case 'nullah':
      case 'stream':
      case 'fordable-river': {
        const w = kind === 'nullah' ? 2 : kind === 'stream' ? 4 : 8;
        terrain[id] = {
          id,
          kind,
          path: walk(cx, cy, 6, 8),
          width: w,
          crossingDice: kind === 'fordable-river' ? 3 : w / 2,
        };
        break;
      }
      case 'fortification':
      case 'fortified-city-wall':
        terrain[id] = { id, kind, path: blob(cx, cy, 3, 6), closed: true };
        break;
      default:
        terrain[id] = { id, kind, path: walk(cx, cy, 3, between(2, 4)) };
    }
  }

  const units: Record<string, UnitState> = {};
  const placed: UnitStandState[] = [];
  const fits = (u: UnitState) =>
    u.stands.every(
      (s) =>
        s.x > 1 &&
        s.x < width - 1 &&
        s.y > 1 &&
        s.y < depth - 1 &&
        placed.every((p) => Math.abs(p.x - s.x) > 4 || Math.abs(p.y - s.y) > 4 || rectDistance(p, s) > 0.25),
    );
  for (let i = 0; i < unitCount; i++) {
    const side = i % 2 === 0 ? 'red' : 'blue';
    const id = `u${i}`;
    for (let attempt = 0; ; attempt++) {
      if (attempt === 2000) throw new Error(`generateTable(${seed}): no room for unit ${id}`);
      const x = between(4, width - 4);
      const y = side === 'red' ? between(2, depth / 2 - 1.5) : between(depth / 2 + 1.5, depth - 2);
      const facing = (side === 'red' ? 90 : 270) + between(-20, 20);
      const u = unitOfType(i % 6, { id, side, x, y, facing });
      if (fits(u)) {
        units[id] = u;
        placed.push(...u.stands);
        break;
      }
    }
  }

  const generals: Record<string, GeneralState> = {};
  for (let i = 0; i < Math.ceil(unitCount / 10); i++) {
    const side = i % 2 === 0 ? 'red' : 'blue';
    const id = `g${i}`;
    const y = side === 'red' ? between(1.5, 4) : between(depth - 4, depth - 1.5);
    generals[id] = {
      id,
      side,
      stand: {
        id: `${id}/stand`,
        kind: 'general',
        x: between(4, width - 4),
        y,
        facing: side === 'red' ? 90 : 270,
        width: GENERAL.width,
        depth: GENERAL.depth,
      },
    };
  }
  return {
    width,
    depth,
    basing: BASING,
    units,
    generals,
    terrain,
  };
}

function unitOfType(
  type: number,
  at: { id: string; side: SideId; x: number; y: number; facing: number },
): UnitState {
  switch (type) {
    case 0:
      return blockUnit({ ...at, formation: 'line', kind: 'infantry', size: INFANTRY, files: 8 });
    case 1:
      return blockUnit({ ...at, formation: 'column', kind: 'infantry', size: INFANTRY, files: 2, ranks: 4 });
    case 2:
      return blockUnit({ ...at, formation: 'line', kind: 'cavalry', size: CAVALRY, files: 4 });
    case 3: {
      // A gun with a crew stand either side and its limber behind.
      const gun = blockUnit({ ...at, formation: 'battery', kind: 'gun', size: GUN, files: 1 });
      const crew = blockUnit({ ...at, formation: 'battery', kind: 'crew', size: INFANTRY, files: 3 });
      const limber = blockUnit({
        ...at,
        formation: 'battery',
        kind: 'limber',
        size: GUN,
        files: 1,
        ranks: 3,
      });
      const g = gun.stands[0]!;
      return {
        ...gun,
        stands: [
          g,
          { ...crew.stands[0]!, id: `${at.id}/0.1`, file: 1, serves: g.id },
          { ...crew.stands[2]!, id: `${at.id}/0.2`, file: 2, serves: g.id },
          { ...limber.stands[2]!, id: `${at.id}/1.0`, rank: 1, file: 0, serves: g.id },
        ],
      };
    }
    case 4:
      return blockUnit({
        ...at,
        formation: 'skirmish',
        kind: 'infantry',
        size: INFANTRY,
        files: 6,
        gap: INFANTRY.width,
      });
    default:
      return blockUnit({ ...at, formation: 'mass', kind: 'infantry', size: INFANTRY, files: 4, ranks: 3 });
  }
}
