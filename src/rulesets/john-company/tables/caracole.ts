import { defineRangeTable, type RangeTable } from '../../../core/rules/tables.ts';
import { jc4, type RangeBand } from '../vocabulary.ts';
import { DEFENDERS_VOLLEY_TABLE } from './defenders-volley.ts';

/** The statuses the Caracole Table lists; a unit at Shaken or worse does not charge home (Reaction Table). */
export const CARACOLE_STATUSES = ['Resolute', 'Confident', 'Steady'] as const;
export type CaracoleStatus = (typeof CARACOLE_STATUSES)[number];

export type CaracoleDecision = 'caracole' | 'charge';

/** Added to the d6 when the native horse charge artillery. */
export const CARACOLE_ARTILLERY_BONUS = 2;
/** Inches of movement each rank spends to fire and fall away. */
export const CARACOLE_INCHES_PER_RANK = 3;

const caracoleRow = (status: CaracoleStatus, caracoleUpTo: number): RangeTable<CaracoleDecision> =>
  defineRangeTable<CaracoleDecision>({
    id: `jc-caracole-${status.toLowerCase()}`,
    title: `Caracole Table: ${status}`,
    source: jc4('Special Native Irregular Light Cavalry Tactics', `Caracole Table: ${status}`),
    covers: { min: 1, max: 6 + CARACOLE_ARTILLERY_BONUS },
    rows: [
      { from: 1, to: caracoleUpTo, result: 'caracole' },
      { from: caracoleUpTo + 1, to: 6 + CARACOLE_ARTILLERY_BONUS, result: 'charge' },
    ],
  });

/**
 * The Caracole Table (Part 4, Special Native Irregular Light Cavalry Tactics): 1d6, +2 against
 * artillery, read against the native unit's Resolve Status.
 */
export const CARACOLE_TABLE: Readonly<Record<CaracoleStatus, RangeTable<CaracoleDecision>>> = {
  Resolute: caracoleRow('Resolute', 1),
  Confident: caracoleRow('Confident', 3),
  Steady: caracoleRow('Steady', 5),
};

/** The highest modified roll that gives Caracole, by status (a direct index for the hot path). */
export const CARACOLE_UP_TO: Readonly<Record<CaracoleStatus, number>> = {
  Resolute: CARACOLE_TABLE.Resolute.rows[0]!.to,
  Confident: CARACOLE_TABLE.Confident.rows[0]!.to,
  Steady: CARACOLE_TABLE.Steady.rows[0]!.to,
};

/**
 * The range band the caracoling unit fires at: the Defenders' Volley Table read by its Resolve Status
 * (Part 4, Defenders' Volley), for the statuses a caracoling unit can be at.
 */
export const CARACOLE_FIRE_RANGE: Readonly<Record<CaracoleStatus, RangeBand>> = {
  Resolute: DEFENDERS_VOLLEY_TABLE.rows.Resolute!,
  Confident: DEFENDERS_VOLLEY_TABLE.rows.Confident!,
  Steady: DEFENDERS_VOLLEY_TABLE.rows.Steady!,
};
