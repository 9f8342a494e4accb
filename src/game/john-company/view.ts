import { BOX_STRIDE, packBox, segmentBoxDistance } from '../../core/geometry/rectangles.ts';
import type {
  GeneralId,
  GeneralState,
  SideId,
  TableState,
  UnitId,
  UnitState,
} from '../../core/table/model.ts';
import { unitCentre } from '../../rulesets/john-company/table/movement-geometry.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { GameResult, Viewer } from '../engine/game.ts';
import { sightOf } from './draft.ts';
import type { JcEvent } from './events.ts';
import type { JcGameState, JcGeneral, JcScenarioFacts, JcUnit, OrderCounter, SequenceNode } from './state.ts';

/**
 * What each viewer may see (the only place hidden information is removed; docs/game-john-company.md,
 * "Hidden information"): a side sees its own units, counters and orders in full; of the enemy only the
 * units it has spotted, their counters face down until revealed, and not the number of orders their
 * Generals drew. Nobody sees the order of either deck or the PRNG state. A spectator sees what both
 * sides may see.
 */

/** Inches behind a skirmish line that a unit must be to be screened (Part 4, Skirmishers). */
const SCREEN_DEPTH = 3;
const SCREEN_DEPTH_CAVALRY = 6;

const spottingCache = new WeakMap<TableState, Map<SideId, ReadonlySet<UnitId>>>();
const SEGMENT = new Float64Array(4);
const BOX = new Float64Array(BOX_STRIDE);

/**
 * Whether unit `target` is screened from a viewer at (vx, vy) by a skirmish line of its own side:
 * the sight line to it passes over the line (within a stand's width of a skirmisher, so the gaps of
 * skirmish order count as the line) and it stands more than 3" behind it (6" for cavalry behind
 * infantry skirmishers).
 */
function screened(table: TableState, target: UnitState, vx: number, vy: number): boolean {
  if (target.formation === 'skirmish-order') return false;
  const [tx, ty] = unitCentre(target.stands);
  SEGMENT[0] = vx;
  SEGMENT[1] = vy;
  SEGMENT[2] = tx;
  SEGMENT[3] = ty;
  const cavalry = target.stands.some((s) => s.kind === 'cavalry');
  for (const k of Object.values(table.units)) {
    if (k.side !== target.side || k.id === target.id || k.formation !== 'skirmish-order') continue;
    const infantrySkirmishers = k.stands.some((s) => s.kind === 'infantry');
    const depth = cavalry && infantrySkirmishers ? SCREEN_DEPTH_CAVALRY : SCREEN_DEPTH;
    let crosses = false;
    for (const s of k.stands) {
      packBox(s, BOX, 0);
      if (segmentBoxDistance(SEGMENT, 0, BOX, 0) <= s.width) {
        crosses = true;
        break;
      }
    }
    if (!crosses) continue;
    let behind = Number.POSITIVE_INFINITY;
    for (const a of target.stands)
      for (const b of k.stands) behind = Math.min(behind, Math.hypot(a.x - b.x, a.y - b.y) - b.depth / 2);
    if (behind > depth) return true;
  }
  return false;
}

/**
 * The enemy units each side has spotted on a table: a unit is spotted when a unit of the side sees one
 * of its stands (John Company line of sight) and no skirmish line of its own screens it from that
 * unit. Built once per table state.
 */
export function spotted(table: TableState, side: SideId): ReadonlySet<UnitId> {
  let bySide = spottingCache.get(table);
  if (!bySide) {
    bySide = new Map();
    spottingCache.set(table, bySide);
  }
  let seen = bySide.get(side);
  if (seen) return seen;
  const sight = sightOf(table);
  const out = new Set<UnitId>();
  const viewers = Object.values(table.units).filter((u) => u.side === side);
  for (const target of Object.values(table.units)) {
    if (target.side === side) continue;
    for (const v of viewers) {
      if (!sight.unitSeesUnit(v.id, target.id)) continue;
      const [vx, vy] = unitCentre(v.stands);
      if (screened(table, target, vx, vy)) continue;
      out.add(target.id);
      break;
    }
  }
  seen = out;
  bySide.set(side, seen);
  return seen;
}

/** Whether `viewer` may see unit `id` now (own units always; units off the table are public). */
export function unitVisibleTo(state: JcGameState, viewer: Viewer, id: UnitId): boolean {
  const unit = state.units[id];
  if (!unit) return true;
  if (!state.table.units[id]) return true;
  if (viewer === unit.side) return true;
  if (viewer === 'spectator') {
    return state.scenario.sides.every((s) => s === unit.side || spotted(state.table, s).has(id));
  }
  return spotted(state.table, viewer).has(id);
}

/** A unit as another side or a spectator sees it: its counter face down until revealed. */
export interface UnitView extends Omit<JcUnit, 'counter' | 'forcedOrder' | 'order' | 'orderTarget'> {
  readonly order?: OrderId;
  readonly orderTarget?: UnitId;
  readonly counter?: OrderCounter | { readonly placed: true; readonly revealed: false };
}

