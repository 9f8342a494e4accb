import { z } from 'zod';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { DIFFICULT_GOING_RULE, MOVEMENT_TABLE } from '../tables/movement.ts';
import { cp } from '../vocabulary.ts';

export const MOVERS = ['formed', 'column', 'artillery-manhandled', 'artillery-limbered'] as const;
export type Mover = (typeof MOVERS)[number];

export interface MovementFacts {
  readonly mover: Mover;
  /** Movement points given to the unit this turn. */
  readonly points: number;
  /** The move would come within 10" of an enemy (a column then takes one point only). */
  readonly nearEnemy: boolean;
  readonly difficultGoing: boolean;
  /** Guns that fired this turn may not move. */
  readonly firedThisTurn: boolean;
}

export interface MovementResult {
  /** Points that count (others are wasted). */
  readonly pointsUsed: number;
  readonly inches: number;
}

/** Inches one movement point gives this mover. */
export function inchesPerPoint(mover: Mover): number {
  if (mover === 'artillery-manhandled') return MOVEMENT_TABLE.artilleryManhandled;
  if (mover === 'artillery-limbered') return MOVEMENT_TABLE.artilleryLimbered;
  return MOVEMENT_TABLE.perPoint;
}

/** How many movement points a unit may take this turn: one, or any number for a column clear of the enemy. */
export function movementPointLimit(mover: Mover, nearEnemy: boolean): number {
  return mover === 'column' && !nearEnemy ? Number.POSITIVE_INFINITY : 1;
}

/** Movement: 4" a point (guns 1" manhandled, 6" limbered); halved in difficult going (reconstruction). */
export function resolveMovement(facts: MovementFacts, trace?: Trace): MovementResult {
  if (facts.firedThisTurn && facts.mover.startsWith('artillery')) {
    trace?.add({
      rule: cp('Movement', 'may not fire and move in the same turn'),
      label: 'Guns that fired do not move',
      value: 0,
    });
    return { pointsUsed: 0, inches: 0 };
  }
  const limit = movementPointLimit(facts.mover, facts.nearEnemy);
  const pointsUsed = Math.min(facts.points, limit);
  trace?.add({
    rule: cp('Movement', limit === 1 ? 'one movement CP per turn' : 'a column may receive any number'),
    label: `${pointsUsed} movement point${pointsUsed === 1 ? '' : 's'} count`,
    total: pointsUsed,
  });
  let inches = pointsUsed * inchesPerPoint(facts.mover);
  trace?.add({
    rule: cp('Movement', `${inchesPerPoint(facts.mover)}" a point`),
    label: 'Inches',
    total: inches,
  });
  if (facts.difficultGoing) {
    inches *= MOVEMENT_TABLE.difficultGoingFactor;
    trace?.add({ rule: DIFFICULT_GOING_RULE, label: 'Halved in difficult going', total: inches });
  }
  return { pointsUsed, inches };
}

export const movementFactsSchema = z
  .object({
    mover: z.enum(MOVERS).describe('formed troops, a column, guns manhandled or guns limbered'),
    points: z.int().min(0).max(12).describe('Movement points given to the unit this turn'),
    nearEnemy: z.boolean().describe('The move comes within 10" of an enemy'),
    difficultGoing: z.boolean().describe('Woods, swamp, town, a water course or a wall on the way'),
    firedThisTurn: z.boolean().describe('For guns: they fired this turn'),
  })
  .strict();

export const movement: ProcedureDefinition<MovementFacts, MovementResult> = {
  id: 'movement',
  title: 'Movement',
  summary: 'How far a unit moves for the command points given to it.',
  rule: cp('Movement'),
  facts: movementFactsSchema as z.ZodType<MovementFacts>,
  rolls: [],
  examples: [
    {
      title: 'A column given 3 points, far from the enemy',
      facts: { mover: 'column', points: 3, nearEnemy: false, difficultGoing: false, firedThisTurn: false },
    },
    {
      title: 'A line given 2 points through woods',
      facts: { mover: 'formed', points: 2, nearEnemy: true, difficultGoing: true, firedThisTurn: false },
    },
  ],
  resolve: (facts, _dice, trace) => resolveMovement(facts, trace),
  odds: [{ name: 'Inches', project: (r) => r.inches }],
  describe: (r) => [`${r.pointsUsed} points: ${r.inches}"`],
};
