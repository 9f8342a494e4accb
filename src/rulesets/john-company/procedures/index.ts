import type { AnyProcedure } from '../../../core/rules/procedure.ts';
import { reactionTest } from './reaction-test.ts';

/** Every John Company procedure a referee can resolve, in the order of the sequence of play. */
export const JOHN_COMPANY_PROCEDURES: readonly AnyProcedure[] = [reactionTest];
