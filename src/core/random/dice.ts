import { Prng, type RngState } from './prng.ts';
import type { RollSpec } from './rolls.ts';

/**
 * Where a procedure's dice come from. Every procedure takes one and calls `roll` in the order the
 * rules throw the dice; it sees only the combined value (see `RollSpec`).
 *
 * `key` names the roll in the procedure (e.g. 'randomFactor', 'withoutOrders'), so typed-in dice can
 * be given by name and the record says what each throw was for.
 */
export interface DiceSource {
  roll(spec: RollSpec, key: string): number;
}

/** One throw, as recorded in a trace or the game's event log. */
export interface RollRecord {
  readonly key: string;
  readonly roll: string;
  readonly label: string;
  readonly faces: readonly number[];
  readonly value: number;
  /** The value in words, when the roll packs several counts into it (`RollSpec.reads`). */
  readonly reads?: string;
  readonly source: 'prng' | 'supplied';
}

/** Dice drawn from the seeded PRNG. With `record`, every throw is appended to it. */
export class PrngDice implements DiceSource {
  private readonly prng: Prng;
  private readonly scratch: number[] = [];

  constructor(
    state: RngState,
    private readonly record?: RollRecord[],
  ) {
    this.prng = new Prng(state);
  }

  roll(spec: RollSpec, key: string): number {
    if (this.record === undefined && spec.draw !== undefined) return spec.draw(this.prng);
    const dice = spec.dice;
    const faces = this.scratch;
    if (faces.length !== dice.length) faces.length = dice.length;
    for (let i = 0; i < dice.length; i++) {
      const die = dice[i]!;
      faces[i] = die.faces
        ? die.faces[this.prng.int(die.faces.length)]!
        : die.min + this.prng.int(die.max - die.min + 1);
    }
    const value = spec.combine(faces);
    this.record?.push({
      key,
      roll: spec.id,
      label: spec.label,
      faces: faces.slice(),
      value,
      ...(spec.reads ? { reads: spec.reads(value) } : {}),
      source: 'prng',
    });
    return value;
  }

  /** The generator's state after the throws so far, to write back into the game state. */
  state(): RngState {
    return this.prng.state();
  }
}

/** Thrown when typed-in dice do not fit what the procedure needs. The message says what was expected. */
export class DiceInputError extends Error {
  override readonly name = 'DiceInputError';
}

/**
 * Dice typed in by a referee who rolled real dice. Faces are given either as one ordered list (in the
 * order the procedure throws them) or by roll key (each key a list, consumed in order when the same
 * roll is thrown several times). The same faces give exactly the result the PRNG would give had it
 * thrown them.
 *
 * When the typed-in faces run out, the `fallback` source (if any) throws the rest; otherwise the
 * procedure stops with a `DiceInputError` naming the die it needed. Call `assertAllUsed()` after the
 * procedure to reject surplus faces.
 */
export class SuppliedDice implements DiceSource {
  private readonly ordered: number[] | undefined;
  private readonly byKey: Map<string, number[]> | undefined;
  private readonly scratch: number[] = [];

  constructor(
    faces: readonly number[] | Readonly<Record<string, readonly number[]>>,
    private readonly record?: RollRecord[],
    private readonly fallback?: DiceSource,
  ) {
    if (Array.isArray(faces)) this.ordered = [...(faces as readonly number[])];
    else this.byKey = new Map(Object.entries(faces).map(([k, v]) => [k, [...v]]));
  }

  roll(spec: RollSpec, key: string): number {
    const queue = this.ordered ?? this.byKey?.get(key);
    if (!queue || queue.length === 0) {
      if (this.fallback) return this.fallback.roll(spec, key);
      throw new DiceInputError(
        `not enough dice: the ${spec.label} for "${key}" needs ${describeDice(spec)}, but no typed-in dice were left` +
          (this.ordered ? '' : ` under "${key}"`),
      );
    }
    if (queue.length < spec.dice.length) {
      throw new DiceInputError(
        `not enough dice: the ${spec.label} for "${key}" needs ${describeDice(spec)}, but only ${queue.length} ${queue.length === 1 ? 'was' : 'were'} left (${queue.join(', ')})`,
      );
    }
    const faces = this.scratch;
    faces.length = spec.dice.length;
    for (let i = 0; i < spec.dice.length; i++) {
      const die = spec.dice[i]!;
      const face = queue.shift()!;
      const fits = die.faces
        ? die.faces.includes(face)
        : Number.isInteger(face) && face >= die.min && face <= die.max;
      if (!fits) {
        const showing = die.faces ? [...new Set(die.faces)].join(', ') : `${die.min}-${die.max}`;
        throw new DiceInputError(
          `die out of range: the ${spec.label} for "${key}" needs a ${die.name} showing ${showing}, but got ${face}`,
        );
      }
      faces[i] = face;
    }
    const value = spec.combine(faces);
    this.record?.push({
      key,
      roll: spec.id,
      label: spec.label,
      faces: faces.slice(),
      value,
      ...(spec.reads ? { reads: spec.reads(value) } : {}),
      source: 'supplied',
    });
    return value;
  }

  /** Rejects typed-in faces that the procedure did not use. */
  assertAllUsed(): void {
    const left = this.ordered
      ? this.ordered.length
        ? [`${this.ordered.join(', ')}`]
        : []
      : [...(this.byKey?.entries() ?? [])]
          .filter(([, v]) => v.length > 0)
          .map(([k, v]) => `${k}: ${v.join(', ')}`);
    if (left.length > 0) {
      throw new DiceInputError(
        `too many dice: these typed-in dice were not needed by the procedure: ${left.join('; ')}`,
      );
    }
  }
}

function describeDice(spec: RollSpec): string {
  const n = spec.dice.length;
  return n === 1 ? `1 die (${spec.dice[0]!.name})` : `${n} dice (${spec.dice.map((d) => d.name).join(', ')})`;
}
