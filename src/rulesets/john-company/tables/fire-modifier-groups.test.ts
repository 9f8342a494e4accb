import { describe, expect, it } from 'vitest';
import { RANGE_BANDS, RESOLVE_STATUSES } from '../vocabulary.ts';
import { ARTILLERY_MODIFIERS } from './artillery.ts';
import { COVER_MODIFIER, RANGE_MODIFIER, STATUS_MODIFIER, TARGET_MODIFIER } from './fire-modifier-groups.ts';
import { TARGET_COVERS, TARGET_ROWS } from './firing-table.ts';
import { SMALL_ARMS_MODIFIERS } from './small-arms.ts';

describe('the modifier groups small arms and artillery share', () => {
  it('maps every cover, target row, band and status', () => {
    expect(TARGET_COVERS.map((c) => COVER_MODIFIER[c])).toEqual([
      null,
      'cover-light-woods',
      'cover-heavy-woods',
      'cover-entrenchments-or-buildings',
    ]);
    for (const r of TARGET_ROWS) expect(TARGET_MODIFIER[r]).toBe(`target-${r}`);
    for (const b of RANGE_BANDS) expect(RANGE_MODIFIER[b]).toBe(`range-${b}`);
    expect(RESOLVE_STATUSES.map((s) => STATUS_MODIFIER[s])).toEqual([
      'status-steady-or-better',
      'status-steady-or-better',
      'status-steady-or-better',
      'status-shaken',
      'status-wavering',
      null,
    ]);
  });

  it.each([
    ['small arms', SMALL_ARMS_MODIFIERS],
    ['artillery', ARTILLERY_MODIFIERS],
  ])('every id the maps give is a modifier of the %s table', (_, table) => {
    const ids: string[] = [
      ...Object.values(COVER_MODIFIER),
      ...Object.values(TARGET_MODIFIER),
      ...Object.values(RANGE_MODIFIER),
      ...Object.values(STATUS_MODIFIER),
    ].filter((id) => id !== null);
    for (const id of ids) expect(table.index.get(id), id).toBeTypeOf('number');
  });

  it('gives both tables the same labels, except the firer named in the status group', () => {
    const label = (table: typeof SMALL_ARMS_MODIFIERS | typeof ARTILLERY_MODIFIERS, id: string) =>
      table.modifiers[table.index.get(id)!]!.label;
    for (const id of [...Object.values(COVER_MODIFIER), ...Object.values(TARGET_MODIFIER)]) {
      if (id !== null) expect(label(ARTILLERY_MODIFIERS, id)).toBe(label(SMALL_ARMS_MODIFIERS, id));
    }
    expect(label(SMALL_ARMS_MODIFIERS, 'status-shaken')).toBe('Firer Shaken');
    expect(label(ARTILLERY_MODIFIERS, 'status-shaken')).toBe('Battery Shaken');
  });
});
