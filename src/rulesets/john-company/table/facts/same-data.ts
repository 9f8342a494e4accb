/**
 * Whether two plain data values are equal, field by field (a unit's state, a General's profile). It
 * makes no list of keys: it runs for every unit whose state is a new object on each table.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const k in ra) {
    if (!(k in rb) || !sameData(ra[k], rb[k])) return false;
    count++;
  }
  for (const _ in rb) count--;
  return count === 0;
}
