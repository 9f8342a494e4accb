import type { Deck } from '../../core/random/deck.ts';
import type { GeneralId, GeneralState, TableState, UnitId, UnitState } from '../../core/table/model.ts';
import type { JcTableFacts } from '../../rulesets/john-company/table/facts/table-facts.ts';
import type { JohnCompanySight } from '../../rulesets/john-company/table/line-of-sight.ts';
import type { MoveContext } from '../../rulesets/john-company/table/movement.ts';
import type { GameResult } from '../engine/game.ts';
import { CopyOnWriteRecord, type EngineOptions, WorkingCopy, without } from '../engine/working-copy.ts';
import { DerivedViews, type SpottingGround } from './caches.ts';
import type { JcEvent } from './events.ts';
import type { PendingStep } from './pending.ts';
import {
  type JcGameState,
  type JcGeneral,
  type JcScenarioFacts,
  type JcUnit,
  type SequenceNode,
  unitRecord,
} from './state.ts';

/** A record's fields to write, whatever their types: a copy being made (the caller vouches for the values). */
type Fields<T> = { -readonly [K in keyof T]?: unknown };

/** Scratch for `changedFields` (read before the next patch, never kept). */
const changedScratch: PropertyKey[] = [];

/**
 * The fields of `patch` whose values differ from `record`'s (objects by identity), in a list that the
 * next call reuses: read it at once, never keep it.
 */
function changedFields<T extends object>(record: T, patch: Partial<T>): readonly (keyof T)[] {
  const out = changedScratch as (keyof T)[];
  out.length = 0;
  for (const k in patch) if (patch[k] !== record[k]) out.push(k);
  return out;
}

/** The engine's options and the prepared ground, for the callers that take them from the draft (apply.ts). */

/**
 * A game state being changed by one command (`WorkingCopy`): copy on write, so the new state shares
 * every unit, General and table part the command did not touch. Every throw of the dice is recorded so
 * each event carries its own. Derived views (facts, sight, move context: `DerivedViews`) are built when
 * first asked for and dropped when the table or the units change.
 */
export class Draft extends WorkingCopy<JcGameState, JcEvent> {
  readonly format: JcGameState['format'];
  readonly scenario: JcScenarioFacts;
  readonly seq: number;
  turn: number;
  node: SequenceNode;
  chargeQueue: readonly UnitId[];
  ordersDeck: Deck;
  movementDeck: Deck;
  result: GameResult | undefined;
  /** Steps scheduled and not yet run (pending.ts): none is left when the draft is finished. */
  readonly pending: PendingStep[] = [];

  private readonly units: CopyOnWriteRecord<JcUnit>;
  private readonly generals: CopyOnWriteRecord<JcGeneral>;
  private readonly baseTable: TableState;
  private readonly baseTurn: number;
  /**
   * The table's records of units and Generals: shared again with each table handed out by `table()`,
   * so that a table (and every cache keyed by it or its records) never changes once seen.
   */
  private readonly tableUnits: CopyOnWriteRecord<UnitState>;
  private readonly tableGenerals: CopyOnWriteRecord<GeneralState>;
  private tableCache: TableState | undefined;
  /** The caches of facts, sight and moves for the records as they are now. */
  private readonly views: DerivedViews;

  constructor(state: JcGameState, options: EngineOptions) {
    super(state, options, true);
    this.format = state.format;
    this.scenario = state.scenario;
    this.seq = state.seq;
    this.turn = state.turn;
    this.node = state.node;
    this.chargeQueue = state.chargeQueue;
    this.ordersDeck = state.ordersDeck;
    this.movementDeck = state.movementDeck;
    this.result = state.result;
    this.units = new CopyOnWriteRecord(state.units);
    this.generals = new CopyOnWriteRecord(state.generals);
    this.baseTable = state.table;
    this.baseTurn = state.turn;
    this.tableCache = state.table;
    this.tableUnits = new CopyOnWriteRecord(state.table.units);
    this.tableGenerals = new CopyOnWriteRecord(state.table.generals);
    this.views = new DerivedViews(this);
  }

  // ---------------------------------------------------------------------------------------------
  // Units and Generals

  unit(id: UnitId): JcUnit {
    const u = this.units.record[id];
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  }

  findUnit(id: UnitId): JcUnit | undefined {
    return this.units.record[id];
  }

  allUnits(): JcUnit[] {
    return Object.values(this.units.record);
  }

  /**
   * Changes some of a unit's fields. A patch that changes no value (objects compared by identity) keeps
   * the record as it is, and only the fields whose values change drop the views that read them. The
   * copy is made by `unitRecord`, then its changed fields written: it keeps the records' one shape
   * (a spread would build it field by field, in a shape of its own).
   */
  patchUnit(id: UnitId, patch: Partial<JcUnit>): JcUnit {
    const before = this.unit(id);
    const changed = changedFields(before, patch);
    if (changed.length === 0) return before;
    const next: Fields<JcUnit> = unitRecord(before);
    for (const k of changed) next[k] = patch[k];
    this.units.writable()[id] = next as JcUnit;
    this.views.unitChanged(id, changed);
    return next as JcUnit;
  }

