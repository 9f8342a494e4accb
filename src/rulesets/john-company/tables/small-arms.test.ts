import { describe, expect, it } from 'vitest';
import { RANGE_BANDS } from '../vocabulary.ts';
import { BEYOND_EXTREME, bandIndexFor } from './firing-table.ts';
import {
  SMALL_ARMS_MODIFIERS,
  SMALL_ARMS_RANGE_ROWS,
  SMALL_ARMS_RANGE_TABLE,
  SMALL_ARMS_WEAPON_DEFS,
  SMALL_ARMS_WEAPONS,
  type SmallArmsModifierId,
} from './small-arms.ts';

const value = (id: SmallArmsModifierId) => {
  const v = SMALL_ARMS_MODIFIERS.modifiers[SMALL_ARMS_MODIFIERS.index.get(id)!]!.value;
  if (typeof v !== 'number') throw new Error('dice modifier');
  return v;
};

describe('Small Arms Range Table', () => {
  it.each([
    ['rifled-musket', [2, 3, 5, 7, 9]],
    ['musket', [1, 2, 4, 6, 8]],
    ['rifle', [2, 3, 5, 7, 9]],
    ['carbine', [1, 2, 3, 4, 6]],
    ['matchlock', [1, 2, 3, 5, 7]],
    ['swivel-gun', [2, 3, 5, 7, 9]],
    ['bows', [1, 2, 3, 4, 6]],
    ['native-rockets', [2, 4, 6, 8, 15]],
    ['javelin', [null, 1, 2, null, null]],
  ] as const)('%s: band limits %j', (row, limits) => {
    expect(SMALL_ARMS_RANGE_TABLE.rows[row].limits).toEqual(limits);
  });

  it('has exactly the nine printed rows, each limit increasing', () => {
    expect(Object.keys(SMALL_ARMS_RANGE_TABLE.rows).sort()).toEqual([...SMALL_ARMS_RANGE_ROWS].sort());
    for (const row of Object.values(SMALL_ARMS_RANGE_TABLE.rows)) {
      const present = row.limits.filter((l): l is number => l !== null);
      for (let i = 1; i < present.length; i++) expect(present[i]!).toBeGreaterThan(present[i - 1]!);
    }
  });

  it('reading: javelins have no point-blank band, short to 1", medium to 2" and nothing beyond', () => {
    const javelin = SMALL_ARMS_RANGE_TABLE.rows.javelin;
    expect(RANGE_BANDS[bandIndexFor(javelin, 0.5)]).toBe('short');
    expect(RANGE_BANDS[bandIndexFor(javelin, 1)]).toBe('short');
    expect(RANGE_BANDS[bandIndexFor(javelin, 1.5)]).toBe('medium');
    expect(bandIndexFor(javelin, 2.5)).toBe(BEYOND_EXTREME);
  });
});

describe('small-arms fire modifiers', () => {
  it.each([
    ['weapon-rifled-musket', 0],
    ['weapon-percussion-musket', -2],
    ['weapon-flintlock-musket', -3],
    ['weapon-flintlock-rifle', -5],
    ['weapon-matchlock', -9],
    ['weapon-carbine', -9],
    ['weapon-bows', -9],
    ['weapon-javelin', -9],
    ['weapon-zamburek', -5],
    ['weapon-native-rockets', -7],
    ['weapon-percussion-rifle', -4],
    ['weapon-swivel-gun', -5],
    ['firer-disordered', -4],
    ['firer-mounted', -3],
    ['firer-moving', -4],
    ['cover-light-woods', -2],
    ['cover-heavy-woods', -4],
    ['cover-entrenchments-or-buildings', -6],
    ['target-column-square-or-enfiladed-line', 0],
    ['target-close-order-line', -2],
    ['target-mass', -2],
    ['target-disordered', -2],
    ['target-open-order', -2],
    ['target-crews-or-train', -8],
    ['target-skirmishers', -12],
    ['range-point-blank', 0],
    ['range-short', -1],
    ['range-medium', -4],
    ['range-long', -8],
    ['range-extreme', -12],
    ['status-steady-or-better', 0],
    ['status-shaken', -2],
    ['status-wavering', -4],
  ] as const)('%s is %i', (id, v) => {
    expect(value(id)).toBe(v);
  });

  it('has no other modifiers', () => {
    expect(SMALL_ARMS_MODIFIERS.modifiers).toHaveLength(33);
  });

  it("labels Muster's defaults as Muster readings, and every other modifier as Part 4", () => {
    const muster = SMALL_ARMS_MODIFIERS.modifiers
      .filter((m) => m.rule.source === 'Muster reading')
      .map((m) => m.id);
    expect(muster.sort()).toEqual(['target-open-order', 'weapon-percussion-rifle', 'weapon-swivel-gun']);
    for (const m of SMALL_ARMS_MODIFIERS.modifiers) {
      if (!muster.includes(m.id)) expect(m.rule.source).toBe('John Company Part 4');
    }
  });

  it.each([
    ['rifled-musket', 'rifled-musket', 0, 1],
    ['percussion-musket', 'musket', -2, 1],
    ['flintlock-musket', 'musket', -3, 1],
    ['percussion-rifle', 'rifle', -4, 1],
    ['flintlock-rifle', 'rifle', -5, 1],
    ['carbine', 'carbine', -9, 1],
    ['matchlock', 'matchlock', -9, 1],
    ['zamburek', 'swivel-gun', -5, 1],
    ['swivel-gun', 'swivel-gun', -5, 1],
    ['bows', 'bows', -9, 2],
    ['javelin', 'javelin', -9, 2],
    ['native-rockets', 'native-rockets', -7, 1],
  ] as const)('weapon %s: range row %s, modifier %i, fires with %i rank(s)', (w, row, mod, ranks) => {
    const d = SMALL_ARMS_WEAPON_DEFS[w];
    expect(d.rangeRow).toBe(row);
    expect(value(d.modifier)).toBe(mod);
    expect(d.ranks).toBe(ranks);
  });

  it('maps every weapon', () => {
    expect(Object.keys(SMALL_ARMS_WEAPON_DEFS).sort()).toEqual([...SMALL_ARMS_WEAPONS].sort());
  });
});
