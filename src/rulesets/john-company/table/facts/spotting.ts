import { BOX_STRIDE } from '../../../../core/geometry/rectangles.ts';
import { pointSegmentDistanceSq } from '../../../../core/geometry/segments.ts';
import type { SideId, TableState, TerrainFeature, UnitId, UnitState } from '../../../../core/table/model.ts';
import type { JohnCompanySight } from '../line-of-sight.ts';
import { type UnitGeometry, unitGeometry } from '../measurement/unit-geometry.ts';
import { layoutOf, type TableLayout } from './layout.ts';

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
 * - a side spots U by a line from a stand of V to a stand of U (a positive verdict rests on that one
 *   line: `JohnCompanySight.spottingLine`) while V and U are the very same table records, each defends a
 *   town or not as before, and no unit that came, went or changed comes near that line (close enough to
 *   block it or to screen it), as it is now or as it was;
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

/** A positive verdict: the unit that spots the target, and the line it does so by (from x, y to x, y). */
interface Spotter {
  readonly unit: UnitId;
  readonly line: readonly [number, number, number, number];
}

/**
 * A side's verdict on an enemy unit: the unit of the side that spots it and how; or, when none is known
 * to, the units of the side still to be asked (none: it is not spotted).
 */
type Verdict = Spotter | readonly UnitId[];

function isSpotter(verdict: Verdict): verdict is Spotter {
  return 'unit' in verdict;
}

/** The latest spottings made over each terrain, newest first: the next one there carries from one. */
const recentSpottings = new WeakMap<Readonly<Record<string, TerrainFeature>>, TableSpotting[]>();

/**
 * How many units may have come, gone or changed (counted as they are and as they were) for verdicts to
 * be carried at all: past that, checking every verdict against them costs more than it saves.
 */
const CARRY_MOST_CHANGES = 16;

/** A settled negative verdict: no unit of the side left to ask. */
const NONE: readonly UnitId[] = [];

/**
 * Adds to `changes` a unit that came, went or changed between two tables, as it stands in one of them:
 * its centre, and how near that centre a sight line must pass for one of its stands to block it or
 * screen it (its radius, half a stand's width, and the slack).
 */
function pushChange(changes: number[], g: UnitGeometry): void {
  let halfWidth = 0;
  for (let s = 0; s < g.count; s++) halfWidth = Math.max(halfWidth, g.boxes[s * BOX_STRIDE + 4]!);
  changes.push(g.cx, g.cy, g.radius + halfWidth + SPOT_SLACK);
}

/**
 * How many units are not the very same record in both tables (either way), or any number not below
 * `atMost` once the count reaches it (the caller wants only fewer).
 */
function changedCount(a: TableState['units'], b: TableState['units'], atMost: number): number {
  if (a === b) return 0;
  let n = 0;
  for (const id in b) if (a[id] !== b[id] && ++n >= atMost) return n;
  for (const id in a) if (!(id in b) && ++n >= atMost) return n;
  return n;
}

/**
 * What a spotting needs to carry verdicts from the spotting before it, one verdict at a time as asked:
 * that spotting, this table's layout, the changes between the two tables, and which units are the same.
 * The spotting before may have worked out or carried more verdicts since this one was made; taking them
 * then is still exact, for each is a verdict about that spotting's own table, and the rule relates the
 * two tables alone.
 */
interface PendingCarry {
  readonly before: TableSpotting;
  readonly layout: TableLayout;
  /** The units that came, went or changed, as they are now and as they were: x, y, reach. */
  readonly changes: readonly number[];
  /** Per unit (by index in `layout`): 1 when it is the very same record in both tables, defending alike. */
  readonly same: Uint8Array;
  /** Each side's units, by index in `layout` (made when first needed). */
  readonly spotters: Map<SideId, number[]>;
}

/**
 * How many spottings back a verdict may be carried from along a line of spottings each carrying from
 * the one before: each new spotting stops the one this many back from carrying, so that no spotting
 * keeps a long line of earlier tables alive (a spotting that no longer carries works its verdicts out).
 */
const CARRY_DEPTH = 8;

