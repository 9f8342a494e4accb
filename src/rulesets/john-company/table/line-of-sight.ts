import { BOX_STRIDE } from '../../../core/geometry/rectangles.ts';
import type { StandId, TableState, TerrainFeature, UnitId } from '../../../core/table/model.ts';
import { SightTracer } from '../../../core/table/sight-line.ts';
import { DEFAULT_CELL, TableIndex } from '../../../core/table/spatial-index.ts';
import { describeBlock } from './line-of-sight/block-words.ts';
import { coverOfStand } from './line-of-sight/cover.ts';
import { fireScreen, type SkirmishLines, skirmishLinesOf, viewScreen } from './line-of-sight/screens.ts';
import {
  defendingStands,
  HEAVY,
  HILL,
  LIGHT,
  type TerrainSight,
  TOWN,
  terrainSightOf,
} from './line-of-sight/terrain-sight.ts';
import {
  type CoverVerdict,
  type JcSightOptions,
  REASON,
  type SightEndpoint,
  type SightVerdict,
} from './line-of-sight/verdicts.ts';
import {
  HILL_SIGHT,
  JC_SIGHT_PROFILE,
  LIMIT_SLACK,
  TOWN_SIGHT,
  WOODS_SIGHT,
  type WoodsSight,
} from './terrain.ts';

/**
 * Line of sight as John Company measures it (Part 4, small arms fire, "1. Line of Sight"), on the
 * neutral machinery of `SightTracer`. Sight lines run from the centre of one stand to the centre of the
 * other (or to a bare point), and every distance the rules give is measured along that line from the
 * edge of one stand to the edge of the other.
 *
 * - Any unit's stands block, friend or foe (General Officers do not: they are not units); so do walls,
 *   barricades, entrenchments and fortifications, except for a stand in contact with them.
 * - Light woods / heavy woods (A, B): see `WoodsSight`. Asymmetric, as the text is: a unit just inside
 *   a wood sees out at any range, while a unit outside sees in only from close by.
 * - Hills (C), read as dead ground, symmetric: a crest hides what lies beyond it from both sides unless
 *   one end stands higher than that hill; then the other end, if not also higher, is seen (and sees
 *   back) only within 6" past the crest (3" if the hill is steep). A stand touching a crest is on it
 *   and the crest does not hide it. A hill without a crest line is all crest: it hides only what lies
 *   beyond it (the line crosses it and leaves again).
 * - Towns (D) block. A unit defending a town (`townDefenders`) is seen by anyone who sees the town, and
 *   sees out likewise; a unit merely in a town is seen, and sees, only at its edge (`TOWN_SIGHT.edge`).
 *   Symmetric.
 * Everything except woods is symmetric: `sees(a, b) === sees(b, a)`.
 *
 * The sight is here; its parts are in line-of-sight/: what a verdict says (verdicts.ts), what the
 * terrain and the town defenders give a sight (terrain-sight.ts), cover (cover.ts) and a block in words
 * (block-words.ts).
 */

/** The skirmish screens a query counts: those that stop fire, or those that hide from view. */
export type ScreenUse = 'fire' | 'view';

/** `seesIndex` verdicts kept in a sight's memo (0: not worked out yet). */
const SEES = 1;
const BLOCKED = 2;

/** How many recent sights over a terrain are kept for a sight over the very same stands to share. */
const RECENT_SIGHTS = 3;
/** The latest sights built over each terrain, newest first (at most `RECENT_SIGHTS`). */
const recentSights = new WeakMap<Readonly<Record<string, TerrainFeature>>, JohnCompanySight[]>();
/**
 * One tracer per terrain, shared by every sight over it: each binds it to its index before each line it
 * traces and judges that line before tracing another (`SightTracer.bind`), so a sight allocates none.
 */
const tracers = new WeakMap<Readonly<Record<string, TerrainFeature>>, SightTracer>();

