import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq } from '../../../../core/geometry/segments.ts';
import type { SideId, TableState, TerrainFeature, UnitId, UnitState } from '../../../../core/table/model.ts';
import type { JohnCompanySight } from '../line-of-sight.ts';
import { type UnitGeometry, unitGeometry } from '../measurement/unit-geometry.ts';

/**
 * Which enemy units each side has spotted on one table (Part 4, Line of Sight and Skirmishers: a unit of
 * the side sees a stand of the enemy unit and no skirmish line of the enemy's side hides that stand:
 * `JohnCompanySight.unitSpotsUnit`), with the verdicts carried from an earlier table of the same
 * terrain wherever nothing that changed can have altered them (docs/ARCHITECTURE.md, Facts carried
 * from one state to the next).
 *
 * Whether unit V spots unit U reads the two units' stands (where they stand, their formation, whether
 * they defend a town they stand in: the town rule reads only the two ends of a line), the terrain, and
 * the stands of other units that touch a line between a stand of V and one of U (a blocking stand, or
 * a skirmish line of U's side passing within half a stand's width of it). Every such line runs inside
 * the band around the segment between V's and U's bounding circles' centres, as wide as the larger
 * circle. So, with the terrain the same:
 * - a side spots U by V (a positive verdict rests on that one line of units) while V and U are the very
 *   same table records, each defends a town or not as before, and no unit that came, went or changed
 *   lies within that band, as it is now or as it was;
 * - a side does not spot U (a negative verdict rests on every unit of the side) while U is the same and
 *   defends alike, and so is every unit of the side with an undisturbed band to U; the units of the side
 *   for which that fails (new, changed, or with a change in their band) are the only ones left to ask.
 * Generals play no part: their stands never block a sight line.
 */

/**
 * Inches added to the reach of a changed unit (the sight's contact tolerance and the margin it inherits
 * verdicts with are far smaller).
 */
const SPOT_SLACK = 1;

/** How many recent spottings over a terrain are candidates to carry from (the one most alike wins). */
const CARRY_CANDIDATES = 3;

/**
 * A side's verdict on an enemy unit: the unit of the side that spots it; or, when none is known to, the
 * units of the side still to be asked (none: it is not spotted).
 */
type Verdict = UnitId | readonly UnitId[];

/** The latest spottings made over each terrain, newest first: the next one there carries from one. */
const recentSpottings = new WeakMap<Readonly<Record<string, TerrainFeature>>, TableSpotting[]>();

/** A unit that came, went or changed between two tables, as it stands in one of them. */
interface Change {
  readonly cx: number;
  readonly cy: number;
  /** How near the centre a sight line must pass for one of its stands to block or screen it. */
  readonly reach: number;
}

function changeOf(g: UnitGeometry): Change {
  let halfWidth = 0;
  for (let s = 0; s < g.count; s++) halfWidth = Math.max(halfWidth, g.boxes[s * BOX_STRIDE + 4]!);
  return { cx: g.cx, cy: g.cy, reach: g.radius + halfWidth + SPOT_SLACK };
}

/** How many units are not the very same record in both tables (either way). */
function changedCount(a: TableState['units'], b: TableState['units']): number {
  let n = 0;
  for (const id of Object.keys(b)) if (a[id] !== b[id]) n++;
  for (const id of Object.keys(a)) if (!(id in b)) n++;
  return n;
}

export class TableSpotting {
  readonly table: TableState;
  /**
   * How many verdicts were carried, settled, from an earlier table when this one was made (a negative
   * verdict with units still to ask is carried too, but not counted).
   */
  readonly carried: number;
  private readonly defenders: ReadonlySet<UnitId>;
  private readonly makeSight: () => JohnCompanySight;
  private sightInUse: JohnCompanySight | undefined;
  /** Each side's verdicts, by enemy unit. */
  private readonly verdicts = new Map<SideId, Map<UnitId, Verdict>>();
  /** Per side, by enemy unit: the unit that spotted it on the earlier table, asked first. */
  private readonly firstToAsk = new Map<SideId, Map<UnitId, UnitId>>();
  /** Each side's units, in table order (made when first needed). */
  private sides: Map<SideId, UnitState[]> | undefined;