export class TableSpotting {
  readonly table: TableState;
  private readonly defenders: ReadonlySet<UnitId>;
  private readonly makeSight: () => JohnCompanySight;
  private sightInUse: JohnCompanySight | undefined;
  /** Each side's verdicts, by enemy unit. */
  private readonly verdicts = new Map<SideId, Map<UnitId, Verdict>>();
  /**
   * Per side, by enemy unit: the verdicts a carry was tried for, with the unit that spotted it on the
   * earlier table when the verdict was not carried (asked first when it is worked out).
   */
  private readonly firstToAsk = new Map<SideId, Map<UnitId, UnitId | undefined>>();
  /** Each side's units, in table order (made when first needed). */
  private sides: Map<SideId, UnitState[]> | undefined;
  /** The carry from the spotting before, while it may still be asked for (`CARRY_DEPTH`). */
  private pending: PendingCarry | undefined;
  private carriedSoFar = 0;

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
      const n = changedCount(candidate.table.units, table.units, fewest);
      if (n < fewest) {
        fewest = n;
        before = candidate;
      }
    }
    if (before) {
      this.pending = this.carryFrom(before);
      let back: TableSpotting | undefined = this;
      for (let i = 0; i < CARRY_DEPTH && back; i++) back = back.pending?.before;
      if (back) back.pending = undefined;
    }
    recentSpottings.set(table.terrain, [this, ...recent.slice(0, CARRY_CANDIDATES - 1)]);
  }

  /**
   * How many verdicts were carried, settled, from an earlier table so far: a verdict is carried when
   * first asked for (a negative verdict with units still to ask is carried too, but not counted).
   */
  get carried(): number {
    return this.carriedSoFar;
  }

  /** Whether `side` has spotted the enemy unit `target` (false for its own units and units off the table). */
  spots(side: SideId, target: UnitId): boolean {
    let verdict = this.knownVerdict(side, target);
    if (verdict === undefined || (!isSpotter(verdict) && verdict.length > 0)) {
      verdict = this.workOut(side, target, verdict);
      this.verdictsOf(side).set(target, verdict);
    }
    return isSpotter(verdict);
  }

  private verdictsOf(side: SideId): Map<UnitId, Verdict> {
    let known = this.verdicts.get(side);
    if (!known) {
      known = new Map();
      this.verdicts.set(side, known);
    }
    return known;
  }

  /**
   * The verdict on `target` for `side` known here (worked out, or carried from the spotting before,
   * which carries it from its own in turn), without working anything out.
   */
  private knownVerdict(side: SideId, target: UnitId): Verdict | undefined {
    const known = this.verdicts.get(side)?.get(target);
    if (known !== undefined || !this.pending) return known;
    let tried = this.firstToAsk.get(side);
    if (!tried) {
      tried = new Map();
      this.firstToAsk.set(side, tried);
    }
    if (tried.has(target)) return undefined;
    const carry = this.pending;
    const then = carry.before.knownVerdict(side, target);
    const verdict = then === undefined ? undefined : this.carryOne(carry, side, target, then);
    if (verdict === undefined)
      tried.set(target, then !== undefined && isSpotter(then) ? then.unit : undefined);
    else this.verdictsOf(side).set(target, verdict);
    return verdict;
  }

  /**
   * The verdict on `target` for `side` asking the units `toAsk` (a negative verdict's units still to
   * be asked), or else every unit of the side, the one that spotted it before first.
   */
  private workOut(side: SideId, targetId: UnitId, toAsk: readonly UnitId[] | undefined): Verdict {
    const target = this.table.units[targetId];
    if (!target || target.side === side) return NONE;
    this.sightInUse ??= this.makeSight();
    const sight = this.sightInUse;
    if (toAsk) {
      for (const id of toAsk) {
        const spotter = spotterOf(sight, id, targetId);
        if (spotter) return spotter;
      }
      return NONE;
    }
    const first = this.firstToAsk.get(side)?.get(targetId);
    if (first !== undefined && this.table.units[first]?.side === side) {
      const spotter = spotterOf(sight, first, targetId);
      if (spotter) return spotter;
    }
    this.sides ??= unitsBySide(this.table);
    for (const v of this.sides.get(side) ?? []) {
      if (v.id === first) continue;
      const spotter = spotterOf(sight, v.id, targetId);
      if (spotter) return spotter;
    }
    return NONE;
  }

  /**
   * What carrying from `before` needs (`PendingCarry`), or nothing when too many units changed for a
   * verdict to be worth carrying.
   */
  private carryFrom(before: TableSpotting): PendingCarry | undefined {
    const now = this.table.units;
    const then = before.table.units;
    const layout = layoutOf(this.table, before.table);
    const units = layout.units;
    const n = units.length;
    const changes: number[] = [];
    const same = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const g = units[i]!;
      const id = g.unit.id;
      const was = then[id];
      if (g.unit === was) {
        if (this.defenders.has(id) === before.defenders.has(id)) same[i] = 1;
        continue;
      }
      pushChange(changes, g);
      if (was) pushChange(changes, unitGeometry(was));
    }
    for (const id of Object.keys(then)) if (!(id in now)) pushChange(changes, unitGeometry(then[id]!));
    if (changes.length > CARRY_MOST_CHANGES * 3) return undefined;
    return { before, layout, changes, same, spotters: new Map() };
  }

  /**
   * The verdict `then` of the spotting before on `target` for `side`, as far as it still holds here:
   * a positive one kept whole or dropped, a negative one with the units to ask again added; nothing
   * when the target changed or left.
   */
  private carryOne(carry: PendingCarry, side: SideId, target: UnitId, then: Verdict): Verdict | undefined {
    const { layout, changes, same } = carry;
    const units = layout.units;
    const t = layout.byId.get(target);
    if (t === undefined || same[t] === 0) return undefined;
    if (isSpotter(then)) {
      const v = layout.byId.get(then.unit);
      if (v === undefined || same[v] === 0 || lineDisturbed(changes, then.line)) return undefined;
      this.carriedSoFar++;
      return then;
    }
    // Not spotted: the units of the side still to ask are those not asked yet, and those whose verdict
    // may have changed.
    let spotters = carry.spotters.get(side);
    if (!spotters) {
      spotters = [];
      for (let i = 0; i < units.length; i++) if (units[i]!.unit.side === side) spotters.push(i);
      carry.spotters.set(side, spotters);
    }
    const now = this.table.units;
    const toAsk = then.filter((id) => now[id]?.side === side);
    for (const v of spotters) {
      if (same[v] === 1 && !bandDisturbed(changes, units[v]!, units[t]!)) continue;
      const id = units[v]!.unit.id;
      if (!then.includes(id)) toAsk.push(id);
    }
    if (toAsk.length > 0) return toAsk;
    this.carriedSoFar++;
    return NONE;
  }

  /** How many verdicts are known now, settled or with units still to ask (see `spots`). */
  knownVerdicts(): number {
    let n = 0;
    for (const known of this.verdicts.values()) n += known.size;
    return n;
  }
}

