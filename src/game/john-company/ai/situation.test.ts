import { describe, expect, it } from 'vitest';
import { Prng, seedRng } from '../../../core/random/prng.ts';
import { standToUnitDistance } from '../../../rulesets/john-company/table/measurement/distances.ts';
import { unitGeometry } from '../../../rulesets/john-company/table/measurement/unit-geometry.ts';
import { practiceScenario } from '../fixtures.ts';
import { makeJohnCompanyGame } from '../game.ts';
import { StandReach } from './situation.ts';

const game = makeJohnCompanyGame({ traces: false });

describe('StandReach', () => {
  it('gives exactly standToUnitDistance, between its floor and its ceiling, and is surely beyond only below it, at points all over the table', () => {
    const state = game.setup(practiceScenario({ unitsPerSide: 12 }), 7);
    const table = state.table;
    const units = Object.values(table.units);
    const rng = new Prng(seedRng(7));
    let touching = 0;
    let beyond = 0;
    for (const general of Object.values(table.generals)) {
      const measure = new StandReach(general.stand);
      for (let i = 0; i < 200; i++) {
        const u = units[rng.int(units.length)]!;
        const g = unitGeometry(u);
        // Half the points near the unit's stands, where the bounds are closest and the nearest stand
        // is in doubt; the rest anywhere.
        const near = u.stands[rng.int(u.stands.length)]!;
        const p =
          i % 2 === 0
            ? { x: near.x + (rng.int(4001) - 2000) / 1000, y: near.y + (rng.int(4001) - 2000) / 1000 }
            : { x: (rng.int(1001) / 1000) * table.width, y: (rng.int(1001) / 1000) * table.depth };
        const expected = standToUnitDistance({ ...general.stand, x: p.x, y: p.y }, g);
        measure.bound(p, g);
        expect(measure.exact()).toBe(expected);
        for (const d of [expected - 0.5, expected - 1e-9, expected, expected + 0.5]) {
          if (measure.roughlyBeyond(p, g, d)) {
            expect(expected).toBeGreaterThan(d);
            beyond++;
          }
        }
        expect(measure.floor).toBeLessThanOrEqual(expected);
        expect(measure.ceiling).toBeGreaterThanOrEqual(expected);
        if (expected === 0) touching++;
      }
    }
    expect(touching).toBeGreaterThan(0);
    expect(beyond).toBeGreaterThan(100);
  });
});
