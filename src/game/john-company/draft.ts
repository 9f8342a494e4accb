import type { Deck } from '../../core/random/deck.ts';
import { shuffleDeck } from '../../core/random/deck.ts';
import { PrngDice, type RollRecord } from '../../core/random/dice.ts';
import { Prng, type RngState } from '../../core/random/prng.ts';
import { Trace, type TraceStep } from '../../core/rules/trace.ts';
import type {
  GeneralId,
  GeneralState,
  TableState,
  TerrainFeature,
  UnitId,
  UnitState,
} from '../../core/table/model.ts';
import { JcTableFacts } from '../../rulesets/john-company/table/facts.ts';
import { JohnCompanySight } from '../../rulesets/john-company/table/line-of-sight.ts';
import type { MoveContext, UnitFacts } from '../../rulesets/john-company/table/movement.ts';
import { type Ground, prepareGround } from '../../rulesets/john-company/table/movement-terrain.ts';
import type { JcForces } from '../../rulesets/john-company/table/unit-profile.ts';
import type { GameResult } from '../engine/game.ts';
import type { JcEvent } from './events.ts';
import { forcesOf, unitFactsState } from './forces.ts';
import type { JcGameState, JcGeneral, JcScenarioFacts, JcUnit, SequenceNode } from './state.ts';

/** How a game definition runs: with procedure traces in its events (the default) or without (speed). */
export interface EngineOptions {
  readonly traces: boolean;
}

/** Unit fields the table's facts never read (changing them keeps the facts). */
const FACTS_IGNORE: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>([
  'activated',
  'counter',
  'test',
  'pending',
  'eventsDue',
  'nextMoveInches',
  'fireHalved',
  'aimed',
  'forcedOrder',
  'withoutOrdersNextTest',
  'lastOrder',
  'colours',
  'unitCommanderWounded',
  'quitting',
  'looting',
  'charge',
  'pursuing',
  'changedOrder',
  'friendsFallingBackSeen',
  'friendsRoutingSeen',
  'adjustments',
]);

/** Unit fields that change the unit's profile in the forces (not only its state). */
const FORCES_REBUILD: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>(['profile', 'commander']);

/** Forces built for a turn. */
interface KnownForces {
  readonly forces: JcForces;
  readonly turn: number;
}

/** A state's forces, with the records (never changed once shared) and the turn they were built from. */
interface StateForces extends KnownForces {
  readonly generals: Readonly<Record<GeneralId, JcGeneral>>;
  readonly tableUnits: TableState['units'];
}

/** The forces of states, by their record of units. */
const stateForces = new WeakMap<Readonly<Record<UnitId, JcUnit>>, StateForces>();

/** Unit fields that decide whether a unit defends its town (`townDefendersOf`). */
const DEFENDERS_NEED: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>(['order', 'continuing']);

/**
 * The facts of states' own tables, by table, with the forces they were built on: every draft of a state
 * asks the same questions of the same facts until it changes something (the forces of a state are one
 * object while its records and turn are unchanged, so they tell whether the facts still hold).
 */
const stateFacts = new WeakMap<TableState, { readonly forces: JcForces; readonly facts: JcTableFacts }>();

/** Unit fields the move context reads. */
const MOVES_NEED: ReadonlySet<keyof JcUnit> = new Set<keyof JcUnit>([
  'order',
  'mandatoryMove',
  'routing',
  'profile',
]);

const groundCache = new WeakMap<Readonly<Record<string, TerrainFeature>>, Ground>();
const sightCache = new WeakMap<TableState['units'], Map<string, JohnCompanySight>>();

/** The table's prepared ground for moves: built once per terrain (it never changes during a battle). */
export function groundOf(table: TableState): Ground {
  let g = groundCache.get(table.terrain);
  if (!g) {
    g = prepareGround(table);
    groundCache.set(table.terrain, g);
  }
  return g;
}

/** The table and the town defenders (`townDefendersOf`) that spotting depends on (view.ts `isSpotted`). */
export interface SpottingGround {
  readonly table: TableState;
  readonly townDefenders: readonly UnitId[];
}

/**
 * The units on the table that defend the town they may be in, for line of sight (Part 4, Line Of Sight
 * D, "Units defending a town/village are visible to any unit with a clear line of sight to the town"):
 * those on Hold, Part 4's Defend orders (their order this turn once shown, else a continuing Hold).
 */
