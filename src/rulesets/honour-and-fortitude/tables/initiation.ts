import type { TableMeta } from '../../../core/rules/tables.ts';
import { hf, type UnitStateId } from '../vocabulary.ts';

export interface InitiationTable extends TableMeta {
  /** The highest d6 that initiates, by state. */
  readonly upTo: Readonly<Record<UnitStateId, number>>;
}

/**
 * Die roll needed to initiate (H&F QRS, Initiating Orders): Aggressive 1-5, Active 1-4, Passive 1-3,
 * Cowed 1-2. Heroic is not on the sheet: Muster's reconstruction initiates as Aggressive.
 */
export const INITIATION_TABLE: InitiationTable = {
  id: 'hf-initiation',
  title: 'Initiation roll (d6)',
  source: hf('Initiating Orders'),
  readings: ['Heroic'],
  upTo: { heroic: 5, aggressive: 5, active: 4, passive: 3, cowed: 2 },
};
