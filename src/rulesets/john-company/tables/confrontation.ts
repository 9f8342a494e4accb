import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import {
  defineRangeTable,
  lookupRange,
  type RangeTable,
  type TableMeta,
} from '../../../core/rules/tables.ts';
import { jc4, type ResolveStatus } from '../vocabulary.ts';

const tactical = (n: number, what: string) => jc4('Confrontation Tactical Modifiers', `${n} ${what}`);

/**
 * Confrontation Tactical Modifiers (Part 4, "Determining Modified Resolve Level"), in the text's order,
 * applied to each side's Resolve Level. Item 13 (Resolve Status) is split into one entry per status.
 * Item 14, the Random Factor, is a roll, not a modifier.
 */
export const CONFRONTATION_MODIFIERS = defineModifierTable({
  id: 'jc-confrontation-tactical',
  title: 'Confrontation Tactical Modifiers',
  source: jc4('Determining Modified Resolve Level', 'Confrontation Tactical Modifiers'),
  modifiers: [
    {
      id: 'charging',
      rule: tactical(1, 'charging'),
      label: 'Charging: moved the full Charge Bonus in a straight line',
      value: 1,
    },
    {
      id: 'uphill',
      rule: tactical(2, 'uphill'),
      label: 'Uphill of the enemy (not in rough ground, not crossing an obstacle)',
      value: 1,
    },
    {
      id: 'infantry-close-order',
      rule: tactical(3, 'infantry in close order'),
      label: 'Regular infantry in close order line, column or square',
      value: 1,
    },
    {
      id: 'defender-gave-fire',
      rule: tactical(4, 'defender gave fire'),
      label: 'Defender fired before the Confrontation',
      value: 1,
    },
    {
      id: 'additional-stands',
      rule: tactical(5, 'each 3 additional stands'),
      label: 'Each 3 stands more than the enemy side (max +5)',
      value: 1,
      perEach: true,
      maxCount: 5,
    },
    {
      id: 'heavy-cavalry-or-lancers',
      rule: tactical(6, 'regular heavy cavalry or lancers'),
      label: 'Regular heavy cavalry, or lancers',
      value: 1,
    },
    {
      id: 'cavalry-v-infantry',
      rule: tactical(7, 'cavalry v infantry'),
      label: 'Cavalry against infantry (not against mounted horse artillery)',
      value: 2,
    },
    {
      id: 'fortified-city-wall',
      rule: tactical(8, 'defending fortified city wall'),
      label: 'Defending the wall of a major fort or walled city',
      value: 3,
    },
    { id: 'mass', rule: tactical(9, 'mass'), label: 'In Mass (no modifier)', value: 0 },
    {
      id: 'regular-light-cavalry',
      rule: tactical(10, 'regular light cavalry'),
      label: 'Regular light cavalry (no modifier)',
      value: 0,
    },
    { id: 'open-order', rule: tactical(11, 'open order'), label: 'In open order', value: -2 },
    {
      id: 'cavalry-not-squared-up',
      rule: tactical(12, 'cavalry did not square up'),
      label: 'Charging cavalry did not square up, and the target volleyed',
      value: -2,
    },
    { id: 'status-resolute', rule: tactical(13, 'Resolute'), label: 'Resolve Status Resolute', value: 2 },
    { id: 'status-confident', rule: tactical(13, 'Confident'), label: 'Resolve Status Confident', value: 1 },
    { id: 'status-steady', rule: tactical(13, 'Steady'), label: 'Resolve Status Steady', value: 0 },
    { id: 'status-shaken', rule: tactical(13, 'Shaken'), label: 'Resolve Status Shaken', value: -2 },
    { id: 'status-wavering', rule: tactical(13, 'Wavering'), label: 'Resolve Status Wavering', value: -4 },
    { id: 'status-panicked', rule: tactical(13, 'Panicked'), label: 'Resolve Status Panicked', value: -8 },
  ],
});
export type ConfrontationModifierId = (typeof CONFRONTATION_MODIFIERS.modifiers)[number]['id'];

/** The modifier (item 13) for each Resolve Status; Muster derives it from the unit's current status. */
export const STATUS_MODIFIER_IDS: Readonly<Record<ResolveStatus, ConfrontationModifierId>> = {
  Resolute: 'status-resolute',
  Confident: 'status-confident',
  Steady: 'status-steady',
  Shaken: 'status-shaken',
  Wavering: 'status-wavering',
  Panicked: 'status-panicked',
};

