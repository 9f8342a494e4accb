import type { Deck } from '../../core/random/deck.ts';
import { shuffleDeck } from '../../core/random/deck.ts';
import { PrngDice, type RollRecord } from '../../core/random/dice.ts';
import { Prng, type RngState } from '../../core/random/prng.ts';
import { Trace, type TraceStep } from '../../core/rules/trace.ts';
import type { GeneralId, GeneralState, TableState, UnitId, UnitState } from '../../core/table/model.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts.ts';
import type { JohnCompanySight } from '../../rulesets/john-company/table/line-of-sight.ts';
import type { MoveContext } from '../../rulesets/john-company/table/movement.ts';
import type { GameResult } from '../engine/game.ts';
import { DerivedViews, type SpottingGround } from './caches.ts';
import type { JcEvent } from './events.ts';
import type { JcGameState, JcGeneral, JcScenarioFacts, JcUnit, SequenceNode } from './state.ts';

/** The prepared ground, for the callers that take it from the draft (apply.ts). */
export { groundOf } from './caches.ts';

/** How a game definition runs: with procedure traces in its events (the default) or without (speed). */
export interface EngineOptions {
  readonly traces: boolean;
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
  /** The caches of facts, sight and moves for the records as they are now. */
  private readonly views: DerivedViews;
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
    this.views = new DerivedViews({
      scenario: this.scenario,
      turn: () => this.turn,
      units: () => this.units,
      generals: () => this.generals,
      tableUnits: () => this.tableUnits,
      table: () => this.table(),
      pristine: () => this.pristine(),
    });
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
    this.views.unitChanged(id, Object.keys(patch) as (keyof JcUnit)[]);
    return next;
  }

  /** Adds a unit (a light company sent out) or replaces one whole. */
  setUnit(u: JcUnit): void {
    if (!this.unitsCopied) {
      this.units = { ...this.units };
      this.unitsCopied = true;
    }
    this.units[u.id] = u;
    this.views.unitReplaced();
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
    this.views.unitChanged(id, keys);
    return this.units[id]!;
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
    this.views.generalChanged();
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
    if (!this.tableUnits[u.id]) this.views.tableUnitsChanged();
    this.ownTableUnits()[u.id] = u;
    this.tableChanged();
  }

  removeTableUnit(id: UnitId): void {
    if (!this.tableUnits[id]) return;
    this.tableUnits = without(this.tableUnits, [id]);
    this.tableUnitsOwn = true;
    this.views.tableUnitsChanged();
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
    this.views.tableChanged();
  }

  // ---------------------------------------------------------------------------------------------
  // Derived views

  /** John Company's facts for the table as it is now. */
  facts(): JcTableFacts {
    return this.views.facts();
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

  /** Line of sight on the table as it is now, town defenders included. */
  sight(): JohnCompanySight {
    return this.views.sight();
  }

  /**
   * What spotting depends on now (view.ts `isSpotted`): the table and its town defenders. The same
   * object until either changes, so the spotting worked out for it is kept.
   */
  spottingGround(): SpottingGround {
    return this.views.spottingGround();
  }

  /** The table ready for `resolveMove`. */
  moveContext(): MoveContext {
    return this.views.moveContext();
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
    return {
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
  }
}
