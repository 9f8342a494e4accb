import { z } from 'zod';
import { CP_FORMATIONS } from './state.ts';

/**
 * What a side may command. In the command phase each movement point moves a formed unit once (turn to
 * `facing`, then `distance` inches ahead, or straight back with `backward`), changes its formation,
 * or removes one D-point; a commander may join a unit of his command once a turn. In the fire phase
 * each unit able to fire names its target. The paying commander is chosen by the rules (moves.ts).
 */
const id = z.string().min(1).max(80);
const inches = z.number().min(0).max(100);

export const CpCommandSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('move'),
      unit: id,
      facing: z.number().min(0).max(360).describe('Facing after the move, degrees'),
      distance: inches.describe('Inches moved after turning'),
      backward: z.boolean().optional().describe('Step straight back, keeping its facing (half the move)'),
    })
    .describe('Move a unit for one command point'),
  z
    .strictObject({ type: z.literal('formation'), unit: id, formation: z.enum(CP_FORMATIONS) })
    .describe('Change formation for one command point (the whole move)'),
  z
    .strictObject({ type: z.literal('redress'), unit: id })
    .describe('Remove one D-point for one command point'),
  z
    .strictObject({ type: z.literal('attach'), commander: id, unit: id })
    .describe('A commander joins a unit of his command (once a turn, free)'),
  z.strictObject({ type: z.literal('end-command') }).describe('Spend no more command points this turn'),
  z.strictObject({ type: z.literal('fire'), unit: id, target: id }).describe('A unit fires at a target'),
  z.strictObject({ type: z.literal('end-fire') }).describe('Declare no more fire this turn'),
]);

export type CpCommand = z.output<typeof CpCommandSchema>;
