import type { Point } from '../../../core/geometry/points.ts';
import { BOX_STRIDE, boxDistance, packBox } from '../../../core/geometry/rectangles.ts';
import type {
  GeneralId,
  SideId,
  StandState,
  TableState,
  UnitId,
  UnitState,
} from '../../../core/table/model.ts';
import { JcTableFacts } from '../../../rulesets/john-company/table/facts/table-facts.ts';
import { frontCentre } from '../../../rulesets/john-company/table/formations.ts';
import { sightOfTable } from '../../../rulesets/john-company/table/line-of-sight.ts';
import { maximumRange } from '../../../rulesets/john-company/table/measurement/distances.ts';
import {
  type UnitGeometry,
  unitGeometry,
} from '../../../rulesets/john-company/table/measurement/unit-geometry.ts';
import { unitCentre } from '../../../rulesets/john-company/table/movement-geometry.ts';
import { type JcForces, normalMoveOf, troopOf } from '../../../rulesets/john-company/table/unit-profile.ts';
import type { TroopType } from '../../../rulesets/john-company/tables/movement-rates.ts';
import type { Formation } from '../../../rulesets/john-company/vocabulary.ts';
import {
  commandRadius,
  effectiveCommander,
  type ForcesSource,
  type ForcesUnit,
  forcesOf,
  forcesWith,
  isActiveGeneral,
  sameGeneralForces,
} from '../forces.ts';
import type { JcGeneral, JcUnit } from '../state.ts';
import type { GeneralView, JcView, UnitView } from '../view.ts';

/**
 * What the computer opponent knows: its side's view (`viewFor`), never the game state, read into the
 * terms it decides in. Enemy units it has not spotted are not in the view, so they are not here either.
 * Everything is derived once per decision; `facts` are John Company's table facts over the view's table
 * (the same derivation the engine uses, on what this side can see).
 */
export interface Situation {
  readonly view: JcView;
  readonly side: SideId;
  /** The side's units on the table. */
  readonly mine: readonly UnitState[];
  /** The enemy units on the table this side has spotted. */
  readonly enemies: readonly UnitState[];
  /** Where the side means to go: objectives it must take, else the spotted enemy, else the enemy's edge. */
  readonly stance: Stance;
  /**
   * Table facts over the view: reaction, Confrontation, command and fire facts as the engine derives
   * them, with John Company's lines of sight for fire (stands able to fire, cover), built only when
   * fire is first asked for.
   */
  facts(): JcTableFacts;
  /** `facts`, named for callers that ask for fire. */
  fireFacts(): JcTableFacts;
}

/**
 * `attack`: the side must take objectives or break the enemy to win. `defend`: it wins if nothing is
 * decided at the turn limit, so it holds and fights where it stands.
 */
export interface Stance {
  readonly kind: 'attack' | 'defend';
  /** Objectives the side must hold to win (hold-objectives conditions), with their radius. */
  readonly objectives: readonly { readonly id: string; readonly position: Point; readonly radius: number }[];
  /** A point on the enemy's base edge, facing which the side advances when it sees nobody. */
  readonly enemyEdge: Point;
}

export function situationOf(view: JcView, side: SideId): Situation {
  return new ViewSituation(view, side);
}

/**
 * A situation of `situationOf`, its facts derived when first asked for (a class, not a closure: the
 * TypeScript loader names every closure it makes, at a cost at each decision).
 */
class ViewSituation implements Situation {
  readonly view: JcView;
  readonly side: SideId;
  readonly mine: UnitState[] = [];
  readonly enemies: UnitState[] = [];
  readonly stance: Stance;
  private derived: JcTableFacts | undefined;

  constructor(view: JcView, side: SideId) {
    this.view = view;
    this.side = side;
    for (const u of Object.values(view.table.units)) {
      const ju = view.units[u.id];
      if (!ju || ju.offTable !== undefined) continue;
      (u.side === side ? this.mine : this.enemies).push(u);
    }
    this.stance = stanceOf(view, side);
  }

  facts(): JcTableFacts {
    this.derived ??= viewFacts(this.view);
    return this.derived;
  }

  fireFacts(): JcTableFacts {
    return this.facts();
  }
}

/**
 * The side's stance, worked out once per scenario, side and table size (all it reads): every decision
 * asks for it. Read only.
 */
