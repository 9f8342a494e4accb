import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { GUNS, type Gun } from '../../../core/scenario/vocabulary.ts';
import { jc4, musterDefault } from '../vocabulary.ts';
import { coverModifiers, rangeModifiers, statusModifiers, targetModifiers } from './fire-modifier-groups.ts';
import type { RangeTable } from './firing-table.ts';

/** The guns of the Artillery Range Table and the artillery weapon modifiers (Part 4): the scenario format's. */
export const ARTILLERY_WEAPONS = GUNS;
export type ArtilleryWeapon = Gun;

/**
 * Artillery Range Table: the upper limit of each band, in inches. Mortars have no point-blank band
 * and a minimum range (the lower figure of their short band).
 */
export const ARTILLERY_RANGE_TABLE: RangeTable<ArtilleryWeapon> = {
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
    ...coverModifiers({
      'light-woods': [-1, cover('light woods')],
      'heavy-woods': [-3, cover('heavy woods (jungle)')],
      'entrenchments-or-buildings': [-5, cover('entrenchments or buildings')],
    }),
    ...targetModifiers({
      'column-square-or-enfiladed-line': [
        0,
        target('close order column, square, enfiladed close order line'),
      ],
      'close-order-line': [-1, target('close order line')],
      mass: [-2, target('mass or disordered')],
      disordered: [-2, target('mass or disordered')],
      'open-order': [-2, musterDefault('Artillery Fire Modifiers', 'open-order target')],
      'crews-or-train': [-8, target('artillery crews or train troops')],
      skirmishers: [-12, target('skirmishers')],
    }),
    {
      id: 'native-irregular-crew',
      rule: jc4('Artillery Fire Modifiers', '4. native irregular gun crews'),
      label: 'Native irregular gun crew',
      value: -3,
    },
    ...rangeModifiers({
      'point-blank': [0, range('point blank')],
      short: [-2, range('short')],
      medium: [-5, range('medium')],
      long: [-9, range('long')],
      extreme: [-14, range('extreme')],
    }),
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
    ...statusModifiers('Battery', {
      steadyOrBetter: [0, status('resolute, confident, steady')],
      shaken: [-2, status('shaken')],
      wavering: [-4, status('wavering')],
    }),
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
