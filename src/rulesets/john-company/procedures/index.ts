import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { chargeTest } from './charge-test.ts';
import { generalMovement } from './general-movement.ts';
import { movementAllowance } from './movement-allowance.ts';
import { ordersDraw } from './orders-draw.ts';
import { rallyTest } from './rally-test.ts';
import { reactionTest } from './reaction-test.ts';
import { regainControl } from './regain-control.ts';

/** Every John Company procedure a referee can resolve, in the order of the sequence of play. */
export const JOHN_COMPANY_PROCEDURES: readonly AnyProcedure[] = [
  ordersDraw,
  reactionTest,
  chargeTest,
  movementAllowance,
  generalMovement,
  rallyTest,
  regainControl,
];
