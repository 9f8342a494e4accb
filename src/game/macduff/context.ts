import type { DiceSource } from '../../core/random/dice.ts';
import type { Trace } from '../../core/rules/trace.ts';
import type { TableState, UnitStandState } from '../../core/table/model.ts';
import { CopyOnWriteRecord, type EngineOptions, WorkingCopy } from '../engine/working-copy.ts';
import type { ScenarioBasing } from '../scenario/schema.ts';
import type { MdEvent } from './events.ts';
import { layout } from './geometry.ts';
import type { Anchor, MdGameState, MdGeneral, MdNode, MdUnit, PendingMelee } from './state.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The state while one command is applied: a shallow copy of the state, its fields replaced in place
 * (turn, deck, card, node, table, melees, result). Its units and Generals are the working copy's
 * copy-on-write records (`Ctx.unit`, `Ctx.general`): read them here, take one from the context to
 * change it.
 */
export type WorkState = Mutable<MdGameState>;

/**
 * One command's working state (`WorkingCopy`): dice and shuffles from the state's PRNG, traces, events,
 * and table edits. Units and Generals are kept copy-on-write (`CopyOnWriteRecord`): a unit or General
 * is copied when the command first takes it to change it (`unit`, `general`), and that copy, the
 * command's own, is changed in place until `finish`; the state the command started from never changes
 * and the next state shares every unit and General left alone.
 */
export class Ctx extends WorkingCopy<MdGameState, MdEvent> {
  readonly s: WorkState;
  private readonly units: CopyOnWriteRecord<MdUnit>;
  private readonly generals: CopyOnWriteRecord<MdGeneral>;
  /** The ids of the units and Generals already copied by this command (each is copied once). */
  private readonly ownUnits = new Set<string>();
  private readonly ownGenerals = new Set<string>();

  constructor(
    state: MdGameState,
    readonly basing: ScenarioBasing,
    options: EngineOptions,
  ) {
    const s: WorkState = { ...state };
    super(s, options, false);
    this.s = s;
    this.units = new CopyOnWriteRecord(state.units);
    this.generals = new CopyOnWriteRecord(state.generals);
  }

  /** Where the rules' dice come from: the state's PRNG. */
  get source(): DiceSource {
    return this.dice;
  }

  /** The next state: the work state (the copy's base, changed in place), the generator as the command left it. */
  override finish(): MdGameState {
    return super.finish({});
  }

  /**
   * The unit, as this command's own copy to read and change in place: copied (and put in the state's
   * record of units) the first time the command takes it. Every reference to a unit the command
   * changes must come from here; units read elsewhere (`s.units`, `active`) are not to be changed.
   */
  unit(id: string): MdUnit {
    const u = this.units.get(id);
    if (!u) throw new Error(`unknown unit ${id}`);
    if (this.ownUnits.has(id)) return u;
    const own = { ...u };
    this.units.set(id, own);
    this.ownUnits.add(id);
    this.s.units = this.units.record;
    return own;
  }

  /** The General, as this command's own copy to change in place (as `unit`). */
  general(id: string): MdGeneral {
    const g = this.generals.get(id);
    if (!g) throw new Error(`unknown general ${id}`);
    if (this.ownGenerals.has(id)) return g;
    const own = { ...g };
    this.generals.set(id, own);
    this.ownGenerals.add(id);
    this.s.generals = this.generals.record;
    return own;
  }

  override emit(
    e: Omit<MdEvent, 'turn' | 'visibleTo'> & { visibleTo?: MdEvent['visibleTo'] },
    trace?: Trace,
  ): void {
    this.events.push({
      visibleTo: 'all',
      turn: this.s.turn,
      ...e,
      ...(trace && trace.steps.length > 0 ? { trace: trace.steps } : {}),
    } as MdEvent);
  }

  /** Who may see news of a unit: everyone, or only its own side while it is concealed. */
  seenBy(unit: MdUnit): MdEvent['visibleTo'] {
    return unit.concealed ? [unit.side] : 'all';
  }

  onTable(id: string): boolean {
    const u = this.s.units[id];
    return u !== undefined && u.offTable === undefined && this.s.table.units[id] !== undefined;
  }

  /** Units still fighting, in scenario order (to read: take one with `unit` to change it). */
  active(): MdUnit[] {
    return Object.values(this.s.units).filter((u) => this.onTable(u.id));
  }

  stands(id: string): readonly UnitStandState[] {
    return this.s.table.units[id]?.stands ?? [];
  }

  /** The unit laid out afresh (a new table object, so cached sight is rebuilt); false if the layout fails. */
  place(id: string, formation: MdUnit['formation'], anchor: Anchor): boolean {
    const u = this.unit(id);
    const stands = layout(u, formation, anchor, this.basing);
    if (!stands) return false;
    u.formation = formation;
    u.anchor = anchor;
    this.setStands(id, stands, formation, anchor.facing);
    for (const g of Object.values(this.s.generals))
      if (g.attachedTo === id) this.moveGeneral(g.id, anchor.x, anchor.y);
    return true;
  }

  setStands(id: string, stands: readonly UnitStandState[], formation: string, facing: number): void {
    const u = this.unit(id);
    const table: TableState = this.s.table;
    this.s.table = {
      ...table,
      units: { ...table.units, [id]: { id, side: u.side, formation, facing, stands } },
    };
  }

  moveGeneral(id: string, x: number, y: number): void {
    const g = this.s.table.generals[id];
    if (!g) return;
    this.s.table = {
      ...this.s.table,
      generals: { ...this.s.table.generals, [id]: { ...g, stand: { ...g.stand, x, y } } },
    };
  }

  /** Takes a unit off the table for good. */
  remove(id: string, why: NonNullable<MdUnit['offTable']>): void {
    const u = this.unit(id);
    u.offTable = why;
    const { [id]: _gone, ...units } = this.s.table.units;
    this.s.table = { ...this.s.table, units };
    this.s.melees = this.s.melees.filter((m) => m.attacker !== id && m.defender !== id);
  }

  /** A charge that reached its target, fought at the end of the turn. */
  addMelee(melee: PendingMelee): void {
    this.s.melees = [...this.s.melees, melee];
  }

  setNode(node: MdNode): void {
    this.s.node = node;
  }
}