/** Stands per +1 for "each 3 additional stands" (item 5), and its cap. */
export const STANDS_PER_ADDITIONAL_POINT = 3;
export const MAX_ADDITIONAL_STANDS_BONUS = 5;

/** The rows of the Confrontation / Close Combat Results Table, top to bottom. */
export const CONFRONTATION_ROW_IDS = [
  'close-combat-recoil',
  'close-combat-forced-back',
  'close-combat-rout',
  'confrontation-recoil',
  'confrontation-fall-back',
  'confrontation-forced-back',
  'confrontation-rout',
] as const;
export type ConfrontationRowId = (typeof CONFRONTATION_ROW_IDS)[number];

/** How many stands a side loses: none, "1 in N" of its stands, or 1d6 with odd = 1 stand. */
export type StandLoss =
  | { readonly kind: 'none' }
  | { readonly kind: 'one-in'; readonly n: number }
  | { readonly kind: 'odd-d6' };

export interface ConfrontationRow {
  readonly id: ConfrontationRowId;
  readonly label: string;
  readonly kind: 'close-combat' | 'confrontation';
  /** Both sides are affected alike (the Recoil rows): no winner, no loser. */
  readonly recoil: boolean;
  readonly loserLoss: StandLoss;
  readonly winnerLoss: StandLoss;
  /** The loser's new Resolve Status; on a Recoil, both sides'. */
  readonly status: ResolveStatus;
  /** The loser's mandatory move; on a Recoil, both sides move apart. */
  readonly move: 'recoil' | 'fall-back' | 'forced-back' | 'rout';
}

const none: StandLoss = { kind: 'none' };
const oneIn = (n: number): StandLoss => ({ kind: 'one-in', n });
const oddD6Loss: StandLoss = { kind: 'odd-d6' };

export interface ConfrontationResultsTable extends TableMeta {
  readonly rows: Readonly<Record<ConfrontationRowId, ConfrontationRow>>;
}

/** The result rows (Part 4, Confrontation / Close Combat Results Table), in the text's order. */
export const CONFRONTATION_RESULTS: ConfrontationResultsTable = {
  id: 'jc-confrontation-results',
  title: 'Confrontation / Close Combat Results Table',
  source: jc4('Resolving Confrontation', 'Confrontation / Close Combat Results Table'),
  readings: [
    'Confrontation: the Confrontation Recoil row',
    'Confrontation: a difference of 0',
    'Confrontation: stands lost "1 in N"',
    'Confrontation: the lost footnote on the Close Combat losses',
    'Confrontation: new statuses',
    'Confrontation: moving 3" apart on a Recoil',
  ],
  rows: {
    'close-combat-recoil': {
      id: 'close-combat-recoil',
      label: 'Close Combat Recoil',
      kind: 'close-combat',
      recoil: true,
      loserLoss: oneIn(8),
      winnerLoss: oneIn(8),
      status: 'Wavering',
      move: 'recoil',
    },
    'close-combat-forced-back': {
      id: 'close-combat-forced-back',
      label: 'Close Combat Forced Back',
      kind: 'close-combat',
      recoil: false,
      loserLoss: oneIn(6),
      winnerLoss: oneIn(9),
      status: 'Wavering',
      move: 'forced-back',
    },
    'close-combat-rout': {
      id: 'close-combat-rout',
      label: 'Close Combat Rout',
      kind: 'close-combat',
      recoil: false,
      loserLoss: oneIn(4),
      winnerLoss: oneIn(10),
      status: 'Panicked',
      move: 'rout',
    },
    'confrontation-recoil': {
      id: 'confrontation-recoil',
      label: 'Confrontation Recoil',
      kind: 'confrontation',
      recoil: true,
      loserLoss: none,
      winnerLoss: none,
      status: 'Shaken',
      move: 'recoil',
    },
    'confrontation-fall-back': {
      id: 'confrontation-fall-back',
      label: 'Confrontation Fall Back',
      kind: 'confrontation',
      recoil: false,
      loserLoss: oneIn(10),
      winnerLoss: oddD6Loss,
      status: 'Shaken',
      move: 'fall-back',
    },
    'confrontation-forced-back': {
      id: 'confrontation-forced-back',
      label: 'Confrontation Forced Back',
      kind: 'confrontation',
      recoil: false,
      loserLoss: oneIn(8),
      winnerLoss: oddD6Loss,
      status: 'Wavering',
      move: 'forced-back',
    },
    'confrontation-rout': {
      id: 'confrontation-rout',
      label: 'Confrontation Rout',
      kind: 'confrontation',
      recoil: false,
      loserLoss: oneIn(6),
      winnerLoss: oddD6Loss,
      status: 'Panicked',
      move: 'rout',
    },
  },
};

