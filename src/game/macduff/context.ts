import type { DiceSource } from '../../core/random/dice.ts';
import type { Trace } from '../../core/rules/trace.ts';
import type { TableState, UnitStandState } from '../../core/table/model.ts';
import { type EngineOptions, WorkingCopy } from '../engine/working-copy.ts';
import type { ScenarioBasing } from '../scenario/schema.ts';
import type { MdEvent } from './events.ts';
import { layout } from './geometry.ts';
import type { Anchor, MdGameState, MdGeneral, MdNode, MdUnit, PendingMelee } from './state.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The state while one command is applied: a private deep copy, changed in place, then frozen into the result. */
export type WorkState = Mutable<Omit<MdGameState, 'units' | 'generals' | 'melees'>> & {
  units: Record<string, MdUnit>;
  generals: Record<string, MdGeneral>;
  melees: PendingMelee[];
};

/**
 * One command's working state (`WorkingCopy`): dice and shuffles from the state's PRNG, traces, events,
 * and table edits. The records (units, Generals, melees) are the work state's own, copied one level
 * before the command and changed in place; `finish` gives the next state.
 */
export class Ctx extends WorkingCopy<MdGameState, MdEvent> {
  constructor(
    readonly s: WorkState,
    readonly basing: ScenarioBasing,
    options: EngineOptions,
  ) {
    super(s as MdGameState, options, false);
  }

  /** Where the rules' dice come from: the state's PRNG. */
  get source(): DiceSource {
    return this.dice;
  }

  /** The next state: the work state (the copy's base, changed in place), the generator as the command left it. */
  override finish(): MdGameState {
    return super.finish({});
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

  unit(id: string): MdUnit {
    const u = this.s.units[id];
    if (!u) throw new Error(`unknown unit ${id}`);
    return u;
  }

  onTable(id: string): boolean {
    const u = this.s.units[id];
    return u !== undefined && u.offTable === undefined && this.s.table.units[id] !== undefined;
  }

  /** Units still fighting, in scenario order. */
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

  setNode(node: MdNode): void {
    this.s.node = node;
  }
}
