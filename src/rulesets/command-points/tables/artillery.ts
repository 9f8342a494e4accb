import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { defineRangeTable, type TableMeta } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction, type GunClass } from '../vocabulary.ts';

const section = 'Firing - Artillery';

/** Range bands of a gun, inches: short up to `short`, long up to `long`. */
export interface GunRanges {
  readonly short: number;
  readonly long: number;
}

export interface ArtilleryRangeTable extends TableMeta {
  readonly rows: Readonly<Record<GunClass, GunRanges>>;
}

/**
 * Heavy guns' ranges are printed; light guns' are lost: Muster's reconstruction (rules-facts gap 30)
 * gives them 30" long and 8" short, scenario-overridable.
 */
export const ARTILLERY_RANGES: ArtilleryRangeTable = {
  id: 'artillery-ranges',
  title: 'Artillery ranges (inches)',
  source: cp(section, 'ranges'),
  readings: ['Light gun ranges'],
  rows: {
    heavy: { short: 10, long: 42 },
    light: { short: 8, long: 30 },
  },
};

export const LIGHT_GUN_RANGES_RULE = cpReconstruction(section, 'light guns');

export const ARTILLERY_RANGE_BANDS = ['short', 'long'] as const;
export type ArtilleryRangeBand = (typeof ARTILLERY_RANGE_BANDS)[number];

/** The modifiers to each gun's d6, in the text's order. */
export const ARTILLERY_MODIFIERS = defineModifierTable({
  id: 'artillery-fire-modifiers',
  title: 'Artillery fire modifiers',
  source: cp(section, 'modifiers'),
  modifiers: [
    {
      id: 'target-in-works',
      rule: cp(section, 'target in fieldwork, fort or building'),
      label: 'Target in a fieldwork, fort or building',
      value: -1,
    },
    {
      id: 'target-column-limbered-or-enfiladed',
      rule: cp(section, 'target in column, limbered, or in enfilade'),
      label: 'Target in column, limbered, or enfiladed',
      value: 1,
    },
    {
      id: 'new-target',
      rule: cp(section, 'firing at new target'),
      label: 'Firing at a new target',
      value: -1,
    },
    {
      id: 'same-target-same-range',
      rule: cp(section, 'firing at same target, at same range'),
      label: 'Firing at the same target at the same range',
      value: 1,
    },
    {
      id: 'dpoints-on-gun',
      rule: cp(section, 'each DP on firing gun'),
      label: 'D-points on the firing gun',
      value: -1,
      perEach: true,
      maxCount: 5,
    },
    {
      id: 'target-skirmishers',
      rule: cp(section, 'target in skirmish order'),
      label: 'Target in skirmish order',
      value: -2,
    },
  ],
});
export type ArtilleryModifierId = (typeof ARTILLERY_MODIFIERS.modifiers)[number]['id'];

/** What one gun inflicts. */
export interface GunEffect {
  readonly dpoints: number;
  readonly casualties: number;
}

/** The lowest and highest modified scores: a 1 with every minus (-1 -1 -5 -2), a 6 with every plus. */
export const ARTILLERY_SCORE_RANGE = { min: -8, max: 8 } as const;

const none: GunEffect = { dpoints: 0, casualties: 0 };

/** Long range: 4+ inflicts 1 D-point. */
export const LONG_RANGE_EFFECTS = defineRangeTable<GunEffect>({
  id: 'artillery-long-range',
  title: 'Artillery effect at long range',
  source: cp(section, 'long range'),
  covers: ARTILLERY_SCORE_RANGE,
  rows: [
    { from: -8, to: 3, result: none },
    { from: 4, to: 8, result: { dpoints: 1, casualties: 0 } },
  ],
});

/** Short range: 2-3 one D-point, 4-5 two, 6 or more one D-point and one casualty. */
export const SHORT_RANGE_EFFECTS = defineRangeTable<GunEffect>({
  id: 'artillery-short-range',
  title: 'Artillery effect at short range',
  source: cp(section, 'short range'),
  covers: ARTILLERY_SCORE_RANGE,
  rows: [
    { from: -8, to: 1, result: none },
    { from: 2, to: 3, result: { dpoints: 1, casualties: 0 } },
    { from: 4, to: 5, result: { dpoints: 2, casualties: 0 } },
    { from: 6, to: 8, result: { dpoints: 1, casualties: 1 } },
  ],
});
