import type { TableMeta } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction } from '../vocabulary.ts';

/** Movement and manoeuvre, inches. */
export interface MovementTable extends TableMeta {
  /** Inches one movement point moves a formation. */
  readonly perPoint: number;
  /** A column may take any number of movement points, unless it comes within this of an enemy. */
  readonly columnFreedomDistance: number;
  readonly artilleryManhandled: number;
  readonly artilleryLimbered: number;
  /** A wheel: the outer end of a line moves up to this many inches, pivoting on the other end. */
  readonly wheel: number;
  /** Muster's reconstruction: the allowance is halved in difficult going (woods, swamp, towns, water, walls). */
  readonly difficultGoingFactor: number;
  /** Muster's reconstruction: a change of formation takes one movement point and the whole move. */
  readonly formationChangePoints: number;
}

export const MOVEMENT_TABLE: MovementTable = {
  id: 'movement',
  title: 'Movement and manoeuvre',
  source: cp('Movement; Manoeuvre'),
  readings: ['Movement in difficult going', 'Changing formation'],
  perPoint: 4,
  columnFreedomDistance: 10,
  artilleryManhandled: 1,
  artilleryLimbered: 6,
  wheel: 3,
  difficultGoingFactor: 0.5,
  formationChangePoints: 1,
};

export const DIFFICULT_GOING_RULE = cpReconstruction('Manoeuvre', 'difficult going');
