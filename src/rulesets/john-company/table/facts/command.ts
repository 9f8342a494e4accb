import type { RuleRef } from '../../../../core/rules/trace.ts';
import type { GeneralId, UnitId } from '../../../../core/table/model.ts';
import { jc4 } from '../../vocabulary.ts';
import { standToUnitDistance } from '../measurement/distances.ts';
import { commandRadiusOf } from '../unit-profile.ts';
import type { TableBasis } from './basis.ts';

/** Whether a unit is in its General Officer's Command Radius. */
export interface CommandFacts {
  readonly general: GeneralId;
  readonly inCommand: boolean;
  /** Edge to edge from the General's stand to the unit's nearest stand. */
  readonly distance: number;
  readonly radius: number;
  readonly rule: RuleRef;
}

/**
 * Whether the unit is within its immediate General Officer's Command Radius (Part 4, Units Without
 * Orders): edge to edge from his stand to the unit's nearest stand. Null when the unit has no general
 * or he is not on the table.
 */
export function deriveCommand(basis: TableBasis, id: UnitId): CommandFacts | null {
  const profile = basis.profiles[basis.index(id)]!;
  const gid = profile.general;
  const gen = gid === undefined ? undefined : basis.table.generals[gid];
  const gp = gid === undefined ? undefined : basis.forces.generals?.[gid];
  if (!gen || !gp || gid === undefined) return null;
  const distance = standToUnitDistance(gen.stand, basis.units[basis.index(id)]!);
  const radius = commandRadiusOf(gp);
  return {
    general: gid,
    inCommand: distance <= radius + 1e-9,
    distance,
    radius,
    rule: jc4('Units Without Orders', 'outside the Command Radius'),
  };
}
