import type {
  GeneralId,
  GeneralState,
  SideId,
  TableState,
  UnitId,
  UnitState,
} from '../../core/table/model.ts';
import { TableSpotting } from '../../rulesets/john-company/table/facts/spotting.ts';
import type { OrderId } from '../../rulesets/john-company/tables/orders.ts';
import type { GameResult, Viewer } from '../engine/game.ts';
import { otherRng } from '../engine/invariants.ts';
import { type SpottingGround, sightOf, townDefendersOf } from './caches.ts';
import type { JcCommand } from './commands.ts';
import type { JcEvent } from './events.ts';
import {
  type JcGameState,
  type JcGeneral,
  type JcScenarioFacts,
  type JcUnit,
  type OrderCounter,
  type SequenceNode,
  unitRecord,
} from './state.ts';

/**
 * What each viewer may see (the only place hidden information is removed; docs/game-john-company.md,
 * "Hidden information"): a side sees its own units, counters and orders in full; of the enemy only the
 * units it has spotted, their counters face down until revealed, and not the number of orders their
 * Generals drew. Nobody sees the order of either deck or the PRNG state. A spectator sees what both
 * sides may see. The game's log shows a side's command to the sides that see every unit it names
 * (`commandSeenBy`).
 */

/**
 * What each side has spotted, per set of unit states and town defenders: the verdicts (carried from an
 * earlier table where they still hold: `TableSpotting`) and each side's whole set, as first asked for.
 */
interface Spotting {
  readonly verdicts: TableSpotting;
  readonly sets: Map<SideId, ReadonlySet<UnitId>>;
}
const spottingCache = new WeakMap<TableState['units'], Map<string, Spotting>>();
/** The spotting of each ground object asked about (a ground is asked about many times over). */
const spottingOfGround = new WeakMap<SpottingGround, Spotting>();

const statesGround = new WeakMap<JcGameState['units'], SpottingGround>();

/** The spotting ground of a state (one object per state's units and table, so its spotting is kept). */
export function groundOfState(state: Pick<JcGameState, 'table' | 'units'>): SpottingGround {
  const known = statesGround.get(state.units);
  if (known?.table === state.table) return known;
  const ground = { table: state.table, townDefenders: townDefendersOf(state.units, state.table) };
  statesGround.set(state.units, ground);
  return ground;
}

function spottingOf(ground: SpottingGround): Spotting {
  const known = spottingOfGround.get(ground);
  if (known) return known;
  let byDefenders = spottingCache.get(ground.table.units);
  if (!byDefenders) {
    byDefenders = new Map();
    spottingCache.set(ground.table.units, byDefenders);
  }
  const key = ground.townDefenders.join('\n');
  let spotting = byDefenders.get(key);
  if (!spotting) {
    const { table, townDefenders } = ground;
    spotting = {
      verdicts: new TableSpotting(table, townDefenders, () => sightOf(table, townDefenders)),
      sets: new Map(),
    };
    byDefenders.set(key, spotting);
  }
  spottingOfGround.set(ground, spotting);
  return spotting;
}

/** The spotting verdicts of a ground (`isSpotted`), for the check of carried spotting. */
export function spottingVerdicts(ground: SpottingGround): TableSpotting {
  return spottingOf(ground).verdicts;
}

/**
 * Whether `side` has spotted the enemy unit `target`: a unit of the side sees one of its stands and no
 * skirmish line of the target's side screens that stand from it (John Company line of sight, town
 * defenders and skirmish screens included: `JohnCompanySight.unitSpotsUnit`). Worked out once per set
 * of unit states and town defenders (Generals play no part in it), or carried from an earlier table
 * where nothing that changed can alter it (`TableSpotting`).
 */
export function isSpotted(ground: SpottingGround, side: SideId, target: UnitId): boolean {
  return spottingOf(ground).verdicts.spots(side, target);
}

/** The enemy units a side has spotted (see `isSpotted`). */
export function spotted(ground: SpottingGround, side: SideId): ReadonlySet<UnitId> {
  const spotting = spottingOf(ground);
  let set = spotting.sets.get(side);
  if (!set) {
    const out = new Set<UnitId>();
    for (const target of Object.values(ground.table.units))
      if (target.side !== side && spotting.verdicts.spots(side, target.id)) out.add(target.id);
    set = out;
    spotting.sets.set(side, set);
  }
  return set;
}