export function townDefendersOf(units: Readonly<Record<UnitId, JcUnit>>, table: TableState): UnitId[] {
  const out: UnitId[] = [];
  for (const id of Object.keys(table.units)) {
    const u = units[id];
    if (u && (u.order ?? u.continuing?.order) === 'hold') out.push(id);
  }
  return out;
}

/**
 * Line of sight between the units of a table, built once per set of unit states and town defenders
 * (states share unchanged tables and unit records). Generals are no part of it: their stands never
 * block a sight line, so a table that differs only in where the Generals are has the same sight between
 * its units.
 */
export function sightOf(table: TableState, townDefenders: readonly UnitId[]): JohnCompanySight {
  let byDefenders = sightCache.get(table.units);
  if (!byDefenders) {
    byDefenders = new Map();
    sightCache.set(table.units, byDefenders);
  }
  const key = townDefenders.join('\n');
  let s = byDefenders.get(key);
  if (!s) {
    s = new JohnCompanySight(table, { townDefenders });
    byDefenders.set(key, s);
  }
  return s;
}

/**
 * `record` without `keys`, as a new object, made by rest destructuring and never by `delete`: in V8 a
 * deleted property turns an object into a slow dictionary, and every later copy of it (each patch of a
 * unit) then costs some hundred times more.
 */
function without<T extends object>(record: T, keys: readonly PropertyKey[]): T {
  let out = record as Record<PropertyKey, unknown>;
  for (const key of keys) {
    if (!(key in out)) continue;
    const { [key]: _dropped, ...rest } = out;
    out = rest;
  }
  return out as T;
}

/**
 * A game state being changed by one command: copy on write, so the new state shares every unit,
 * General and table part the command did not touch. Dice come from one `PrngDice` over the state's
 * PRNG, recording every throw so each event carries its own. Derived views (facts, sight, move
 * context) are built when first asked for and dropped when the table or the units change.
 */
export class Draft {
  readonly options: EngineOptions;
  readonly format: JcGameState['format'];
  readonly scenario: JcScenarioFacts;
  readonly seq: number;
  turn: number;
  node: SequenceNode;
  chargeQueue: readonly UnitId[];
  ordersDeck: Deck;
  movementDeck: Deck;
  result: GameResult | undefined;
  readonly events: JcEvent[] = [];

  private units: Record<UnitId, JcUnit>;
  private unitsCopied = false;
  private generals: Record<GeneralId, JcGeneral>;
  private generalsCopied = false;
  private readonly baseTable: TableState;
  private readonly baseTurn: number;
  /**
   * The table's records of units and Generals: copied before the first change, and again after each
   * table handed out by `table()`, so that a table (and every cache keyed by it or its records) never
   * changes once seen.
   */
  private tableUnits: Record<UnitId, UnitState>;
  private tableUnitsOwn = false;
  private tableGenerals: Record<GeneralId, GeneralState>;
  private tableGeneralsOwn = false;
  private tableCache: TableState | undefined;
  private factsCache: JcTableFacts | undefined;
  /** The last facts this draft held (they may no longer hold): new facts carry what they can from them. */
  private factsBefore: JcTableFacts | undefined;
  private forcesCache: KnownForces | undefined;
  private groundCache: SpottingGround | undefined;
  /** Units whose facts-state changed since `forcesCache` was built, or all of them. */
  private forcesStale: Set<UnitId> | 'all' = new Set();
  private moveCache: MoveContext | undefined;
  private readonly rolls: RollRecord[] = [];
  private readonly rng: RngState;
  private diceInUse: PrngDice | undefined;

  constructor(state: JcGameState, options: EngineOptions) {
    this.options = options;
    this.format = state.format;
    this.scenario = state.scenario;
    this.seq = state.seq;
    this.turn = state.turn;
    this.node = state.node;
    this.chargeQueue = state.chargeQueue;
    this.ordersDeck = state.ordersDeck;
    this.movementDeck = state.movementDeck;
    this.result = state.result;
    this.units = state.units as Record<UnitId, JcUnit>;
    this.generals = state.generals as Record<GeneralId, JcGeneral>;
    this.baseTable = state.table;
    this.baseTurn = state.turn;
    this.tableCache = state.table;
    this.tableUnits = state.table.units as Record<UnitId, UnitState>;
    this.tableGenerals = state.table.generals as Record<GeneralId, GeneralState>;
    this.rng = state.rng;
  }

