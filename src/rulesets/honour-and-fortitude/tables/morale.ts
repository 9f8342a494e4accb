import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import type { TableMeta } from '../../../core/rules/tables.ts';
import { hf, type MoraleColumn } from '../vocabulary.ts';

/** The Morale table's rows: how the modified d6 compares with the unit's Morale rating. */
export const MORALE_ROWS = [
  'one-or-less',
  'pass',
  'fail-by-1',
  'fail-by-2',
  'fail-by-3',
  'fail-by-4-plus',
] as const;
export type MoraleRow = (typeof MORALE_ROWS)[number];

/** The rows as the sheet heads them. */
export const MORALE_ROW_WORDS: Readonly<Record<MoraleRow, string>> = {
  'one-or-less': '1 or less',
  pass: 'Pass',
  'fail-by-1': 'Fail by 1',
  'fail-by-2': 'Fail by 2',
  'fail-by-3': 'Fail by 3',
  'fail-by-4-plus': 'Fail by 4+',
};

/** What a morale test does to a unit. */
export const MORALE_RESULTS = [
  'become-heroic',
  'become-aggressive',
  'become-active',
  'become-passive',
  'obey-orders',
  'halt',
  'retire',
  'panic',
  'halt-disordered',
  'halt-confused',
  'run',
] as const;
export type MoraleResult = (typeof MORALE_RESULTS)[number];

/** The results as the sheet's table names them. */
export const MORALE_RESULT_WORDS: Readonly<Record<MoraleResult, string>> = {
  'become-heroic': 'Become Heroic',
  'become-aggressive': 'Become Aggressive',
  'become-active': 'Become Active',
  'become-passive': 'Become Passive',
  'obey-orders': 'Obey Orders',
  halt: 'Halt',
  retire: 'Retire',
  panic: 'Panic!',
  'halt-disordered': 'Halt, Disordered',
  'halt-confused': 'Halt, Confused',
  run: 'Run!',
};

/** A cell: one result, or (Passive, fail by 2) a second d6: `upTo` or less gives `low`, else `high`. */
export type MoraleCell =
  | { readonly kind: 'result'; readonly result: MoraleResult }
  | { readonly kind: 'd6'; readonly upTo: number; readonly low: MoraleResult; readonly high: MoraleResult };

export interface MoraleTable extends TableMeta {
  readonly rows: Readonly<Record<MoraleRow, Readonly<Record<MoraleColumn, MoraleCell>>>>;
}

const r = (result: MoraleResult): MoraleCell => ({ kind: 'result', result });
const row = (
  aggressive: MoraleCell,
  active: MoraleCell,
  passive: MoraleCell,
  cowed: MoraleCell,
  routing: MoraleCell,
) => ({ aggressive, active, passive, cowed, routing });

/** The Morale results table (H&F QRS, Morale), re-assembled from the sheet's vertical list. */
export const MORALE_TABLE: MoraleTable = {
  id: 'hf-morale',
  title: 'Morale results',
  source: hf('Morale'),
  readings: ['Morale: the die and the pass', 'Morale: the rows of the table'],
  rows: {
    'one-or-less': row(
      r('become-heroic'),
      r('become-aggressive'),
      r('become-active'),
      r('become-passive'),
      r('halt-disordered'),
    ),
    pass: row(r('obey-orders'), r('obey-orders'), r('obey-orders'), r('obey-orders'), r('halt-confused')),
    'fail-by-1': row(r('obey-orders'), r('halt'), r('halt'), r('halt'), r('run')),
    'fail-by-2': row(
      r('halt'),
      r('retire'),
      { kind: 'd6', upTo: 3, low: 'retire', high: 'panic' },
      r('panic'),
      r('run'),
    ),
    'fail-by-3': row(r('retire'), r('panic'), r('panic'), r('panic'), r('run')),
    'fail-by-4-plus': row(r('panic'), r('panic'), r('panic'), r('panic'), r('run')),
  },
};

/** The row for a modified d6 against a Morale rating: 1 or less, a pass (≤ rating), or fail by n. */
export function moraleRowFor(modifiedRoll: number, morale: number): MoraleRow {
  if (modifiedRoll <= 1) return 'one-or-less';
  const by = modifiedRoll - morale;
  if (by <= 0) return 'pass';
  if (by >= 4) return 'fail-by-4-plus';
  return (['fail-by-1', 'fail-by-2', 'fail-by-3'] as const)[by - 1]!;
}

export const MORALE_MODIFIER_IDS = [
  'in-disorder',
  'each-20-percent-loss',
  'friends-in-rout',
  'enemy-to-flank',
  'under-artillery-fire',
  'in-confusion',
  'enemy-to-rear',
  'facing-charging-elephants',
  'general-present',
  'in-square-or-soft-cover',
  'supports-within-8',
  'in-hard-cover',
] as const;
export type MoraleModifierId = (typeof MORALE_MODIFIER_IDS)[number];

/** Morale modifiers (H&F QRS, Morale), added to the d6: plus is worse, minus better. */
export const MORALE_MODIFIERS = defineModifierTable<MoraleModifierId>({
  id: 'hf-morale-modifiers',
  title: 'Morale test modifiers',
  source: hf('Morale', 'Modifiers'),
  modifiers: [
    { id: 'in-disorder', rule: hf('Morale', 'If in disorder'), label: 'In disorder', value: 1 },
    {
      id: 'each-20-percent-loss',
      rule: hf('Morale', 'each 20% loss'),
      label: 'Each 20% loss',
      value: 1,
      perEach: true,
      maxCount: 5,
    },
    { id: 'friends-in-rout', rule: hf('Morale', 'friends in rout'), label: 'Friends in rout', value: 1 },
    { id: 'enemy-to-flank', rule: hf('Morale', 'enemy to flank'), label: 'Enemy to flank', value: 1 },
    {
      id: 'under-artillery-fire',
      rule: hf('Morale', 'under artillery fire'),
      label: 'Under artillery fire',
      value: 1,
    },
    { id: 'in-confusion', rule: hf('Morale', 'If in confusion'), label: 'In confusion', value: 2 },
    { id: 'enemy-to-rear', rule: hf('Morale', 'enemy to rear'), label: 'Enemy to rear', value: 2 },
    {
      id: 'facing-charging-elephants',
      rule: hf('Morale', 'facing charging elephants'),
      label: 'Facing charging elephants',
      value: 2,
    },
    { id: 'general-present', rule: hf('Morale', 'If General present'), label: 'General present', value: -1 },
    {
      id: 'in-square-or-soft-cover',
      rule: hf('Morale', 'in square or soft cover'),
      label: 'In square or soft cover',
      value: -1,
    },
    {
      id: 'supports-within-8',
      rule: hf('Morale', 'supports within 8"'),
      label: 'Supports within 8"',
      value: -1,
    },
    { id: 'in-hard-cover', rule: hf('Morale', 'If in hard cover'), label: 'In hard cover', value: -2 },
  ],
});
