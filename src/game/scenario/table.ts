import { layoutUnit } from '../../core/scenario/layout.ts';
import { isNeutralBatteryFormation } from '../../core/scenario/vocabulary.ts';
import {
  type Basing,
  type FeatureId,
  mm,
  STAND_KINDS,
  type StandKind,
  type StandSize,
  type TerrainFeature,
  type UnitStandState,
} from '../../core/table/model.ts';
import type { Scenario, ScenarioBasing, ScenarioFeature, Unit } from './schema.ts';

/** A scenario's pieces in the table model's terms (src/core/table/model.ts). */

/** One kind of stand's size in inches. */
export function standSize(basing: ScenarioBasing, kind: StandKind): StandSize {
  const s = basing.stands[kind];
  return { width: mm(s.widthMm), depth: mm(s.depthMm) };
}

/** The scenario's basing as the table model's: stand sizes converted from millimetres to inches. */
export function scenarioBasing(basing: ScenarioBasing): Basing {
  const sizes: Record<string, StandSize> = {};
  for (const kind of STAND_KINDS) sizes[kind] = standSize(basing, kind);
  return { figureScale: basing.figureScale, sizes };
}

/** A terrain feature as the table model's: the same shape without its display name. */
export function modelFeature(feature: ScenarioFeature): TerrainFeature {
  const { name: _name, ...shape } = feature;
  return shape;
}

/** The scenario's terrain, by id, as the table model holds it. */
export function scenarioTerrain(scenario: Pick<Scenario, 'terrain'>): Record<FeatureId, TerrainFeature> {
  return Object.fromEntries(scenario.terrain.map((f) => [f.id, modelFeature(f)]));
}

/**
 * A unit's stands as it starts the battle, laid out in its formation (src/core/scenario/layout.ts) from
 * its front-centre `position` and `facing`: troops by `ranks` (or `files`, stands per rank) where given;
 * guns with `crews` crew stands each (default 1), and their limbers only when limbered. Throws a
 * RangeError, with the formation's reason, for a shape the formation does not allow (e.g. a column wider
 * than 2 files with no more ranks than files, a square of fewer than 4 stands).
 */
export function unitStands(
  unit: Pick<Unit, 'id' | 'arm' | 'formation' | 'stands' | 'ranks' | 'crews' | 'position' | 'facing'> & {
    readonly files?: number;
  },
  basing: ScenarioBasing,
): UnitStandState[] {
  const formation = unit.formation;
  const anchor = { x: unit.position.x, y: unit.position.y, facing: unit.facing };
  if (isNeutralBatteryFormation(formation))
    return layoutUnit({
      formation,
      guns: unit.stands,
      crews: unit.crews ?? 1,
      gunSize: standSize(basing, 'gun'),
      crewSize: standSize(basing, 'crew'),
      ...(formation === 'limbered' ? { limberSize: standSize(basing, 'limber') } : {}),
      unitId: unit.id,
      anchor,
    });
  if (unit.arm === 'artillery')
    throw new RangeError(`guns stand unlimbered or limbered, not in ${formation}`);
  return layoutUnit({
    formation,
    standCount: unit.stands,
    standSize: standSize(basing, unit.arm),
    kind: unit.arm,
    ...(unit.ranks === undefined ? {} : { ranks: unit.ranks }),
    ...(unit.files === undefined ? {} : { files: unit.files }),
    unitId: unit.id,
    anchor,
  });
}
