import type { Point } from '../../../core/geometry/points.ts';
import { blockUnit, tableOf } from '../../../core/table/fixtures.ts';
import type { SideId, StandKind, TerrainFeature, UnitState } from '../../../core/table/model.ts';
import { type MoveContext, moveContext, type UnitFacts } from './movement.ts';

/**
 * Hand-made tables for the movement tests: round-numbered stands (infantry 1.5" x 0.75", cavalry
 * 1.5" x 1"), so that the rules' inches can be checked by hand.
 */

export const INFANTRY = { width: 1.5, depth: 0.75 };
export const CAVALRY = { width: 1.5, depth: 1 };

export interface LineSpec {
  readonly side?: SideId;
  /** The centre of the block. */
  readonly x: number;
  readonly y: number;
  readonly facing?: number;
  readonly files?: number;
  readonly ranks?: number;
  readonly kind?: Extract<StandKind, 'infantry' | 'cavalry'>;
  readonly formation?: string;
  readonly gap?: number;
}

/** A block of stands centred on (x, y) facing `facing` (default 90: towards +y), John Company formation ids. */
export function unit(id: string, spec: LineSpec): UnitState {
  const kind = spec.kind ?? 'infantry';
  return blockUnit({
    id,
    side: spec.side ?? 'red',
    formation: spec.formation ?? 'close-order-line',
    kind,
    size: kind === 'cavalry' ? CAVALRY : INFANTRY,
    x: spec.x,
    y: spec.y,
    facing: spec.facing ?? 90,
    files: spec.files ?? 4,
    ...(spec.ranks === undefined ? {} : { ranks: spec.ranks }),
    ...(spec.gap === undefined ? {} : { gap: spec.gap }),
  });
}

export function rect(x0: number, y0: number, x1: number, y1: number): Point[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** A context over the units and terrain, each unit's facts given by id. */
export function context(
  units: readonly UnitState[],
  facts: Readonly<Record<string, UnitFacts>>,
  terrain: readonly TerrainFeature[] = [],
): MoveContext {
  return moveContext(tableOf({ units, terrain }), facts);
}