function tracerOver(index: TableIndex): SightTracer {
  const terrain = index.table.terrain;
  let tracer = tracers.get(terrain);
  if (!tracer) {
    tracer = new SightTracer(index);
    tracers.set(terrain, tracer);
  }
  return tracer;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * John Company's line of sight over one table state. Build it once per state (it indexes the table);
 * `seesIndex` is the allocation-free hot path, `verdict` says why. `seesIndex` keeps its verdicts (a
 * line traced one way for the other way too, when its verdict cannot depend on the direction). A
 * sight over the very same units and Generals as a recent one, with the same town defence where it is
 * read (`defendingStands`), is that sight again: it shares its index and verdicts. A sight over a
 * table where some units moved traces every line it is asked (taking verdicts from an earlier table
 * where no change comes near the line spared too few traces to pay: docs/ai.md, Speed).
 */
export class JohnCompanySight {
  readonly index: TableIndex;
  private readonly tracer: SightTracer;
  private readonly defending: Uint8Array;
  /** `seesIndex` verdicts, viewer * standCount + target (made when first asked for). */
  private memo: Uint8Array | undefined;
  /** `unitSeesUnitIndex` verdicts, viewer * unit count + target (made when first asked for). */
  private unitMemo: Uint8Array | undefined;
  /** The table's skirmish lines (made when first asked for). */
  private lines: SkirmishLines | undefined;
  private readonly role: Uint8Array;
  private readonly zoneElevation: Float64Array;
  private readonly zoneSteep: Uint8Array;
  private readonly terrain: TerrainSight;
  /** The last block: a SIGHT_REASONS index (or -1), and the stand or feature index responsible. */
  private reason = -1;
  private culprit = -1;

  constructor(table: TableState, options: JcSightOptions = {}) {
    const cellSize = options.cellSize ?? DEFAULT_CELL;
    const recent = recentSights.get(table.terrain) ?? [];
    let sameStands: JohnCompanySight | undefined;
    for (const s of recent)
      if (
        s.index.cellSize === cellSize &&
        s.index.table.units === table.units &&
        s.index.table.generals === table.generals
      ) {
        sameStands = s;
        break;
      }
    const index = sameStands?.index ?? new TableIndex(table, JC_SIGHT_PROFILE, { cellSize });
    this.index = index;
    const terrain = terrainSightOf(table.terrain, index);
    this.role = terrain.role;
    this.zoneElevation = terrain.zoneElevation;
    this.zoneSteep = terrain.zoneSteep;
    this.terrain = terrain;
    this.defending = defendingStands(index, terrain.townBoxes, options.townDefenders ?? []);
    if (sameStands && sameBytes(sameStands.defending, this.defending)) {
      // The very same sight: share its verdicts, worked out and to come.
      this.tracer = sameStands.tracer;
      const n = index.standCount;
      const units = index.unitIds.length;
      sameStands.memo ??= new Uint8Array(n * n);
      sameStands.unitMemo ??= new Uint8Array(units * units);
      this.memo = sameStands.memo;
      this.unitMemo = sameStands.unitMemo;
      return;
    }
    this.tracer = tracerOver(index);
    recentSights.set(table.terrain, [this, ...recent.slice(0, RECENT_SIGHTS - 1)]);
  }

  /** Whether stand s (by index) defends a town. */
  defendingAt(s: number): number {
    return this.defending[s]!;
  }

  /** Whether the viewer stand sees the target stand. */
  sees(viewer: StandId, target: StandId): boolean {
    return this.seesIndex(this.standIndexOf(viewer), this.standIndexOf(target));
  }

  /** `sees` by stand index (see `TableIndex`): the hot path, allocation-free. */
  seesIndex(viewer: number, target: number): boolean {
    this.reason = -1;
    if (viewer === target) return true;
    const n = this.index.standCount;
    this.memo ??= new Uint8Array(n * n);
    const memo = this.memo;
    const at = viewer * n + target;
    const known = memo[at]!;
    if (known !== 0) return known === SEES;
    const sees = this.traceIndex(viewer, target);
    memo[at] = sees ? SEES : BLOCKED;
    if (this.tracedBothWays()) memo[target * n + viewer] = memo[at]!;
    return sees;
  }

  /**
   * Whether the line just traced has the same verdict the other way: the tracer works in one canonical
   * direction, so a line blocked by a stand or a barrier is blocked both ways, and so is a clear line
   * that met no terrain a verdict reads from one end (woods, hills, towns: `judge`).
   */
  private tracedBothWays(): boolean {
    const tracer = this.tracer;
    if (tracer.blockingStand >= 0 || tracer.blockingBarrier >= 0) return true;
    for (let k = 0; k < tracer.zoneCount; k++) if (this.role[tracer.zones[k]!] !== 0) return false;
    return true;
  }

  /**
   * `seesIndex` worked out afresh: the line traced and judged, no memo read or written. The same answer as `seesIndex`; what the benchmark measures (a memo hit is not a query).
   */
  traceIndex(viewer: number, target: number): boolean {
    this.reason = -1;
    if (viewer === target) return true;
    const tracer = this.tracer;
    tracer.bind(this.index);
    return this.judge(tracer.traceStands(viewer, target), viewer, target);
  }

  /** Whether the viewer stand sees any stand of the unit. */
  standSeesUnit(viewer: StandId, unit: UnitId): boolean {
    const v = this.standIndexOf(viewer);
    const u = this.unitIndexOf(unit);
    for (let t = this.index.unitStandStart[u]!; t < this.index.unitStandStart[u + 1]!; t++)
      if (this.seesIndex(v, t)) return true;
    return false;
  }

  /** Whether any stand of one unit sees any stand of the other. */
  unitSeesUnit(viewer: UnitId, target: UnitId): boolean {
    return this.unitSeesUnitIndex(this.unitIndexOf(viewer), this.unitIndexOf(target));
  }

  /** `unitSeesUnit` by unit index (see `TableIndex`). */
  unitSeesUnitIndex(a: number, b: number): boolean {
    const units = this.index.unitIds.length;
    this.unitMemo ??= new Uint8Array(units * units);
    const at = a * units + b;
    const known = this.unitMemo[at]!;
    if (known !== 0) return known === SEES;
    const sees = this.anyStandSees(a, b);
    this.unitMemo[at] = sees ? SEES : BLOCKED;
    return sees;
  }

  private anyStandSees(a: number, b: number): boolean {
    const ix = this.index;
    for (let v = ix.unitStandStart[a]!; v < ix.unitStandStart[a + 1]!; v++)
      for (let t = ix.unitStandStart[b]!; t < ix.unitStandStart[b + 1]!; t++)
        if (this.seesIndex(v, t)) return true;
    return false;
  }

  /**
   * Line of sight between two stands or points, and why not. With `screens`, between two stands, the
   * skirmish screens of that use count too (`firesIndex`, `spotsIndex`).
   */
  verdict(viewer: SightEndpoint, target: SightEndpoint, screens?: ScreenUse): SightVerdict {
    const a = this.endpoint(viewer);
    const b = this.endpoint(target);
    this.reason = -1;
    if (a.stand >= 0 && a.stand === b.stand) return { visible: true };
    this.tracer.bind(this.index);
    if (
      this.judge(this.tracer.trace(a.x, a.y, a.stand, b.x, b.y, b.stand), a.stand, b.stand) &&
      (screens === undefined || a.stand < 0 || b.stand < 0 || this.unscreened(a.stand, b.stand, screens))
    )
      return { visible: true };
    return { visible: false, blocked: describeBlock(this.index, this.reason, this.culprit) };
  }

  /**
   * Whether stand v may fire at stand t: it sees it, and the line passes through or over no skirmish
   * line but the firer's and the target's own (Part 4, Skirmishers; `fireScreen`).
   */
  firesIndex(v: number, t: number): boolean {
    return this.seesIndex(v, t) && this.unscreened(v, t, 'fire');
  }

  /**
   * Whether stand v sees stand t and no skirmish line of t's side hides it (Part 4, Skirmishers;
   * `viewScreen`): what spotting asks, and so the targets a charge may choose.
   */
  spotsIndex(v: number, t: number): boolean {
    return this.seesIndex(v, t) && this.unscreened(v, t, 'view');
  }

  /** Whether any stand of one unit spots any stand of the other (`spotsIndex`). */
  unitSpotsUnit(viewer: UnitId, target: UnitId): boolean {
    const a = this.unitIndexOf(viewer);
    const b = this.unitIndexOf(target);
    if (!this.unitSeesUnitIndex(a, b)) return false;
    if (this.skirmishLines().units.length === 0) return true;
    return this.spottingLineIndex(a, b) >= 0;
  }

  /**
   * A line by which one unit spots the other (`unitSpotsUnit`): its viewer stand's index times the
   * stand count plus its target stand's (`spotsIndex`), or -1 when there is none. The first such line in
   * stand order; spotting carried to another table rests on it (`TableSpotting`).
   */
  spottingLine(viewer: UnitId, target: UnitId): number {
    const a = this.unitIndexOf(viewer);
    const b = this.unitIndexOf(target);
    return this.unitSeesUnitIndex(a, b) ? this.spottingLineIndex(a, b) : -1;
  }

  private spottingLineIndex(a: number, b: number): number {
    const ix = this.index;
    for (let v = ix.unitStandStart[a]!; v < ix.unitStandStart[a + 1]!; v++)
      for (let t = ix.unitStandStart[b]!; t < ix.unitStandStart[b + 1]!; t++)
        if (this.spotsIndex(v, t)) return v * ix.standCount + t;
    return -1;
  }

  /**
   * `unitSpotsUnit` worked out afresh: every line between the two units' stands traced and judged
   * (`traceIndex`), no verdict read from a memo. What the check of carried spotting
   * compares with.
   */
  unitSpotsUnitAfresh(viewer: UnitId, target: UnitId): boolean {
    const a = this.unitIndexOf(viewer);
    const b = this.unitIndexOf(target);
    const ix = this.index;
    for (let v = ix.unitStandStart[a]!; v < ix.unitStandStart[a + 1]!; v++)
      for (let t = ix.unitStandStart[b]!; t < ix.unitStandStart[b + 1]!; t++)
        if (this.traceIndex(v, t) && this.unscreened(v, t, 'view')) return true;
    return false;
  }

  /**
   * Every verdict the sight knows, stand to stand (`seesIndex`) and unit to unit (`unitSeesUnitIndex`),
   * traced one way or the other or by a sight sharing its verdicts, against the lines traced afresh
   * (`traceIndex`): how many it knows and the pairs where the two differ (as words). What the check of
   * kept sight verdicts runs.
   */
  knownVerdictsAfresh(): { readonly known: number; readonly differing: readonly string[] } {
    const ix = this.index;
    const n = ix.standCount;
    const differing: string[] = [];
    let known = 0;
    const memo = this.memo;
    if (memo)
      for (let v = 0; v < n; v++)
        for (let t = 0; t < n; t++) {
          const verdict = memo[v * n + t]!;
          if (verdict === 0) continue;
          known++;
          if ((verdict === SEES) !== this.traceIndex(v, t))
            differing.push(`stand ${ix.standIds[v]} to ${ix.standIds[t]}`);
        }
    const units = ix.unitIds.length;
    const unitMemo = this.unitMemo;
    if (unitMemo)
      for (let a = 0; a < units; a++)
        for (let b = 0; b < units; b++) {
          const verdict = unitMemo[a * units + b]!;
          if (verdict === 0) continue;
          known++;
          let afresh = false;
          for (let v = ix.unitStandStart[a]!; !afresh && v < ix.unitStandStart[a + 1]!; v++)
            for (let t = ix.unitStandStart[b]!; !afresh && t < ix.unitStandStart[b + 1]!; t++)
              afresh = this.traceIndex(v, t);
          if ((verdict === SEES) !== afresh) differing.push(`unit ${ix.unitIds[a]} to ${ix.unitIds[b]}`);
        }
    return { known, differing };
  }

  private skirmishLines(): SkirmishLines {
    this.lines ??= skirmishLinesOf(this.index);
    return this.lines;
  }

  /** Whether no skirmish screen of that use stands between stands v and t (else records the block). */
  private unscreened(v: number, t: number, use: ScreenUse): boolean {
    const lines = this.skirmishLines();
    if (lines.units.length === 0) return true;
    const k = use === 'fire' ? fireScreen(this.index, lines, v, t) : viewScreen(this.index, lines, v, t);
    if (k < 0) return true;
    return this.block(REASON[use === 'fire' ? 'skirmishers-in-the-way' : 'screened-by-skirmishers'], k);
  }

  /** The cover a stand is in, for the fire modifiers (`coverOfStand`). */
  coverOf(stand: StandId): CoverVerdict {
    return coverOfStand(this.index, this.terrain, this.defending, this.standIndexOf(stand));
  }

  /** Judges the line the tracer has just traced between ends sa and sb (stand indices or -1). */
  private judge(traced: boolean, sa: number, sb: number): boolean {
    const tracer = this.tracer;
    if (!traced) {
      if (tracer.blockingStand >= 0) return this.block(REASON['stand-in-the-way'], tracer.blockingStand);
      return this.block(REASON['barrier'], this.index.barrierFeature[tracer.blockingBarrier]!);
    }
    const zones = tracer.zones;
    for (let k = 0; k < tracer.zoneCount; k++) {
      const z = zones[k]!;
      const role = this.role[z]!;
      const ok =
        role === LIGHT
          ? this.woods(z, WOODS_SIGHT['light-woods'])
          : role === HEAVY
            ? this.woods(z, WOODS_SIGHT['heavy-woods'])
            : role === TOWN
              ? this.town(z, sa, sb)
              : role === HILL
                ? this.hill(z, sa, sb)
                : true;
      if (!ok) return false;
    }
    return true;
  }

  /** Part 4, Line of Sight A/B, for each run of the line through wood z. */
  private woods(z: number, w: WoodsSight): boolean {
    const t = this.tracer;
    const n = t.zoneRuns(z);
    const runs = t.runs;
    const len = t.length;
    for (let i = 0; i < n; i++) {
      const t0 = runs[2 * i]!;
      const t1 = runs[2 * i + 1]!;
      const depth = (t1 - t0) * len;
      const atA = t0 === t.from;
      const atB = t1 === t.to;
      let reason = -1;
      if (atA && atB) {
        if (depth > w.within + LIMIT_SLACK) reason = REASON['woods-too-far-inside'];
      } else if (atA) {
        if (depth > w.fireOut + LIMIT_SLACK) reason = REASON['woods-too-deep-to-see-out'];
      } else if (atB) {
        if ((t0 - t.from) * len > w.reach + LIMIT_SLACK) reason = REASON['woods-too-far-outside'];
        else if (depth > w.seeIn + LIMIT_SLACK) reason = REASON['woods-too-deep-to-see-in'];
      } else if (
        depth > w.seeIn + LIMIT_SLACK ||
        ((t0 - t.from) * len > w.reach + LIMIT_SLACK && (t.to - t1) * len > w.reach + LIMIT_SLACK)
      )
        reason = REASON['woods-in-the-way'];
      if (reason >= 0) return this.block(reason, this.index.zoneFeature[z]!);
    }
    return true;
  }

  /** Part 4, Line of Sight D, for each run of the line through town z. */
  private town(z: number, sa: number, sb: number): boolean {
    const t = this.tracer;
    const n = t.zoneRuns(z);
    const runs = t.runs;
    const defA = sa >= 0 && this.defending[sa] === 1;
    const defB = sb >= 0 && this.defending[sb] === 1;
    const edge = TOWN_SIGHT.edge + LIMIT_SLACK;
    for (let i = 0; i < n; i++) {
      const t0 = runs[2 * i]!;
      const t1 = runs[2 * i + 1]!;
      const depth = (t1 - t0) * t.length;
      const atA = t0 === t.from;
      const atB = t1 === t.to;
      let ok: boolean;
      if (atA && atB) ok = (defA && defB) || depth <= edge;
      else if (atA) ok = defA || depth <= edge;
      else if (atB) ok = defB || depth <= edge;
      else return this.block(REASON['town-in-the-way'], this.index.zoneFeature[z]!);
      if (!ok) return this.block(REASON['town-not-at-edge'], this.index.zoneFeature[z]!);
    }
    return true;
  }

  /** Part 4, Line of Sight C, for hill z (dead-ground reading, see the class comment). */
  private hill(z: number, sa: number, sb: number): boolean {
    const ix = this.index;
    if ((sa >= 0 && ix.standOnCrest(sa, z)) || (sb >= 0 && ix.standOnCrest(sb, z))) return true;
    const t = this.tracer;
    // The crossings of the crest nearest each end.
    let nearA: number;
    let nearB: number;
    if (ix.crestVertices[z]! > 0) {
      const n = t.crestCrossings(z);
      if (n === 0) return true;
      nearA = t.crossings[0]!;
      nearB = t.crossings[n - 1]!;
    } else {
      // No crest line: the whole top is the crest, so only a line that crosses the hill and leaves it
      // again (a run reaching neither end) passes over it.
      const n = t.zoneRuns(z);
      nearA = Number.NaN;
      nearB = Number.NaN;
      for (let i = 0; i < n; i++) {
        const t0 = t.runs[2 * i]!;
        const t1 = t.runs[2 * i + 1]!;
        if (t0 === t.from || t1 === t.to) continue;
        if (Number.isNaN(nearA)) nearA = t0;
        nearB = t1;
      }
      if (Number.isNaN(nearA)) return true;
    }
    const hill = this.zoneElevation[z]!;
    const ends = t.ends;
    const ea = sa >= 0 ? ix.standElevation[sa]! : ix.elevationAt(ends[0]!, ends[1]!);
    const eb = sb >= 0 ? ix.standElevation[sb]! : ix.elevationAt(ends[2]!, ends[3]!);
    const feature = ix.zoneFeature[z]!;
    if (ea <= hill && eb <= hill) return this.block(REASON['hill-crest'], feature);
    if (ea > hill && eb > hill) return true;
    const past = (ea < eb ? nearA - t.from : t.to - nearB) * t.length;
    const limit = this.zoneSteep[z] === 1 ? HILL_SIGHT.pastLowerSteepCrest : HILL_SIGHT.pastLowerCrest;
    return past <= limit + LIMIT_SLACK || this.block(REASON['hill-dead-ground'], feature);
  }

  private block(reason: number, culprit: number): false {
    this.reason = reason;
    this.culprit = culprit;
    return false;
  }

  private endpoint(e: SightEndpoint): { x: number; y: number; stand: number } {
    if ('stand' in e) {
      const s = this.standIndexOf(e.stand);
      const boxes = this.index.standBoxes;
      return { x: boxes[s * BOX_STRIDE]!, y: boxes[s * BOX_STRIDE + 1]!, stand: s };
    }
    return { x: e.x, y: e.y, stand: -1 };
  }

  private standIndexOf(id: StandId): number {
    const s = this.index.standIndex(id);
    if (s < 0) throw new Error(`no stand ${id} on the table`);
    return s;
  }

  private unitIndexOf(id: UnitId): number {
    const u = this.index.unitIndex(id);
    if (u < 0) throw new Error(`no unit ${id} on the table`);
    return u;
  }
}

const tableSights = new WeakMap<TableState, JohnCompanySight>();

/**
 * A table's line of sight with no town defenders, built once per table object (a table never changes
 * once built): for callers that know nothing of orders, such as a viewer's own table.
 */
export function sightOfTable(table: TableState): JohnCompanySight {
  let sight = tableSights.get(table);
  if (!sight) {
    sight = new JohnCompanySight(table);
    tableSights.set(table, sight);
  }
  return sight;
}
