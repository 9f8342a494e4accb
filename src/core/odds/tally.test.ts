import { describe, expect, it } from 'vitest';
import type { OddsView } from '../rules/procedure.ts';
import { OddsTally } from './tally.ts';

interface Roll {
  readonly side: string;
  readonly count: number;
}

const views: readonly OddsView<Roll>[] = [
  { name: 'Side', project: (r) => r.side, label: (k) => `the ${k}` },
  { name: 'Count', project: (r) => r.count },
];

describe('OddsTally', () => {
  it('reports each view in first-seen order, labelled, each sum in the order of addition', () => {
    const tally = new OddsTally(views);
    tally.add({ side: 'target', count: 70 }, 0.1);
    tally.add({ side: 'charger', count: 3 }, 0.2);
    tally.add({ side: 'target', count: -1 }, 0.3);
    tally.add({ side: 'target', count: 2.5 }, 0.4);
    const [side, count] = tally.reports();
    expect(side).toEqual({
      name: 'Side',
      outcomes: [
        { outcome: 'the target', probability: 0.1 + 0.3 + 0.4 },
        { outcome: 'the charger', probability: 0.2 },
      ],
    });
    expect(count!.outcomes.map((o) => o.outcome)).toEqual([70, 3, -1, 2.5]);
  });

  it('interned keys (keysOf, addKeys) add exactly what add does', () => {
    const direct = new OddsTally(views);
    const interned = new OddsTally(views);
    const results: Roll[] = [];
    for (let i = 0; i < 200; i++)
      results.push({ side: i % 3 === 0 ? 'charger' : 'target', count: (i * 7) % 90 });
    const keys = results.map((r) => interned.keysOf(r));
    results.forEach((r, i) => {
      const p = 1 / (i + 3);
      direct.add(r, p);
      interned.addKeys(keys[i]!, p);
    });
    expect(interned.reports()).toEqual(direct.reports());
  });

  it('reports only keys added to, however many were interned', () => {
    const tally = new OddsTally(views);
    tally.keysOf({ side: 'charger', count: 1 });
    tally.add({ side: 'target', count: 2 }, 1);
    expect(tally.reports().map((v) => v.outcomes.map((o) => o.outcome))).toEqual([['the target'], [2]]);
  });
});
