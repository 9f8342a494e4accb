import { describe, expect, it } from 'vitest';
import { RANGE_BANDS } from '../vocabulary.ts';
import {
  ARTILLERY_MODIFIERS,
  ARTILLERY_RANGE_TABLE,
  ARTILLERY_WEAPON_MODIFIER,
  ARTILLERY_WEAPONS,
  type ArtilleryModifierId,
} from './artillery.ts';
import { BELOW_MINIMUM, BEYOND_EXTREME, bandIndexFor } from './firing-table.ts';

const value = (id: ArtilleryModifierId) => {
  const v = ARTILLERY_MODIFIERS.modifiers[ARTILLERY_MODIFIERS.index.get(id)!]!.value;
  if (typeof v !== 'number') throw new Error('dice modifier');
  return v;
};

describe('Artillery Range Table', () => {
  it.each([
    ['british-horse', [6, 13, 18, 23, 36], undefined],
    ['british-field', [7, 17, 23, 29, 42], undefined],
    ['british-siege', [11, 25, 34, 44, 69], undefined],
    ['british-rocket', [6, 13, 18, 23, 36], undefined],
    ['british-light-mortar', [null, 11, 15, 19, 30], 6],
    ['british-heavy-mortar', [null, 17, 21, 25, 36], 8],
    ['native-horse', [6, 13, 18, 23, 36], undefined],
    ['native-field', [7, 15, 20, 25, 39], undefined],
    ['native-siege', [13, 28, 39, 50, 79], undefined],
    ['native-mortar', [null, 19, 25, 32, 52], 9],
  ] as const)('%s: band limits %j, minimum %s', (w, limits, minimum) => {
    expect(ARTILLERY_RANGE_TABLE.rows[w].limits).toEqual(limits);
    expect(ARTILLERY_RANGE_TABLE.rows[w].minimum).toBe(minimum);
  });

  it('reading: a mortar cannot fire inside its minimum range; from it, the short band', () => {
    const light = ARTILLERY_RANGE_TABLE.rows['british-light-mortar'];
    expect(bandIndexFor(light, 5.5)).toBe(BELOW_MINIMUM);
    expect(RANGE_BANDS[bandIndexFor(light, 6)]).toBe('short');
    expect(RANGE_BANDS[bandIndexFor(light, 11)]).toBe('short');
    expect(RANGE_BANDS[bandIndexFor(light, 12)]).toBe('medium');
    expect(bandIndexFor(ARTILLERY_RANGE_TABLE.rows['native-mortar'], 53)).toBe(BEYOND_EXTREME);
  });
});

describe('artillery fire modifiers', () => {
  it.each([
    ['weapon-british-horse', 2],
    ['weapon-british-rocket', 3],
    ['weapon-british-light-mortar', 4],
    ['weapon-british-field', 5],
    ['weapon-british-siege', 7],
    ['weapon-british-heavy-mortar', 7],
    ['weapon-native-horse', 1],
    ['weapon-native-field', 2],
    ['weapon-native-mortar', 6],
    ['weapon-native-siege', 7],
    ['cover-light-woods', -1],
    ['cover-heavy-woods', -3],
    ['cover-entrenchments-or-buildings', -5],
    ['target-column-square-or-enfiladed-line', 0],
    ['target-close-order-line', -1],
    ['target-mass', -2],
    ['target-disordered', -2],
    ['target-open-order', -2],
    ['target-crews-or-train', -8],
    ['target-skirmishers', -12],
    ['native-irregular-crew', -3],
    ['range-point-blank', 0],
    ['range-short', -2],
    ['range-medium', -5],
    ['range-long', -9],
    ['range-extreme', -14],
    ['battery-moving', -4],
    ['battery-disordered', -4],
    ['status-steady-or-better', 0],
    ['status-shaken', -2],
    ['status-wavering', -4],
  ] as const)('%s is %i', (id, v) => {
    expect(value(id)).toBe(v);
  });

  it('has no other modifiers; the Muster defaults are the open-order target and the disordered battery', () => {
    expect(ARTILLERY_MODIFIERS.modifiers).toHaveLength(31);
    const muster = ARTILLERY_MODIFIERS.modifiers
      .filter((m) => m.rule.source === 'Muster reading')
      .map((m) => m.id);
    expect(muster.sort()).toEqual(['battery-disordered', 'target-open-order']);
  });

  it('maps every gun', () => {
    for (const w of ARTILLERY_WEAPONS) expect(ARTILLERY_WEAPON_MODIFIER[w]).toBe(`weapon-${w}`);
  });
});
