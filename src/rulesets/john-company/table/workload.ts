import { Prng, seedRng } from '../../../core/random/prng.ts';
import { generateTable } from '../../../core/table/fixtures.ts';
import { JohnCompanySight } from './line-of-sight.ts';

/**
 * A batch of line-of-sight queries for `npm run bench`: `run()` traces every line afresh
 * (`traceIndex`: the sight's memo is neither read nor filled, so asking the same pairs again measures
 * tracing, not the memo) and counts the visible.
 */
export interface SightWorkload {
  readonly sight: JohnCompanySight;
  readonly queries: number;
  run(): number;
}

/**
 * The benchmark table (`generateTable(seed)`: 60 units, 6 generals, 40 features; a third of the units
 * defending towns) and `queries` stand pairs drawn from it with the seeded PRNG: any two stands
 * (`random`), or only pairs that see each other (`visible`, the costliest: every line is traced to
 * the end and judged against every zone it meets).
 */
export function sightWorkload(seed: number, queries: number, pairs: 'random' | 'visible'): SightWorkload {
  const table = generateTable(seed);
  const townDefenders = Object.keys(table.units).filter((_, i) => i % 3 === 0);
  const sight = new JohnCompanySight(table, { townDefenders });
  const n = sight.index.standCount;
  const prng = new Prng(seedRng(seed));
  const from = new Int32Array(queries);
  const to = new Int32Array(queries);
  for (let i = 0; i < queries; ) {
    const a = prng.int(n);
    const b = prng.int(n);
    if (a === b || (pairs === 'visible' && !sight.seesIndex(a, b))) continue;
    from[i] = a;
    to[i] = b;
    i++;
  }
  return {
    sight,
    queries,
    run() {
      let visible = 0;
      for (let i = 0; i < queries; i++) if (sight.traceIndex(from[i]!, to[i]!)) visible++;
      return visible;
    },
  };
}
