import { describe, expect, it } from 'vitest';
import { generateTable, tableOf } from '../../../core/table/fixtures.ts';
import { BARRIER_KINDS, STAND_KINDS } from '../../../core/table/model.ts';
import { JC_DEFAULT_BASING, JC_SIGHT_PROFILE, terrainProblems } from './terrain.ts';
import { sightWorkload } from './workload.ts';

describe('John Company terrain', () => {
  it('blocks sight with every wall and work, and with every stand but a General', () => {
    expect([...JC_SIGHT_PROFILE.barriers].sort()).toEqual([...BARRIER_KINDS].sort());
    expect(JC_SIGHT_PROFILE.blockingStands).toEqual(STAND_KINDS.filter((k) => k !== 'general'));
    expect(JC_SIGHT_PROFILE.zones).toEqual(['light-woods', 'heavy-woods', 'hill', 'town']);
  });

  it('checks water hazards against the widths and dice the text allows', () => {
    const path = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
    ];
    const table = tableOf({
      terrain: [
        { id: 'ok', kind: 'stream', path, width: 4, crossingDice: 2 },
        { id: 'river', kind: 'fordable-river', path, width: 8, crossingDice: 4 },
        { id: 'wide', kind: 'nullah', path, width: 3.5, crossingDice: 1 },
        { id: 'dice', kind: 'fordable-river', path, width: 6, crossingDice: 2 },
      ],
    });
    expect(terrainProblems(table)).toEqual([
      'wide: a nullah is 1" to 3" wide, not 3.5"',
      'dice: a fordable-river rolls 3 or 4 dice to cross, not 2',
    ]);
    expect(terrainProblems(generateTable(1))).toEqual([]);
  });

  it('bases in inches by default: 40 x 20 mm infantry, 40 x 30 mm cavalry', () => {
    expect(JC_DEFAULT_BASING.sizes['infantry']!.width).toBeCloseTo(1.5748, 4);
    expect(JC_DEFAULT_BASING.sizes['cavalry']!.depth).toBeCloseTo(1.1811, 4);
  });
});

describe('the benchmark workload', () => {
  it('is deterministic and answers every query', () => {
    const a = sightWorkload(1, 500, 'random');
    const b = sightWorkload(1, 500, 'random');
    expect(a.run()).toBe(b.run());
    expect(sightWorkload(1, 200, 'visible').run()).toBe(200);
  });

  it('traces lines the memo would answer, with the answers the memo gives', () => {
    const { sight } = sightWorkload(2, 1, 'random');
    const n = sight.index.standCount;
    let differ = 0;
    for (let v = 0; v < n; v += 3)
      for (let t = 0; t < n; t++) {
        const memo = sight.seesIndex(v, t);
        if (sight.traceIndex(v, t) !== memo || sight.seesIndex(v, t) !== memo) differ++;
      }
    expect(differ).toBe(0);
  });
});