/** Whether `viewer` may see unit `id` now (own units always; units off the table are public). */
export function unitVisibleTo(state: JcGameState, viewer: Viewer, id: UnitId): boolean {
  return visibleWith(state, spottingOf(groundOfState(state)).verdicts, viewer, id);
}

/** `unitVisibleTo` with the spotting of the state's ground (`spottingOf`) in hand. */
function visibleWith(state: JcGameState, spotting: TableSpotting, viewer: Viewer, id: UnitId): boolean {
  const unit = state.units[id];
  if (!unit) return true;
  if (!state.table.units[id]) return true;
  if (viewer === unit.side) return true;
  if (viewer !== 'spectator') return spotting.spots(viewer, id);
  for (const s of state.scenario.sides) if (s !== unit.side && !spotting.spots(s, id)) return false;
  return true;
}

/** A unit as another side or a spectator sees it: its counter face down until revealed, no forced order. */
export interface UnitView extends Omit<JcUnit, 'counter' | 'order' | 'orderTarget'> {
  readonly order?: OrderId | undefined;
  readonly orderTarget?: UnitId | undefined;
  readonly counter?: OrderCounter | { readonly placed: true; readonly revealed: false } | undefined;
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

/** Units and Generals as the other side sees them, once per unit or General state. */
const othersUnitViews = new WeakMap<JcUnit, UnitView>();
const othersGeneralViews = new WeakMap<JcGeneral, GeneralView>();

function unitView(u: JcUnit, own: boolean): UnitView {
  if (own) return u;
  let v = othersUnitViews.get(u);
  if (!v) {
    v = othersUnitView(u);
    othersUnitViews.set(u, v);
  }
  return v;
}

/**
 * The fields of a unit another side sees: the record's, in its one shape (`unitRecord`), but no forced
 * order, and a counter face down shows neither its order nor the unit's (a counter changed in Step 4
 * carries its order face down). A view is made for every changed record.
 */
function othersUnitView(u: JcUnit): UnitView {
  const view: { -readonly [K in keyof JcUnit]?: unknown } = unitRecord(u);
  view.forcedOrder = undefined;
  if (u.counter !== undefined && !u.counter.revealed) {
    view.order = undefined;
    view.orderTarget = undefined;
    view.counter = FACE_DOWN;
  }
  return view as UnitView;
}

/** A counter face down, as another side sees it. */
const FACE_DOWN = { placed: true, revealed: false } as const;

function generalView(g: JcGeneral, own: boolean): GeneralView {
  if (own) return g;
  let v = othersGeneralViews.get(g);
  if (!v) {
    const { orders: _o, ordersUsed: _u, ...rest } = g;
    v = rest;
    othersGeneralViews.set(g, v);
  }
  return v;
}

/**
 * Entries of a record a view shows, in order (ids and values alike), and the record made of them: the
 * last view's for a viewer is kept, and a view showing the very same entries takes its record rather
 * than a new one, so that whatever is kept per record (the facts of the view's table, say) still serves.
 */
interface Shown<T> {
  readonly ids: readonly string[];
  readonly values: readonly T[];
  readonly record: Readonly<Record<string, T>>;
}

/**
 * What a view shows of the units, and what it was made from: the state's records of units and of
 * units on the table, and the town defenders spotting was worked out with (`groundOfState`).
 */
interface UnitsShown {
  readonly source: JcGameState['units'];
  readonly tableSource: TableState['units'];
  readonly townDefenders: readonly UnitId[];
  /** Every unit of the state, in its order, shown or not. */
  readonly all: readonly JcUnit[];
  /** The units the viewer may not see (none of their entries is shown). */
  readonly hidden: ReadonlySet<UnitId>;
  readonly units: Shown<UnitView>;
  readonly tableUnits: Shown<UnitState>;
}

/** What a view shows of the Generals, and what it was made from (the hidden units among it). */
interface GeneralsShown {
  readonly source: JcGameState['generals'];
  readonly tableSource: TableState['generals'];
  readonly hidden: ReadonlySet<UnitId>;
  readonly generals: Shown<GeneralView>;
  readonly tableGenerals: Shown<GeneralState>;
}

/** The cards drawn a view shows, and what they were made from. */
interface DrawnShown {
  readonly discards: readonly string[];
  readonly hidden: ReadonlySet<UnitId>;
  readonly drawn: readonly string[];
}

/** The last view made for a viewer of a battle: the next one starts from it (`viewFor`). */
interface LastView {
  readonly units: UnitsShown;
  readonly generals: GeneralsShown;
  readonly drawn: DrawnShown;
}

/** The last view made for each viewer of a battle (by its scenario). */
const lastViews = new WeakMap<JcScenarioFacts, Map<Viewer, LastView>>();

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The record of these entries: `last`'s when it holds the very same; else `whole` (the state's own
 * record) when it does; else a new one.
 */
