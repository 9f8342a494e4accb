import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookupRange, rangeTableProblem } from '../../../core/rules/tables.ts';
import { CARACOLE_TABLE } from './caracole.ts';
import {
  CONFRONTATION_MODIFIERS,
  CONFRONTATION_RESULTS,
  CONFRONTATION_ROW_IDS,
  confrontationRowFor,
  DIFFERENCE_LOSER_15_AND_BELOW,
  DIFFERENCE_LOSER_16_AND_ABOVE,
  DIFFERENCE_TABLES,
  type LoserColumn,
  loserColumnFor,
  MAX_DIFFERENCE,
  STATUS_MODIFIER_IDS,
} from './confrontation.ts';

describe('Confrontation Tactical Modifiers: every item, in the text order', () => {
  // Authority values: Part 4, Determining Modified Resolve Level, items 1-13.
  it.each([
    ['charging', 1, '1 charging'],
    ['uphill', 1, '2 uphill'],
    ['infantry-close-order', 1, '3 infantry in close order'],
    ['defender-gave-fire', 1, '4 defender gave fire'],
    ['additional-stands', 1, '5 each 3 additional stands'],
    ['heavy-cavalry-or-lancers', 1, '6 regular heavy cavalry or lancers'],
    ['cavalry-v-infantry', 2, '7 cavalry v infantry'],
    ['fortified-city-wall', 3, '8 defending fortified city wall'],
    ['mass', 0, '9 mass'],
    ['regular-light-cavalry', 0, '10 regular light cavalry'],
    ['open-order', -2, '11 open order'],
    ['cavalry-not-squared-up', -2, '12 cavalry did not square up'],
    ['status-resolute', 2, '13 Resolute'],
    ['status-confident', 1, '13 Confident'],
    ['status-steady', 0, '13 Steady'],
    ['status-shaken', -2, '13 Shaken'],
    ['status-wavering', -4, '13 Wavering'],
    ['status-panicked', -8, '13 Panicked'],
  ] as const)('%s is %i (%s)', (id, value, item) => {
    const at = CONFRONTATION_MODIFIERS.index.get(id)!;
    const def = CONFRONTATION_MODIFIERS.modifiers[at]!;
    expect(def.value).toBe(value);
    expect(def.rule.item).toBe(item);
    expect(def.rule.section).toBe('Confrontation Tactical Modifiers');
  });

  it('lists exactly those 18 entries, in that order', () => {
    expect(CONFRONTATION_MODIFIERS.modifiers.map((m) => Number.parseInt(m.rule.item!, 10))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 13, 13,
    ]);
  });

  it('counts "each 3 additional stands" at most 5 times', () => {
    const def = CONFRONTATION_MODIFIERS.modifiers[CONFRONTATION_MODIFIERS.index.get('additional-stands')!]!;
    expect(def.perEach).toBe(true);
    expect(def.maxCount).toBe(5);
  });

  it('maps each Resolve Status to its own modifier', () => {
    expect(STATUS_MODIFIER_IDS).toEqual({
      Resolute: 'status-resolute',
      Confident: 'status-confident',
      Steady: 'status-steady',
      Shaken: 'status-shaken',
      Wavering: 'status-wavering',
      Panicked: 'status-panicked',
    });
  });

  it('has no dice-valued modifier (every value is fixed points)', () => {
    expect(CONFRONTATION_MODIFIERS.modifiers.every((m) => typeof m.value === 'number')).toBe(true);
  });
});

describe('Confrontation / Close Combat Results Table: every row', () => {
  // Authority values: Part 4, the results table, with the reconstructed Recoil row and footnote reading.
  it.each([
    [
      'close-combat-recoil',
      'close-combat',
      true,
      { kind: 'one-in', n: 8 },
      { kind: 'one-in', n: 8 },
      'Wavering',
      'recoil',
    ],
    [
      'close-combat-forced-back',
      'close-combat',
      false,
      { kind: 'one-in', n: 6 },
      { kind: 'one-in', n: 9 },
      'Wavering',
      'forced-back',
    ],
    [
      'close-combat-rout',
      'close-combat',
      false,
      { kind: 'one-in', n: 4 },
      { kind: 'one-in', n: 10 },
      'Panicked',
      'rout',
    ],
    ['confrontation-recoil', 'confrontation', true, { kind: 'none' }, { kind: 'none' }, 'Shaken', 'recoil'],
    [
      'confrontation-fall-back',
      'confrontation',
      false,
      { kind: 'one-in', n: 10 },
      { kind: 'odd-d6' },
      'Shaken',
      'fall-back',
    ],
    [
      'confrontation-forced-back',
      'confrontation',
      false,
      { kind: 'one-in', n: 8 },
      { kind: 'odd-d6' },
      'Wavering',
      'forced-back',
    ],
    [
      'confrontation-rout',
      'confrontation',
      false,
      { kind: 'one-in', n: 6 },
      { kind: 'odd-d6' },
      'Panicked',
      'rout',
    ],
  ] as const)(
    '%s: %s, recoil %s, loser %o, winner %o, %s, %s',
    (id, kind, recoil, loserLoss, winnerLoss, status, move) => {
      const row = CONFRONTATION_RESULTS.rows[id];
      expect(row).toEqual({
        id,
        label: expect.any(String),
        kind,
        recoil,
        loserLoss,
        winnerLoss,
        status,
        move,
      });
    },
  );

  it('has the seven rows in the text order', () => {
    expect(Object.keys(CONFRONTATION_RESULTS.rows)).toEqual([...CONFRONTATION_ROW_IDS]);
  });
});

