import { describe, expect, it } from 'vitest';
import { oddsOf } from '../../../../core/rules/run.ts';
import type { ConfrontationFacts } from './facts.ts';
import { noEvents, run, steady, zeroRfs } from './fixtures.ts';
import { confrontation } from './index.ts';

describe('confrontation: "1 in N" stand losses', () => {
  it('remainder-chance keeps the expected loss exactly S/N', () => {
    const facts: ConfrontationFacts = {
      charger: steady(30, { stands: 13 }),
      target: steady(1, { stands: 13 }),
      lossRounding: 'remainder-chance',
    };
    const lost = oddsOf(confrontation, facts).find((v) => v.name === 'Stands lost by the target')!;
    const mean = lost.outcomes.reduce((m, o) => m + (o.outcome as number) * o.probability, 0);
    expect(mean).toBeCloseTo(13 / 6, 12); // Confrontation Rout: 1 in 6
  });

  it('lossBasis opponent counts the enemy stands, never more than the unit has', () => {
    const r = run(
      // 24 v 3 stands: +5 to the charger, 15 + 5 = 20 v 18.
      { charger: steady(15, { stands: 24 }), target: steady(18, { stands: 3 }), lossBasis: 'opponent' },
      { ...zeroRfs, ...noEvents },
    );
    expect(r.row).toBe('close-combat-rout');
    expect(r.target.standsLost).toBe(3); // floor(24 / 4) = 6, capped at its 3
    expect(r.charger.standsLost).toBe(0); // floor(3 / 10)
  });
});
