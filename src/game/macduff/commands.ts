import { z } from 'zod';
import { FIRE_OPTIONS } from '../../rulesets/macduff/tables/small-arms.ts';

/**
 * The formations infantry may change into during play (4, 5.8): regulars line, column, square or
 * skirmishers; irregulars mass or skirmishers.
 */
export const FORMATION_CHANGES = ['line', 'column', 'square', 'skirmish', 'mass'] as const;
export type MdFormationChange = (typeof FORMATION_CHANGES)[number];

/**
 * Reactions to a charge (6.2): stand (firing if able), form square, counter-charge, and for skirmishers
 * evade (retreat a full move) or fire-and-evade (fire, then retreat the half move firing leaves).
 */
export const REACTIONS = ['stand', 'form-square', 'counter-charge', 'evade', 'fire-and-evade'] as const;
export type Reaction = (typeof REACTIONS)[number];

const id = z.string().min(1);

/** Every command a side may give, by the node it answers. */
export const MdCommandSchema = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('activate'), unit: id })
    .describe('Play the card for one of your units (2.1)'),
  z
    .strictObject({ type: z.literal('fire'), target: id, option: z.enum(FIRE_OPTIONS) })
    .describe('Fire at the nearest eligible enemy (8.1, 9)'),
  z
    .strictObject({
      type: z.literal('move'),
      to: z.strictObject({ x: z.number().finite(), y: z.number().finite() }),
      facing: z.number().finite().min(-360).max(360).optional(),
    })
    .describe("Move the unit's front centre toward a point, as far as its rolled move allows (5)"),
  z.strictObject({ type: z.literal('charge'), target: id }).describe('Charge an enemy unit (6.1)'),
  z
    .strictObject({ type: z.literal('change-formation'), formation: z.enum(FORMATION_CHANGES) })
    .describe('5.8'),
  z.strictObject({ type: z.literal('limber') }).describe('Limber the guns (5.6)'),
  z.strictObject({ type: z.literal('unlimber') }).describe('Unlimber the guns (5.6)'),
  z.strictObject({ type: z.literal('rally') }).describe('Rally: reload, recover casualties, reform (12.4)'),
  z.strictObject({ type: z.literal('reserve-fire') }).describe('Hold fire for a charge (6.3)'),
  z.strictObject({ type: z.literal('end-activation') }).describe('Finish, or pass'),
  z.strictObject({ type: z.literal('react'), reaction: z.enum(REACTIONS) }).describe('Answer a charge (6.2)'),
]);
export type MdCommand = z.output<typeof MdCommandSchema>;