  /**
   * The spotting of `table` with the units defending a town in `townDefenders`; `sight` gives the
   * table's line of sight with those defenders, built only when a verdict must be worked out.
   */
  constructor(table: TableState, townDefenders: readonly UnitId[], sight: () => JohnCompanySight) {
    this.table = table;
    this.defenders = new Set(townDefenders);
    this.makeSight = sight;
    const recent = recentSpottings.get(table.terrain) ?? [];
    let before: TableSpotting | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const candidate of recent) {
      const n = changedCount(candidate.table.units, table.units);
      if (n < fewest) {
        fewest = n;
        before = candidate;
      }
    }
    this.carried = before ? this.carryFrom(before) : 0;
    recentSpottings.set(table.terrain, [this, ...recent.slice(0, CARRY_CANDIDATES - 1)]);
  }

  /** Whether `side` has spotted the enemy unit `target` (false for its own units and units off the table). */
  spots(side: SideId, target: UnitId): boolean {
    let known = this.verdicts.get(side);
    if (!known) {
      known = new Map();
      this.verdicts.set(side, known);
    }
    let verdict = known.get(target);
    if (verdict === undefined || (typeof verdict !== 'string' && verdict.length > 0)) {
      verdict = this.workOut(side, target, verdict);
      known.set(target, verdict);
    }
    return typeof verdict === 'string';
  }

  /**
   * The verdict on `target` for `side`, asking the units `toAsk` (a negative verdict's units still to
   * be asked), or else every unit of the side, the one that spotted it before first.
   */
  private workOut(side: SideId, targetId: UnitId, toAsk: readonly UnitId[] | undefined): Verdict {
    const target = this.table.units[targetId];
    if (!target || target.side === side) return [];
    this.sightInUse ??= this.makeSight();
    const sight = this.sightInUse;
    if (toAsk) {
      for (const id of toAsk) if (sight.unitSpotsUnit(id, targetId)) return id;
      return [];
    }
    const first = this.firstToAsk.get(side)?.get(targetId);
    if (first !== undefined && this.table.units[first]?.side === side && sight.unitSpotsUnit(first, targetId))
      return first;
    this.sides ??= unitsBySide(this.table);
    for (const v of this.sides.get(side) ?? [])
      if (v.id !== first && sight.unitSpotsUnit(v.id, targetId)) return v.id;
    return [];
  }

  /** Takes over the verdicts of `before` that nothing changed since can have altered; how many. */
  private carryFrom(before: TableSpotting): number {
    const now = this.table.units;
    const then = before.table.units;
    const changes: Change[] = [];
    for (const id of Object.keys(now)) {
      const unit = now[id]!;
      const was = then[id];
      if (unit === was) continue;
      changes.push(changeOf(unitGeometry(unit)));
      if (was) changes.push(changeOf(unitGeometry(was)));
    }
    for (const id of Object.keys(then)) if (!(id in now)) changes.push(changeOf(unitGeometry(then[id]!)));
    /** Whether unit `id` is the very same record in both tables, defending a town alike. */
    const same = (id: UnitId) =>
      now[id] !== undefined && now[id] === then[id] && this.defenders.has(id) === before.defenders.has(id);
    /** Whether a change lies within the band between units `a` and `b` (both the same in both tables). */
    const disturbed = (a: UnitId, b: UnitId) => {
      const ga = unitGeometry(now[a]!);
      const gb = unitGeometry(now[b]!);
      const band = Math.max(ga.radius, gb.radius);
      for (const e of changes) {
        const within = band + e.reach;
        if (pointSegmentDistanceSq(e.cx, e.cy, ga.cx, ga.cy, gb.cx, gb.cy) <= within * within) return true;
      }
      return false;
    };
    let carried = 0;
    let sides: Map<SideId, UnitState[]> | undefined;
    for (const [side, known] of before.verdicts) {
      const kept = new Map<UnitId, Verdict>();
      const hints = new Map<UnitId, UnitId>();
      for (const [target, verdict] of known) {
        if (!same(target)) continue;
        if (typeof verdict === 'string') {
          if (same(verdict) && !disturbed(verdict, target)) {
            kept.set(target, verdict);
            carried++;
          } else hints.set(target, verdict);
          continue;
        }
        // Not spotted: the units of the side still to ask are those asked of no longer, and those
        // whose verdict may have changed.
        sides ??= unitsBySide(this.table);
        const toAsk = verdict.filter((id) => now[id]?.side === side);
        for (const v of sides.get(side) ?? [])
          if (!verdict.includes(v.id) && (!same(v.id) || disturbed(v.id, target))) toAsk.push(v.id);
        kept.set(target, toAsk);
        if (toAsk.length === 0) carried++;
      }
      this.verdicts.set(side, kept);
      this.firstToAsk.set(side, hints);
    }
    if (sides) this.sides = sides;
    return carried;
  }

  /** How many verdicts are known now, settled or with units still to ask (see `spots`). */
  knownVerdicts(): number {
    let n = 0;
    for (const known of this.verdicts.values()) n += known.size;
    return n;
  }
}

/** The units of each side on the table, in table order. */
function unitsBySide(table: TableState): Map<SideId, UnitState[]> {
  const sides = new Map<SideId, UnitState[]>();
  for (const u of Object.values(table.units)) {
    const ofSide = sides.get(u.side);
    if (ofSide) ofSide.push(u);
    else sides.set(u.side, [u]);
  }
  return sides;
}
