import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { chargeTest } from './charge-test.ts';
import { rallyTest } from './rally-test.ts';
import { reactionTest } from './reaction-test.ts';
import { regainControl } from './regain-control.ts';

/** Every John Company procedure a referee can resolve, in the order of the sequence of play. */
export const JOHN_COMPANY_PROCEDURES: readonly AnyProcedure[] = [
  reactionTest,
  chargeTest,
  rallyTest,
  regainControl,
];
