import { z } from 'zod';
import { NEUTRAL_FORMATIONS } from '../../core/scenario/vocabulary.ts';
import { DEFENDER_CHOICES } from './sequence.ts';

/** The formations a command may ask for: the scenario format's words (src/core/scenario/vocabulary.ts). */
export const HF_FORMATIONS = NEUTRAL_FORMATIONS;

const id = z.string().min(1);

/**
 * What a side may do (docs/rules/honour-and-fortitude.md, "Commands"). Movement: move a unit (its new
 * front centre in inches, facing in degrees and formation), attack an enemy unit, or end the side's
 * movement; Firing: fire a unit at an enemy, or end the side's fire; Attacks: a defender's response.
 */
export const HfCommandSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('move'),
    unit: id.describe('The unit that moves'),
    x: z.number().describe('Its new front centre, inches along x'),
    y: z.number().describe('Its new front centre, inches along y'),
    facing: z.number().min(-360).max(360).describe('Its new facing, degrees counter-clockwise from +x'),
    formation: z.enum(HF_FORMATIONS).describe('Its formation after the move'),
  }),
  z.strictObject({
    type: z.literal('attack'),
    unit: id.describe('The attacker'),
    target: id.describe('The enemy unit attacked'),
  }),
  z.strictObject({ type: z.literal('end-movement') }),
  z.strictObject({
    type: z.literal('fire'),
    unit: id.describe('The firing unit'),
    target: id.describe('Its target'),
  }),
  z.strictObject({ type: z.literal('end-firing') }),
  z.strictObject({
    type: z.literal('respond'),
    choice: z.enum(DEFENDER_CHOICES).describe("The defender's response to the attack"),
  }),
]);
export type HfCommand = z.output<typeof HfCommandSchema>;
