import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diffJson, type JsonPatch, jsonEqual } from './patch.ts';

/** A JSON value as the wire carries it (what JSON.parse(JSON.stringify(v)) gives). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('diffJson and applyPatch', () => {
  it('turn any JSON value into any other, keys in the same order, leaving the old value as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const before = wire(a);
        const copy = JSON.stringify(before);
        const patch = diffJson(before, wire(b));
        const after = patch === undefined ? before : applyPatch(before, wire(patch) as JsonPatch);
        expect(JSON.stringify(after)).toBe(JSON.stringify(wire(b)));
        expect(JSON.stringify(before)).toBe(copy);
      }),
      { numRuns: 2000 },
    );
  });

  it('turn a value into a near copy of it (a few edits deep inside)', () => {
    const edit = fc
      .jsonValue()
      .chain((value) =>
        fc.tuple(fc.constant(wire(value)), fc.array(fc.tuple(fc.nat(), fc.jsonValue()), { maxLength: 4 })),
      );
    fc.assert(
      fc.property(edit, ([before, edits]) => {
        const after = edits.reduce((v, [at, value]) => nudge(v, at, wire(value)), before);
        const patch = diffJson(before, after);
        expect(patch === undefined).toBe(jsonEqual(before, after));
        const applied = patch === undefined ? before : applyPatch(before, patch);
        expect(JSON.stringify(applied)).toBe(JSON.stringify(after));
      }),
      { numRuns: 2000 },
    );
  });

  it('says nothing of equal values (an undefined property is no property)', () => {
    expect(diffJson({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: null }], z: undefined })).toBe(
      undefined,
    );
  });

  it('names only what changed, deep inside', () => {
    const before = { units: { a: { x: 1, y: 2, tags: ['p', 'q'] }, b: { x: 5 } }, turn: 1 };
    const after = { units: { a: { x: 1, y: 3, tags: ['p', 'q'] }, b: { x: 5 } }, turn: 1 };
    expect(diffJson(before, after)).toEqual({ o: { units: { o: { a: { o: { y: [3] } } } } } });
  });

  it('splices a list where its middle changed, and keeps a new key order', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(diffJson(before, ['a', 'b', 'x', 'f', 'g'])).toEqual({ s: [2, 3, ['x']] });
    const long = 'a long value, kept as it is';
    const reordered = diffJson({ a: long, b: long, c: long }, { c: long, a: long, b: long });
    expect(reordered).toEqual({ k: ['c', 'a', 'b'] });
    expect(JSON.stringify(applyPatch({ a: long, b: long, c: long }, reordered!))).toBe(
      JSON.stringify({ c: long, a: long, b: long }),
    );
  });

  it('places added keys where they go when the kept keys keep their order (at), else gives the whole order (k)', () => {
    const long = 'a long value, kept as it is';
    const grown = diffJson({ a: long, c: long, d: long }, { a: long, b: 1, c: long, d: long, e: 2 });
    expect(grown).toEqual({ o: { b: [1], e: [2] }, at: { b: 1, e: 4 } });
    const record = (keys: readonly string[]) =>
      Object.fromEntries(keys.map((key) => [key, `${key}: ${long}`]));
    const objects = fc
      .uniqueArray(fc.string({ maxLength: 3 }), { maxLength: 12 })
      .chain((keys) =>
        fc.tuple(
          fc.constant(keys),
          fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
          fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
        ),
      );
    fc.assert(
      fc.property(objects, ([keys, inBefore, inAfter]) => {
        // Both objects list their keys in one order (a record of one shape), each holding some of them.
        const before = wire(record(keys.filter((_, i) => inBefore[i]))) as Record<string, unknown>;
        const after = wire(record(keys.filter((_, i) => inAfter[i])));
        const patch = diffJson(before, after);
        expect(patch === undefined || !('k' in patch)).toBe(true);
        const applied = patch === undefined ? before : applyPatch(before, wire(patch) as JsonPatch);
        expect(JSON.stringify(applied)).toBe(JSON.stringify(after));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a key named __proto__ as data', () => {
    const after = wire(JSON.parse('{"__proto__":{"x":1},"y":2}'));
    const applied = applyPatch({ y: 2 }, diffJson({ y: 2 }, after)!) as Record<string, unknown>;
    expect(Object.getPrototypeOf(applied)).toBe(Object.prototype);
    expect(JSON.stringify(applied)).toBe(JSON.stringify(after));
  });
});

/** `value` with the `at`-th node (depth first, modulo their count) replaced by `by`. */
function nudge(value: unknown, at: number, by: unknown): unknown {
  let count = 0;
  const nodes = (v: unknown): void => {
    count++;
    if (Array.isArray(v)) v.forEach(nodes);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(nodes);
  };
  nodes(value);
  let n = at % count;
  const walk = (v: unknown): unknown => {
    if (n-- === 0) return by;
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
