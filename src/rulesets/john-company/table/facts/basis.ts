import type { GeneralState, SideId, TableState, UnitId } from '../../../../core/table/model.ts';
import type { JohnCompanySight } from '../line-of-sight.ts';
import { type TerrainGeometry, terrainGeometry } from '../measurement/terrain-geometry.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import {
  type JcForces,
  type JcUnitProfile,
  type JcUnitState,
  normalMoveOf,
  profileOf,
  stateOf,
  troopOf,
} from '../unit-profile.ts';
import { layoutOf } from './layout.ts';

export interface TableFactsOptions {
  /**
   * Line of sight for fire (and cover); without it every line is clear and every target in the open.
   * A function is called when fire is first asked for (a sight costs an index of the table).
   */
  readonly sight?: JohnCompanySight | (() => JohnCompanySight);
}

/**
 * What every fact of one table reads: the table and forces, packed once (each unit's geometry,
 * profile and state by its index in `table.units`, the terrain's geometry, the side totals), and the
 * line of sight, built when first asked for. Read only, but for the scratch list `lined`.
 */
export class TableBasis {
  readonly table: TableState;
  readonly forces: JcForces;
  readonly terrain: TerrainGeometry;
  /** Every unit's geometry, in the order of `table.units`. */
  readonly units: readonly UnitGeometry[];
  readonly byId: ReadonlyMap<UnitId, number>;
  readonly profiles: readonly JcUnitProfile[];
  readonly states: readonly JcUnitState[];
  /** Counted stands of each side, not on mandatory moves (positive 1). */
  readonly sideStands = new Map<SideId, number>();
  /** Each unit's Normal Move in its formation (NaN where the table gives none). */
  readonly moves: Float64Array;
  /** How far each unit can charge (Normal Move + Charge Bonus), or -1 when it cannot charge now. */
  readonly chargeReach: Float64Array;
  /** The General Officers that have a profile. */
  readonly generals: readonly GeneralState[];
  /** Whether a line of sight was given (fire then reads it). */
  readonly sighted: boolean;
  /** Scratch: the barrier segments a stand lines (defended-works.ts `nearBarriers`). */
  readonly lined: number[] = [];
  /** The units of every side but each side. */
  private readonly enemies: ReadonlyMap<SideId, readonly UnitGeometry[]>;
  private readonly options: TableFactsOptions;
  private sightInUse: JohnCompanySight | undefined;

  /** `near`: a table of the same battle (the one before) whose layout lends what it can (`layoutOf`). */
  constructor(table: TableState, forces: JcForces, options: TableFactsOptions, near?: TableState) {
    this.table = table;
    this.forces = forces;
    this.options = options;
    this.sighted = options.sight !== undefined;
    this.terrain = terrainGeometry(table);
    const layout = layoutOf(table, near);
    const units = layout.units;
    this.units = units;
    this.byId = layout.byId;
    this.enemies = layout.enemies;
    const n = units.length;
    const profiles: JcUnitProfile[] = new Array(n);
    const states: JcUnitState[] = new Array(n);
    this.moves = new Float64Array(n);
    this.chargeReach = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const g = units[i]!;
      const profile = profileOf(forces, g.unit.id);
      const state = stateOf(forces, g.unit.id);
      profiles[i] = profile;
      states[i] = state;
      if (!state.mandatoryMove)
        this.sideStands.set(g.unit.side, (this.sideStands.get(g.unit.side) ?? 0) + layout.counted[i]!);
      const move = normalMoveOf(profile, g.formation);
      this.moves[i] = move ?? Number.NaN;
      const troop = troopOf(profile);
      const cannot =
        move === undefined ||
        state.mandatoryMove ||
        troop.arm === 'artillery' ||
        g.formation === 'skirmish-order';
      this.chargeReach[i] = cannot ? -1 : move + troop.chargeBonus;
    }
    this.profiles = profiles;
    this.states = states;
    this.generals = Object.values(table.generals).filter((gen) => forces.generals?.[gen.id] !== undefined);
  }

  /** The line of sight given, built now if it was given as a function. */
  sight(): JohnCompanySight | undefined {
    const given = this.options.sight;
    if (typeof given !== 'function') return given;
    this.sightInUse ??= given();
    return this.sightInUse;
  }

  /** A unit's index in `table.units`. */
  index(id: UnitId): number {
    const i = this.byId.get(id);
    if (i === undefined) throw new Error(`no unit ${id} on the table`);
    return i;
  }

  /** The units of every side but `side`. */
  enemiesOf(side: SideId): readonly UnitGeometry[] {
    return this.enemies.get(side) ?? [];
  }
}
