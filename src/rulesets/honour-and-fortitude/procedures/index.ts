import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { fire } from './fire.ts';
import { meleeRound } from './melee-round.ts';
import { moraleTest } from './morale-test.ts';
import { movementAllowance } from './movement-allowance.ts';
import { changeFace, counterBatteryExplosion, initiation, unitState } from './small-rolls.ts';

/** Every Honour & Fortitude procedure a referee can resolve, in the order of the sequence of play. */
export const HONOUR_AND_FORTITUDE_PROCEDURES: readonly AnyProcedure[] = [
  unitState,
  initiation,
  movementAllowance,
  fire,
  counterBatteryExplosion,
  changeFace,
  meleeRound,
  moraleTest,
];
