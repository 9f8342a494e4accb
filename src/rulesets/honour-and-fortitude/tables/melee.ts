import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import { hf, reconstruction } from '../vocabulary.ts';

/** The Melee table's rows, by a side's net advantage over its opponent. */
export const MELEE_ROWS = ['evens-or-disadvantage', 'advantage-1', 'advantage-2-plus'] as const;
export type MeleeRow = (typeof MELEE_ROWS)[number];

/** The rows as the sheet heads them. */
export const MELEE_ROW_WORDS: Readonly<Record<MeleeRow, string>> = {
  'evens-or-disadvantage': 'Evens or disadvantage',
  'advantage-1': 'Advantage of 1',
  'advantage-2-plus': 'Advantage of 2+',
};

/** The faces of each d6 that "bundle" and that kill, inclusive ranges. */
export interface MeleeFaces {
  readonly bundleFrom: number;
  readonly bundleTo: number;
  readonly killFrom: number;
}

export interface MeleeTable extends TableMeta {
  readonly rows: Readonly<Record<MeleeRow, MeleeFaces>>;
}

/** The Melee table (H&F QRS, Melees): bundles and kills per d6 by net advantage. */
export const MELEE_TABLE: MeleeTable = {
  id: 'hf-melee',
  title: 'Melee: bundles and kills per d6',
  source: hf('Melees'),
  rows: {
    'evens-or-disadvantage': { bundleFrom: 5, bundleTo: 5, killFrom: 6 },
    'advantage-1': { bundleFrom: 4, bundleTo: 5, killFrom: 6 },
    'advantage-2-plus': { bundleFrom: 3, bundleTo: 4, killFrom: 5 },
  },
};

/** The row for a net advantage (own total minus the opponent's). */
export function meleeRowFor(netAdvantage: number): MeleeRow {
  if (netAdvantage >= 2) return 'advantage-2-plus';
  if (netAdvantage === 1) return 'advantage-1';
  return 'evens-or-disadvantage';
}

/** Points scored per kill and per bundle (H&F QRS, Melees). */
export const KILL_POINTS = 2;
export const BUNDLE_POINTS = 1;
/** The loser is Disordered when the winner scored at least 1.5 times its points, Confused at twice. */
export const DISORDER_RATIO = 1.5;
export const CONFUSION_RATIO = 2;

export const MELEE_ADVANTAGE_IDS = [
  'charging-infantry',
  'elephant',
  'heavy-cavalry',
  'good-order-infantry-bayonets',
  'higher-morale-first-round',
  'higher-drill-later-rounds',
  'heroic',
  'in-disorder',
  'in-confusion',
  'enemy-in-soft-cover',
  'enemy-in-hard-cover',
  'gunners',
] as const;
export type MeleeAdvantageId = (typeof MELEE_ADVANTAGE_IDS)[number];

/** Advantages and disadvantages (H&F QRS, Melees), in the sheet's order; Heroic is Muster's. */
export const MELEE_ADVANTAGES = defineModifierTable<MeleeAdvantageId>({
  id: 'hf-melee-advantages',
  title: 'Melee advantages and disadvantages',
  source: hf('Melees', 'Advantages and Disadvantages'),
  modifiers: [
    {
      id: 'charging-infantry',
      rule: hf('Melees', 'Charging Infantry'),
      label: 'Charging infantry',
      value: 1,
    },
    { id: 'elephant', rule: hf('Melees', 'Elephant'), label: 'Elephant', value: 2 },
    { id: 'heavy-cavalry', rule: hf('Melees', 'Heavy Cavalry'), label: 'Heavy cavalry', value: 1 },
    {
      id: 'good-order-infantry-bayonets',
      rule: hf('Melees', 'Good order infantry with bayonets'),
      label: 'Good-order infantry with bayonets',
      value: 1,
    },
    {
      id: 'higher-morale-first-round',
      rule: hf('Melees', 'Higher morale (first round)'),
      label: 'Higher morale (first round)',
      value: 1,
    },
    {
      id: 'higher-drill-later-rounds',
      rule: hf('Melees', 'Higher drill (second round onwards)'),
      label: 'Higher drill (second round on)',
      value: 1,
    },
    { id: 'heroic', rule: reconstruction('Heroic', 'melee'), label: 'Heroic', value: 1 },
    { id: 'in-disorder', rule: hf('Melees', 'In Disorder'), label: 'In disorder', value: -1 },
    { id: 'in-confusion', rule: hf('Melees', 'In Confusion'), label: 'In confusion', value: -2 },
    {
      id: 'enemy-in-soft-cover',
      rule: hf('Melees', 'Enemy in Soft Cover'),
      label: 'Enemy in soft cover',
      value: -1,
    },
    {
      id: 'enemy-in-hard-cover',
      rule: hf('Melees', 'Enemy in hard cover'),
      label: 'Enemy in hard cover',
      value: -2,
    },
    { id: 'gunners', rule: hf('Melees', 'Gunners'), label: 'Gunners', value: -2 },
  ],
});