function shown<T>(
  last: Shown<T> | undefined,
  ids: readonly string[],
  values: readonly T[],
  whole?: Readonly<Record<string, T>>,
): Shown<T> {
  if (last && sameList(last.ids, ids) && sameList(last.values, values)) return last;
  if (whole) {
    const keys = Object.keys(whole);
    let same = sameList(keys, ids);
    for (let i = 0; same && i < keys.length; i++) same = whole[keys[i]!] === values[i];
    if (same) return { ids, values, record: whole };
  }
  const record: Record<string, T> = {};
  for (let i = 0; i < ids.length; i++) record[ids[i]!] = values[i]!;
  return { ids, values, record };
}

/**
 * The units a viewer sees. Who is seen depends only on the units on the table and the town defenders
 * (spotting: `isSpotted`), and each unit's view only on its own record, so when those are what the last
 * view was made from, that view's entries are carried: only the units whose records changed are shown
 * again, and each keeps its place (a hidden unit stays hidden). Otherwise every unit is judged afresh.
 */
function unitsShown(state: JcGameState, viewer: Viewer, last: UnitsShown | undefined): UnitsShown {
  const source = state.units;
  const tableSource = state.table.units;
  if (last?.source === source && last.tableSource === tableSource) return last;
  const ground = groundOfState(state);
  const all = Object.values(source);
  if (
    last !== undefined &&
    last.tableSource === tableSource &&
    sameList(last.townDefenders, ground.townDefenders) &&
    all.length === last.all.length
  ) {
    const carried = carriedUnits(last, all, viewer);
    if (carried) return { ...carried, source, tableSource, townDefenders: ground.townDefenders, all };
  }
  const unitIds: UnitId[] = [];
  const units: UnitView[] = [];
  const tableUnitIds: UnitId[] = [];
  const tableUnits: UnitState[] = [];
  const hidden = new Set<UnitId>();
  const spotting = spottingOf(ground).verdicts;
  for (const u of all) {
    if (!visibleWith(state, spotting, viewer, u.id)) {
      hidden.add(u.id);
      continue;
    }
    unitIds.push(u.id);
    units.push(unitView(u, viewer === u.side));
    const t = tableSource[u.id];
    if (t) {
      tableUnitIds.push(u.id);
      tableUnits.push(t);
    }
  }
  return {
    source,
    tableSource,
    townDefenders: ground.townDefenders,
    all,
    hidden: last !== undefined && sameMembers(last.hidden, hidden) ? last.hidden : hidden,
    units: shown(last?.units, unitIds, units),
    tableUnits: shown(last?.tableUnits, tableUnitIds, tableUnits, tableSource),
  };
}

/**
 * `last`'s units shown, with the units whose records changed (the same units, in the same order, on
 * the same table) shown again; undefined when the units are not the same.
 */
function carriedUnits(
  last: UnitsShown,
  all: readonly JcUnit[],
  viewer: Viewer,
): Pick<UnitsShown, 'hidden' | 'units' | 'tableUnits'> | undefined {
  let values: UnitView[] | undefined;
  let at = 0;
  for (let i = 0; i < all.length; i++) {
    const u = all[i]!;
    const before = last.all[i]!;
    if (u.id !== before.id) return undefined;
    if (last.hidden.has(u.id)) continue;
    if (u !== before) {
      values ??= last.units.values.slice();
      values[at] = unitView(u, viewer === u.side);
    }
    at++;
  }
  if (!values) return last;
  const record: Record<string, UnitView> = {};
  const ids = last.units.ids;
  for (let i = 0; i < ids.length; i++) record[ids[i]!] = values[i]!;
  return { hidden: last.hidden, units: { ids, values, record }, tableUnits: last.tableUnits };
}

