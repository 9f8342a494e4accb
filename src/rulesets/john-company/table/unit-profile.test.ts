import { describe, expect, it } from 'vitest';
import { fixtureBattle } from './fixture-forces.ts';
import { layoutFormation } from './formations.ts';
import {
  commandRadiusOf,
  countedStands,
  currentStatus,
  isMounted,
  type JcUnitProfile,
  jcForcesSchema,
  jcUnitProfileSchema,
  normalMoveOf,
  profileOf,
  stateOf,
} from './unit-profile.ts';

const profile = (troop: JcUnitProfile['troop'], more: Partial<JcUnitProfile> = {}): JcUnitProfile => ({
  troop,
  origin: 'indian',
  resolveLevel: 15,
  startingStands: 8,
  ...more,
});

describe('unit profiles and states', () => {
  it('are plain JSON, checked by their schemas', () => {
    const { forces } = fixtureBattle(1);
    expect(jcForcesSchema.parse(JSON.parse(JSON.stringify(forces)))).toEqual(forces);
    expect(
      jcUnitProfileSchema.safeParse({ ...profile('british-infantry'), colour: 'red' }).error?.issues,
    ).toMatchObject([{ code: 'unrecognized_keys', keys: ['colour'] }]);
    expect(
      jcUnitProfileSchema.safeParse({ ...profile('british-infantry'), weapon: 'musket' }).error?.issues,
    ).toMatchObject([{ code: 'invalid_value', path: ['weapon'] }]);
  });

  it('a unit without a state is fresh; one without a profile is an error', () => {
    expect(stateOf({ profiles: {} }, 'u')).toEqual({});
    expect(() => profileOf({ profiles: {} }, 'u')).toThrow(/no John Company profile/);
  });

  it('its status this turn defaults to the one its Resolve Level gives', () => {
    expect(currentStatus(profile('british-infantry', { resolveLevel: 20 }), {})).toBe('Resolute');
    expect(currentStatus(profile('british-infantry'), {})).toBe('Steady');
    expect(currentStatus(profile('british-infantry'), { status: 'Wavering' })).toBe('Wavering');
  });

  it('its Normal Move comes from the Movement Rate Tables by formation', () => {
    expect(normalMoveOf(profile('british-infantry'), 'close-order-line')).toBe(6);
    expect(normalMoveOf(profile('british-infantry', { rateVariant: 'second' }), 'close-order-line')).toBe(8);
    expect(normalMoveOf(profile('british-infantry'), 'square')).toBeUndefined();
    expect(normalMoveOf(profile('native-regular-infantry'), 'square')).toBe(3);
    expect(normalMoveOf(profile('british-field-artillery'), 'artillery-deployed')).toBe(8);
    expect(normalMoveOf(profile('british-field-artillery'), 'artillery-limbered')).toBe(9);
  });

  it('mounted: cavalry, horse artillery and Zambureks, unless dismounted', () => {
    expect(isMounted(profile('native-irregular-cavalry'), {})).toBe(true);
    expect(isMounted(profile('native-irregular-cavalry'), { dismounted: true })).toBe(false);
    expect(isMounted(profile('aspi-horse-artillery'), {})).toBe(true);
    expect(isMounted(profile('zambureks'), {})).toBe(true);
    expect(isMounted(profile('jinsi-field-artillery'), {})).toBe(false);
    expect(isMounted(profile('british-infantry'), {})).toBe(false);
  });

  it("a battery's stands are its crews", () => {
    const stands = layoutFormation({
      unitId: 'b',
      formation: 'artillery-deployed',
      guns: 2,
      crews: 2,
      gunSize: { width: 1, depth: 1 },
      crewSize: { width: 1, depth: 1 },
      limberSize: { width: 1, depth: 1 },
      anchor: { x: 0, y: 0, facing: 0 },
    });
    expect(countedStands({ id: 'b', side: 'red', formation: 'artillery-deployed', facing: 0, stands })).toBe(
      4,
    );
  });

  it('Command Radius: the placeholders by Generalship, +6" for the C-in-C, or as set', () => {
    expect(commandRadiusOf({ leadership: 'Cautious', generalship: 'Competent' })).toBe(12);
    expect(commandRadiusOf({ leadership: 'Cautious', generalship: 'Genius', commanderInChief: true })).toBe(
      24,
    );
    expect(commandRadiusOf({ leadership: 'Cautious', generalship: 'Witless', commandRadius: 3 })).toBe(3);
  });
});
