import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../../core/random/dice.ts';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { ARTILLERY_WEAPONS } from '../../tables/artillery.ts';
import { SMALL_ARMS_WEAPONS } from '../../tables/small-arms.ts';
import { rangeBand, resolveRangeBand } from './range-band.ts';

describe('range-band procedure', () => {
  it.each([
    ['rifled-musket', 4.5, 'medium'],
    ['flintlock-musket', 0, 'point-blank'],
    ['carbine', 6, 'extreme'],
    ['native-rockets', 15, 'extreme'],
    ['javelin', 0.5, 'short'],
    ['british-field', 15, 'short'],
    ['native-siege', 79, 'extreme'],
    ['native-mortar', 9, 'short'],
  ] as const)('%s at %f": %s', (weapon, distance, band) => {
    expect(resolveRangeBand({ weapon, distance }, new SuppliedDice([]))).toEqual({ band, outOfRange: null });
  });

  it('says why a weapon cannot reach', () => {
    expect(resolveRangeBand({ weapon: 'bows', distance: 6.5 }, new SuppliedDice([])).outOfRange).toBe(
      'beyond-extreme-range',
    );
    expect(resolveRangeBand({ weapon: 'native-mortar', distance: 8 }, new SuppliedDice([])).outOfRange).toBe(
      'inside-minimum-range',
    );
  });

  it('knows every weapon', () => {
    for (const weapon of [...SMALL_ARMS_WEAPONS, ...ARTILLERY_WEAPONS]) {
      expect(resolveRangeBand({ weapon, distance: 2 }, new SuppliedDice([])).outOfRange).not.toBe(undefined);
    }
  });

  it('its examples and odds', () => {
    const ex = rangeBand.examples[1]!;
    const r = resolveProcedure(rangeBand, rangeBand.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toEqual({ band: null, outOfRange: 'inside-minimum-range' });
    expect(r.odds[0]!.outcomes).toEqual([{ outcome: 'inside-minimum-range', probability: 1 }]);
  });
});