function stanceOf(view: JcView, side: SideId): Stance {
  let bySide = stances.get(view.scenario);
  if (!bySide) {
    bySide = new Map();
    stances.set(view.scenario, bySide);
  }
  const known = bySide.get(side);
  if (known?.width === view.table.width && known.depth === view.table.depth) return known.stance;
  const stance = stanceNow(view, side);
  bySide.set(side, { width: view.table.width, depth: view.table.depth, stance });
  return stance;
}

const stances = new WeakMap<
  JcView['scenario'],
  Map<SideId, { readonly width: number; readonly depth: number; readonly stance: Stance }>
>();

function stanceNow(view: JcView, side: SideId): Stance {
  const sc = view.scenario;
  const ids = new Set<string>();
  for (const c of sc.conditions)
    if (c.kind === 'hold-objectives' && c.side === side) for (const o of c.objectives) ids.add(o);
  const objectives = sc.objectives.filter((o) => ids.has(o.id));
  const enemy = sc.sides.find((s) => s !== side) ?? side;
  return {
    kind: sc.atTurnLimit === side ? 'defend' : 'attack',
    objectives,
    enemyEdge: edgePoint(view, sc.baseEdges[enemy] ?? 'north'),
  };
}

function edgePoint(view: JcView, edge: 'north' | 'south' | 'east' | 'west'): Point {
  const { width, depth } = view.table;
  switch (edge) {
    case 'north':
      return { x: width / 2, y: depth };
    case 'south':
      return { x: width / 2, y: 0 };
    case 'east':
      return { x: width, y: depth / 2 };
    case 'west':
      return { x: 0, y: depth / 2 };
  }
}

/**
 * The view's unit as the forces bridge takes it: the view itself (the bridge reads no counter), but
 * for chargers the side cannot see (or that have left the table), which are not on the view's table.
 */
function asUnit(u: UnitView, table: JcView['table']): ForcesUnit {
  for (const id of u.chargedBy)
    if (table.units[id] === undefined)
      return { ...u, chargedBy: u.chargedBy.filter((c) => table.units[c] !== undefined) };
  return u;
}

/**
 * The General as the forces bridge takes them (orders used: 0 when the view does not show them), one
 * object per General view: the forces bridge remembers what it works out per General object.
 */
function asGeneral(g: GeneralView): JcGeneral {
  let general = generalsAsBridged.get(g);
  if (!general) {
    general = { ...g, ordersUsed: g.ordersUsed ?? 0 };
    generalsAsBridged.set(g, general);
  }
  return general;
}

const generalsAsBridged = new WeakMap<GeneralView, JcGeneral>();

/**
 * The table facts last derived for each viewer, and the view they were derived from: the next
 * decision's view is often the same table with only a counter changed (Step 2 places one counter at a
 * time), and facts do not depend on counters; or only the table changed (a General rides in steps),
 * and the forces stay the same; or a few units changed, and only their forces are worked out again
 * (`carriedForces`). It only saves work: the facts are those `deriveViewFacts` gives.
 */
const lastFacts = new Map<JcView['viewer'], { view: JcView; facts: JcTableFacts }>();

function viewFacts(view: JcView): JcTableFacts {
  const last = lastFacts.get(view.viewer);
  let facts: JcTableFacts;
  if (last === undefined) facts = deriveViewFacts(view, view.table);
  else {
    const table = sharedTable(last.facts.table, view.table);
    const forces = carriedForces(last.view, last.facts.forces, view);
    if (forces === undefined) facts = deriveViewFacts(view, table, last.facts);
    else if (forces !== last.facts.forces || table !== last.facts.table)
      facts = tableFacts(table, forces, last.facts);
    else facts = last.facts;
  }
  lastFacts.set(view.viewer, { view, facts });
  return facts;
}

/**
 * The forces of `view`, from `forces`, those of the view `before` it: the same object when every unit
 * is the same (counters aside), else with the units that changed worked out again; undefined when they
 * must be built afresh (another turn or scenario, other units on the table, a General changed in what
 * the forces read).
 */