/** Whether a change (x, y, reach, as in `PendingCarry`) lies within the band between units a and b. */
function bandDisturbed(changes: readonly number[], a: UnitGeometry, b: UnitGeometry): boolean {
  const band = Math.max(a.radius, b.radius);
  for (let k = 0; k < changes.length; k += 3) {
    const within = band + changes[k + 2]!;
    if (pointSegmentDistanceSq(changes[k]!, changes[k + 1]!, a.cx, a.cy, b.cx, b.cy) <= within * within)
      return true;
  }
  return false;
}

/** Whether a change (x, y, reach, as in `PendingCarry`) comes near the line from x, y to x, y. */
function lineDisturbed(changes: readonly number[], line: readonly [number, number, number, number]): boolean {
  const [x0, y0, x1, y1] = line;
  for (let k = 0; k < changes.length; k += 3) {
    const within = changes[k + 2]!;
    if (pointSegmentDistanceSq(changes[k]!, changes[k + 1]!, x0, y0, x1, y1) <= within * within) return true;
  }
  return false;
}

/** The spotting verdict of unit `viewer` on unit `target`: the line it spots it by, if any. */
function spotterOf(sight: JohnCompanySight, viewer: UnitId, target: UnitId): Spotter | undefined {
  const at = sight.spottingLine(viewer, target);
  if (at < 0) return undefined;
  const ix = sight.index;
  const v = Math.floor(at / ix.standCount);
  const t = at - v * ix.standCount;
  const boxes = ix.standBoxes;
  return {
    unit: viewer,
    line: [
      boxes[v * BOX_STRIDE]!,
      boxes[v * BOX_STRIDE + 1]!,
      boxes[t * BOX_STRIDE]!,
      boxes[t * BOX_STRIDE + 1]!,
    ],
  };
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
