import { CopyOnWriteRecord, type EngineOptions, WorkingCopy } from '../engine/working-copy.ts';
import type { HfEvent, NewHfEvent } from './events.ts';
import type { HfGameState, HfGeneral, HfUnit } from './state.ts';

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
