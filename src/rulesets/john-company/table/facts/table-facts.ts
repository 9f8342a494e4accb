import type { TableState, UnitId } from '../../../../core/table/model.ts';
import type { TerrainGeometry } from '../measurement/terrain-geometry.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import type { JcForces } from '../unit-profile.ts';
import { TableBasis, type TableFactsOptions } from './basis.ts';
import { carryReactions } from './carry.ts';
import { type CommandFacts, deriveCommand } from './command.ts';
import { type DerivedConfrontationFacts, deriveConfrontation } from './confrontation.ts';
import { type DerivedFireFacts, deriveFire, mayReach } from './fire.ts';
import { type DerivedReactionFacts, deriveReaction } from './reaction.ts';

/**
 * John Company's facts for one table state: built once (it packs every unit and the terrain, basis.ts),
 * then asked for any unit's reaction facts, any fire, any Confrontation. Rebuild it when the table
 * changes. The unit profiles and states say what the stands cannot (unit-profile.ts), the geometry
 * decides the rest (measurement/). Each derived modifier carries its reasons, so a trace can show why it
 * applies; the facts themselves are plain data that go straight into `resolveReactionTest`, the fire
 * procedures and `resolveConfrontation`.
 *
 * Built with `carriedFrom`, the facts of an earlier table of the same battle, it takes from them each
 * unit's Reaction Test facts already worked out there that nothing changed can have altered (carry.ts;
 * docs/ARCHITECTURE.md, Facts carried from one state to the next). It keeps no reference to them.
 */
export class JcTableFacts {
  readonly table: TableState;
  readonly forces: JcForces;
  readonly terrain: TerrainGeometry;
  /** Every unit's geometry, in the order of `table.units`. */
  readonly units: readonly UnitGeometry[];
  private readonly basis: TableBasis;
  /** Each unit's Reaction Test facts, once worked out (or carried over). */
  private readonly reactions = new Map<UnitId, DerivedReactionFacts>();

  constructor(
    table: TableState,
    forces: JcForces,
    options: TableFactsOptions = {},
    carriedFrom?: JcTableFacts,
  ) {
    const basis = new TableBasis(table, forces, options);
    this.basis = basis;
    this.table = table;
    this.forces = forces;
    this.terrain = basis.terrain;
    this.units = basis.units;
    if (carriedFrom) carryReactions(basis, carriedFrom.basis, carriedFrom.reactions, this.reactions);
  }

  /** A unit's geometry. */
  geometry(id: UnitId): UnitGeometry {
    return this.units[this.basis.index(id)]!;
  }

  /**
   * The reaction-test facts of one unit (Part 4, Reaction Test Modifiers), with the reasons for each:
   * worked out once per facts (or carried over, carry.ts). Read only.
   */
  reaction(id: UnitId): DerivedReactionFacts {
    let known = this.reactions.get(id);
    if (known === undefined) {
      known = deriveReaction(this.basis, id);
      this.reactions.set(id, known);
    }
    return known;
  }

  /** The units whose Reaction Test facts are worked out (or carried over) so far, with them: for checks. */
  knownReactions(): ReadonlyMap<UnitId, DerivedReactionFacts> {
    return new Map(this.reactions);
  }

  /** Every unit's reaction facts, in the order of `table.units`. */
  allReactions(): DerivedReactionFacts[] {
    return this.units.map((g) => this.reaction(g.unit.id));
  }

  /** Whether the unit is within its immediate General Officer's Command Radius (command.ts). */
  command(id: UnitId): CommandFacts | null {
    return deriveCommand(this.basis, id);
  }

  /**
   * False when `firer` surely cannot fire at `target`; true says only that `fire` must decide (fire.ts
   * `mayReach`). A cheap filter before `fire` for callers that only want the targets it may hit.
   */
  mayReach(firerId: UnitId, targetId: UnitId): boolean {
    return mayReach(this.basis, firerId, targetId);
  }

  /** The facts of `firer`'s fire at `target` (fire.ts `deriveFire`); null when the firer has no weapon. */
  fire(firerId: UnitId, targetId: UnitId): DerivedFireFacts | null {
    return deriveFire(this.basis, firerId, targetId);
  }

  /**
   * The facts of a Confrontation between `chargerId` and `targetId`, each side with the units fighting
   * beside it (confrontation.ts `deriveConfrontation`).
   */
  confrontation(
    chargerId: UnitId,
    targetId: UnitId,
    others: { readonly chargerSide?: readonly UnitId[]; readonly targetSide?: readonly UnitId[] } = {},
  ): DerivedConfrontationFacts {
    return deriveConfrontation(this.basis, chargerId, targetId, others);
  }
}

/**
 * Every unit's reaction facts on a table: the function `npm run bench` times (the facts for the whole
 * table, building the geometry included).
 */
export function deriveAllReactionFacts(
  table: TableState,
  forces: JcForces,
  options: TableFactsOptions = {},
): DerivedReactionFacts[] {
  return new JcTableFacts(table, forces, options).allReactions();
}
