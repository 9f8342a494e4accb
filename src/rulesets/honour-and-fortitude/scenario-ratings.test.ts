import { describe, expect, it } from 'vitest';
import {
  HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES,
  HONOUR_AND_FORTITUDE_UNIT_OVERRIDES,
  hfRatingsOf,
  type NeutralUnit,
  troopClassOf,
  WEAPON_OF,
  withUnitOverrides,
} from './scenario-ratings.ts';

const sepoys: NeutralUnit = {
  arm: 'infantry',
  regular: true,
  origin: 'indian',
  army: 'british',
  weapon: 'flintlock-musket',
  quality: 'trained',
  stands: 5,
  formation: 'line',
};

describe('H&F ratings from the neutral description: one case per category', () => {
  it.each([
    [
      'British regular infantry, trained',
      sepoys,
      { morale: 4, drill: 4, weapon: 'flintlock', bayonets: true },
    ],
    ['British regular infantry, veteran', { ...sepoys, quality: 'veteran' }, { morale: 5, drill: 5 }],
    [
      'British regular infantry, elite (drill capped at 5)',
      { ...sepoys, quality: 'elite' },
      { morale: 6, drill: 5 },
    ],
    [
      'native regular infantry, trained',
      { ...sepoys, army: 'native' },
      { morale: 4, drill: 3, bayonets: true },
    ],
    [
      'irregular matchlock infantry, raw',
      { ...sepoys, army: 'native', regular: false, weapon: 'matchlock', quality: 'raw', formation: 'mass' },
      { morale: 3, drill: 0, weapon: 'matchlock', bayonets: false },
    ],
    ['levy (drill floored at 0)', { ...sepoys, regular: false, quality: 'levy' }, { morale: 2, drill: 0 }],
    [
      'regular light cavalry with carbines',
      { ...sepoys, arm: 'cavalry', weight: 'light', weapon: 'carbine' },
      { mounted: true, irregularCavalry: false, weapon: 'from-horseback', heavyCavalry: false },
    ],
    [
      'heavy cavalry',
      { ...sepoys, arm: 'cavalry', weight: 'heavy', weapon: 'none' },
      { heavyCavalry: true, weapon: null },
    ],
    [
      'irregular horse with swords',
      { ...sepoys, arm: 'cavalry', regular: false, army: 'native', weapon: 'none' },
      { irregularCavalry: true, weapon: null, drill: 1 },
    ],
    [
      'British field artillery',
      { ...sepoys, arm: 'artillery', origin: 'european', weapon: 'british-field', formation: 'unlimbered' },
      { weapon: 'field-gun', bayonets: false, plodders: false },
    ],
    [
      'native siege guns (bullock-drawn Plodders)',
      { ...sepoys, arm: 'artillery', army: 'native', regular: false, weapon: 'native-siege' },
      { weapon: 'siege-gun', plodders: true },
    ],
  ] as const)('%s', (_name, unit, expected) => {
    expect(hfRatingsOf(unit as NeutralUnit).ratings).toMatchObject(expected);
  });

  it('cites a rule for every rating', () => {
    const { sources } = hfRatingsOf(sepoys);
    expect(Object.keys(sources).sort()).toEqual(
      [...Object.keys(hfRatingsOf(sepoys).ratings), 'state'].sort(),
    );
  });

  it('maps every neutral weapon of the scenario format', () => {
    expect(Object.keys(WEAPON_OF)).toHaveLength(23);
  });

  it.each([
    ['infantry', 'line', 'infantry-line-siege-guns'],
    ['infantry', 'column', 'infantry-column-field-guns'],
    ['infantry', 'mass', 'infantry-column-field-guns'],
    ['infantry', 'skirmish', 'skirmishers-regular-cavalry-elephants'],
  ] as const)('troop class: %s in %s is %s', (arm, formation, expected) => {
    expect(troopClassOf(hfRatingsOf(sepoys).ratings, arm, formation)).toBe(expected);
  });

  it('troop class of horse and guns', () => {
    const irregular = hfRatingsOf({ ...sepoys, arm: 'cavalry', regular: false }).ratings;
    expect(troopClassOf(irregular, 'cavalry', 'mass')).toBe('irregular-cavalry');
    const siege = hfRatingsOf({ ...sepoys, arm: 'artillery', weapon: 'british-siege' }).ratings;
    expect(troopClassOf(siege, 'artillery', 'unlimbered')).toBe('infantry-line-siege-guns');
  });
});

describe('overrides', () => {
  it('a unit override replaces only the ratings it gives', () => {
    const o = HONOUR_AND_FORTITUDE_UNIT_OVERRIDES.parse({ morale: 6, elephant: true });
    expect(withUnitOverrides(hfRatingsOf(sepoys).ratings, o)).toMatchObject({
      morale: 6,
      drill: 4,
      elephant: true,
    });
  });
  it('rejects unknown fields and out-of-scale ratings', () => {
    expect(HONOUR_AND_FORTITUDE_UNIT_OVERRIDES.safeParse({ resolve: 3 }).success).toBe(false);
    expect(HONOUR_AND_FORTITUDE_UNIT_OVERRIDES.safeParse({ morale: 9 }).success).toBe(false);
    expect(
      HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES.safeParse({
        stateThresholds: { aggressive: 12, active: 9, passive: 6 },
        compulsoryMoves: { retire: 'cowed', panic: 'active', run: 'aggressive' },
      }).success,
    ).toBe(true);
    expect(HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES.safeParse({ retire: 3 }).success).toBe(false);
  });
});
