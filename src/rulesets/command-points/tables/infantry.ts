import type { TableMeta } from '../../../core/rules/tables.ts';
import { cp } from '../vocabulary.ts';

const section = 'Firing - Infantry';

/** Infantry fire: ranges, and the faces that hit. */
export interface InfantryFireTable extends TableMeta {
  /** Greatest range, inches, by small arm. */
  readonly range: { readonly musket: number; readonly rifle: number };
  /** A die showing this or more inflicts one D-point. */
  readonly hitOn: number;
  /** Skirmishers re-roll a die showing this face... */
  readonly skirmisherRerollOn: number;
  /** ...and the re-roll inflicts one D-point on this or more. */
  readonly skirmisherRerollHitOn: number;
}

export const INFANTRY_FIRE_TABLE: InfantryFireTable = {
  id: 'infantry-fire',
  title: 'Infantry fire',
  source: cp(section),
  readings: ['Skirmishers re-roll 5s'],
  range: { musket: 8, rifle: 10 },
  hitOn: 6,
  skirmisherRerollOn: 5,
  skirmisherRerollHitOn: 4,
};