export type GeneralView = Omit<JcGeneral, 'orders' | 'ordersUsed'> & {
  readonly orders?: number;
  readonly ordersUsed?: number;
};

export interface JcView {
  readonly viewer: Viewer;
  readonly format: JcGameState['format'];
  readonly seq: number;
  readonly scenario: JcScenarioFacts;
  readonly turn: number;
  readonly node: SequenceNode;
  readonly table: TableState;
  readonly units: Readonly<Record<UnitId, UnitView>>;
  readonly generals: Readonly<Record<GeneralId, GeneralView>>;
  /** Cards left to draw this turn, and those drawn but of units the viewer cannot see (the order is hidden). */
  readonly movementDeck: { readonly left: number; readonly drawn: readonly string[] };
  readonly result?: GameResult;
}

function unitView(u: JcUnit, own: boolean): UnitView {
  if (own) return u;
  const { counter, forcedOrder: _f, ...rest } = u;
  if (!counter) return rest;
  if (counter.revealed) return { ...rest, counter };
  // A counter changed in Step 4 is face down: the order it carries is not shown either.
  const { order: _o, orderTarget: _t, ...hidden } = rest;
  return { ...hidden, counter: { placed: true, revealed: false } };
}

function generalView(g: JcGeneral, own: boolean): GeneralView {
  if (own) return g;
  const { orders: _o, ordersUsed: _u, ...rest } = g;
  return rest;
}

/** The state as `viewer` may see it (see the module comment). */
export function viewFor(state: JcGameState, viewer: Viewer): JcView {
  const units: Record<UnitId, UnitView> = {};
  const tableUnits: Record<UnitId, UnitState> = {};
  const hidden = new Set<UnitId>();
  for (const u of Object.values(state.units)) {
    const own = viewer === u.side;
    if (!unitVisibleTo(state, viewer, u.id)) {
      hidden.add(u.id);
      continue;
    }
    units[u.id] = unitView(u, own);
    const t = state.table.units[u.id];
    if (t) tableUnits[u.id] = t;
  }
  const generals: Record<GeneralId, GeneralView> = {};
  const tableGenerals: Record<GeneralId, GeneralState> = {};
  for (const g of Object.values(state.generals)) {
    const t = state.table.generals[g.id];
    if (t?.attachedTo !== undefined && hidden.has(t.attachedTo)) continue;
    generals[g.id] = generalView(g, viewer === g.side);
    if (t) tableGenerals[g.id] = t;
  }
  return {
    viewer,
    format: state.format,
    seq: state.seq,
    scenario: state.scenario,
    turn: state.turn,
    node: nodeView(state.node, hidden),
    table: { ...state.table, units: tableUnits, generals: tableGenerals },
    units,
    generals,
    movementDeck: {
      left: state.movementDeck.drawPile.length,
      drawn: state.movementDeck.discards.filter((card) => !hidden.has(card)),
    },
    ...(state.result ? { result: state.result } : {}),
  };
}

function nodeView(node: SequenceNode, hidden: ReadonlySet<UnitId>): SequenceNode {
  if (node.phase === 'activation' && node.activation.kind === 'unit' && hidden.has(node.activation.unit))
    return { phase: 'activation', activation: { ...node.activation, unit: 'hidden' } };
  return node;
}

/** The units an event is about. */
function unitsOf(e: JcEvent): UnitId[] {
  const out: UnitId[] = [];
  if ('unit' in e && typeof e.unit === 'string') out.push(e.unit);
  if ('target' in e && typeof e.target === 'string') out.push(e.target);
  if ('charger' in e && typeof e.charger === 'string') out.push(e.charger);
  if (e.type === 'card-drawn') out.push(e.card);
  return out;
}

/**
 * Narrows each public event to the sides that may see every unit it is about, in the state after the
 * command (a unit moving unseen behind a skirmish screen stays unseen). Events already limited to a
 * side keep their sides.
 */
export function limitEvents(state: JcGameState, events: readonly JcEvent[]): JcEvent[] {
  const sides = state.scenario.sides;
  return events.map((e) => {
    if (e.visibleTo !== 'all') return e;
    const ids = unitsOf(e).filter((id) => state.units[id] !== undefined);
    if (ids.length === 0) return e;
    const may = sides.filter((s) => ids.every((id) => unitVisibleTo(state, s, id)));
    return may.length === sides.length ? e : { ...e, visibleTo: may };
  });
}

/** What `viewer` may see of an event: all of it, or nothing. */
export function eventFor(event: JcEvent, viewer: Viewer): JcEvent | undefined {
  if (event.visibleTo === 'all') return event;
  if (viewer === 'spectator') return undefined;
  return event.visibleTo.includes(viewer) ? event : undefined;
}
