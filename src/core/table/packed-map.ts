/**
 * `fn` of each element of `xs`, in an array filled by `push`, so that it is packed. An optimised
 * `Array.prototype.map` returns a holey array where the unoptimised one returns a packed one: a list
 * made by `map` changes shape when the function making it is optimised, and the code reading such
 * lists (a unit's stands, a pose's stand corners) is thrown away ("wrong map") and compiled again.
 */
export function packedMap<S, T>(xs: readonly S[], fn: (x: S) => T): T[] {
  const out: T[] = [];
  for (let i = 0; i < xs.length; i++) out.push(fn(xs[i]!));
  return out;
}
