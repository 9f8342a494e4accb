import type { TableMeta } from '../../../core/rules/tables.ts';
import { type MovementColumn, reconstruction, type UnitStateId } from '../vocabulary.ts';

/**
 * The pieces the sheet does not give (rules-facts gap 29), designed by Muster in the spirit of the set
 * and overridable per scenario (`overrides['honour-and-fortitude']`). Each is marked "Muster's
 * reconstruction" here, in its source, and in docs/rules/honour-and-fortitude.md.
 */

/** Morale ratings run 1..6 (a unit passes a test on a modified d6 at or under it). */
export const MORALE_SCALE = { min: 1, max: 6 } as const;
/** Drill ratings run 0..5 (a defender changes face on a d6 under it). */
export const DRILL_SCALE = { min: 0, max: 5 } as const;

/** The lowest Morale + Drill + d6 score that puts a unit in each state; below Passive's is Cowed. */
export interface StateThresholds {
  readonly aggressive: number;
  readonly active: number;
  readonly passive: number;
}

export interface UnitStateTable extends TableMeta {
  readonly thresholds: StateThresholds;
}

/** How a unit's state is set at the start of the battle: Morale + Drill + d6 against these thresholds. */
export const UNIT_STATE_TABLE: UnitStateTable = {
  id: 'hf-unit-state',
  title: 'Unit state from Morale + Drill + d6',
  source: reconstruction('Unit state', 'Morale + Drill + d6'),
  readings: ['Unit state: Morale + Drill + d6'],
  thresholds: { aggressive: 13, active: 10, passive: 7 },
};

/** The state a score gives against `thresholds`. */
export function stateForScore(score: number, thresholds: StateThresholds): Exclude<UnitStateId, 'heroic'> {
  if (score >= thresholds.aggressive) return 'aggressive';
  if (score >= thresholds.active) return 'active';
  if (score >= thresholds.passive) return 'passive';
  return 'cowed';
}

/** How far a Retire, a Panic and a Run take a unit: its move in this column of the Movement table. */
export interface CompulsoryDistances {
  readonly retire: MovementColumn;
  readonly panic: MovementColumn;
  readonly run: MovementColumn;
}

export interface CompulsoryMoveTable extends TableMeta {
  readonly distances: CompulsoryDistances;
}

/**
 * Retire, Panic! and Run! distances: Retire moves the unit back its Passive move, still facing the
 * enemy; Panic! turns it to rout, moving its Active move away; Run! moves a routing unit its
 * Aggressive move towards its own base edge.
 */
export const COMPULSORY_MOVES: CompulsoryMoveTable = {
  id: 'hf-compulsory-moves',
  title: 'Retire, Panic and Run distances',
  source: reconstruction('Compulsory Moves', 'distances'),
  readings: ['Compulsory moves: Retire, Panic and Run'],
  distances: { retire: 'passive', panic: 'active', run: 'aggressive' },
};

/** When a General riding with a unit falls: a d6 at or under these, on each occasion. */
export interface GeneralFallsTable extends TableMeta {
  /** The unit he rides with loses a round of melee. */
  readonly lostMelee: number;
  /** The unit he rides with is destroyed. */
  readonly unitDestroyed: number;
}

/**
 * "If the C in C falls" (Morale): the sheet names the test but not how a General falls. A General rides
 * with a unit; he is at risk when it loses a round of melee (falls on a 1) and when it is destroyed
 * around him (falls on 1-3). A fallen General is out of the battle; when the C-in-C falls, every unit
 * of his side still fighting tests morale.
 */
export const GENERAL_FALLS: GeneralFallsTable = {
  id: 'hf-general-falls',
  title: 'When a General falls',
  source: reconstruction('Morale', 'if the C in C falls'),
  readings: ['When the C-in-C falls'],
  lostMelee: 1,
  unitDestroyed: 3,
};