  /** The game's dice, from the state's PRNG (made when first thrown, so a command without dice costs nothing). */
  get dice(): PrngDice {
    this.diceInUse ??= new PrngDice(this.rng, this.rolls);
    return this.diceInUse;
  }

  /** Dice that throw what the game's would throw next, without throwing them: for trying a move out. */
  scratchDice(): PrngDice {
    return new PrngDice(this.diceInUse ? this.diceInUse.state() : this.rng);
  }

  // ---------------------------------------------------------------------------------------------
  // Units and Generals

  unit(id: UnitId): JcUnit {
    const u = this.units[id];
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  }

  findUnit(id: UnitId): JcUnit | undefined {
    return this.units[id];
  }

  allUnits(): JcUnit[] {
    return Object.values(this.units);
  }

  patchUnit(id: UnitId, patch: Partial<JcUnit>): JcUnit {
    if (!this.unitsCopied) {
      this.units = { ...this.units };
      this.unitsCopied = true;
    }
    const next = { ...this.unit(id), ...patch } as JcUnit;
    this.units[id] = next;
    this.invalidate(id, Object.keys(patch) as (keyof JcUnit)[]);
    return next;
  }

  /** Adds a unit (a light company sent out) or replaces one whole. */
  setUnit(u: JcUnit): void {
    if (!this.unitsCopied) {
      this.units = { ...this.units };
      this.unitsCopied = true;
    }
    this.units[u.id] = u;
    this.factsCache = undefined;
    this.forcesStale = 'all';
    this.moveCache = undefined;
    this.groundCache = undefined;
  }

  /** Removes optional fields (exactOptionalPropertyTypes forbids setting them to undefined). */
  clearUnit(id: UnitId, keys: readonly (keyof JcUnit)[]): JcUnit {
    const u = this.unit(id);
    if (!keys.some((k) => k in u)) return u;
    const copy = without(u, keys);
    if (!this.unitsCopied) {
      this.units = { ...this.units };
      this.unitsCopied = true;
    }
    this.units[id] = copy;
    this.invalidate(id, keys);
    return this.units[id]!;
  }

  /** Drops the derived views that depend on the unit fields changed. */
  private invalidate(id: UnitId, keys: readonly (keyof JcUnit)[]): void {
    if (keys.some((k) => !FACTS_IGNORE.has(k))) {
      this.factsCache = undefined;
      if (keys.some((k) => FORCES_REBUILD.has(k))) this.forcesStale = 'all';
      else if (this.forcesStale !== 'all') this.forcesStale.add(id);
    }
    if (keys.some((k) => MOVES_NEED.has(k))) this.moveCache = undefined;
    if (keys.some((k) => DEFENDERS_NEED.has(k))) this.groundCache = undefined;
  }

  general(id: GeneralId): JcGeneral {
    const g = this.generals[id];
    if (!g) throw new Error(`no General ${id}`);
    return g;
  }

  findGeneral(id: GeneralId): JcGeneral | undefined {
    return this.generals[id];
  }

  allGenerals(): JcGeneral[] {
    return Object.values(this.generals);
  }

  /** Every General by id, as they are now (read only; it changes with the draft). */
  generalsById(): Readonly<Record<GeneralId, JcGeneral>> {
    return this.generals;
  }

  setGeneral(g: JcGeneral): void {
    if (!this.generalsCopied) {
      this.generals = { ...this.generals };
      this.generalsCopied = true;
    }
    this.generals[g.id] = g;
    this.factsCache = undefined;
    this.forcesStale = 'all';
  }

  patchGeneral(id: GeneralId, patch: Partial<JcGeneral>): JcGeneral {
    const next = { ...this.general(id), ...patch } as JcGeneral;
    this.setGeneral(next);
    return next;
  }

  clearGeneral(id: GeneralId, keys: readonly (keyof JcGeneral)[]): void {
    this.setGeneral(without(this.general(id), keys));
  }

  // ---------------------------------------------------------------------------------------------
  // The table

  table(): TableState {
    if (!this.tableCache) {
      this.tableCache = { ...this.baseTable, units: this.tableUnits, generals: this.tableGenerals };
      this.tableUnitsOwn = false;
      this.tableGeneralsOwn = false;
    }
    return this.tableCache;
  }

