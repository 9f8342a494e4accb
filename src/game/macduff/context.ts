import { type Deck, shuffleDeck } from '../../core/random/deck.ts';
import { type DiceSource, PrngDice } from '../../core/random/dice.ts';
import { Prng } from '../../core/random/prng.ts';
import { Trace } from '../../core/rules/trace.ts';
import type { TableState, UnitStandState } from '../../core/table/model.ts';
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

export interface EngineOptions {
  /** Keep procedure traces in events (shells); false for the computer's and tests' fast path. */
  readonly traces: boolean;
}

/** One command's working state: dice from the state's PRNG, events, and table edits. */
export class Ctx {
  readonly events: MdEvent[] = [];
  private dice: PrngDice;

  constructor(
    readonly s: WorkState,
    readonly basing: ScenarioBasing,
    readonly options: EngineOptions,
  ) {
    this.dice = new PrngDice(s.rng);
  }

  get source(): DiceSource {
    return this.dice;
  }

  /** A trace to pass to a procedure, when traces are kept. */
  trace(): Trace | undefined {
    return this.options.traces ? new Trace() : undefined;
  }

  /** The cards shuffled with the state's PRNG, continuing the same stream as the dice. */
  shuffle(deck: Deck): Deck {
    const prng = new Prng(this.dice.state());
    const shuffled = shuffleDeck(deck, prng);
    this.dice = new PrngDice(prng.state());
    return shuffled;
  }

  /** Writes the generator back into the state. */
  close(): void {
    this.s.rng = this.dice.state();
  }

  emit(e: Omit<MdEvent, 'turn' | 'visibleTo'> & { visibleTo?: MdEvent['visibleTo'] }, trace?: Trace): void {
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
