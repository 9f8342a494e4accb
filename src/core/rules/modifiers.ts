import type { DiceSource } from '../random/dice.ts';
import { nd6 } from '../random/rolls.ts';
import type { RuleRef, Trace } from './trace.ts';

/**
 * One modifier as the rules list it. `value` is points per occurrence, or a number of d6 added
 * (`{ dice: 1 }`, "+1 Dice") or subtracted (`{ dice: -1 }`, "Shocked").
 */
export interface ModifierDef<Id extends string = string> {
  readonly id: Id;
  readonly rule: RuleRef;
  readonly label: string;
  readonly value: number | { readonly dice: number };
  /** Applies once per occurrence ("−1 each"); otherwise a count above 1 is rejected. */
  readonly perEach?: boolean;
  /** The most occurrences that count ("max −3" is three of −1). */
  readonly maxCount?: number;
}

/** A modifier that applies to this test, with how many times when it counts "each". */
export interface AppliedModifier<Id extends string = string> {
  readonly id: Id;
  readonly count?: number;
}

/** A list of modifiers in the order the rules give them. The order is the order of application. */
export interface ModifierTable<Id extends string = string> {
  readonly id: string;
  readonly title: string;
  readonly source: RuleRef;
  readonly modifiers: readonly ModifierDef<Id>[];
  /** Each modifier's place in `modifiers`, by id. */
  readonly index: ReadonlyMap<string, number>;
}

export function defineModifierTable<const Id extends string>(init: {
  id: string;
  title: string;
  source: RuleRef;
  modifiers: readonly ModifierDef<Id>[];
}): ModifierTable<Id> {
  // A Map, not an object keyed by id: every table's object would have a shape of its own, and the
  // lookups on hot paths (`applyModifiers`), given table after table, would keep meeting new shapes.
  const index = new Map<string, number>();
  init.modifiers.forEach((m, i) => {
    if (index.has(m.id)) throw new Error(`duplicate modifier ${m.id} in ${init.id}`);
    index.set(m.id, i);
  });
  return Object.freeze({ ...init, index });
}

/**
 * The one mechanism by which modifiers reach a total: adds each applied modifier of `table` to `total`
 * in the table's order (dice-valued modifiers throw their dice in that order, so typed-in dice are
 * consumed predictably), recording a trace step per modifier. Applied ids must belong to `table`
 * (validated at the boundary; an unknown id here is a programming error).
 */
export function applyModifiers<Id extends string>(
  table: ModifierTable<Id>,
  applied: readonly AppliedModifier<Id>[],
  total: number,
  dice: DiceSource,
  trace?: Trace,
): number {
  const n = applied.length;
  if (n === 0) return total;
  // Each modifier is looked up once: its place in the table gives both the order and the definition.
  const places = placesOf(table, applied);
  const inOrder = isAscending(places) ? applied : sortByPlaces(applied, places);
  for (let i = 0; i < n; i++) {
    const a = inOrder[i]!;
    const def = table.modifiers[places[i]!]!;
    const count = countOf(def, a);
    if (count === 0) continue;
    const v = def.value;
    let delta: number;
    if (typeof v === 'number') delta = v * count;
    else {
      const n = Math.abs(v.dice) * count;
      delta = Math.sign(v.dice) * dice.roll(nd6(n), def.id);
    }
    total += delta;
    if (trace) {
      // Two literals, not a spread: a step object built in one go (this runs for every traced modifier).
      const label = count > 1 ? `${def.label} (×${count})` : def.label;
      trace.add(
        typeof v === 'number'
          ? { rule: def.rule, label, delta, total }
          : { rule: def.rule, label, delta, total, roll: def.id },
      );
    }
  }
  return total;
}

/**
 * The same modifiers as `applyModifiers` would add, summed without throwing dice: the fixed points, and the
 * net number of d6 to add (negative: subtract) with the key of the one dice-valued modifier that throws them.
 * For hot paths that resolve the same facts many times (a prepared test); the trace comes from
 * `applyModifiers`. Returns `diceKey: undefined` with `dice: 0` when no dice-valued modifier applies; more
 * than one dice-valued modifier in one list is not supported here (use `applyModifiers`).
 */
export function summarizeModifiers<Id extends string>(
  table: ModifierTable<Id>,
  applied: readonly AppliedModifier<Id>[],
): { fixed: number; dice: number; diceKey: Id | undefined } {
  let fixed = 0;
  let dice = 0;
  let diceKey: Id | undefined;
  for (const a of applied) {
    const def = table.modifiers[table.index.get(a.id)!]!;
    const count = countOf(def, a);
    if (count === 0) continue;
    if (typeof def.value === 'number') fixed += def.value * count;
    else {
      if (diceKey !== undefined)
        throw new Error(`${table.id}: more than one dice-valued modifier; use applyModifiers`);
      dice += def.value.dice * count;
      diceKey = def.id;
    }
  }
  return { fixed, dice, diceKey };
}

/** The number of occurrences that count: 1 for a plain modifier, capped by `maxCount`. */
export function countOf(def: ModifierDef, applied: AppliedModifier): number {
  const raw = applied.count ?? 1;
  if (!def.perEach) return raw > 0 ? 1 : 0;
  return def.maxCount === undefined ? raw : Math.min(raw, def.maxCount);
}

/** Each applied modifier's place in `table`; throws on an id the table lacks. */
function placesOf(table: ModifierTable, applied: readonly AppliedModifier[]): number[] {
  const places = new Array<number>(applied.length);
  for (let i = 0; i < applied.length; i++) {
    const id = applied[i]!.id;
    const at = table.index.get(id);
    if (at === undefined) throw new Error(`modifier ${id} is not in ${table.id}`);
    places[i] = at;
  }
  return places;
}

/** Whether the places rise strictly: the modifiers come in the table's order, each once. */
function isAscending(places: readonly number[]): boolean {
  for (let i = 1; i < places.length; i++) if (places[i]! <= places[i - 1]!) return false;
  return true;
}

/**
 * The modifiers in the table's order, sorting `places` (theirs, as `placesOf` gives them) alongside;
 * throws on a modifier listed twice. By insertion: the lists are short.
 */
function sortByPlaces<Id extends string>(
  applied: readonly AppliedModifier<Id>[],
  places: number[],
): AppliedModifier<Id>[] {
  const sorted = applied.slice();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i]!;
    const place = places[i]!;
    let j = i - 1;
    for (; j >= 0 && places[j]! > place; j--) {
      sorted[j + 1] = sorted[j]!;
      places[j + 1] = places[j]!;
    }
    if (j >= 0 && places[j] === place)
      throw new Error(`modifier ${a.id} is listed twice; give a count instead`);
    sorted[j + 1] = a;
    places[j + 1] = place;
  }
  return sorted;
}