function carriedForces(before: JcView, forces: JcForces, view: JcView): JcForces | undefined {
  if (before === view) return forces;
  if (before.turn !== view.turn || before.scenario !== view.scenario) return undefined;
  if (!sameRecord(before.table.units, view.table.units, () => true)) return undefined;
  if (!sameRecord(before.generals, view.generals, (x, y) => sameGeneralForces(asGeneral(x), asGeneral(y))))
    return undefined;
  const changed: UnitId[] = [];
  const units: Record<UnitId, ForcesUnit> = {};
  for (const id of Object.keys(view.table.units)) {
    const u = view.units[id];
    const was = before.units[id];
    if (u === undefined || was === undefined) return undefined;
    if (u === was || sameFields(u, was, BUT_COUNTER)) continue;
    changed.push(id);
    units[id] = asUnit(u, view.table);
  }
  if (changed.length === 0) return forces;
  return forcesWith(forces, bridged(view, units), changed, (id) => view.table.units[id] !== undefined);
}

/** What the forces bridge takes of a view, with `units` (those of the view it is asked about). */
function bridged(view: JcView, units: Readonly<Record<UnitId, ForcesUnit>>): ForcesSource {
  const generals: Record<GeneralId, JcGeneral> = {};
  for (const g of Object.values(view.generals)) generals[g.id] = asGeneral(g);
  return { units, generals, turn: view.turn, scenario: view.scenario };
}

/**
 * The table to derive facts over, the same as `table` in every field, unit and General: `last` itself
 * when it is the same table; when only the Generals differ, `table` with the units record of `last`
 * (the facts' layout is kept per units record); else `table`. Views build new records for unchanged
 * tables, so what is worked out per table or units record carries over only through this.
 */
function sharedTable(last: TableState, table: TableState): TableState {
  if (last === table) return last;
  if (!sameFields(last, table, BUT_UNITS_AND_GENERALS)) return table;
  if (!sameRecord(last.units, table.units, (x, y) => x === y)) return table;
  if (sameRecord(last.generals, table.generals, (x, y) => x === y)) return last;
  return { ...table, units: last.units };
}

function sameRecord<T>(
  a: Readonly<Record<string, T>>,
  b: Readonly<Record<string, T>>,
  same: (x: T, y: T) => boolean,
): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !same(a[k]!, b[k]!)) return false;
  }
  return true;
}

/** The fields `sameFields` skips for a unit view (asked for every changed unit at every decision) and a table. */
const BUT_COUNTER: readonly string[] = ['counter'];
const BUT_UNITS_AND_GENERALS: readonly string[] = ['units', 'generals'];

/**
 * The same own fields, each identical, `skip` aside: walked without listing them (no arrays made: a unit
 * view of some forty fields is compared at every decision), as `sameData` does (facts/same-data.ts).
 * The fields may come in another order: what is worked out from either object reads fields by name.
 */
function sameFields(a: object, b: object, skip: readonly string[]): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const k in ra) {
    if (skip.includes(k)) continue;
    if (ra[k] !== rb[k] || !(k in rb)) return false;
    count++;
  }
  for (const k in rb) if (!skip.includes(k)) count--;
  return count === 0;
}

/** The view's table facts, over `table` (the view's table or one the same, `sharedTable`). */
function deriveViewFacts(view: JcView, table: TableState, before?: JcTableFacts): JcTableFacts {
  return tableFacts(table, viewForces(view), before);
}

/** The forces of a view's table, built afresh (the facts' forces of `situationOf` are these, carried). */
export function viewForces(view: JcView): JcForces {
  const units: Record<UnitId, ForcesUnit> = {};
  for (const u of Object.values(view.units)) units[u.id] = asUnit(u, view.table);
  return forcesOf(bridged(view, units), (id) => view.table.units[id] !== undefined);
}

/**
 * Facts over `table` with `forces`; its lines of sight are built when fire is first asked for. They
 * carry over what they can from `before`, the facts of the view before (table/facts/carry.ts).
 */
function tableFacts(table: TableState, forces: JcTableFacts['forces'], before?: JcTableFacts): JcTableFacts {
  return new JcTableFacts(table, forces, { sight: () => sightOfTable(table) }, before);
}

// ---------------------------------------------------------------------------------------------
// Measures the opponent reasons with

export function troopOfUnit(view: JcView, id: UnitId): TroopType {
  return troopOf(view.units[id]!.profile);
}

/** Its Normal Move in its formation (0 where the table gives none, e.g. a British square). */
export function normalMove(view: JcView, u: UnitState): number {
  return normalMoveOf(view.units[u.id]!.profile, u.formation as Formation) ?? 0;
}