function sameMembers<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The Generals a viewer sees: all but those attached to a hidden unit; `last`'s when made from the same. */
function generalsShown(
  state: JcGameState,
  viewer: Viewer,
  hidden: ReadonlySet<UnitId>,
  last: GeneralsShown | undefined,
): GeneralsShown {
  const source = state.generals;
  const tableSource = state.table.generals;
  if (last?.source === source && last.tableSource === tableSource && last.hidden === hidden) return last;
  const generalIds: GeneralId[] = [];
  const generals: GeneralView[] = [];
  const tableGeneralIds: GeneralId[] = [];
  const tableGenerals: GeneralState[] = [];
  for (const g of Object.values(source)) {
    const t = tableSource[g.id];
    if (t?.attachedTo !== undefined && hidden.has(t.attachedTo)) continue;
    generalIds.push(g.id);
    generals.push(generalView(g, viewer === g.side));
    if (t) {
      tableGeneralIds.push(g.id);
      tableGenerals.push(t);
    }
  }
  return {
    source,
    tableSource,
    hidden,
    generals: shown(last?.generals, generalIds, generals),
    tableGenerals: shown(last?.tableGenerals, tableGeneralIds, tableGenerals, tableSource),
  };
}

/** The cards drawn this turn whose units the viewer sees; `last`'s when made from the same. */
function drawnShown(
  state: JcGameState,
  hidden: ReadonlySet<UnitId>,
  last: DrawnShown | undefined,
): DrawnShown {
  const discards = state.movementDeck.discards;
  if (last?.discards === discards && last.hidden === hidden) return last;
  return { discards, hidden, drawn: discards.filter((card) => !hidden.has(card)) };
}

/**
 * The state as `viewer` may see it (see the module comment). Built from the last view made for the
 * viewer: the parts whose sources are unchanged are taken from it (`unitsShown`, `generalsShown`).
 */
export function viewFor(state: JcGameState, viewer: Viewer): JcView {
  let byViewer = lastViews.get(state.scenario);
  if (!byViewer) {
    byViewer = new Map();
    lastViews.set(state.scenario, byViewer);
  }
  const last = byViewer.get(viewer);
  const units = unitsShown(state, viewer, last?.units);
  const hidden = units.hidden;
  const generals = generalsShown(state, viewer, hidden, last?.generals);
  const drawn = drawnShown(state, hidden, last?.drawn);
  byViewer.set(viewer, { units, generals, drawn });
  const tableUnits = units.tableUnits.record;
  const tableGenerals = generals.tableGenerals.record;
  const table =
    tableUnits === state.table.units && tableGenerals === state.table.generals
      ? state.table
      : { ...state.table, units: tableUnits, generals: tableGenerals };
  return {
    viewer,
    format: state.format,
    seq: state.seq,
    scenario: state.scenario,
    turn: state.turn,
    node: nodeView(state.node, hidden),
    table,
    units: units.units.record,
    generals: generals.generals.record,
    movementDeck: { left: state.movementDeck.drawPile.length, drawn: drawn.drawn },
    ...(state.result ? { result: state.result } : {}),
  };
}

function nodeView(node: SequenceNode, hidden: ReadonlySet<UnitId>): SequenceNode {
  if (node.phase === 'activation' && node.activation.kind === 'unit' && hidden.has(node.activation.unit))
    return { phase: 'activation', activation: { ...node.activation, unit: 'hidden' } };
  return node;
}

/** The units an event is about that the state has (in its record of units). */
function unitsOf(state: JcGameState, e: JcEvent): UnitId[] {
  const out: UnitId[] = [];
  if ('unit' in e) addUnit(state, out, e.unit);
  if ('target' in e) addUnit(state, out, e.target);
  if ('charger' in e) addUnit(state, out, e.charger);
  if (e.type === 'card-drawn' || e.type === 'activation-ended') addUnit(state, out, e.card);
  return out;
}

function addUnit(state: JcGameState, out: UnitId[], id: unknown): void {
  if (typeof id === 'string' && state.units[id] !== undefined) out.push(id);
}

/**
 * Narrows each public event to the sides that may see every unit it is about, in the state after the
 * command (a unit moving unseen behind a skirmish screen stays unseen). Events already limited to a
 * side keep their sides.
 */
