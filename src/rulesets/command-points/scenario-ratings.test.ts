import { describe, expect, it } from 'vitest';
import {
  COMMAND_POINTS_SCENARIO_OVERRIDES,
  COMMAND_POINTS_UNIT_OVERRIDES,
  commandPointsUnitRatings,
  type NeutralUnitDescription,
  RATING_RULES,
  trainingGrade,
} from './scenario-ratings.ts';

const SEPOYS: NeutralUnitDescription = {
  arm: 'infantry',
  regular: true,
  origin: 'indian',
  army: 'british',
  weapon: 'flintlock-musket',
  quality: 'trained',
  stands: 6,
};

describe('command-point ratings from a neutral description', () => {
  it.each([
    ['elite', true, '1st'],
    ['veteran', true, '2nd'],
    ['trained', true, '3rd'],
    ['raw', true, '4th'],
    ['levy', true, '5th'],
    ['veteran', false, '3rd'],
    ['trained', false, '4th'],
    ['levy', false, '5th'],
  ] as const)('training grade: %s, regular %s -> %s class', (quality, regular, grade) => {
    expect(trainingGrade({ quality, regular })).toBe(grade);
  });

  it('British regular infantry: musket, bayonet attack, no skirmishing', () => {
    expect(commandPointsUnitRatings(SEPOYS)).toEqual({
      arm: 'infantry',
      grade: '3rd',
      smallArm: 'musket',
      canSkirmish: false,
      bayonetAttack: true,
      bases: 6,
    });
  });

  it('native irregular foot with matchlocks: musket, no bayonet attack, a class worse', () => {
    const r = commandPointsUnitRatings({ ...SEPOYS, regular: false, army: 'native', weapon: 'matchlock' });
    expect(r).toMatchObject({ grade: '4th', smallArm: 'musket', bayonetAttack: false });
  });

  it('light infantry and riflemen may skirmish; rifles have the rifle range', () => {
    expect(commandPointsUnitRatings({ ...SEPOYS, weight: 'light' }).canSkirmish).toBe(true);
    expect(commandPointsUnitRatings({ ...SEPOYS, weapon: 'flintlock-rifle' })).toMatchObject({
      smallArm: 'rifle',
      canSkirmish: true,
    });
  });

  it('cavalry do not fire and make no bayonet attack', () => {
    const r = commandPointsUnitRatings({ ...SEPOYS, arm: 'cavalry', weapon: 'carbine', lancers: true });
    expect(r).toMatchObject({ arm: 'cavalry', smallArm: 'none', bayonetAttack: false, canSkirmish: false });
    expect(r.gunClass).toBeUndefined();
  });

  it('artillery: field and siege guns heavy, horse guns light', () => {
    expect(
      commandPointsUnitRatings({ ...SEPOYS, arm: 'artillery', weapon: 'british-field', stands: 2 }).gunClass,
    ).toBe('heavy');
    expect(commandPointsUnitRatings({ ...SEPOYS, arm: 'artillery', weapon: 'native-siege' }).gunClass).toBe(
      'heavy',
    );
    expect(commandPointsUnitRatings({ ...SEPOYS, arm: 'artillery', weapon: 'british-horse' }).gunClass).toBe(
      'light',
    );
  });

  it('overrides replace the worked-out ratings', () => {
    const overrides = COMMAND_POINTS_UNIT_OVERRIDES.parse({
      grade: '1st',
      bayonetAttack: false,
      gunClass: 'light',
    });
    expect(commandPointsUnitRatings(SEPOYS, overrides)).toMatchObject({ grade: '1st', bayonetAttack: false });
    expect(commandPointsUnitRatings(SEPOYS, overrides).gunClass).toBeUndefined();
    expect(COMMAND_POINTS_UNIT_OVERRIDES.safeParse({ resolve: 3 }).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['resolve'], path: [] },
    ]);
  });

  it('scenario overrides are checked', () => {
    expect(COMMAND_POINTS_SCENARIO_OVERRIDES.parse({ lightGunRanges: { short: 6, long: 24 } })).toEqual({
      lightGunRanges: { short: 6, long: 24 },
    });
    expect(
      COMMAND_POINTS_SCENARIO_OVERRIDES.safeParse({ lightGunRanges: { short: 30, long: 24 } }).error?.issues,
    ).toMatchObject([{ path: ['lightGunRanges'], message: 'short range cannot exceed long range' }]);
  });

  it('every rating cites a rule', () => {
    for (const rule of Object.values(RATING_RULES)) expect(rule.section.length).toBeGreaterThan(0);
  });
});
