import type { TableMeta } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction } from '../vocabulary.ts';

/**
 * Morale. One line survives: a unit takes 1 D-point when a friend of lower grade than itself routs within
 * 6" of it (the sentence's subject, the unit that routs, is the lower-grade one).
 * The rest is lost; Muster's reconstruction, in the spirit of LFAS and of the turn sequence's
 * "morale-provoked retreats", makes a unit at the D-point cap retreat one move, and rout when it has
 * also lost half its bases (scenario-overridable).
 */
export interface MoraleTable extends TableMeta {
  /** A friend routing within this many inches shakes units of higher grade than itself. */
  readonly routShakesWithin: number;
  readonly routShakesDPoints: number;
  /** At this many D-points a unit retreats one move in the morale phase (reconstruction). */
  readonly retreatAtDPoints: number;
  /** And routs instead when it has lost at least this fraction of its starting bases (reconstruction). */
  readonly routAtLossFraction: number;
}

export const MORALE_TABLE: MoraleTable = {
  id: 'morale',
  title: 'Morale',
  source: cp('Morale'),
  readings: ['Morale', 'A lower-grade friend routs nearby'],
  routShakesWithin: 6,
  routShakesDPoints: 1,
  retreatAtDPoints: 5,
  routAtLossFraction: 0.5,
};

export const MORALE_RETREAT_RULE = cpReconstruction('Morale', 'retreat at the D-point cap');
export const MORALE_ROUT_RULE = cpReconstruction('Morale', 'rout at the cap with half the bases lost');
