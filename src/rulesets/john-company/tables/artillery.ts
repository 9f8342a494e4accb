import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import { jc4, musterDefault, type RangeBand, type ResolveStatus } from '../vocabulary.ts';
import type { RangeLimits, TargetCover, TargetRow } from './firing-table.ts';

/** The guns of the Artillery Range Table and the artillery weapon modifiers (Part 4). */
export const ARTILLERY_WEAPONS = [
  'british-horse',
  'british-field',
  'british-siege',
  'british-rocket',
  'british-light-mortar',
  'british-heavy-mortar',
  'native-horse',
  'native-field',
  'native-siege',
  'native-mortar',
] as const;
export type ArtilleryWeapon = (typeof ARTILLERY_WEAPONS)[number];

export interface ArtilleryRangeTable extends TableMeta {
  readonly rows: Readonly<Record<ArtilleryWeapon, RangeLimits>>;
}

/**
 * Artillery Range Table: the upper limit of each band, in inches. Mortars have no point-blank band
 * and a minimum range (the lower figure of their short band).
 */
export const ARTILLERY_RANGE_TABLE: ArtilleryRangeTable = {
  id: 'jc-artillery-range-table',
  title: 'Artillery Range Table',
  source: jc4('Small Arms And Artillery Fire', 'Artillery Range Table'),
  readings: ['Artillery Range Table: mortar minimum ranges', 'Range bands: a distance on a band limit'],
  rows: {
    'british-horse': { label: 'British horse artillery', limits: [6, 13, 18, 23, 36] },
    'british-field': { label: 'British field artillery', limits: [7, 17, 23, 29, 42] },
    'british-siege': { label: 'British siege artillery', limits: [11, 25, 34, 44, 69] },
    'british-rocket': { label: 'British (Congreve) rockets', limits: [6, 13, 18, 23, 36] },
    'british-light-mortar': { label: 'British light mortar', limits: [null, 11, 15, 19, 30], minimum: 6 },
    'british-heavy-mortar': { label: 'British heavy mortar', limits: [null, 17, 21, 25, 36], minimum: 8 },
    'native-horse': { label: 'Native horse artillery (Aspi)', limits: [6, 13, 18, 23, 36] },
    'native-field': { label: 'Native field artillery (Jinsi)', limits: [7, 15, 20, 25, 39] },
    'native-siege': { label: 'Native siege artillery (Kalan)', limits: [13, 28, 39, 50, 79] },
    'native-mortar': { label: 'Native mortar (Gubara)', limits: [null, 19, 25, 32, 52], minimum: 9 },
  },
};

const weapon = (item: string) => jc4('Artillery Fire Modifiers', `1. weapon: ${item}`);
const cover = (item: string) => jc4('Artillery Fire Modifiers', `2. target cover: ${item}`);
const target = (item: string) => jc4('Artillery Fire Modifiers', `3. target formation: ${item}`);
const range = (item: string) => jc4('Artillery Fire Modifiers', `5. range: ${item}`);
const status = (item: string) => jc4('Artillery Fire Modifiers', `7. resolve status: ${item}`);

/**
 * Artillery fire modifiers to the battery's Resolve Level, in the text's order (weapon, target cover,
 * target formation, native irregular crews, range, battery moving, status), with Muster's defaults
 * for the gaps at the end of their group. All are worked out from the facts.
 */
