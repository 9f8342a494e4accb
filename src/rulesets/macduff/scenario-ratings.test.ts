import { describe, expect, it } from 'vitest';
import {
  GUN_KIND_OF_WEAPON,
  MACDUFF_RATING_RULES,
  MACDUFF_SCENARIO_OVERRIDES,
  MACDUFF_UNIT_OVERRIDES,
  macduffRatings,
  type NeutralUnit,
  SMALL_ARM_OF_WEAPON,
  withOverrides,
} from './scenario-ratings.ts';

const foot: NeutralUnit = {
  arm: 'infantry',
  regular: true,
  origin: 'european',
  army: 'british',
  weapon: 'flintlock-musket',
  quality: 'trained',
  stands: 5,
};

describe('MacDuff ratings from the neutral description', () => {
  it('rates British European foot: Imperial regulars, smoothbore muskets, fieldcraft 1, music and colours', () => {
    expect(macduffRatings(foot, 4)).toEqual({
      allegiance: 'imperial',
      troop: 'regular-infantry',
      smallArm: 'smoothbore-musket',
      figures: 20,
      guns: 0,
      fieldcraft: 1,
      national: 'none',
      lancers: false,
      musicOrColours: true,
      mayConceal: false,
    });
  });

  it('gives veteran Europeans and sepoys fieldcraft 2, Company irregular horse 3', () => {
    expect(macduffRatings({ ...foot, quality: 'veteran' }).fieldcraft).toBe(2);
    expect(macduffRatings({ ...foot, origin: 'indian' }).fieldcraft).toBe(2);
    expect(
      macduffRatings({ ...foot, arm: 'cavalry', regular: false, origin: 'indian', weapon: 'carbine' })
        .fieldcraft,
    ).toBe(3);
  });

  it('rates native irregular foot: black cards, -1 against the British, may conceal, no music', () => {
    const r = macduffRatings(
      { ...foot, regular: false, army: 'native', origin: 'indian', weapon: 'matchlock' },
      4,
    );
    expect(r).toMatchObject({
      allegiance: 'native',
      troop: 'irregular-infantry',
      smallArm: 'smoothbore-musket',
      national: 'native-against-british',
      mayConceal: true,
      musicOrColours: false,
      fieldcraft: 0,
    });
  });

  it('makes all irregular cavalry light, regular heavy cavalry heavy, and lancers lancers', () => {
    const horse = { ...foot, arm: 'cavalry' as const, weapon: 'none' as const, stands: 4 };
    expect(macduffRatings({ ...horse, regular: false, weight: 'heavy' }).troop).toBe('light-cavalry');
    expect(macduffRatings({ ...horse, weight: 'heavy' }).troop).toBe('heavy-cavalry');
    expect(macduffRatings({ ...horse, weight: 'light', lancers: true })).toMatchObject({
      troop: 'light-cavalry',
      lancers: true,
      figures: 8,
    });
    expect(macduffRatings({ ...horse }).smallArm).toBeUndefined();
  });

  it('rates guns by kind with 3 crew (heavy 5) per gun', () => {
    const guns = { ...foot, arm: 'artillery' as const, weapon: 'british-field' as const, stands: 2 };
    expect(macduffRatings(guns)).toMatchObject({
      troop: 'field-gun',
      gunKind: 'field',
      guns: 2,
      figures: 6,
      musicOrColours: false,
    });
    expect(macduffRatings({ ...guns, weapon: 'native-siege' })).toMatchObject({
      troop: 'heavy-gun',
      gunKind: 'heavy',
      figures: 10,
    });
    expect(macduffRatings({ ...guns, weapon: 'british-horse' }).gunKind).toBe('horse');
  });

  it('maps every period weapon', () => {
    expect(SMALL_ARM_OF_WEAPON['flintlock-rifle']).toBe('patched-ball-rifle');
    expect(SMALL_ARM_OF_WEAPON['rifled-musket']).toBe('rifled-muzzle-loader');
    expect(SMALL_ARM_OF_WEAPON.carbine).toBe('smoothbore-carbine');
    expect(SMALL_ARM_OF_WEAPON.bows).toBeUndefined();
    expect(GUN_KIND_OF_WEAPON['british-siege']).toBe('heavy');
    for (const key of Object.keys(MACDUFF_RATING_RULES))
      expect(MACDUFF_RATING_RULES[key as keyof typeof MACDUFF_RATING_RULES].section).not.toBe('');
  });

  it('applies per-unit overrides and validates the override schemas', () => {
    const o = MACDUFF_UNIT_OVERRIDES.parse({ fieldcraft: 3, smallArm: 'breechloader' });
    expect(withOverrides(macduffRatings(foot), o)).toMatchObject({
      fieldcraft: 3,
      smallArm: 'breechloader',
      figures: 20,
    });
    expect(MACDUFF_UNIT_OVERRIDES.safeParse({ fieldcraft: 4 }).success).toBe(false);
    expect(MACDUFF_UNIT_OVERRIDES.safeParse({ colour: 'red' }).success).toBe(false);
    expect(
      MACDUFF_SCENARIO_OVERRIDES.safeParse({ controlBands: { noAdvanceAtMost: 2, chargeAtLeast: 5 } })
        .success,
    ).toBe(true);
    expect(
      MACDUFF_SCENARIO_OVERRIDES.safeParse({ controlBands: { noAdvanceAtMost: 5, chargeAtLeast: 2 } })
        .success,
    ).toBe(false);
    expect(
      MACDUFF_SCENARIO_OVERRIDES.safeParse({
        smallArmRanges: { 'smoothbore-musket': { close: 10, long: 20 } },
      }).success,
    ).toBe(true);
  });
});