/** How far it can reach with a charge now: Normal Move plus Charge Bonus (0: it cannot charge). */
export function chargeReach(view: JcView, u: UnitState): number {
  const troop = troopOfUnit(view, u.id);
  if (troop.arm === 'artillery' || u.formation === 'skirmish-order') return 0;
  return normalMove(view, u) + troop.chargeBonus;
}

/** The longest range of its weapon (0 without one). */
export function weaponRange(view: JcView, id: UnitId): number {
  const weapon = view.units[id]!.profile.weapon;
  return weapon ? maximumRange(weapon) : 0;
}

/** Edge to edge between two units' nearest stands (stand centres less half a diagonal: close enough). */
export function gap(a: UnitState, b: UnitState): number {
  let byB = gapMemo.get(a);
  if (!byB) {
    byB = new WeakMap();
    gapMemo.set(a, byB);
  }
  let found = byB.get(b);
  if (found === undefined) {
    found = gapNow(a, b);
    byB.set(b, found);
  }
  return found;
}

/** `gap` per pair of unit states (states are never changed in place; an unchanged unit keeps its own). */
const gapMemo = new WeakMap<UnitState, WeakMap<UnitState, number>>();

/**
 * `gap` worked out on the units' packed stands (`unitGeometry`, kept per unit state): stands come in
 * many shapes, and reading their fields one by one costs a number allocated at each read. A packed
 * box holds the stand's centre and half its width and depth, so half the larger of width and depth is
 * the larger half, exactly.
 */
function gapNow(a: UnitState, b: UnitState): number {
  const ga = unitGeometry(a);
  const gb = unitGeometry(b);
  const pa = ga.boxes;
  const pb = gb.boxes;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ga.count; i++) {
    const s = i * BOX_STRIDE;
    const sx = pa[s]!;
    const sy = pa[s + 1]!;
    const sh = Math.max(pa[s + 4]!, pa[s + 5]!);
    for (let j = 0; j < gb.count; j++) {
      const t = j * BOX_STRIDE;
      const dx = sx - pb[t]!;
      const dy = sy - pb[t + 1]!;
      const d = Math.sqrt(dx * dx + dy * dy) - (sh + Math.max(pb[t + 4]!, pb[t + 5]!));
      if (d < best) best = d;
    }
  }
  return Math.max(0, best);
}

/** The mean of the unit's stand centres (`unitCentre`), worked out once per unit state (read only). */
export function centreOf(u: UnitState): Point {
  let centre = centres.get(u);
  if (!centre) {
    const [x, y] = unitCentre(u.stands);
    centre = { x, y };
    centres.set(u, centre);
  }
  return centre;
}

/** `centreOf` by unit state (states are never changed in place): the goals of many candidate commands ask for it. */
const centres = new WeakMap<UnitState, Point>();

export function frontOf(u: UnitState): Point {
  const a = frontCentre(u);
  return { x: a.x, y: a.y };
}

export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

export function isRouting(view: JcView, id: UnitId): boolean {
  const u = view.units[id];
  return u === undefined || u.routing || u.quitting || u.mandatoryMove !== undefined;
}

/** The unit's status this turn or, before it tests, at its last test (Steady if it never tested). */
export function statusOf(view: JcView, id: UnitId): NonNullable<JcUnit['status']> {
  const u = view.units[id]!;
  return u.status ?? u.lastStatus ?? 'Steady';
}

/** The General a unit answers to now (its own, his replacement, or the next up the chain). */
export function commanderOf(view: JcView, id: UnitId): GeneralId | undefined {
  let memo = commanderMemo.get(view.generals);
  if (!memo) {
    const generals: Record<GeneralId, JcGeneral> = {};
    for (const g of Object.values(view.generals)) generals[g.id] = asGeneral(g);
    memo = { generals, byCommander: new Map() };
    commanderMemo.set(view.generals, memo);
  }
  const commander = view.units[id]!.commander;
  if (memo.byCommander.has(commander)) return memo.byCommander.get(commander);
  const found = effectiveCommander(memo.generals, commander);
  memo.byCommander.set(commander, found);
  return found;
}

/**
 * The Generals as the forces bridge takes them, and the effective commander found for each General a
 * unit answers to, per view's Generals (views are never changed in place): `commanderOf` is asked
 * for every unit at every candidate command.
 */
const commanderMemo = new WeakMap<
  JcView['generals'],
  {
    readonly generals: Record<GeneralId, JcGeneral>;
    readonly byCommander: Map<GeneralId, GeneralId | undefined>;
  }
