import { type Deck, shuffleDeck } from '../../core/random/deck.ts';
import { PrngDice, type RollRecord } from '../../core/random/dice.ts';
import { Prng, type RngState } from '../../core/random/prng.ts';
import { Trace, type TraceStep } from '../../core/rules/trace.ts';

/** How a game definition runs: with procedure traces in its events (the default) or without (speed). */
export interface EngineOptions {
  readonly traces: boolean;
}

/** What every rule set's game state holds for the working copy: its generator and its sequence number. */
export interface SeededState {
  readonly rng: RngState;
  readonly seq: number;
}

/** A key no record has: it fills the unused places of `without`'s destructuring. */
const NO_KEY: unique symbol = Symbol('no key');
/** The keys `without` drops in one copy (scratch). */
const dropping: PropertyKey[] = [NO_KEY, NO_KEY, NO_KEY, NO_KEY];

/**
 * `record` without `keys`, as a new object, made by rest destructuring and never by `delete`: in V8 a
 * deleted property turns an object into a slow dictionary, and every later copy of it (each patch of a
 * unit) then costs some hundred times more (and so would building the copy key by key, past a dozen
 * fields). The keys it has are dropped four at a time, so a record loses up to four in one copy.
 */
export function without<T extends object>(record: T, keys: readonly PropertyKey[]): T {
  let out = record as Record<PropertyKey, unknown>;
  let k = 0;
  for (;;) {
    const drop = dropping;
    drop.fill(NO_KEY);
    let found = 0;
    for (; k < keys.length && found < 4; k++) if (keys[k]! in out) drop[found++] = keys[k]!;
    if (found === 0) return out as T;
    const { [drop[0]!]: _a, [drop[1]!]: _b, [drop[2]!]: _c, [drop[3]!]: _d, ...rest } = out;
    out = rest;
  }
}

/**
 * A record of a state by id (units, Generals, ...), copied before its first change, so the state it
 * came from never changes and the next state shares every entry left alone. Its entries are replaced
 * whole, never changed. `share()` hands the record out: the next change copies it again, so a record
 * once handed out (and every cache keyed by it) never changes.
 */
export class CopyOnWriteRecord<T> {
  private own = false;
  private everCopied = false;

  constructor(private current: Readonly<Record<string, T>>) {}

  /** The record as it is now (read only: change it through `set` and `remove`). */
  get record(): Readonly<Record<string, T>> {
    return this.current;
  }

  /** Whether any change was made since the record was taken from the state. */
  get changed(): boolean {
    return this.everCopied;
  }

  get(id: string): T | undefined {
    return this.current[id];
  }

  set(id: string, value: T): void {
    this.writable()[id] = value;
  }

  /**
   * The record to write into, copied first if it is not yet the copy's own. For hot paths: reading
   * `record[id]` and writing `writable()[id]` at the caller keeps each of its property accesses to one
   * kind of record, where `get` and `set`, shared by every record, see them all.
   */
  writable(): Record<string, T> {
    if (!this.own) {
      this.current = { ...this.current };
      this.own = true;
      this.everCopied = true;
    }
    return this.current as Record<string, T>;
  }

  /** Removes an entry (a new record, never a `delete`: see `without`). */
  remove(id: string): void {
    if (this.current[id] === undefined) return;
    this.current = without(this.current, [id]);
    this.own = true;
    this.everCopied = true;
  }

  /** The record, handed out for keeps: a later change copies it first. */
  share(): Readonly<Record<string, T>> {
    this.own = false;
    return this.current;
  }
}

/**
 * A game state being changed by one command, for every rule set: the state it started from is never
 * changed (the rule set keeps its changed records in `CopyOnWriteRecord`s and replaces whole fields with
 * `set`); dice and shuffles come from the state's PRNG, one stream, with every throw of the dice
 * recorded when the rule set asks for it (each event then carries its own); procedures get a trace
 * when the game keeps them; the events so far; and `finish` gives the next state, with the generator
 * as the command left it and the next sequence number.
 */
export class WorkingCopy<S extends SeededState, E> {
  readonly events: E[] = [];
  private current: S;
  private readonly rolls: RollRecord[] | undefined;
  private rollsTaken = 0;
  private diceInUse: PrngDice | undefined;

  /** `recordRolls`: keep every throw for the events (`rollsSince`, `takeRolls`, `run`). */
  constructor(
    base: S,
    readonly options: EngineOptions,
    recordRolls: boolean,
  ) {
    this.current = base;
    this.rolls = recordRolls ? [] : undefined;
  }

  /** The state the copy started from, with the fields `set` replaced. */
  get base(): S {
    return this.current;
  }

  /** Replaces whole fields of the state (those the rule set keeps in no record of its own). */
  set(fields: Partial<S>): void {
    this.current = { ...this.current, ...fields };
  }

  /** The game's dice, from the state's PRNG (made when first thrown, so a command without dice costs nothing). */
  get dice(): PrngDice {
    this.diceInUse ??= new PrngDice(this.current.rng, this.rolls);
    return this.diceInUse;
  }

  /** Dice that throw what the game's would throw next, without throwing them: for trying a move out. */
  scratchDice(): PrngDice {
    return new PrngDice(this.rngState());
  }

  /** Shuffles a deck with the game's PRNG, the same stream as the dice; the order is not recorded. */
  shuffle(deck: Deck): Deck {
    const prng = new Prng(this.rngState());
    const shuffled = shuffleDeck(deck, prng);
    this.diceInUse = new PrngDice(prng.state(), this.rolls);
    return shuffled;
  }

  /** The generator as the throws so far left it. */
  rngState(): RngState {
    return this.diceInUse ? this.diceInUse.state() : this.current.rng;
  }

  /** A trace for a procedure, when the game keeps them. */
  trace(): Trace | undefined {
    return this.options.traces ? new Trace() : undefined;
  }

  /** How many throws were recorded so far, for `rollsSince`. */
  mark(): number {
    return this.rolls?.length ?? 0;
  }

  /** The throws recorded since `mark`. */
  rollsSince(mark: number): RollRecord[] {
    return this.rolls ? this.rolls.slice(mark) : [];
  }

  /** The throws recorded since the last call, for the next event. */
  takeRolls(): RollRecord[] {
    const taken = this.rollsSince(this.rollsTaken);
    this.rollsTaken = this.mark();
    return taken;
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
    const mark = this.mark();
    const trace = this.trace();
    const value = fn(this.dice, trace);
    return { value, rolls: this.rollsSince(mark), trace: trace?.steps };
  }

  emit(event: E): void {
    this.events.push(event);
  }

  /**
   * The next state: the state with the fields `set` replaced and then `records` (the rule set's
   * changed records and fields), the generator as the command left it and the next sequence number.
   * Fields keep the order of the state they came from.
   */
  finish(records: Partial<S>): S {
    return { ...this.current, ...records, rng: this.rngState(), seq: this.current.seq + 1 };
  }
}
