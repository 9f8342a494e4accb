import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PrngDice, type RollRecord } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { rangeTableProblem } from '../../../core/rules/tables.ts';
import { ARMS } from '../vocabulary.ts';
import { COMMANDERS_EVENTS } from './commanders-events.ts';
import {
  COMMANDERS_WOUND_WORDING,
  OFFICER_CASUALTIES,
  REPLACEMENT_GENERALSHIP,
  REPLACEMENT_LEADERSHIP,
} from './officers.ts';
import {
  NEGATIVE_REACTION_MODIFIERS,
  POSITIVE_REACTION_MODIFIERS,
  RESOLVE_ADJUSTMENTS,
} from './reaction-modifiers.ts';
import {
  ARTILLERY_EVENTS,
  bandLabel,
  CAVALRY_EVENTS,
  INFANTRY_EVENTS,
  isFixedEffect,
  ROLL_AGAIN,
  rerollMaskOf,
  rollAgainUntil,
  UNIT_EVENT_TABLES,
  type UnitEventEffect,
  type UnitEventTemplate,
  unitEventRoll,
} from './unit-events.ts';

// Authority: the bands and what they are, read from Part 4's three Events Tables.
const INFANTRY_BANDS: [number, number, string][] = [
  [0, 4, 'commanders-event'],
  [5, 14, 'commander-hit'],
  [15, 19, 'musicians-lost'],
  [20, 34, 'colours-lost'],
  [35, 37, 'soft-ground'],
  [38, 40, 'very-rough-ground'],
  [41, 43, 'unseen-nullah'],
  [44, 46, 'firm-ground'],
  [47, 49, 'blinded'],
  [50, 54, 'friend-or-foe'],
  [55, 57, 'must-charge'],
  [58, 60, 'form-line'],
  [61, 63, 'form-column'],
  [64, 66, 'deploy-right'],
  [67, 69, 'deploy-left'],
  [70, 72, 'disordered-without-orders'],
  [73, 75, 'fire-and-retire'],
  [76, 78, 'fires-on-general'],
  [79, 81, 'without-orders-test'],
  [82, 84, 'must-defend'],
  [85, 87, 'forward-march'],
  [88, 89, 'friends-cut-up'],
  [90, 91, 'quit-the-battle'],
  [92, 95, 'fires-on-friends'],
  [96, 99, 'hidden-fanatics'],
];
const CAVALRY_BANDS: [number, number, string][] = [
  [0, 4, 'commanders-event'],
  [5, 14, 'commander-hit'],
  [15, 19, 'musicians-lost'],
  [20, 34, 'standard-lost'],
  [35, 37, 'soft-ground'],
  [38, 40, 'very-rough-ground'],
  [41, 43, 'unseen-nullah'],
  [44, 46, 'firm-ground'],
  [47, 49, 'blinded'],
  [50, 54, 'threes-about'],
  [55, 59, 'hidden-fanatics'],
  [60, 61, 'friends-cut-up'],
  [62, 65, 'fires-on-nearest'],
  [66, 75, 'blood-up'],
  [76, 78, 'must-defend'],
  [79, 81, 'forward-march'],
  [82, 84, 'deploy-right'],
  [85, 87, 'deploy-left'],
  [88, 90, 'fires-on-general'],
  [91, 93, 'without-orders-test'],
  [94, 96, 'fire-and-retire'],
  [97, 99, 'advance-and-fire'],
];
const ARTILLERY_BANDS: [number, number, string][] = [
  [0, 4, 'commanders-event'],
  [5, 14, 'commander-hit'],
  [15, 19, 'musicians-lost'],
  [20, 22, 'soft-ground'],
  [23, 25, 'very-rough-ground'],
  [26, 28, 'unseen-nullah'],
  [29, 31, 'firm-ground'],
  [32, 45, 'blinded'],
  [46, 48, 'disordered-without-orders'],
  [49, 53, 'confused-fire'],
  [54, 56, 'fires-on-general'],
  [57, 58, 'without-orders-test'],
  [59, 62, 'must-defend'],
  [63, 69, 'gun-overturned'],
  [70, 85, 'caisson-explodes'],
  [86, 92, 'prolonge-and-fire'],
  [93, 99, 'limber-and-retire'],
];

