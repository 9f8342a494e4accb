import { PrngDice, type RollRecord } from '../../core/random/dice.ts';
import type { HfEvent, NewHfEvent } from './events.ts';
import type { HfGameState, HfGeneral, HfUnit } from './state.ts';

/**
 * The working copy of a state while one command is applied: units replaced (never mutated), dice from
 * the state's PRNG with every throw recorded for the events, and the events so far.
 */
export class Draft {
  readonly units: Record<string, HfUnit>;
  /** The Generals (replaced, never mutated: one may fall, or ride with another unit). */
  generals: HfGeneral[];
  readonly rolls: RollRecord[] = [];
  readonly dice: PrngDice;
  readonly events: HfEvent[] = [];

  constructor(readonly base: HfGameState) {
    this.units = { ...base.units };
    this.generals = [...base.generals];
    this.dice = new PrngDice(base.rng, this.rolls);
  }

  unit(id: string): HfUnit {
    return this.units[id]!;
  }

  update(id: string, changes: Partial<HfUnit>): HfUnit {
    const u = { ...this.units[id]!, ...changes };
    this.units[id] = u;
    return u;
  }

  /** The throws since the last call, for the next event. */
  takeRolls(): { key: string; faces: readonly number[]; value: number }[] {
    const out = this.rolls.map((r) => ({ key: r.key, faces: r.faces, value: r.value }));
    this.rolls.length = 0;
    return out;
  }

  emit(event: NewHfEvent): void {
    const dice = this.takeRolls();
    this.events.push({ ...event, visibleTo: 'all', ...(dice.length ? { dice } : {}) } as HfEvent);
  }

  /** A state with the draft's units, dice and the given changes. */
  finish(changes: Partial<HfGameState>): HfGameState {
    return {
      ...this.base,
      ...changes,
      units: this.units,
      generals: this.generals,
      rng: this.dice.state(),
      seq: this.base.seq + 1,
    };
  }
}