/** The "Difference" sub-column, chosen by the loser's final Modified Resolve Level. */
export type LoserColumn = '16-and-above' | '15-and-below';

/** Differences above this cannot arise from valid facts (the levels span far less); the last rows reach it. */
export const MAX_DIFFERENCE = 99;

/** Difference -> row when the loser's final level is 16 or more. */
export const DIFFERENCE_LOSER_16_AND_ABOVE = defineRangeTable<ConfrontationRowId>({
  id: 'jc-confrontation-difference-16-and-above',
  title: 'Confrontation / Close Combat Results: difference, loser 16 and above',
  source: jc4('Resolving Confrontation', 'Confrontation / Close Combat Results Table: loser 16 and above'),
  readings: ['Confrontation: a difference of 0'],
  covers: { min: 0, max: MAX_DIFFERENCE },
  rows: [
    { from: 0, to: 0, result: 'close-combat-recoil' },
    { from: 1, to: 1, result: 'close-combat-forced-back' },
    { from: 2, to: 2, result: 'close-combat-rout' },
    { from: 3, to: 3, result: 'confrontation-fall-back' },
    { from: 4, to: 4, result: 'confrontation-forced-back' },
    { from: 5, to: MAX_DIFFERENCE, result: 'confrontation-rout' },
  ],
});

/** Difference -> row when the loser's final level is 15 or less (0 reconstructed as Confrontation Recoil). */
export const DIFFERENCE_LOSER_15_AND_BELOW = defineRangeTable<ConfrontationRowId>({
  id: 'jc-confrontation-difference-15-and-below',
  title: 'Confrontation / Close Combat Results: difference, loser 15 and below',
  source: jc4('Resolving Confrontation', 'Confrontation / Close Combat Results Table: loser 15 and below'),
  readings: ['Confrontation: the Confrontation Recoil row', 'Confrontation: a difference of 0'],
  covers: { min: 0, max: MAX_DIFFERENCE },
  rows: [
    { from: 0, to: 0, result: 'confrontation-recoil' },
    { from: 1, to: 1, result: 'confrontation-fall-back' },
    { from: 2, to: 3, result: 'confrontation-forced-back' },
    { from: 4, to: MAX_DIFFERENCE, result: 'confrontation-rout' },
  ],
});

/** The lowest loser's level read in the "16 and above" sub-column. */
export const LOSER_COLUMN_THRESHOLD = 16;

export function loserColumnFor(loserLevel: number): LoserColumn {
  return loserLevel >= LOSER_COLUMN_THRESHOLD ? '16-and-above' : '15-and-below';
}

export const DIFFERENCE_TABLES: Readonly<Record<LoserColumn, RangeTable<ConfrontationRowId>>> = {
  '16-and-above': DIFFERENCE_LOSER_16_AND_ABOVE,
  '15-and-below': DIFFERENCE_LOSER_15_AND_BELOW,
};

/** Every difference from 5 up reads the same row in both sub-columns, so a direct index to 5 suffices. */
const ROW_BY_DIFFERENCE: Readonly<Record<LoserColumn, readonly ConfrontationRowId[]>> = {
  '16-and-above': [0, 1, 2, 3, 4, 5].map((d) => lookupRange(DIFFERENCE_LOSER_16_AND_ABOVE, d).result),
  '15-and-below': [0, 1, 2, 3, 4, 5].map((d) => lookupRange(DIFFERENCE_LOSER_15_AND_BELOW, d).result),
};

/** The result row for a difference (0 or more) and the loser's sub-column. */
export function confrontationRowFor(difference: number, column: LoserColumn): ConfrontationRowId {
  return ROW_BY_DIFFERENCE[column][Math.min(difference, 5)]!;
}

/** Inches between the two units after a Recoil. */
export const RECOIL_SEPARATION_INCHES = 3;
