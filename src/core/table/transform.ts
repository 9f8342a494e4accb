import { cosDegrees, sinDegrees } from '../geometry/angles.ts';
import type { Point } from '../geometry/points.ts';
import type { StandState, TableState, TerrainFeature, UnitStandState } from './model.ts';

/** A rigid motion of the table: turn by `turn` degrees (counter-clockwise) about (`aboutX`, `aboutY`), then shift. */
export interface TableMotion {
  readonly turn: number;
  readonly aboutX: number;
  readonly aboutY: number;
  readonly shiftX: number;
  readonly shiftY: number;
}

/**
 * Everything on the table moved together by a rigid motion (stands turned with it); the table's own
 * size is unchanged. Geometry depends only on relative positions, so every measurement and every
 * sight line of the result equals the original's (the property tests rely on this); a scenario can
 * also be turned round for the other side's view.
 */
export function moveTable(table: TableState, m: TableMotion): TableState {
  const c = cosDegrees(m.turn);
  const s = sinDegrees(m.turn);
  const point = (p: Point): Point => {
    const dx = p.x - m.aboutX;
    const dy = p.y - m.aboutY;
    return { x: m.aboutX + dx * c - dy * s + m.shiftX, y: m.aboutY + dx * s + dy * c + m.shiftY };
  };
  const stand = <S extends StandState>(st: S): S => ({ ...st, ...point(st), facing: st.facing + m.turn });
  const points = (ps: readonly Point[]) => ps.map(point);
  const feature = (f: TerrainFeature): TerrainFeature => {
    switch (f.kind) {
      case 'hill':
        return f.crest
          ? { ...f, outline: points(f.outline), crest: points(f.crest) }
          : { ...f, outline: points(f.outline) };
      case 'town':
        return { ...f, outline: points(f.outline), buildings: f.buildings.map(points) };
      default:
        return 'outline' in f ? { ...f, outline: points(f.outline) } : { ...f, path: points(f.path) };
    }
  };
  const mapValues = <T>(record: Readonly<Record<string, T>>, fn: (v: T) => T): Record<string, T> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
  return {
    ...table,
    units: mapValues(table.units, (u) => ({
      ...u,
      facing: u.facing + m.turn,
      stands: u.stands.map((st) => stand<UnitStandState>(st)),
    })),
    generals: mapValues(table.generals, (g) => ({ ...g, stand: stand(g.stand) })),
    terrain: mapValues(table.terrain, feature),
  };
}
