import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { SMALL_ARMS, type SmallArm } from '../../../core/scenario/vocabulary.ts';
import { jc4, musterDefault } from '../vocabulary.ts';
import { coverModifiers, rangeModifiers, statusModifiers, targetModifiers } from './fire-modifier-groups.ts';
import type { RangeTable } from './firing-table.ts';

/** Rows of the Small Arms Range Table (Part 4). */
export const SMALL_ARMS_RANGE_ROWS = [
  'rifled-musket',
  'musket',
  'rifle',
  'carbine',
  'matchlock',
  'swivel-gun',
  'bows',
  'native-rockets',
  'javelin',
] as const;
export type SmallArmsRangeRowId = (typeof SMALL_ARMS_RANGE_ROWS)[number];

/** Small Arms Range Table: the upper limit of each band, in inches (point blank, short, medium, long, extreme). */
export const SMALL_ARMS_RANGE_TABLE: RangeTable<SmallArmsRangeRowId> = {
  id: 'jc-small-arms-range-table',
  title: 'Small Arms Range Table',
  source: jc4('Rules For Small Arms', 'Small Arms Range Table'),
  readings: ['Small Arms Range Table: the Javelin row', 'Range bands: a distance on a band limit'],
  rows: {
    'rifled-musket': { label: 'Rifled musket', limits: [2, 3, 5, 7, 9] },
    musket: { label: 'Flintlock or percussion musket', limits: [1, 2, 4, 6, 8] },
    rifle: { label: 'Flintlock or percussion rifle', limits: [2, 3, 5, 7, 9] },
    carbine: { label: 'Flintlock or percussion carbine', limits: [1, 2, 3, 4, 6] },
    matchlock: { label: 'Matchlock', limits: [1, 2, 3, 5, 7] },
    'swivel-gun': { label: 'Swivel gun', limits: [2, 3, 5, 7, 9] },
    bows: { label: 'Bows', limits: [1, 2, 3, 4, 6] },
    'native-rockets': { label: 'Native rockets', limits: [2, 4, 6, 8, 15] },
    javelin: { label: 'Javelin or spear', limits: [null, 1, 2, null, null] },
  },
};

/** The small arms a unit may carry (Part 4, "Rules For Small Arms"): the scenario format's. */
export const SMALL_ARMS_WEAPONS = SMALL_ARMS;
export type SmallArmsWeapon = SmallArm;

const weapon = (item: string) => jc4('Small Arms Fire Modifiers', `1. weapon: ${item}`);
const firer = (item: string) => jc4('Small Arms Fire Modifiers', `2. firing unit: ${item}`);
const cover = (item: string) => jc4('Small Arms Fire Modifiers', `3. target cover: ${item}`);
const target = (item: string) => jc4('Small Arms Fire Modifiers', `4. target formation: ${item}`);
const range = (item: string) => jc4('Small Arms Fire Modifiers', `5. range: ${item}`);
const status = (item: string) => jc4('Small Arms Fire Modifiers', `6. resolve status: ${item}`);

/**
 * Small-arms fire modifiers to the firer's Resolve Level, in the text's order (weapon, firing unit,
 * target cover, target formation, range, status). Muster's defaults for the gaps sit at the end of
 * their group. All of them are worked out from the facts, never listed by hand.
 */
