/**
 * A compact structural diff of JSON values, for answers that carry only what changed (docs/web.md, "What
 * changed"): `diffJson(before, after)` is a patch that `applyPatch(before, patch)` turns into a value equal
 * to `after`, keys in the same order. Pure, shared by the server (which diffs) and the browser (which
 * applies). Values are JSON: an `undefined` property counts as absent, as JSON.stringify drops it.
 *
 * A patch is one of:
 * - `[value]`: the new value, whole (a change of kind, a leaf that changed, or an edit no shorter);
 * - `{ o?: { key: patch }, d?: [key], at?: { key: index }, k?: [key] }` on an object: the changed and
 *   added keys' patches (an added key's patch is `[value]`) and the keys deleted. The new key order is
 *   the old one with deleted keys dropped and added keys appended, unless the patch says otherwise: `at`
 *   gives each added key's place in the new order when the kept keys keep theirs (a record of one
 *   shape gaining a field declared before one it has), `k` the whole new order when they do not;
 * - `{ i?: { index: patch }, s?: [start, deleteCount, [inserted]] }` on an array: patches of elements
 *   kept in place (indexes after the splice), then one splice.
 *
 * General JSON Patch (RFC 6902) was measured on the table's views and legal commands: its paths repeat
 * every key, so a turn's end took 10.5 KB where this takes under 3, and its array diff (edit distance)
 * took 12 ms per legal-command list and was often larger than the list.
 */

export type JsonPatch = readonly [unknown] | ObjectPatch | ArrayPatch;

export interface ObjectPatch {
  readonly o?: Readonly<Record<string, JsonPatch>>;
  readonly d?: readonly string[];
  readonly at?: Readonly<Record<string, number>>;
  readonly k?: readonly string[];
}

export interface ArrayPatch {
  readonly i?: Readonly<Record<string, JsonPatch>>;
  readonly s?: readonly [number, number, readonly unknown[]];
}

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of an object that JSON keeps (not those whose value is undefined). */
function keysOf(value: JsonObject): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

/** Whether two JSON values are equal, as their JSON text would be (keys in the same order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = keysOf(a);
  const others = keysOf(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (others[i] !== key || !jsonEqual(a[key], b[key])) return false;
  }
  return true;
}

/** The patch from `before` to `after`; undefined when they are equal. */
export function diffJson(before: unknown, after: unknown): JsonPatch | undefined {
  if (before === after) return undefined;
  const edit =
    isObject(before) && isObject(after)
      ? diffObject(before, after)
      : Array.isArray(before) && Array.isArray(after)
        ? diffArray(before, after)
        : jsonEqual(before, after)
          ? null
          : undefined;
  if (edit === null) return undefined;
  // `[after]` takes two characters more than `after`.
  return edit !== undefined && longerThan(after, JSON.stringify(edit).length - 2) ? edit : [after];
}

/**
 * Whether `value`'s JSON is longer than `limit` characters: counted only as far as needed, so that a
 * large value beside a small edit costs little.
 */
function longerThan(value: unknown, limit: number): boolean {
  let left = limit;
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      left -= 2 + Math.max(0, v.length - 1);
      for (const element of v) if (left < 0 || walk(element === undefined ? null : element)) return true;
      return left < 0;
    }
    if (isObject(v)) {
      left -= 1;
      for (const key of keysOf(v)) {
        left -= JSON.stringify(key).length + 2;
        if (left < 0 || walk(v[key])) return true;
      }
      return left < 0;
    }
    left -= JSON.stringify(v)?.length ?? 4;
    return left < 0;
  };
  return walk(value);
}

