import type { TableMeta } from '../../../core/rules/tables.ts';
import { jc4, type RangeBand, type ResolveStatus } from '../vocabulary.ts';

export interface DefendersVolleyTable extends TableMeta {
  /** The range band whose modifier the volley uses, by the firer's status; `null`: no fire allowed. */
  readonly rows: Readonly<Record<ResolveStatus, RangeBand | null>>;
}

/**
 * Defenders' Volley Table (Part 4): a unit standing to receive a charge (or a caracoling native
 * horse unit) fires at the range band its Resolve Status gives, whatever the real distance.
 */
export const DEFENDERS_VOLLEY_TABLE: DefendersVolleyTable = {
  id: 'jc-defenders-volley',
  title: "Defenders' Volley Table",
  source: jc4("Defenders' Volley", "Defenders' Volley Table"),
  readings: ["Defenders' volley: artillery and caracoling units"],
  rows: {
    Resolute: 'point-blank',
    Confident: 'short',
    Steady: 'medium',
    Shaken: 'long',
    Wavering: null,
    Panicked: null,
  },
};

export function defendersVolleyBand(status: ResolveStatus): RangeBand | null {
  return DEFENDERS_VOLLEY_TABLE.rows[status];
}
