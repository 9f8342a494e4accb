import { defineModifierTable } from '../../../core/rules/modifiers.ts';
import { hf } from '../vocabulary.ts';

export const FIRE_MODIFIER_IDS = [
  'firers-disordered',
  'firers-confused',
  'firers-moving',
  'long-range',
  'firers-mounted',
  'deep-target',
  'open-order-target',
  'target-in-soft-cover',
  'target-in-hard-cover',
] as const;
export type FireModifierId = (typeof FIRE_MODIFIER_IDS)[number];

/**
 * Modifiers to the firers' Morale + Drill before the Casualty table is read (H&F QRS, Firing,
 * Modifiers): the firers' five, then the target's four, as the sheet lists them.
 */
export const FIRE_MODIFIERS = defineModifierTable<FireModifierId>({
  id: 'hf-fire-modifiers',
  title: 'Casualty table modifiers',
  source: hf('Firing', 'Modifiers'),
  modifiers: [
    {
      id: 'firers-disordered',
      rule: hf('Firing', 'Firers: Disordered'),
      label: 'Firers disordered',
      value: -2,
    },
    { id: 'firers-confused', rule: hf('Firing', 'Firers: Confused'), label: 'Firers confused', value: -4 },
    { id: 'firers-moving', rule: hf('Firing', 'Firers: Moving'), label: 'Firers moving', value: -2 },
    { id: 'long-range', rule: hf('Firing', 'Firers: At Long Range'), label: 'At long range', value: -3 },
    { id: 'firers-mounted', rule: hf('Firing', 'Firers: Mounted'), label: 'Firers mounted', value: -3 },
    {
      id: 'deep-target',
      rule: hf('Firing', 'Target: Deep Target (column or square)'),
      label: 'Deep target (column or square)',
      value: -2,
    },
    {
      id: 'open-order-target',
      rule: hf('Firing', 'Target: Open Order'),
      label: 'Target in open order',
      value: -3,
    },
    {
      id: 'target-in-soft-cover',
      rule: hf('Firing', 'Target: Soft Cover'),
      label: 'Target in soft cover',
      value: -2,
    },
    {
      id: 'target-in-hard-cover',
      rule: hf('Firing', 'Target: Hard Cover'),
      label: 'Target in hard cover',
      value: -4,
    },
  ],
});