export const ARTILLERY_MODIFIERS = defineModifierTable({
  id: 'jc-artillery-fire-modifiers',
  title: 'Artillery fire modifiers',
  source: jc4('Artillery Fire Modifiers'),
  modifiers: [
    { id: 'weapon-british-horse', rule: weapon('british horse'), label: 'British horse artillery', value: 2 },
    {
      id: 'weapon-british-rocket',
      rule: weapon('british congreve rocket'),
      label: 'British Congreve rockets',
      value: 3,
    },
    {
      id: 'weapon-british-light-mortar',
      rule: weapon('british light mortar'),
      label: 'British light mortar',
      value: 4,
    },
    { id: 'weapon-british-field', rule: weapon('british field'), label: 'British field artillery', value: 5 },
    { id: 'weapon-british-siege', rule: weapon('british siege'), label: 'British siege artillery', value: 7 },
    {
      id: 'weapon-british-heavy-mortar',
      rule: weapon('british heavy mortar'),
      label: 'British heavy mortar',
      value: 7,
    },
    {
      id: 'weapon-native-horse',
      rule: weapon('native horse (aspi)'),
      label: 'Native horse (Aspi)',
      value: 1,
    },
    {
      id: 'weapon-native-field',
      rule: weapon('native field (jinsi)'),
      label: 'Native field (Jinsi)',
      value: 2,
    },
    {
      id: 'weapon-native-mortar',
      rule: weapon('native mortar (gubara)'),
      label: 'Native mortar (Gubara)',
      value: 6,
    },
    {
      id: 'weapon-native-siege',
      rule: weapon('native siege (kalan)'),
      label: 'Native siege (Kalan)',
      value: 7,
    },
    { id: 'cover-light-woods', rule: cover('light woods'), label: 'Target in light woods', value: -1 },
    {
      id: 'cover-heavy-woods',
      rule: cover('heavy woods (jungle)'),
      label: 'Target in heavy woods or jungle',
      value: -3,
    },
    {
      id: 'cover-entrenchments-or-buildings',
      rule: cover('entrenchments or buildings'),
      label: 'Target in entrenchments or buildings',
      value: -5,
    },
    {
      id: 'target-column-square-or-enfiladed-line',
      rule: target('close order column, square, enfiladed close order line'),
      label: 'Target in close-order column or square, or an enfiladed line',
      value: 0,
    },
    {
      id: 'target-close-order-line',
      rule: target('close order line'),
      label: 'Target in close-order line',
      value: -1,
    },
    { id: 'target-mass', rule: target('mass or disordered'), label: 'Target in mass', value: -2 },
    { id: 'target-disordered', rule: target('mass or disordered'), label: 'Target disordered', value: -2 },
    {
      id: 'target-open-order',
      rule: musterDefault('Artillery Fire Modifiers', 'open-order target'),
      label: 'Target in open order (Muster default)',
      value: -2,
    },
    {
      id: 'target-crews-or-train',
      rule: target('artillery crews or train troops'),
      label: 'Target is artillery crews or train troops',
      value: -8,
    },
    { id: 'target-skirmishers', rule: target('skirmishers'), label: 'Target is skirmishers', value: -12 },
    {
      id: 'native-irregular-crew',
      rule: jc4('Artillery Fire Modifiers', '4. native irregular gun crews'),
      label: 'Native irregular gun crew',
      value: -3,
    },
    { id: 'range-point-blank', rule: range('point blank'), label: 'Point blank range', value: 0 },
    { id: 'range-short', rule: range('short'), label: 'Short range', value: -2 },
    { id: 'range-medium', rule: range('medium'), label: 'Medium range', value: -5 },
    { id: 'range-long', rule: range('long'), label: 'Long range', value: -9 },
    { id: 'range-extreme', rule: range('extreme'), label: 'Extreme range', value: -14 },
    {
      id: 'battery-moving',
      rule: jc4('Artillery Fire Modifiers', '6. battery moving, changing formation or reforming'),
      label: 'Battery moves this turn, changes formation or reforms',
      value: -4,
    },
    {
      id: 'battery-disordered',
      rule: musterDefault('Artillery Fire Modifiers', 'disordered battery'),
      label: 'Battery disordered (Muster default, as for small arms)',
      value: -4,
    },
    {
      id: 'status-steady-or-better',
      rule: status('resolute, confident, steady'),
      label: 'Battery Resolute, Confident or Steady',
      value: 0,
    },
    { id: 'status-shaken', rule: status('shaken'), label: 'Battery Shaken', value: -2 },
    { id: 'status-wavering', rule: status('wavering'), label: 'Battery Wavering', value: -4 },
  ],
});
export type ArtilleryModifierId = (typeof ARTILLERY_MODIFIERS.modifiers)[number]['id'];

/** Each gun's weapon modifier. */
export const ARTILLERY_WEAPON_MODIFIER: Readonly<Record<ArtilleryWeapon, ArtilleryModifierId>> = {
  'british-horse': 'weapon-british-horse',
  'british-field': 'weapon-british-field',
  'british-siege': 'weapon-british-siege',
  'british-rocket': 'weapon-british-rocket',
  'british-light-mortar': 'weapon-british-light-mortar',
  'british-heavy-mortar': 'weapon-british-heavy-mortar',
  'native-horse': 'weapon-native-horse',
  'native-field': 'weapon-native-field',
  'native-siege': 'weapon-native-siege',
  'native-mortar': 'weapon-native-mortar',
};

export const ARTILLERY_COVER_MODIFIER: Readonly<Record<TargetCover, ArtilleryModifierId | null>> = {
  open: null,
  'light-woods': 'cover-light-woods',
  'heavy-woods': 'cover-heavy-woods',
  'entrenchments-or-buildings': 'cover-entrenchments-or-buildings',
};

export const ARTILLERY_TARGET_MODIFIER: Readonly<Record<TargetRow, ArtilleryModifierId>> = {
  'column-square-or-enfiladed-line': 'target-column-square-or-enfiladed-line',
  'close-order-line': 'target-close-order-line',
  mass: 'target-mass',
  disordered: 'target-disordered',
  'open-order': 'target-open-order',
  'crews-or-train': 'target-crews-or-train',
  skirmishers: 'target-skirmishers',
};

export const ARTILLERY_RANGE_MODIFIER: Readonly<Record<RangeBand, ArtilleryModifierId>> = {
  'point-blank': 'range-point-blank',
  short: 'range-short',
  medium: 'range-medium',
  long: 'range-long',
  extreme: 'range-extreme',
};

/** The modifier of each battery status; `null`: it may not fire (Panicked). */
export const ARTILLERY_STATUS_MODIFIER: Readonly<Record<ResolveStatus, ArtilleryModifierId | null>> = {
  Resolute: 'status-steady-or-better',
  Confident: 'status-steady-or-better',
  Steady: 'status-steady-or-better',
  Shaken: 'status-shaken',
  Wavering: 'status-wavering',
  Panicked: null,
};