/** The edit of an object into another; null when they are equal. */
function diffObject(before: JsonObject, after: JsonObject): ObjectPatch | null {
  const o: Record<string, JsonPatch> = {};
  const d: string[] = [];
  const oldKeys = keysOf(before);
  const newKeys = keysOf(after);
  for (const key of oldKeys) if (after[key] === undefined) d.push(key);
  const added: string[] = [];
  for (const key of newKeys) {
    if (before[key] === undefined) added.push(key);
    const patch = diffJson(before[key], after[key]);
    if (patch !== undefined) put(o, key, patch);
  }
  const kept = oldKeys.filter((key) => after[key] !== undefined);
  const implied = [...kept, ...added];
  const reordered = implied.some((key, i) => newKeys[i] !== key);
  const edited = Object.keys(o).length > 0;
  if (!edited && d.length === 0 && !reordered) return null;
  return {
    ...(Object.keys(o).length > 0 ? { o } : {}),
    ...(d.length > 0 ? { d } : {}),
    ...(reordered ? newOrder(before, kept, newKeys) : {}),
  };
}

/**
 * How a patch gives an object's new key order when it is not the implied one: the places of the added
 * keys when the kept keys are in their old order, else the whole order.
 */
function newOrder(
  before: JsonObject,
  kept: readonly string[],
  newKeys: readonly string[],
): Pick<ObjectPatch, 'at' | 'k'> {
  const at: Record<string, number> = {};
  let next = 0;
  for (let i = 0; i < newKeys.length; i++) {
    const key = newKeys[i]!;
    if (before[key] === undefined) put(at, key, i);
    else if (kept[next++] !== key) return { k: newKeys };
  }
  return { at };
}

/** The edit of an array into another; null when they are equal. */
function diffArray(before: readonly unknown[], after: readonly unknown[]): ArrayPatch | null {
  // The common head and tail stay; what lies between is patched in place when both middles are as long,
  // else spliced.
  let head = 0;
  while (head < before.length && head < after.length && jsonEqual(before[head], after[head])) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    jsonEqual(before[before.length - 1 - tail], after[after.length - 1 - tail])
  )
    tail++;
  const oldEnd = before.length - tail;
  const newEnd = after.length - tail;
  if (head === oldEnd && head === newEnd) return null;
  if (oldEnd - head === newEnd - head) {
    const i: Record<string, JsonPatch> = {};
    for (let at = head; at < newEnd; at++) {
      const patch = diffJson(before[at], after[at]);
      if (patch !== undefined) put(i, String(at), patch);
    }
    return { i };
  }
  return { s: [head, oldEnd - head, after.slice(head, newEnd)] };
}

/** `before` with `patch` applied (a new value; `before` is left as it was). */
export function applyPatch(before: unknown, patch: JsonPatch): unknown {
  if (Array.isArray(patch)) return patch[0];
  if (Array.isArray(before)) {
    const { i = {}, s } = patch as ArrayPatch;
    const out = before.slice();
    for (const [index, element] of Object.entries(i))
      out[Number(index)] = applyPatch(out[Number(index)], element);
    if (s) out.splice(s[0], s[1], ...s[2]);
    return out;
  }
  if (!isObject(before)) throw new Error('a patch of an object or array does not apply to this value');
  const { o = {}, d = [], at, k } = patch as ObjectPatch;
  const out: Record<string, unknown> = {};
  const deleted = new Set(d);
  for (const key of keysOf(before)) if (!deleted.has(key)) put(out, key, before[key]);
  for (const [key, value] of Object.entries(o)) put(out, key, applyPatch(out[key], value));
  const order = k ?? (at ? placed(keysOf(out), at) : undefined);
  if (!order) return out;
  const ordered: Record<string, unknown> = {};
  for (const key of order) put(ordered, key, out[key]);
  return ordered;
}

/** `keys` with the keys of `at` moved to their places, the others keeping their order around them. */
function placed(keys: readonly string[], at: Readonly<Record<string, number>>): string[] {
  const order: (string | undefined)[] = new Array(keys.length).fill(undefined);
  for (const [key, index] of Object.entries(at)) order[index] = key;
  let slot = 0;
  for (const key of keys) {
    if (Object.hasOwn(at, key)) continue;
    while (order[slot] !== undefined) slot++;
    order[slot] = key;
  }
  return order as string[];
}

/** Sets an own property, even one named `__proto__` (as JSON.parse makes it). */
function put<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