  onTable(id: UnitId): boolean {
    return this.tableUnits[id] !== undefined;
  }

  tableUnit(id: UnitId): UnitState {
    const u = this.tableUnits[id];
    if (!u) throw new Error(`unit ${id} is not on the table`);
    return u;
  }

  findTableUnit(id: UnitId): UnitState | undefined {
    return this.tableUnits[id];
  }

  setTableUnit(u: UnitState): void {
    if (!this.tableUnits[u.id]) this.forcesStale = 'all';
    this.ownTableUnits()[u.id] = u;
    this.tableChanged();
  }

  removeTableUnit(id: UnitId): void {
    if (!this.tableUnits[id]) return;
    this.tableUnits = without(this.tableUnits, [id]);
    this.tableUnitsOwn = true;
    this.forcesStale = 'all';
    this.tableChanged();
  }

  private ownTableUnits(): Record<UnitId, UnitState> {
    if (!this.tableUnitsOwn) {
      this.tableUnits = { ...this.tableUnits };
      this.tableUnitsOwn = true;
    }
    return this.tableUnits;
  }

  private ownTableGenerals(): Record<GeneralId, GeneralState> {
    if (!this.tableGeneralsOwn) {
      this.tableGenerals = { ...this.tableGenerals };
      this.tableGeneralsOwn = true;
    }
    return this.tableGenerals;
  }

  tableGeneral(id: GeneralId): GeneralState | undefined {
    return this.tableGenerals[id];
  }

  setTableGeneral(g: GeneralState): void {
    this.ownTableGenerals()[g.id] = g;
    this.tableChanged();
  }

  removeTableGeneral(id: GeneralId): void {
    if (!this.tableGenerals[id]) return;
    this.tableGenerals = without(this.tableGenerals, [id]);
    this.tableGeneralsOwn = true;
    this.tableChanged();
  }