describe('unit events tables: every band, 00-99 without gaps or overlaps', () => {
  it.each([
    ['infantry', INFANTRY_EVENTS, INFANTRY_BANDS],
    ['cavalry', CAVALRY_EVENTS, CAVALRY_BANDS],
    ['artillery', ARTILLERY_EVENTS, ARTILLERY_BANDS],
  ] as const)('%s: the bands are those of the text', (_arm, table, bands) => {
    expect(rangeTableProblem(table)).toBeUndefined();
    expect(table.covers).toEqual({ min: 0, max: 99 });
    expect(table.rows.map((r) => [r.from, r.to, r.result.id])).toEqual(bands);
    const widths = table.rows.reduce((n, r) => n + r.to - r.from + 1, 0);
    expect(widths).toBe(100);
  });

  it.each(ARMS)('%s: entry ids are unique and every entry has a label and a rule', (arm) => {
    const table = UNIT_EVENT_TABLES[arm];
    const ids = table.rows.map((r) => r.result.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of table.rows) {
      expect(row.result.label.length).toBeGreaterThan(5);
      expect(row.result.rule.section).toBe(table.title);
      expect(row.result.rule.item?.startsWith(bandLabel(row.from, row.to))).toBe(true);
    }
  });

  it('band labels are zero-padded', () => {
    expect(bandLabel(0, 4)).toBe('00-04');
    expect(bandLabel(5, 14)).toBe('05-14');
    expect(bandLabel(88, 89)).toBe('88-89');
    expect(bandLabel(7, 7)).toBe('07');
  });
});

/** Every fixed effect the tables can return, including those inside templates. */
function fixedEffectsOf(t: UnitEventTemplate): UnitEventEffect[] {
  if (t.kind === 'unless-siege-or-mortar') return [...t.effects];
  return isFixedEffect(t) ? [t] : [];
}

describe('unit events tables: effects an engine can apply', () => {
  const positive = new Set<string>(POSITIVE_REACTION_MODIFIERS.modifiers.map((m) => m.id));
  const negative = new Set<string>(NEGATIVE_REACTION_MODIFIERS.modifiers.map((m) => m.id));
  const adjustments = new Set(RESOLVE_ADJUSTMENTS.modifiers.map((m) => m.id));

  it.each(ARMS)(
    '%s: every reaction modifier and Resolve adjustment named exists, with the same sign',
    (arm) => {
      for (const row of UNIT_EVENT_TABLES[arm].rows) {
        for (const e of row.result.effects.flatMap(fixedEffectsOf)) {
          if (e.kind === 'reaction-modifier') {
            const def = [
              ...POSITIVE_REACTION_MODIFIERS.modifiers,
              ...NEGATIVE_REACTION_MODIFIERS.modifiers,
            ].find((m) => m.id === e.modifier);
            expect(positive.has(e.modifier) || negative.has(e.modifier)).toBe(true);
            expect(def?.value).toBe(e.amount);
          }
          if (e.kind === 'resolve-change') {
            expect(adjustments.has(e.adjustment)).toBe(true);
            expect(RESOLVE_ADJUSTMENTS.modifiers.find((m) => m.id === e.adjustment)?.value).toBe(e.amount);
          }
        }
      }
    },
  );

  it('the officer casualty modifiers exist in the negative reaction modifiers, with the same values', () => {
    for (const effects of Object.values(OFFICER_CASUALTIES.unitsWhenLost)) {
      for (const u of effects) {
        expect(negative.has(u.modifier)).toBe(true);
        expect(NEGATIVE_REACTION_MODIFIERS.modifiers.find((m) => m.id === u.modifier)?.value).toBe(u.amount);
      }
    }
  });
});

