import type { DiceSource } from '../../core/random/dice.ts';
import { CopyOnWriteRecord, type EngineOptions, WorkingCopy } from '../engine/working-copy.ts';
import type { HfEvent, NewHfEvent } from './events.ts';
import type { HfGameState, HfGeneral, HfUnit } from './state.ts';

/** A procedure the engine throws dice for (a `ProcedureDefinition`, or a bare roll in its shape). */
export interface Throw<F, R> {
  resolve(facts: F, dice: DiceSource): R;
  /** As `ProcedureDefinition.prepare`: the dice-free work done once, giving exactly what `resolve` gives. */
  prepare?(facts: F): (dice: DiceSource) => R;
}

/** Honour & Fortitude's events carry the dice thrown for them, but no procedure traces. */
const HF_ENGINE: EngineOptions = { traces: false };

/**
 * The working copy of a state while one command is applied (`WorkingCopy`): units replaced (never
 * mutated) in a copy-on-write record of their own, dice from the state's PRNG with every throw recorded for the
 * events, and the events so far.
 */
export class Draft extends WorkingCopy<HfGameState, HfEvent> {
  private readonly unitRecord: CopyOnWriteRecord<HfUnit>;
  /** The Generals (replaced, never mutated: one may fall, or ride with another unit). */
  generals: HfGeneral[];

  constructor(base: HfGameState) {
    super(base, HF_ENGINE, true);
    this.unitRecord = new CopyOnWriteRecord(base.units);
    this.generals = [...base.generals];
  }

  /** Every unit by id, as it is now (read only: change a unit with `update`). */
  get units(): Readonly<Record<string, HfUnit>> {
    return this.unitRecord.record;
  }

  /**
   * Every unit by id, handed out for keeps (`CopyOnWriteRecord.share`): a record that never changes
   * (the next `update` copies it first), for what keys a cache by its record of units (sight.ts).
   */
  sharedUnits(): Readonly<Record<string, HfUnit>> {
    return this.unitRecord.share();
  }

  unit(id: string): HfUnit {
    return this.unitRecord.get(id)!;
  }

  update(id: string, changes: Partial<HfUnit>): HfUnit {
    const u = { ...this.unitRecord.get(id)!, ...changes };
    this.unitRecord.set(id, u);
    return u;
  }

  /**
   * Throws `procedure`'s dice on `facts` with the game's dice. `classOf` is the caller's contract: it reads
   * nothing of the result but its class (two results of one class lead to the same steps; whatever else
   * a result holds only goes into the record). The odds preview (attack-odds.ts) relies on it to branch
   * once per class of the throw instead of once per face.
   */
  throwFor<F, R>(procedure: Throw<F, R>, facts: F, _classOf: (result: R) => string): R {
    return procedure.resolve(facts, this.dice);
  }

  /** Records an event, with the throws made since the last one. */
  override emit(event: NewHfEvent): void {
    const dice = this.takeRolls().map((r) => ({ key: r.key, faces: r.faces, value: r.value }));
    this.events.push({ ...event, visibleTo: 'all', ...(dice.length ? { dice } : {}) } as HfEvent);
  }

  /** A state with the draft's units, Generals, dice and the given changes. */
  override finish(changes: Partial<HfGameState>): HfGameState {
    return super.finish({ ...changes, units: this.units, generals: this.generals });
  }
}