  private tableChanged(): void {
    this.tableCache = undefined;
    this.factsCache = undefined;
    this.moveCache = undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Derived views

  /** John Company's facts for the table as it is now. */
  facts(): JcTableFacts {
    if (!this.factsCache) {
      const ground = this.spottingGround();
      const forces = this.forces();
      const known = stateFacts.get(ground.table);
      if (known?.forces === forces) this.factsCache = known.facts;
      else {
        this.factsCache = new JcTableFacts(
          ground.table,
          forces,
          { sight: () => sightOf(ground.table, ground.townDefenders) },
          this.factsBefore ?? stateFacts.get(this.baseTable)?.facts,
        );
        if (this.pristine()) stateFacts.set(ground.table, { forces, facts: this.factsCache });
      }
      this.factsBefore = this.factsCache;
    }
    return this.factsCache;
  }

  /**
   * The forces as they are now: the last ones built, with the states of the units changed since then
   * brought up to date, or built anew after a change to profiles, Generals, the turn or the units on
   * the table. A state's own forces are kept with it for every draft of that state.
   */
  private forces(): JcForces {
    const known = this.forcesCache ?? this.stateForces();
    let forces: JcForces;
    if (known && known.turn === this.turn && this.forcesStale !== 'all') {
      if (this.forcesStale.size === 0) return known.forces;
      const states = { ...known.forces.states };
      for (const id of this.forcesStale) {
        const u = this.units[id];
        if (u && this.tableUnits[id]) states[id] = unitFactsState(u, this.turn);
      }
      forces = { ...known.forces, states };
    } else {
      forces = forcesOf(
        { units: this.units, generals: this.generals, turn: this.turn, scenario: this.scenario },
        (id) => this.tableUnits[id] !== undefined,
      );
    }
    this.forcesCache = { forces, turn: this.turn };
    this.forcesStale = new Set();
    if (this.pristine())
      stateForces.set(this.units, {
        ...this.forcesCache,
        generals: this.generals,
        tableUnits: this.tableUnits,
      });
    return forces;
  }

  /** Whether the turn, units, Generals and table units are still the state's own (nothing changed). */
  private pristine(): boolean {
    return (
      this.turn === this.baseTurn &&
      !this.unitsCopied &&
      !this.generalsCopied &&
      this.tableUnits === this.baseTable.units
    );
  }

  /** The forces already built for the state this draft started from, while nothing has changed. */
  private stateForces(): KnownForces | undefined {
    if (!this.pristine()) return undefined;
    const known = stateForces.get(this.units);
    return known?.generals === this.generals && known.tableUnits === this.tableUnits ? known : undefined;
  }

  /** Line of sight on the table as it is now, town defenders included. */
  sight(): JohnCompanySight {
    const ground = this.spottingGround();
    return sightOf(ground.table, ground.townDefenders);
  }

  /**
   * What spotting depends on now (view.ts `isSpotted`): the table and its town defenders. The same
   * object until either changes, so the spotting worked out for it is kept.
   */
  spottingGround(): SpottingGround {
    const table = this.table();
    if (this.groundCache?.table !== table)
      this.groundCache = { table, townDefenders: townDefendersOf(this.units, table) };
    return this.groundCache;
  }

  /** The table ready for `resolveMove`. */
  moveContext(): MoveContext {
    if (!this.moveCache) {
      const table = this.table();
      const units: Record<UnitId, UnitFacts> = {};
      for (const id of Object.keys(this.tableUnits)) {
        const u = this.units[id];
        if (!u) continue;
        const onMandatoryMove = u.mandatoryMove !== undefined || u.routing;
        const facts: UnitFacts = {
          troop: u.profile.troop,
          ...(u.order !== undefined ? { order: u.order } : {}),
          ...(onMandatoryMove ? { onMandatoryMove } : {}),
        };
        units[id] = facts;
      }
      this.moveCache = { table, ground: groundOf(table), units };
    }
    return this.moveCache;
  }

  // ---------------------------------------------------------------------------------------------
  // Dice, procedures and events

  /** A trace for a procedure, when the game keeps them. */
  trace(): Trace | undefined {
    return this.options.traces ? new Trace() : undefined;
  }

  /** The rolls thrown since `mark` (see `mark()`). */
  rollsSince(mark: number): RollRecord[] {
    return this.rolls.slice(mark);
  }

  mark(): number {
    return this.rolls.length;
  }

  /**
   * Runs a procedure with the game's dice and, when kept, a trace: the value, the rolls it threw and
   * its trace steps, ready for an event.
   */
  run<T>(fn: (dice: PrngDice, trace: Trace | undefined) => T): {
    value: T;
    rolls: RollRecord[];
    trace: TraceStep[] | undefined;
  } {
    const mark = this.rolls.length;
    const trace = this.trace();
    const value = fn(this.dice, trace);
    return { value, rolls: this.rolls.slice(mark), trace: trace?.steps };
  }

  /** Shuffles a deck with the game's PRNG; the throws are not recorded (they would show the order). */
  shuffle(deck: Deck): Deck {
    const prng = new Prng(this.dice.state());
    const shuffled = shuffleDeck(deck, prng);
    this.diceInUse = new PrngDice(prng.state(), this.rolls);
    return shuffled;
  }

  emit(event: JcEvent): void {
    this.events.push(event);
  }

  // ---------------------------------------------------------------------------------------------

  finish(): JcGameState {
    const state: JcGameState = {
      format: this.format,
      rng: this.diceInUse ? this.diceInUse.state() : this.rng,
      seq: this.seq + 1,
      scenario: this.scenario,
      turn: this.turn,
      node: this.node,
      chargeQueue: this.chargeQueue,
      table: this.table(),
      units: this.units,
      generals: this.generals,
      ordersDeck: this.ordersDeck,
      movementDeck: this.movementDeck,
      ...(this.result ? { result: this.result } : {}),
    };
    this.handOver(state);
    return state;
  }

  /**
   * Hands the forces and table facts this draft holds to the state it produced, under that state's
   * records (docs/ARCHITECTURE.md, Facts carried from one state to the next), when they still describe
   * it: the forces built for this turn with no unit changed since, the facts built on those forces over
   * this very table. The next draft of that state (the next command, `legalCommands`) then starts from
   * them instead of building them again.
   */
  private handOver(state: JcGameState): void {
    const known = this.forcesCache;
    if (!known || known.turn !== this.turn) return;
    if (this.forcesStale === 'all' || this.forcesStale.size > 0) return;
    stateForces.set(state.units, { ...known, generals: state.generals, tableUnits: state.table.units });
    const facts = this.factsCache;
    if (facts && facts.forces === known.forces && facts.table === state.table)
      stateFacts.set(state.table, { forces: known.forces, facts });
  }
}