export function limitEvents(state: JcGameState, events: readonly JcEvent[]): JcEvent[] {
  let spotting: TableSpotting | undefined;
  const out: JcEvent[] = [];
  for (const e of events) {
    const ids = e.visibleTo === 'all' ? unitsOf(state, e) : [];
    if (ids.length === 0) {
      out.push(e);
      continue;
    }
    spotting ??= spottingOf(groundOfState(state)).verdicts;
    const may = sidesSeeing(state, spotting, ids);
    out.push(may.length === state.scenario.sides.length ? e : { ...e, visibleTo: may });
  }
  return out;
}

/** The sides that may see every one of the units `ids` (`visibleWith`). */
function sidesSeeing(state: JcGameState, spotting: TableSpotting, ids: readonly UnitId[]): string[] {
  const may: string[] = [];
  for (const side of state.scenario.sides) {
    let seesAll = true;
    for (let i = 0; seesAll && i < ids.length; i++) seesAll = visibleWith(state, spotting, side, ids[i]!);
    if (seesAll) may.push(side);
  }
  return may;
}

/** What `viewer` may see of an event: all of it, or nothing. */
export function eventFor(event: JcEvent, viewer: Viewer): JcEvent | undefined {
  if (event.visibleTo === 'all') return event;
  if (viewer === 'spectator') return undefined;
  return event.visibleTo.includes(viewer) ? event : undefined;
}

/**
 * What `viewer`'s view must not depend on, altered: the PRNG state, the order of both decks, the other
 * side's face-down counters, forced orders, and the orders its Generals drew and used.
 */
export function scrambleHidden(state: JcGameState, viewer: Viewer): JcGameState {
  const units = { ...state.units };
  for (const u of Object.values(state.units)) {
    if (u.side === viewer) continue;
    units[u.id] = {
      ...u,
      ...(u.counter && !u.counter.revealed
        ? { counter: { ...u.counter, order: u.counter.order === 'hold' ? 'blank' : 'hold' } }
        : {}),
      forcedOrder: { order: 'to-the-rear-march' },
    };
  }
  const generals = { ...state.generals };
  for (const g of Object.values(state.generals))
    if (g.side !== viewer) generals[g.id] = { ...g, orders: 7, ordersUsed: 3 };
  return {
    ...state,
    rng: otherRng(state.rng),
    ordersDeck: { ...state.ordersDeck, drawPile: [...state.ordersDeck.drawPile].reverse() },
    movementDeck: { ...state.movementDeck, drawPile: [...state.movementDeck.drawPile].reverse() },
    units,
    generals,
  };
}

/** Commands that put down, take back or change a face-down counter: only their side may read them. */
const COUNTER_COMMANDS: ReadonlySet<JcCommand['type']> = new Set([
  'place-order',
  'remove-order',
  'respond-to-charge',
]);

/** The units a command names (a General stands for the unit it is attached to, if any). */
function unitsNamed(state: JcGameState, c: JcCommand): string[] {
  const out: string[] = [];
  if ('unit' in c) out.push(c.unit);
  if ('target' in c && c.target !== undefined) out.push(c.target);
  if (c.type === 'respond-to-charge') out.push(...(c.supports ?? []));
  if ('general' in c) {
    const attached = state.table.generals[c.general]?.attachedTo;
    if (attached !== undefined) out.push(attached);
  }
  return out;
}

/**
 * Which sides may read a command `side` gave, in the game's log (judged on the state after it): the sides
 * that can see every unit it names, but a command about a face-down counter only its own side.
 */
export function commandSeenBy(after: JcGameState, side: string, c: JcCommand): 'all' | readonly string[] {
  if (COUNTER_COMMANDS.has(c.type)) return [side];
  const named = unitsNamed(after, c);
  const sides = after.scenario.sides.filter(
    (s) => s === side || named.every((id) => unitVisibleTo(after, s, id)),
  );
  return sides.length === after.scenario.sides.length ? 'all' : sides;
}

/** What another side reads of a command it may not see (the log names the side beside it). */
export function unseenCommandText(_side: string, c: JcCommand): string {
  switch (c.type) {
    case 'place-order':
      return 'places a counter';
    case 'remove-order':
      return 'takes a counter back';
    case 'respond-to-charge':
      return 'answers a charge';
    default:
      return 'acts out of sight';
  }
}