describe('the Difference sub-columns: every difference', () => {
  // Authority values: loser 16+ reads 0,1,2,3,4,5+; loser 15- reads (0 reconstructed),1,2-3,4+.
  const cases: [LoserColumn, number, string][] = [
    ['16-and-above', 0, 'close-combat-recoil'],
    ['16-and-above', 1, 'close-combat-forced-back'],
    ['16-and-above', 2, 'close-combat-rout'],
    ['16-and-above', 3, 'confrontation-fall-back'],
    ['16-and-above', 4, 'confrontation-forced-back'],
    ['16-and-above', 5, 'confrontation-rout'],
    ['16-and-above', 6, 'confrontation-rout'],
    ['16-and-above', 40, 'confrontation-rout'],
    ['15-and-below', 0, 'confrontation-recoil'],
    ['15-and-below', 1, 'confrontation-fall-back'],
    ['15-and-below', 2, 'confrontation-forced-back'],
    ['15-and-below', 3, 'confrontation-forced-back'],
    ['15-and-below', 4, 'confrontation-rout'],
    ['15-and-below', 5, 'confrontation-rout'],
    ['15-and-below', 40, 'confrontation-rout'],
  ];
  it.each(cases)('loser %s, difference %i: %s', (column, difference, row) => {
    expect(lookupRange(DIFFERENCE_TABLES[column], difference).result).toBe(row);
    expect(confrontationRowFor(difference, column)).toBe(row);
  });

  it('never puts a Close Combat result in the 15-and-below sub-column', () => {
    for (let d = 0; d <= MAX_DIFFERENCE; d++)
      expect(CONFRONTATION_RESULTS.rows[confrontationRowFor(d, '15-and-below')].kind).toBe('confrontation');
  });

  it('the fast lookup agrees with the range tables for every difference 0..99', () => {
    for (const column of ['16-and-above', '15-and-below'] as const)
      for (let d = 0; d <= MAX_DIFFERENCE; d++)
        expect(confrontationRowFor(d, column)).toBe(lookupRange(DIFFERENCE_TABLES[column], d).result);
  });

  it('both sub-columns cover 0..99 without gaps or overlaps', () => {
    expect(rangeTableProblem(DIFFERENCE_LOSER_16_AND_ABOVE)).toBeUndefined();
    expect(rangeTableProblem(DIFFERENCE_LOSER_15_AND_BELOW)).toBeUndefined();
  });

  it.each([
    [16, '16-and-above'],
    [15, '15-and-below'],
    [25, '16-and-above'],
    [-3, '15-and-below'],
  ] as const)('a loser at %i reads the %s sub-column', (level, column) => {
    expect(loserColumnFor(level)).toBe(column);
  });
});

describe('readings are documented', () => {
  const doc = readFileSync(
    resolve(import.meta.dirname, '../../../../docs/rules/john-company/confrontation.md'),
    'utf8',
  );
  const headings = new Set([...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]!.trim()));
  const readings = [
    ...(CONFRONTATION_RESULTS.readings ?? []),
    ...(DIFFERENCE_LOSER_16_AND_ABOVE.readings ?? []),
    ...(DIFFERENCE_LOSER_15_AND_BELOW.readings ?? []),
    ...Object.values(CARACOLE_TABLE).flatMap((t) => t.readings ?? []),
  ];
  it.each(readings.map((r) => [r]))(
    '"%s" has a ### entry in docs/rules/john-company/confrontation.md',
    (r) => {
      expect(headings.has(r)).toBe(true);
    },
  );
});