describe('events docs: every reading named by a table is explained', () => {
  const docs = readFileSync(
    resolve(import.meta.dirname, '../../../../docs/rules/john-company/events.md'),
    'utf8',
  );
  const headings = new Set(
    docs
      .split('\n')
      .filter((l) => l.startsWith('### '))
      .map((l) => l.slice(4).trim()),
  );
  const tables = [
    INFANTRY_EVENTS,
    CAVALRY_EVENTS,
    ARTILLERY_EVENTS,
    COMMANDERS_EVENTS,
    COMMANDERS_WOUND_WORDING,
    OFFICER_CASUALTIES,
    REPLACEMENT_GENERALSHIP,
    REPLACEMENT_LEADERSHIP,
  ];
  it.each(tables.flatMap((t) => (t.readings ?? []).map((r) => [t.id, r] as const)))(
    '%s: "%s"',
    (_id, reading) => {
      expect(headings.has(reading)).toBe(true);
    },
  );
});

describe('rolling again until it applies', () => {
  const d6Die = { min: 1, max: 6, name: 'd6' };
  const again = rollAgainUntil('test-d6-not-3', '1d6, again on 3', d6Die, (f) => (f === 3 ? ROLL_AGAIN : f));

  it('gives ROLL_AGAIN for the faces that do not count, and the face otherwise', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => again.combine([f]))).toEqual([1, 2, ROLL_AGAIN, 4, 5, 6]);
  });

  it('lists only the faces that count, each equally likely: the distribution of rolling again without limit', () => {
    expect(again.outcomes()).toEqual([1, 2, 4, 5, 6].map((value) => ({ value, ways: 1 })));
    expect(again.combinations).toBe(5);
  });

  it('refuses a roll where no face counts', () => {
    expect(() => rollAgainUntil('none', 'none', d6Die, () => ROLL_AGAIN)).toThrow(/no face counts/);
  });

  it('the fast PRNG draw gives the same values as the recorded throw of the faces', () => {
    const spec = unitEventRoll('artillery', rerollMaskOf(ARTILLERY_EVENTS, 'not-under-artillery-fire'));
    const fast = new PrngDice(seedRng(5));
    const record: RollRecord[] = [];
    const slow = new PrngDice(seedRng(5), record);
    for (let i = 0; i < 500; i++) expect(fast.roll(spec, 'event')).toBe(slow.roll(spec, 'event'));
    expect(record.every((r) => r.faces[0]! >= 0 && r.faces[0]! <= 99)).toBe(true);
  });

  it('the events percentile reads each face as its row, and the masked rows as ROLL_AGAIN', () => {
    const mask = rerollMaskOf(INFANTRY_EVENTS, 'raining');
    expect(mask).toBe(1 << 8);
    const spec = unitEventRoll('infantry', mask);
    for (let face = 0; face <= 99; face++) {
      const row = INFANTRY_BANDS.findIndex(([from, to]) => face >= from && face <= to);
      expect(spec.combine([face])).toBe(row === 8 ? ROLL_AGAIN : row);
    }
    expect(spec.combinations).toBe(97);
    expect(unitEventRoll('infantry', mask)).toBe(spec);
    expect(unitEventRoll('infantry', 0).combinations).toBe(100);
  });

  it('reroll masks select the rows whose entries name the condition', () => {
    expect(rerollMaskOf(INFANTRY_EVENTS, 'native')).toBe((1 << 21) | (1 << 24));
    expect(rerollMaskOf(CAVALRY_EVENTS, 'british')).toBe(1 << 3);
    expect(rerollMaskOf(ARTILLERY_EVENTS, 'defend-orders')).toBe(0b1111000);
    expect(rerollMaskOf(ARTILLERY_EVENTS, 'prolonged-or-not-moved')).toBe(1 << 13);
  });
});
