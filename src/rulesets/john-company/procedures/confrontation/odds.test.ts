import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../../core/odds/enumerate.ts';
import { enumeratedOddsOf, oddsOf } from '../../../../core/rules/run.ts';
import type { ConfrontationFacts } from './facts.ts';
import { probabilityOf, steady } from './fixtures.ts';
import { confrontation } from './index.ts';
import { resolveConfrontation } from './resolve.ts';

describe('confrontation: exact odds, spot checks', () => {
  it('two equal Steady units at 18: a tie (Recoil) when the Random Factors are equal, else an even split', () => {
    const facts: ConfrontationFacts = { charger: steady(18), target: steady(18) };
    // P(RFc = RFt) = sum over v of P(v)^2 = (1+4+9+16+25+36+25+16+9+4+1)/1296 = 146/1296.
    expect(probabilityOf(facts, 'Winner', 'none (Recoil)')).toBeCloseTo(146 / 1296, 12);
    expect(probabilityOf(facts, 'Winner', 'charger')).toBeCloseTo((1 - 146 / 1296) / 2, 12);
  });

  it('odds views: winner, result, losses, events and new statuses', () => {
    const odds = oddsOf(confrontation, { charger: steady(18), target: steady(18) });
    expect(odds.map((v) => v.name)).toEqual([
      'Winner',
      'Result',
      'Stands lost by the charger',
      'Stands lost by the target',
      'Event (charger)',
      'Event (target)',
      'New statuses (charger / target)',
    ]);
  });

  it('uses few enumerated paths (121 Random Factor pairs x 2 x 2 Event Dice, x 2 where a winner rolls odd)', () => {
    let paths = 0;
    forEachOutcome(
      (dice) => resolveConfrontation({ charger: steady(18), target: steady(18) }, dice),
      () => {
        paths++;
      },
    );
    expect(paths).toBeGreaterThan(484);
    expect(paths).toBeLessThanOrEqual(968);
  });
});

describe('confrontation: the odds shortcut (the sub-tree after the Random Factors, once per winner and row)', () => {
  it('is what oddsOf uses, and agrees on the examples too', () => {
    expect(confrontation.tallyOdds).toBeTypeOf('function');
    for (const example of confrontation.examples) {
      const facts = confrontation.facts.parse(example.facts);
      expect(oddsOf(confrontation, facts)).toEqual(enumeratedOddsOf(confrontation, facts));
    }
  });
});