export const SMALL_ARMS_MODIFIERS = defineModifierTable({
  id: 'jc-small-arms-fire-modifiers',
  title: 'Small arms fire modifiers',
  source: jc4('Small Arms Fire Modifiers'),
  modifiers: [
    { id: 'weapon-rifled-musket', rule: weapon('rifled musket'), label: 'Rifled musket', value: 0 },
    {
      id: 'weapon-percussion-musket',
      rule: weapon('percussion musket'),
      label: 'Percussion musket',
      value: -2,
    },
    { id: 'weapon-flintlock-musket', rule: weapon('flintlock musket'), label: 'Flintlock musket', value: -3 },
    { id: 'weapon-flintlock-rifle', rule: weapon('flintlock rifle'), label: 'Flintlock rifle', value: -5 },
    {
      id: 'weapon-matchlock',
      rule: weapon('matchlocks and cavalry carbines'),
      label: 'Matchlock',
      value: -9,
    },
    {
      id: 'weapon-carbine',
      rule: weapon('matchlocks and cavalry carbines'),
      label: 'Cavalry carbine',
      value: -9,
    },
    { id: 'weapon-bows', rule: weapon('bows and javelins'), label: 'Bows', value: -9 },
    { id: 'weapon-javelin', rule: weapon('bows and javelins'), label: 'Javelins', value: -9 },
    { id: 'weapon-zamburek', rule: weapon('zambureks'), label: 'Zamburek (camel swivel gun)', value: -5 },
    { id: 'weapon-native-rockets', rule: weapon('native rockets'), label: 'Native rockets', value: -7 },
    {
      id: 'weapon-percussion-rifle',
      rule: musterDefault('Small Arms Fire Modifiers', 'percussion rifle'),
      label: 'Percussion rifle (Muster default)',
      value: -4,
    },
    {
      id: 'weapon-swivel-gun',
      rule: musterDefault('Small Arms Fire Modifiers', 'swivel gun'),
      label: 'Swivel gun (as a Zamburek)',
      value: -5,
    },
    { id: 'firer-disordered', rule: firer('disordered'), label: 'Firer disordered', value: -4 },
    { id: 'firer-mounted', rule: firer('mounted'), label: 'Firer mounted', value: -3 },
    {
      id: 'firer-moving',
      rule: firer('moving, changing formation or reforming'),
      label: 'Firer moves this turn, changes formation or reforms',
      value: -4,
    },
    ...coverModifiers({
      'light-woods': [-2, cover('light woods')],
      'heavy-woods': [-4, cover('heavy woods (jungle)')],
      'entrenchments-or-buildings': [-6, cover('entrenchments or buildings')],
    }),
    ...targetModifiers({
      'column-square-or-enfiladed-line': [
        0,
        target('close order column, square, enfiladed close order line'),
      ],
      'close-order-line': [-2, target('close order line, mass, disordered')],
      mass: [-2, target('close order line, mass, disordered')],
      disordered: [-2, target('close order line, mass, disordered')],
      'open-order': [-2, musterDefault('Small Arms Fire Modifiers', 'open-order target')],
      'crews-or-train': [-8, target('artillery crews or train troops')],
      skirmishers: [-12, target('skirmishers')],
    }),
    ...rangeModifiers({
      'point-blank': [0, range('point blank')],
      short: [-1, range('short')],
      medium: [-4, range('medium')],
      long: [-8, range('long')],
      extreme: [-12, range('extreme')],
    }),
    ...statusModifiers('Firer', {
      steadyOrBetter: [0, status('resolute, confident, steady')],
      shaken: [-2, status('shaken')],
      wavering: [-4, status('wavering')],
    }),
  ],
});
export type SmallArmsModifierId = (typeof SMALL_ARMS_MODIFIERS.modifiers)[number]['id'];

export interface SmallArmsWeaponDef {
  readonly id: SmallArmsWeapon;
  readonly label: string;
  /** Its row of the Small Arms Range Table. */
  readonly rangeRow: SmallArmsRangeRowId;
  readonly modifier: SmallArmsModifierId;
  /** Ranks of stands that fire: 1 for firearms, 2 for bows and javelins. */
  readonly ranks: 1 | 2;
}

const def = (
  id: SmallArmsWeapon,
  label: string,
  rangeRow: SmallArmsRangeRowId,
  modifier: SmallArmsModifierId,
  ranks: 1 | 2 = 1,
): SmallArmsWeaponDef => ({ id, label, rangeRow, modifier, ranks });

/** Each weapon's range row, modifier and firing ranks (Part 4, "Troops And Figures Able To Fire"). */
export const SMALL_ARMS_WEAPON_DEFS: Readonly<Record<SmallArmsWeapon, SmallArmsWeaponDef>> = {
  'rifled-musket': def('rifled-musket', 'Rifled musket', 'rifled-musket', 'weapon-rifled-musket'),
  'percussion-musket': def('percussion-musket', 'Percussion musket', 'musket', 'weapon-percussion-musket'),
  'flintlock-musket': def('flintlock-musket', 'Flintlock musket', 'musket', 'weapon-flintlock-musket'),
  'percussion-rifle': def('percussion-rifle', 'Percussion rifle', 'rifle', 'weapon-percussion-rifle'),
  'flintlock-rifle': def('flintlock-rifle', 'Flintlock rifle', 'rifle', 'weapon-flintlock-rifle'),
  carbine: def('carbine', 'Flintlock or percussion carbine', 'carbine', 'weapon-carbine'),
  matchlock: def('matchlock', 'Matchlock', 'matchlock', 'weapon-matchlock'),
  zamburek: def('zamburek', 'Zamburek (camel swivel gun)', 'swivel-gun', 'weapon-zamburek'),
  'swivel-gun': def('swivel-gun', 'Swivel gun', 'swivel-gun', 'weapon-swivel-gun'),
  bows: def('bows', 'Bows', 'bows', 'weapon-bows', 2),
  javelin: def('javelin', 'Javelins or spears', 'javelin', 'weapon-javelin', 2),
  'native-rockets': def('native-rockets', 'Native rockets', 'native-rockets', 'weapon-native-rockets'),
};
