/**
 * The `movement-allowance` procedure as the referee registers it: schema, rolls, examples, odds views
 * and description over `resolveMovementAllowance`, with the readings it applies.
 */
import type { z } from 'zod';
import { measureText } from '../../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../../core/rules/procedure.ts';
import { jc3 } from '../../vocabulary.ts';
import { resolveMovementAllowance } from './allowance.ts';
import {
  DISORDER_CAUSE_WORDS,
  type MovementAllowanceResult,
  type MovementFacts,
  movementFactsSchema,
} from './facts.ts';

/** Headings in docs/rules/john-company/orders-and-movement.md for the readings this procedure applies. */
export const MOVEMENT_ALLOWANCE_READINGS: readonly string[] = [
  'Movement allowance: order of the steps',
  'Movement allowance: about faces',
  'Movement allowance: Without Orders results',
  'Movement allowance: mandatory moves',
  'Movement allowance: minimum moves',
  'Events: movement changes from unit events',
  'Terrain: Disorder from losing a quarter',
];

export const movementAllowance: ProcedureDefinition<MovementFacts, MovementAllowanceResult> = {
  id: 'movement-allowance',
  title: 'Movement allowance',
  summary:
    'How far a unit may move this activation, what its intended move costs, and whether it fits, disorders it or costs stands.',
  rule: jc3('Types Of Movement', 'Normal Movement'),
  facts: movementFactsSchema as z.ZodType<MovementFacts>,
  rolls: [
    { key: 'extraDice', dice: '1d6 or 2d6 (summed)', when: 'on a "+1 Dice" or "+2 Dice" reaction result' },
    { key: 'soft-sand', dice: '1d6 (inches lost)', when: 'a soft sand event' },
    {
      key: 'very-rough-ground',
      dice: '1d6 (inches lost, +3)',
      when: 'a very rough ground event, infantry or guns',
    },
    {
      key: 'very-rough-ground-cavalry',
      dice: '2d6 (inches lost)',
      when: 'a very rough ground event, cavalry',
    },
    {
      key: 'unseen-nullah',
      dice: '2d6 (inches lost; +3 for cavalry and guns)',
      when: 'an unseen nullah event',
    },
    { key: 'firm-ground', dice: '1d6 (inches gained)', when: 'a firm ground event' },
    { key: 'wallJump', dice: '1d6 (1-2: that many stands lost)', when: 'each medium wall jumped by cavalry' },
    { key: 'nullah', dice: '1d6 (inches lost)', when: 'each nullah crossed, in list order' },
    { key: 'stream', dice: '2d6 (inches lost)', when: 'each stream crossed, in list order' },
    { key: 'river', dice: '3d6 or 4d6 (inches lost)', when: 'each fordable river crossed, in list order' },
  ],
  examples: [
    {
      title: 'British battalion in line, Resolute on Forward March (+1 Dice): 6" open, 2" of light woods',
      facts: {
        troop: 'british-infantry',
        formation: 'close-order-line',
        movement: 'normal-plus-1-dice',
        order: 'forward-march',
        moveInches: 6,
        terrain: [{ terrain: 'light-woods', inches: 2 }],
      },
      dice: [4],
    },
    {
      title: 'Native regular cavalry charging (+1 Dice & Charge Bonus) over a medium wall',
      facts: {
        troop: 'native-regular-cavalry',
        formation: 'close-order-column',
        movement: 'normal-plus-1-dice-and-charge-bonus',
        order: 'charge',
        moveInches: 8,
        walls: ['medium'],
      },
      dice: [3, 2],
    },
    {
      title: 'British horse artillery limbered in column, To The Rear, March across a stream',
      facts: {
        troop: 'british-horse-artillery',
        formation: 'artillery-column',
        order: 'to-the-rear-march',
        moveInches: 3,
        water: ['stream'],
      },
      dice: [5, 2],
    },
  ],
  resolve: resolveMovementAllowance,
  odds: [
    { name: 'Inches available', project: (r) => r.available },
    { name: 'Fits', project: (r) => (r.fits ? 'fits' : r.impassable ? 'impassable' : 'too far') },
    { name: 'Inches left', project: (r) => r.left },
    { name: 'Disordered', project: (r) => (r.disordered ? 'disordered' : 'in order') },
    { name: 'Stands lost jumping walls', project: (r) => r.standsLost },
  ],
  describe: (r) => [
    r.rateGiven ? `Normal Movement Rate ${measureText(r.rate)}"` : 'No movement rate (NA) in this formation',
    `Available ${measureText(r.available)}" (Maximum Normal Move ${measureText(r.maximumNormalMove)}"${
      r.orderLimit < r.maximumNormalMove ? `, order allows ${measureText(r.orderLimit)}"` : ''
    }${r.chargeBonus ? ` + Charge Bonus ${measureText(r.chargeBonus)}"` : ''})`,
    `Uses ${measureText(r.used)}" for ${measureText(r.distance)}" of ground: ${
      r.impassable
        ? 'impassable'
        : r.fits
          ? `fits, ${measureText(r.left)}" left`
          : `${measureText(-r.left)}" too far`
    }`,
    ...(r.minimum > 0 ? [`Minimum ${measureText(r.minimum)}": ${r.meetsMinimum ? 'met' : 'not met'}`] : []),
    ...(r.mandatory ? [`Mandatory move: ${r.mandatory}`] : []),
    r.disordered
      ? `Disordered (${r.disorderCauses.map((c) => DISORDER_CAUSE_WORDS[c]).join(', ')})`
      : 'Not disordered',
    ...(r.standsLost > 0 ? [`${r.standsLost} stand(s) lost jumping walls`] : []),
    ...(r.mayFire === undefined ? [] : [r.mayFire ? 'May fire' : 'May not fire']),
  ],
};
