import { z } from 'zod';
import { ORDER_IDS } from '../../rulesets/john-company/tables/orders.ts';
import { FORMATIONS } from '../../rulesets/john-company/vocabulary.ts';

/**
 * John Company's commands: the decisions a player makes, as untrusted JSON checked at the boundary by
 * `JcCommandSchema`. Everything else (dice, cards, mandatory moves, Confrontations) happens inside
 * `apply`. Each command names what it acts on, so a command given against a stale state is refused
 * rather than applied to something else. Lengths in inches, angles in degrees (counter-clockwise).
 */

const id = z.string().min(1).max(100);
const inches = z.number().min(0).max(100);
const degrees = z.number().min(-360).max(360);

/** A manoeuvre of a unit's move (table/movement-manoeuvres.ts; formation changes have their own command). */
export const ManoeuvreSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('advance'), inches }).describe('Straight ahead'),
  z
    .strictObject({ kind: z.literal('oblique'), inches, degrees: z.number().min(-90).max(90) })
    .describe('Obliquely, keeping its facing (regulars, up to 45 degrees)'),
  z
    .strictObject({ kind: z.literal('flank-march'), inches, side: z.enum(['left', 'right']) })
    .describe('Sideways, 2" per inch (regulars)'),
  z.strictObject({ kind: z.literal('wheel'), degrees }).describe('Pivot on the inner front corner (+ left)'),
  z.strictObject({ kind: z.literal('about-face') }).describe('Every stand turns round (1/4 of the move)'),
  z
    .strictObject({ kind: z.literal('face'), degrees })
    .describe('Turn about its centre, where the order allows'),
]);

const orderId = z.enum(ORDER_IDS);

export const JcCommandSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('place-order'),
      unit: id,
      order: z.union([orderId, z.literal('blank')]),
      target: id.optional(),
    })
    .describe('Step 2: put a counter face down behind a unit (charge, pursue and support name a target)'),
  z.strictObject({ type: z.literal('remove-order'), unit: id }).describe('Step 2: take a counter back'),
  z.strictObject({ type: z.literal('finish-orders') }).describe('Step 2: this side has placed its counters'),
  z
    .strictObject({ type: z.literal('aim-guns'), unit: id, degrees: z.number().min(-30).max(30) })
    .describe('Step 3: turn a defending battery up to 30 degrees'),
  z.strictObject({ type: z.literal('finish-aiming') }).describe('Step 3: this side has aimed its guns'),
  z
    .strictObject({
      type: z.literal('respond-to-charge'),
      unit: id,
      order: orderId.optional(),
      target: id.optional(),
      supports: z
        .array(id)
        .max(8)
        .optional()
        .describe('Units supporting it that counter-charge the charger (-2 on their test)'),
    })
    .describe('Step 4: the charged unit keeps its order (no order) or changes it (-2 on its test)'),
  z
    .strictObject({ type: z.literal('choose-order'), unit: id, order: orderId })
    .describe('Step 5: the order of a unit whose Without Orders result leaves the choice to its player'),
  z
    .strictObject({ type: z.literal('move'), unit: id, manoeuvres: z.array(ManoeuvreSchema).min(1).max(8) })
    .describe('Step 5: the active unit moves'),
  z
    .strictObject({
      type: z.literal('change-formation'),
      unit: id,
      formation: z.enum(FORMATIONS),
      ranks: z.int().min(1).max(60).optional(),
      files: z.int().min(1).max(60).optional(),
    })
    .describe('Step 5: the active unit changes formation as its order says'),
  z
    .strictObject({ type: z.literal('reform'), unit: id })
    .describe('Step 5: the active unit reforms (its whole move)'),
  z
    .strictObject({ type: z.literal('deploy-light-company'), unit: id })
    .describe('Step 5: the active battalion sends its light company out to skirmish'),
  z
    .strictObject({ type: z.literal('rejoin-light-company'), unit: id })
    .describe('Step 5: the active battalion takes its light company back (within 12")'),
  z.strictObject({ type: z.literal('fire'), unit: id, target: id }).describe('Step 5: the active unit fires'),
  z
    .strictObject({ type: z.literal('rally'), unit: id })
    .describe('Step 5: a rally attempt, by the active unit or by the active General for a unit he touches'),
  z
    .strictObject({ type: z.literal('move-general'), general: id, x: z.number(), y: z.number() })
    .describe('Step 5: the active General rides to a point'),
  z
    .strictObject({ type: z.literal('attach-general'), general: id, unit: id })
    .describe('Step 5: the active General attaches himself to a unit he touches (5")'),
  z
    .strictObject({ type: z.literal('detach-general'), general: id })
    .describe('Step 5: the active General detaches himself (5")'),
  z
    .strictObject({ type: z.literal('end-activation') })
    .describe('Step 5: the active unit or General is done'),
]);

export type JcCommand = z.output<typeof JcCommandSchema>;
export type CommandManoeuvre = z.output<typeof ManoeuvreSchema>;
export type JcCommandType = JcCommand['type'];
