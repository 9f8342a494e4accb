import type { TableState, UnitId } from '../../../../core/table/model.ts';
import type { JohnCompanySight } from '../line-of-sight.ts';
import type { TerrainGeometry } from '../measurement/terrain-geometry.ts';
import type { UnitGeometry } from '../measurement/unit-geometry.ts';
import type { JcForces } from '../unit-profile.ts';
import { TableBasis, type TableFactsOptions } from './basis.ts';
import { carryFires, carryReactions, changesBetween } from './carry.ts';
import { type CommandFacts, deriveCommand } from './command.ts';
import { type DerivedConfrontationFacts, deriveConfrontation } from './confrontation.ts';
import { type DerivedFireFacts, type KnownFire, knownFire, mayReach, sameTownDefence } from './fire.ts';
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
 * unit's Reaction Test facts and each fire already worked out there (or carried there) that nothing
 * changed can have altered (carry.ts; docs/ARCHITECTURE.md, Facts carried from one state to the next). It keeps no
 * reference to them.
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
  /** Each fire, by firer then target, once worked out (or carried over and found to hold). */
  private readonly fires = new Map<UnitId, Map<UnitId, KnownFire>>();
  /**
   * Fires carried over from the facts before (those they knew, and those carried to them and not yet
   * asked), still to be checked for town defence when asked.
   */
  private readonly carriedFires = new Map<UnitId, Map<UnitId, KnownFire>>();

  constructor(
    table: TableState,
    forces: JcForces,
    options: TableFactsOptions = {},
    carriedFrom?: JcTableFacts,
  ) {
    const basis = new TableBasis(table, forces, options, carriedFrom?.basis);
    this.basis = basis;
    this.table = table;
    this.forces = forces;
    this.terrain = basis.terrain;
    this.units = basis.units;
    if (
      carriedFrom &&
      (carriedFrom.reactions.size > 0 || carriedFrom.fires.size > 0 || carriedFrom.carriedFires.size > 0)
    ) {
      const before = carriedFrom.basis;
      const changes = changesBetween(basis, before);
      if (changes) {
        carryReactions(basis, before, changes, carriedFrom.reactions, this.reactions);
        carryFires(basis, before, changes, carriedFrom.fires, this.carriedFires);
        carryFires(basis, before, changes, carriedFrom.carriedFires, this.carriedFires);
      }
    }
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

  /**
   * The facts of `firer`'s fire at `target` (fire.ts `deriveFire`); null when the firer has no weapon.
   * Worked out once per facts (or carried over, carry.ts). Read only.
   */
  fire(firerId: UnitId, targetId: UnitId): DerivedFireFacts | null {
    let byTarget = this.fires.get(firerId);
    const known = byTarget?.get(targetId);
    if (known !== undefined) return known.facts;
    const carried = this.carriedFire(firerId, targetId);
    const fire = carried ?? knownFire(this.basis, firerId, targetId);
    if (byTarget === undefined) {
      byTarget = new Map();
      this.fires.set(firerId, byTarget);
    }
    byTarget.set(targetId, fire);
    return fire.facts;
  }

  /** The fire carried over from the facts before, when the two units' town defence is as it was. */
  private carriedFire(firerId: UnitId, targetId: UnitId): KnownFire | undefined {
    const carried = this.carriedFires.get(firerId)?.get(targetId);
    return carried !== undefined && sameTownDefence(this.basis, firerId, targetId, carried)
      ? carried
      : undefined;
  }

  /**
   * The fires worked out (or carried over) so far, and those carried over that `fire` would give when
   * asked, each with its firer and target: for checks.
   */
  knownFires(): {
    readonly firer: UnitId;
    readonly target: UnitId;
    readonly facts: DerivedFireFacts | null;
  }[] {
    const out: { firer: UnitId; target: UnitId; facts: DerivedFireFacts | null }[] = [];
    for (const [firer, byTarget] of this.fires)
      for (const [target, fire] of byTarget) out.push({ firer, target, facts: fire.facts });
    for (const [firer, byTarget] of this.carriedFires)
      for (const target of byTarget.keys()) {
        if (this.fires.get(firer)?.has(target)) continue;
        const carried = this.carriedFire(firer, target);
        if (carried !== undefined) out.push({ firer, target, facts: carried.facts });
      }
    return out;
  }

  /**
   * Where what these facts packed of their table and forces (basis.ts; some of it lent by the facts
   * before) differs from what `fresh`, facts of the same table and forces built alone, packed: for checks.
   */
  basisDifferences(fresh: JcTableFacts): string[] {
    return this.basis.differencesFrom(fresh.basis);
  }

  /** The line of sight these facts read, if they were given one. */
  sight(): JohnCompanySight | undefined {
    return this.basis.sight();
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
