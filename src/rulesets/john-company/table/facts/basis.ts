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
import { sameData } from './same-data.ts';

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
  readonly sideStands: ReadonlyMap<SideId, number>;
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

  /**
   * `near`: the basis of a table of the same battle (the one before), which lends what it can: its
   * layout (`layoutOf`), and, when its units are the same ones in the same order, what it worked out of
   * each unit that is the same there (`lent`).
   */
  constructor(table: TableState, forces: JcForces, options: TableFactsOptions, near?: TableBasis) {
    this.table = table;
    this.forces = forces;
    this.options = options;
    this.sighted = options.sight !== undefined;
    this.terrain = terrainGeometry(table);
    const layout = layoutOf(table, near?.table);
    const units = layout.units;
    this.units = units;
    this.byId = layout.byId;
    this.enemies = layout.enemies;
    const lender = near !== undefined && near.byId === layout.byId ? near : undefined;
    const n = units.length;
    // The profiles and states by unit index read only the forces' records and the units' order.
    const sameProfiles = lender !== undefined && lender.forces.profiles === forces.profiles;
    const sameStates = lender !== undefined && lender.forces.states === forces.states;
    const profiles: JcUnitProfile[] = sameProfiles ? (lender.profiles as JcUnitProfile[]) : new Array(n);
    const states: JcUnitState[] = sameStates ? (lender.states as JcUnitState[]) : new Array(n);
    // The lender's arrays of moves and reaches, shared until a unit's differ (then copied once).
    let moves = lender?.moves;
    let chargeReach = lender?.chargeReach;
    let own = lender === undefined;
    if (own) {
      moves = new Float64Array(n);
      chargeReach = new Float64Array(n);
    }
    for (let i = 0; i < n; i++) {
      const g = units[i]!;
      const profile = sameProfiles ? profiles[i]! : profileOf(forces, g.unit.id);
      const state = sameStates ? states[i]! : stateOf(forces, g.unit.id);
      if (!sameProfiles) profiles[i] = profile;
      if (!sameStates) states[i] = state;
      if (lender !== undefined && lent(lender, i, g, profile, state)) continue;
      if (!own) {
        moves = moves!.slice();
        chargeReach = chargeReach!.slice();
        own = true;
      }
      const move = normalMoveOf(profile, g.formation);
      moves![i] = move ?? Number.NaN;
      const troop = troopOf(profile);
      const cannot =
        move === undefined ||
        state.mandatoryMove ||
        troop.arm === 'artillery' ||
        g.formation === 'skirmish-order';
      chargeReach![i] = cannot ? -1 : move + troop.chargeBonus;
    }
    this.moves = moves!;
    this.chargeReach = chargeReach!;
    // Every unit lent (the same record, so the same stands counted, and alike on a mandatory move or
    // not): the same totals.
    this.sideStands = own ? sideStandsOf(layout.counted, units, states) : lender!.sideStands;
    this.profiles = profiles;
    this.states = states;
    this.generals =
      lender !== undefined &&
      lender.table.generals === table.generals &&
      lender.forces.generals === forces.generals
        ? lender.generals
        : Object.values(table.generals).filter((gen) => forces.generals?.[gen.id] !== undefined);
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

  /**
   * Where what this basis packed (some of it lent by the basis before) differs from `fresh`, a basis
   * of the same table and forces built alone, in words: for checks.
   */
  differencesFrom(fresh: TableBasis): string[] {
    const out: string[] = [];
    const n = fresh.units.length;
    if (this.units.length !== n) return ['another number of units'];
    for (let i = 0; i < n; i++) {
      const id = fresh.units[i]!.unit.id;
      if (this.units[i]!.unit !== fresh.units[i]!.unit) out.push(`unit ${i} is not ${id}`);
      if (this.profiles[i] !== fresh.profiles[i]) out.push(`${id}'s profile differs`);
      if (!sameData(this.states[i], fresh.states[i])) out.push(`${id}'s state differs`);
      if (!Object.is(this.moves[i], fresh.moves[i])) out.push(`${id}'s Normal Move differs`);
      if (this.chargeReach[i] !== fresh.chargeReach[i]) out.push(`${id}'s charge reach differs`);
    }
    const stands = (b: TableBasis) => JSON.stringify([...b.sideStands].sort());
    if (stands(this) !== stands(fresh)) out.push("the sides' stands differ");
    const generals = (b: TableBasis) => b.generals.map((g) => g.id).join();
    if (generals(this) !== generals(fresh) || this.generals.some((g, k) => g !== fresh.generals[k]))
      out.push('the Generals differ');
    return out;
  }
}

/** Counted stands of each side, of the units not on mandatory moves (positive 1). */
function sideStandsOf(
  counted: Int32Array,
  units: readonly UnitGeometry[],
  states: readonly JcUnitState[],
): Map<SideId, number> {
  const out = new Map<SideId, number>();
  for (let i = 0; i < units.length; i++) {
    if (states[i]!.mandatoryMove) continue;
    const side = units[i]!.unit.side;
    out.set(side, (out.get(side) ?? 0) + counted[i]!);
  }
  return out;
}

/**
 * Whether unit `i` of `lender` has the same Normal Move and charge reach as `g` with `profile` and
 * `state` at the same index: the very same geometry (so the same formation), the same profile, and the
 * same mandatory move or none (all the two read).
 */
function lent(
  lender: TableBasis,
  i: number,
  g: UnitGeometry,
  profile: JcUnitProfile,
  state: JcUnitState,
): boolean {
  return (
    lender.units[i] === g &&
    lender.profiles[i] === profile &&
    !lender.states[i]!.mandatoryMove === !state.mandatoryMove
  );
}