>();

/** A General's Command Radius this turn, or undefined if he cannot command (fallen, replaced). */
export function radiusOf(view: JcView, gid: GeneralId): number | undefined {
  const g = view.generals[gid];
  if (!g || !isActiveGeneral(asGeneral(g))) return undefined;
  return commandRadius(view.scenario, asGeneral(g));
}

/**
 * Distances from one General's stand, placed at any point, to units, edge to edge from the stand to
 * the unit's nearest stand ("reach"), cheapest first: `roughlyBeyond`; then `bound`, after which `floor`
 * and `ceiling` hold for that point and unit, and `exact` gives the reach. The stand is packed once for
 * the many points a General weighs (`coverage`).
 */
export class StandReach {
  /** The stand packed as rectangles.ts packs boxes; its centre is set to each point asked about. */
  private readonly box = new Float64Array(BOX_STRIDE);
  private readonly halfDiagonal: number;
  /** Per stand of the unit last bounded: how near the General's stand can be to it at best. */
  private nearest = new Float64Array(8);
  private bounded: UnitGeometry | undefined;
  /** After `bound`: no more than the reach. */
  floor = Number.NEGATIVE_INFINITY;
  /** After `bound`: no less than the reach. */
  ceiling = Number.POSITIVE_INFINITY;

  constructor(stand: StandState) {
    packBox(stand, this.box, 0);
    this.halfDiagonal = Math.hypot(stand.width, stand.depth) / 2;
  }

  /**
   * Whether the reach from the stand at `p` to the unit is surely more than `d`, by the cheapest
   * bound: from the stand to the circle holding every stand of the unit, less half the stand's
   * diagonal (compared squared; true only when that bound is above `d` beyond any rounding).
   */
  roughlyBeyond(p: Point, unit: UnitGeometry, d: number): boolean {
    const within = d + REACH_MARGIN + unit.radius + this.halfDiagonal;
    if (within < 0) return true;
    const dx = p.x - unit.cx;
    const dy = p.y - unit.cy;
    return dx * dx + dy * dy > within * within;
  }

  /**
   * Bounds the reach from the stand at `p` to the unit by its stands' centres: `floor`, the least of
   * centre to centre less both half diagonals; `ceiling`, the least of centre to centre (each stand
   * holds its centre), with a margin far above rounding.
   */
  bound(p: Point, unit: UnitGeometry): void {
    const box = this.box;
    box[0] = p.x;
    box[1] = p.y;
    if (this.nearest.length < unit.count) this.nearest = new Float64Array(unit.count);
    const nearest = this.nearest;
    const b = unit.boxes;
    let floor = Number.POSITIVE_INFINITY;
    let ceiling = Number.POSITIVE_INFINITY;
    for (let j = 0; j < unit.count; j++) {
      const at = j * BOX_STRIDE;
      const dx = p.x - b[at]!;
      const dy = p.y - b[at + 1]!;
      const hx = b[at + 4]!;
      const hy = b[at + 5]!;
      const apart = Math.sqrt(dx * dx + dy * dy);
      nearest[j] = apart - Math.sqrt(hx * hx + hy * hy) - this.halfDiagonal;
      floor = Math.min(floor, nearest[j]!);
      ceiling = Math.min(ceiling, apart);
    }
    this.bounded = unit;
    this.floor = floor - REACH_MARGIN;
    this.ceiling = ceiling + REACH_MARGIN;
  }

  /**
   * The reach from the point and to the unit last bounded: exactly `standToUnitDistance`
   * (measurement.ts). Stands that cannot be nearer than one already measured are not measured.
   */
  exact(): number {
    const unit = this.bounded;
    if (!unit) throw new Error('StandReach.exact before bound');
    const nearest = this.nearest;
    let first = 0;
    for (let j = 1; j < unit.count; j++) if (nearest[j]! < nearest[first]!) first = j;
    const b = unit.boxes;
    let best = boxDistance(this.box, 0, b, first * BOX_STRIDE);
    for (let j = 0; j < unit.count; j++) {
      if (j === first || nearest[j]! - REACH_MARGIN > best) continue;
      const d = boxDistance(this.box, 0, b, j * BOX_STRIDE);
      if (d < best) best = d;
    }
    return best;
  }
}

/** Inches: more than any rounding in the bounds of `StandReach`. */
const REACH_MARGIN = 1e-6;
