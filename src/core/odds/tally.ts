import type { OddsView } from '../rules/procedure.ts';
import type { Weighted } from './enumerate.ts';

/** The exact distribution of one odds view, outcomes in first-seen order. */
export interface OddsReport {
  readonly name: string;
  readonly outcomes: readonly Weighted<string | number>[];
}

/** One result's key under every odds view, interned by `OddsTally.keysOf`: add it to the tally many times. */
export type ResultKeys = readonly number[];

/**
 * Probabilities by odds view and key, added path by path. Each view's outcomes come out in the order their
 * keys were first added, each summed in the order its paths were added (floating-point sums depend on that
 * order, and saved outputs on the sums).
 *
 * `add` projects a result under every view; a caller that meets the same keys on many paths interns them
 * once with `keysOf` and adds them with `addKeys`, which gives exactly what `add` would.
 *
 * Every view's keys are interned to slots of one array of sums (this runs once per path per view): small
 * counts and indices (stands lost, a status rank) are found by array index, other keys by a map.
 */
export class OddsTally<R> {
  private readonly smallSlots: number[];
  private readonly slotsByKey: Map<string | number, number>[];
  /** By slot: its key, its sum, and whether anything was added to it yet. */
  private readonly keys: (string | number)[] = [];
  private readonly sums: number[] = [];
  private readonly added: number[] = [];
  /** By view: its slots in the order of their first addition. */
  private readonly order: number[][];

  constructor(private readonly views: readonly OddsView<R>[]) {
    this.smallSlots = new Array<number>(views.length * SMALL_KEYS).fill(-1);
    this.slotsByKey = views.map(() => new Map());
    this.order = views.map(() => []);
  }

  add(result: R, probability: number): void {
    const views = this.views;
    for (let v = 0; v < views.length; v++)
      this.addSlot(v, this.slotOf(v, views[v]!.project(result)), probability);
  }

  keysOf(result: R): ResultKeys {
    const keys: number[] = [];
    for (let v = 0; v < this.views.length; v++) keys.push(this.slotOf(v, this.views[v]!.project(result)));
    return keys;
  }

  addKeys(keys: ResultKeys, probability: number): void {
    for (let v = 0; v < keys.length; v++) this.addSlot(v, keys[v]!, probability);
  }

  reports(): OddsReport[] {
    return this.views.map((view, v) => ({
      name: view.name,
      outcomes: this.order[v]!.map((slot) => {
        const key = this.keys[slot]!;
        return { outcome: view.label ? view.label(key) : key, probability: this.sums[slot]! };
      }),
    }));
  }

  private addSlot(view: number, slot: number, probability: number): void {
    if (this.added[slot] === 0) {
      this.added[slot] = 1;
      this.order[view]!.push(slot);
    }
    this.sums[slot]! += probability;
  }

  private slotOf(view: number, key: string | number): number {
    const small = typeof key === 'number' && key >= 0 && key < SMALL_KEYS && (key | 0) === key;
    let slot = small ? this.smallSlots[view * SMALL_KEYS + key]! : (this.slotsByKey[view]!.get(key) ?? -1);
    if (slot < 0) {
      slot = this.keys.length;
      this.keys.push(key);
      this.sums.push(0);
      this.added.push(0);
      if (small) this.smallSlots[view * SMALL_KEYS + key] = slot;
      else this.slotsByKey[view]!.set(key, slot);
    }
    return slot;
  }
}

const SMALL_KEYS = 64;
