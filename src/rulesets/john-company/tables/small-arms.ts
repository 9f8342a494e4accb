import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import { jc4, musterDefault, type RangeBand, type ResolveStatus } from '../vocabulary.ts';
import type { RangeLimits, TargetCover, TargetRow } from './firing-table.ts';

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

export interface SmallArmsRangeTable extends TableMeta {
  readonly rows: Readonly<Record<SmallArmsRangeRowId, RangeLimits>>;
}

/** Small Arms Range Table: the upper limit of each band, in inches (point blank, short, medium, long, extreme). */
export const SMALL_ARMS_RANGE_TABLE: SmallArmsRangeTable = {
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

/** The small arms a unit may carry (Part 4, "Rules For Small Arms"). */
export const SMALL_ARMS_WEAPONS = [
  'rifled-musket',
  'percussion-musket',
  'flintlock-musket',
  'percussion-rifle',
  'flintlock-rifle',
  'carbine',
  'matchlock',
  'zamburek',
  'swivel-gun',
  'bows',
  'javelin',
  'native-rockets',
] as const;
export type SmallArmsWeapon = (typeof SMALL_ARMS_WEAPONS)[number];

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
    { id: 'cover-light-woods', rule: cover('light woods'), label: 'Target in light woods', value: -2 },
    {
      id: 'cover-heavy-woods',
      rule: cover('heavy woods (jungle)'),
      label: 'Target in heavy woods or jungle',
      value: -4,
    },
    {
      id: 'cover-entrenchments-or-buildings',
      rule: cover('entrenchments or buildings'),
      label: 'Target in entrenchments or buildings',
      value: -6,
    },
    {
      id: 'target-column-square-or-enfiladed-line',
      rule: target('close order column, square, enfiladed close order line'),
      label: 'Target in close-order column or square, or an enfiladed line',
      value: 0,
    },
    {
      id: 'target-close-order-line',
      rule: target('close order line, mass, disordered'),
      label: 'Target in close-order line',
      value: -2,
    },
    {
      id: 'target-mass',
      rule: target('close order line, mass, disordered'),
      label: 'Target in mass',
      value: -2,
    },
    {
      id: 'target-disordered',
      rule: target('close order line, mass, disordered'),
      label: 'Target disordered',
      value: -2,
    },
    {
      id: 'target-open-order',
      rule: musterDefault('Small Arms Fire Modifiers', 'open-order target'),
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
    { id: 'range-point-blank', rule: range('point blank'), label: 'Point blank range', value: 0 },
    { id: 'range-short', rule: range('short'), label: 'Short range', value: -1 },
    { id: 'range-medium', rule: range('medium'), label: 'Medium range', value: -4 },
    { id: 'range-long', rule: range('long'), label: 'Long range', value: -8 },
    { id: 'range-extreme', rule: range('extreme'), label: 'Extreme range', value: -12 },
    {
      id: 'status-steady-or-better',
      rule: status('resolute, confident, steady'),
      label: 'Firer Resolute, Confident or Steady',
      value: 0,
    },
    { id: 'status-shaken', rule: status('shaken'), label: 'Firer Shaken', value: -2 },
    { id: 'status-wavering', rule: status('wavering'), label: 'Firer Wavering', value: -4 },
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

/** The cover modifier for each kind of cover (none in the open). */
export const SMALL_ARMS_COVER_MODIFIER: Readonly<Record<TargetCover, SmallArmsModifierId | null>> = {
  open: null,
  'light-woods': 'cover-light-woods',
  'heavy-woods': 'cover-heavy-woods',
  'entrenchments-or-buildings': 'cover-entrenchments-or-buildings',
};

/** The modifier of each target-formation row. */
export const SMALL_ARMS_TARGET_MODIFIER: Readonly<Record<TargetRow, SmallArmsModifierId>> = {
  'column-square-or-enfiladed-line': 'target-column-square-or-enfiladed-line',
  'close-order-line': 'target-close-order-line',
  mass: 'target-mass',
  disordered: 'target-disordered',
  'open-order': 'target-open-order',
  'crews-or-train': 'target-crews-or-train',
  skirmishers: 'target-skirmishers',
};

/** The modifier of each range band. */
export const SMALL_ARMS_RANGE_MODIFIER: Readonly<Record<RangeBand, SmallArmsModifierId>> = {
  'point-blank': 'range-point-blank',
  short: 'range-short',
  medium: 'range-medium',
  long: 'range-long',
  extreme: 'range-extreme',
};

/** The modifier of each firer status; `null`: the unit may not fire (Panicked). */
export const SMALL_ARMS_STATUS_MODIFIER: Readonly<Record<ResolveStatus, SmallArmsModifierId | null>> = {
  Resolute: 'status-steady-or-better',
  Confident: 'status-steady-or-better',
  Steady: 'status-steady-or-better',
  Shaken: 'status-shaken',
  Wavering: 'status-wavering',
  Panicked: null,
};
