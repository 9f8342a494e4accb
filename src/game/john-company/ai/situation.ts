import type { Point } from '../../../core/geometry/points.ts';
import type { GeneralId, SideId, StandState, UnitId, UnitState } from '../../../core/table/model.ts';
import { JcTableFacts } from '../../../rulesets/john-company/table/facts.ts';
import { frontCentre } from '../../../rulesets/john-company/table/formations.ts';
import { JohnCompanySight } from '../../../rulesets/john-company/table/line-of-sight.ts';
import { maximumRange, standToUnitDistance } from '../../../rulesets/john-company/table/measurement.ts';
import { unitCentre } from '../../../rulesets/john-company/table/movement-geometry.ts';
import { normalMoveOf, troopOf } from '../../../rulesets/john-company/table/unit-profile.ts';
import type { TroopType } from '../../../rulesets/john-company/tables/movement-rates.ts';
import type { Formation } from '../../../rulesets/john-company/vocabulary.ts';
import { commandRadius, effectiveCommander, forcesOf, isActiveGeneral } from '../forces.ts';
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
   * Table facts over the view: reaction, Confrontation and command facts as the engine derives them.
   * Lines of sight are left out (built only for fire: `fireFacts`).
   */
  facts(): JcTableFacts;
  /** The same with John Company's lines of sight, for fire (stands able to fire, cover). */
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
  const mine: UnitState[] = [];
  const enemies: UnitState[] = [];
  for (const u of Object.values(view.table.units)) {
    const ju = view.units[u.id];
    if (!ju || ju.offTable !== undefined) continue;
    (u.side === side ? mine : enemies).push(u);
  }
  let facts: JcTableFacts | undefined;
  let fireFacts: JcTableFacts | undefined;
  return {
    view,
    side,
    mine,
    enemies,
    stance: stanceOf(view, side),
    facts: () => {
      if (!facts) facts = viewFacts(view, false);
      return facts;
    },
    fireFacts: () => {
      if (!fireFacts) fireFacts = viewFacts(view, true);
      return fireFacts;
    },
  };
}

function stanceOf(view: JcView, side: SideId): Stance {
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
 * The view's units as the forces bridge takes them: counters play no part in the table's facts, and
 * chargers the side cannot see (or that have left the table) are not on the view's table.
 */
function asUnit(u: UnitView, table: JcView['table']): JcUnit {
  let rest = withoutCounter.get(u);
  if (!rest) {
    const { counter: _counter, ...others } = u;
    rest = others;
    withoutCounter.set(u, rest);
  }
  const chargedBy = u.chargedBy.filter((id) => table.units[id] !== undefined);
  return chargedBy.length === u.chargedBy.length ? rest : { ...rest, chargedBy };
}

/** Each unit view without its counter, once per unit view (views share unchanged units' objects). */
const withoutCounter = new WeakMap<UnitView, JcUnit>();

function asGeneral(g: GeneralView): JcGeneral {
  return { ...g, ordersUsed: g.ordersUsed ?? 0 };
}

/**
 * The table facts last derived, with sight and without, and the view they were derived from: the
 * next decision's view is often the same table with only a counter changed (Step 2 places one counter
 * at a time), and facts do not depend on counters. Reused only when everything they are derived from
 * is the same (`sameFactsInputs`); it only saves work.
 */
const lastFacts = new Map<string, { view?: JcView; facts?: JcTableFacts }>();

function viewFacts(view: JcView, sight: boolean): JcTableFacts {
  const key = `${view.viewer} ${sight}`;
  let last = lastFacts.get(key);
  if (!last) {
    last = {};
    lastFacts.set(key, last);
  }
  if (last.view && last.facts && sameFactsInputs(last.view, view)) {
    last.view = view;
    return last.facts;
  }
  const facts = deriveViewFacts(view, sight);
  last.view = view;
  last.facts = facts;
  return facts;
}

/** Whether two views give the same table facts: the same table, units (counters aside) and Generals. */
function sameFactsInputs(a: JcView, b: JcView): boolean {
  if (a === b) return true;
  if (a.turn !== b.turn || a.scenario !== b.scenario) return false;
  if (!sameFields(a.table, b.table, 'units', 'generals')) return false;
  if (!sameRecord(a.table.units, b.table.units, (x, y) => x === y)) return false;
  if (!sameRecord(a.table.generals, b.table.generals, (x, y) => x === y)) return false;
  if (!sameRecord(a.units, b.units, (x, y) => x === y || sameFields(x, y, 'counter'))) return false;
  return sameRecord(a.generals, b.generals, (x, y) => x === y || sameFields(x, y));
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

/** The same own fields in the same order, each identical, `skip` aside. */
function sameFields(a: object, b: object, ...skip: string[]): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  let i = 0;
  let j = 0;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (;;) {
    while (i < ka.length && skip.includes(ka[i]!)) i++;
    while (j < kb.length && skip.includes(kb[j]!)) j++;
    if (i >= ka.length || j >= kb.length) return i >= ka.length && j >= kb.length;
    const k = ka[i]!;
    if (k !== kb[j] || ra[k] !== rb[k]) return false;
    i++;
    j++;
  }
}

function deriveViewFacts(view: JcView, sight: boolean): JcTableFacts {
  const units: Record<UnitId, JcUnit> = {};
  for (const u of Object.values(view.units)) units[u.id] = asUnit(u, view.table);
  const generals: Record<GeneralId, JcGeneral> = {};
  for (const g of Object.values(view.generals)) generals[g.id] = asGeneral(g);
  const forces = forcesOf(
    { units, generals, turn: view.turn, scenario: view.scenario },
    (id) => view.table.units[id] !== undefined,
  );
  return new JcTableFacts(view.table, forces, sight ? { sight: new JohnCompanySight(view.table) } : {});
}

// ---------------------------------------------------------------------------------------------
// Measures the opponent reasons with

export function troopOfUnit(view: JcView, id: UnitId): TroopType {
  return troopOf(view.units[id]!.profile);
}

/** Its Normal Move in its formation (0 where the table gives none, e.g. a British square). */
function normalMove(view: JcView, u: UnitState): number {
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

function gapNow(a: UnitState, b: UnitState): number {
  let best = Number.POSITIVE_INFINITY;
  for (const s of a.stands)
    for (const t of b.stands) {
      const d =
        Math.hypot(s.x - t.x, s.y - t.y) - (Math.max(s.width, s.depth) + Math.max(t.width, t.depth)) / 2;
      if (d < best) best = d;
    }
  return Math.max(0, best);
}

export function centreOf(u: UnitState): Point {
  const [x, y] = unitCentre(u.stands);
  return { x, y };
}

export function frontOf(u: UnitState): Point {
  const a = frontCentre(u);
  return { x: a.x, y: a.y };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
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

/** From a General's stand placed at `p` to the unit's nearest stand, edge to edge. */
export function generalReach(stand: StandState, p: Point, unit: UnitState, facts: JcTableFacts): number {
  return standToUnitDistance({ ...stand, x: p.x, y: p.y }, facts.geometry(unit.id));
}

/**
 * No more than `generalReach`: from the stand at `p` to the circle holding every stand of the unit,
 * less half the stand's diagonal.
 */
export function generalReachFloor(stand: StandState, p: Point, unit: UnitState, facts: JcTableFacts): number {
  const g = facts.geometry(unit.id);
  return Math.hypot(p.x - g.cx, p.y - g.cy) - g.radius - Math.hypot(stand.width, stand.depth) / 2;
}