  /** Adds a unit (a light company sent out) or replaces one whole, every field written (`unitRecord`). */
  setUnit(u: JcUnit): void {
    this.units.writable()[u.id] = unitRecord(u);
    this.views.unitReplaced();
  }

  /** Unsets optional fields: they stay in the record, undefined (its one shape: `unitRecord`). */
  clearUnit(id: UnitId, keys: readonly (keyof JcUnit)[]): JcUnit {
    const u = this.unit(id);
    if (!keys.some((k) => u[k] !== undefined)) return u;
    const copy: Fields<JcUnit> = unitRecord(u);
    for (const k of keys) copy[k] = undefined;
    this.units.writable()[id] = copy as JcUnit;
    this.views.unitChanged(id, keys);
    return copy as JcUnit;
  }

  general(id: GeneralId): JcGeneral {
    const g = this.generals.record[id];
    if (!g) throw new Error(`no General ${id}`);
    return g;
  }

  findGeneral(id: GeneralId): JcGeneral | undefined {
    return this.generals.record[id];
  }

  allGenerals(): JcGeneral[] {
    return Object.values(this.generals.record);
  }

  /** Every unit by id, as they are now (read only; it changes with the draft). */
  unitsById(): Readonly<Record<UnitId, JcUnit>> {
    return this.units.record;
  }

  /** Every General by id, as they are now (read only; it changes with the draft). */
  generalsById(): Readonly<Record<GeneralId, JcGeneral>> {
    return this.generals.record;
  }

  /** Adds a General (a replacement) or replaces one whole. */
  setGeneral(g: JcGeneral): void {
    this.generals.writable()[g.id] = g;
    this.views.generalChanged();
  }

  /** Changes some of a General's fields, as `patchUnit` does a unit's. */
  patchGeneral(id: GeneralId, patch: Partial<JcGeneral>): JcGeneral {
    const before = this.general(id);
    const changed = changedFields(before, patch);
    if (changed.length === 0) return before;
    const next = { ...before, ...patch } as JcGeneral;
    this.generals.writable()[id] = next;
    this.views.generalChanged(changed);
    return next;
  }

  clearGeneral(id: GeneralId, keys: readonly (keyof JcGeneral)[]): void {
    this.generals.writable()[id] = without(this.general(id), keys);
    this.views.generalChanged(keys);
  }

  // ---------------------------------------------------------------------------------------------
  // The table

  table(): TableState {
    if (!this.tableCache) {
      this.tableCache = {
        ...this.baseTable,
        units: this.tableUnits.share(),
        generals: this.tableGenerals.share(),
      };
    }
    return this.tableCache;
  }

  onTable(id: UnitId): boolean {
    return this.tableUnits.record[id] !== undefined;
  }

  tableUnit(id: UnitId): UnitState {
    const u = this.tableUnits.record[id];
    if (!u) throw new Error(`unit ${id} is not on the table`);
    return u;
  }

  findTableUnit(id: UnitId): UnitState | undefined {
    return this.tableUnits.record[id];
  }

  setTableUnit(u: UnitState): void {
    if (!this.tableUnits.record[u.id]) this.views.tableUnitsChanged();
    this.tableUnits.writable()[u.id] = u;
    this.tableChanged();
  }

  removeTableUnit(id: UnitId): void {
    if (!this.tableUnits.record[id]) return;
    this.tableUnits.remove(id);
    this.views.tableUnitsChanged();
    this.tableChanged();
  }

  /** The table's units by id, as they are now (read only; it changes with the draft). */
  tableUnitsById(): Readonly<Record<UnitId, UnitState>> {
    return this.tableUnits.record;
  }

  tableGeneral(id: GeneralId): GeneralState | undefined {
    return this.tableGenerals.record[id];
  }

  setTableGeneral(g: GeneralState): void {
    this.tableGenerals.writable()[g.id] = g;
    this.tableChanged();
  }

  removeTableGeneral(id: GeneralId): void {
    if (!this.tableGenerals.record[id]) return;
    this.tableGenerals.remove(id);
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
  pristine(): boolean {
    return (
      this.turn === this.baseTurn &&
      !this.units.changed &&
      !this.generals.changed &&
      this.tableUnits.record === this.baseTable.units
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

  /** The table of the state this draft started from (for the facts carried from it: caches.ts). */
  startingTable(): TableState {
    return this.baseTable;
  }

  /** The next state, every field named (in the order John Company's states keep them). */
  override finish(): JcGameState {
    if (this.pending.length > 0) throw new Error(`${this.pending.length} pending steps were never run`);
    const state: JcGameState = {
      format: this.format,
      rng: this.rngState(),
      seq: this.seq + 1,
      scenario: this.scenario,
      turn: this.turn,
      node: this.node,
      chargeQueue: this.chargeQueue,
      table: this.table(),
      units: this.units.record,
      generals: this.generals.record,
      ordersDeck: this.ordersDeck,
      movementDeck: this.movementDeck,
      ...(this.result ? { result: this.result } : {}),
    };
    this.views.handOver(state);
    return state;
  }
}
