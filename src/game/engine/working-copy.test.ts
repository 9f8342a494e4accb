import { describe, expect, it } from 'vitest';
import { type Deck, newDeck, shuffleDeck } from '../../core/random/deck.ts';
import { PrngDice } from '../../core/random/dice.ts';
import { Prng, type RngState, seedRng } from '../../core/random/prng.ts';
import { d6 } from '../../core/random/rolls.ts';
import { ruleRef } from '../../core/rules/trace.ts';
import { CopyOnWriteRecord, type EngineOptions, WorkingCopy, without } from './working-copy.ts';

interface Soldier {
  readonly id: string;
  readonly strength: number;
}

interface TinyState {
  readonly rng: RngState;
  readonly seq: number;
  readonly turn: number;
  readonly deck: Deck;
  readonly units: Readonly<Record<string, Soldier>>;
}

type TinyEvent = { readonly type: 'hit'; readonly unit: string; readonly faces: readonly number[] };

/** A rule set's working copy in miniature: units in a copy-on-write record. */
class TinyCopy extends WorkingCopy<TinyState, TinyEvent> {
  readonly units: CopyOnWriteRecord<Soldier>;

  constructor(state: TinyState, options: EngineOptions = { traces: true }, recordRolls = true) {
    super(state, options, recordRolls);
    this.units = new CopyOnWriteRecord(state.units);
  }

  /** Throws a die against a unit: it loses a point of strength, and the throw goes into the event. */
  attack(id: string): void {
    const mark = this.mark();
    this.dice.roll(d6, 'attack');
    const unit = this.units.get(id)!;
    this.units.set(id, { ...unit, strength: unit.strength - 1 });
    this.emit({ type: 'hit', unit: id, faces: this.rollsSince(mark).flatMap((r) => r.faces) });
  }

  override finish(): TinyState {
    return super.finish({ units: this.units.record });
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function start(seed = 7): TinyState {
  return deepFreeze({
    rng: seedRng(seed),
    seq: 3,
    turn: 1,
    deck: newDeck(['a', 'b', 'c', 'd', 'e']),
    units: {
      left: { id: 'left', strength: 4 },
      centre: { id: 'centre', strength: 6 },
      right: { id: 'right', strength: 5 },
    },
  });
}

/** One command: six attacks on the centre, then the next turn with the deck shuffled. */
function play(state: TinyState): { copy: TinyCopy; next: TinyState } {
  const copy = new TinyCopy(state);
  for (let i = 0; i < 6; i++) copy.attack('centre');
  copy.set({ turn: state.turn + 1, deck: copy.shuffle(state.deck) });
  return { copy, next: copy.finish() };
}

describe('the working copy of a state', () => {
  it('never changes the state it started from, and shares every record it did not change', () => {
    const state = start();
    const before = structuredClone(state);
    const { next } = play(state); // deep-frozen: a write into it would throw
    expect(state).toEqual(before);
    expect(next.units.centre?.strength).toBe(0);
    expect(next.units).not.toBe(state.units);
    expect(next.units.left).toBe(state.units.left);
    expect(next.units.right).toBe(state.units.right);
    expect(next.seq).toBe(state.seq + 1);
    expect(next.turn).toBe(2);
  });

  it('records every throw of the dice, in the order thrown, for the events', () => {
    const { copy } = play(start());
    const prng = new Prng(seedRng(7));
    const expected = Array.from({ length: 6 }, () => 1 + prng.int(6));
    expect(copy.events.map((e) => e.faces)).toEqual(expected.map((f) => [f]));
    expect(copy.rollsSince(0).map((r) => [r.key, r.value])).toEqual(expected.map((f) => ['attack', f]));
    expect(copy.takeRolls()).toHaveLength(6);
    expect(copy.takeRolls()).toEqual([]);
  });

  it('throws the same dice with or without recording them, and shuffles on the same stream', () => {
    const recorded = new TinyCopy(start(), { traces: false }, true);
    const unrecorded = new TinyCopy(start(), { traces: false }, false);
    for (const copy of [recorded, unrecorded]) for (let i = 0; i < 4; i++) copy.attack('left');
    expect(unrecorded.mark()).toBe(0);
    expect(unrecorded.rngState()).toEqual(recorded.rngState());
    const prng = new Prng(recorded.rngState());
    expect(recorded.shuffle(start().deck)).toEqual(shuffleDeck(start().deck, prng));
    expect(recorded.rngState()).toEqual(prng.state());
    expect(recorded.scratchDice().roll(d6, 'next')).toBe(new PrngDice(prng.state()).roll(d6, 'next'));
    expect(recorded.dice.roll(d6, 'next')).toBe(new PrngDice(prng.state()).roll(d6, 'next'));
  });

  it('gives a next state whose serialization round-trips and plays on the same', () => {
    const { next } = play(start());
    const revived = JSON.parse(JSON.stringify(next)) as TinyState;
    expect(revived).toEqual(next);
    expect(play(revived).next).toEqual(play(next).next);
    expect(play(revived).copy.events).toEqual(play(next).copy.events);
  });

  it('keeps a trace for a procedure only when the game keeps traces', () => {
    expect(new TinyCopy(start(), { traces: true }).trace()).toBeDefined();
    expect(new TinyCopy(start(), { traces: false }).trace()).toBeUndefined();
    const run = new TinyCopy(start()).run((dice, trace) => {
      trace?.add({ rule: ruleRef('test', '1'), label: 'one die' });
      return dice.roll(d6, 'run');
    });
    expect(run.rolls.map((r) => r.value)).toEqual([run.value]);
    expect(run.trace).toHaveLength(1);
  });
});

describe('a copy-on-write record', () => {
  it('copies before its first change, and again after it is shared', () => {
    const base = deepFreeze({ a: 1, b: 2 });
    const record = new CopyOnWriteRecord<number>(base);
    expect(record.changed).toBe(false);
    record.set('a', 10);
    const first = record.record;
    expect(first).not.toBe(base);
    record.set('b', 20);
    expect(record.record).toBe(first);
    const shared = record.share();
    record.set('c', 30);
    expect(shared).toEqual({ a: 10, b: 20 });
    expect(record.record).toEqual({ a: 10, b: 20, c: 30 });
    record.remove('a');
    expect(record.record).toEqual({ b: 20, c: 30 });
    expect(base).toEqual({ a: 1, b: 2 });
    expect(record.changed).toBe(true);
  });
});

describe('a record without some keys', () => {
  const record = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 };

  it('drops every key it has, however many, and keeps the rest in their order', () => {
    const out = without(record, ['b', 'zz', 'c', 'd', 'b', 'f', 'g', 'h']);
    expect(Object.entries(out)).toEqual([
      ['a', 1],
      ['e', 5],
    ]);
    expect(Object.keys(record)).toHaveLength(8);
  });

  it('is the record itself when it has none of the keys', () => {
    expect(without(record, ['zz', 'yy'])).toBe(record);
  });
});
