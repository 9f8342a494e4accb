import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { MOVEMENT_RESULTS } from '../tables/reaction-table.ts';
import { jc4, musterDefault, type ResolveStatus } from '../vocabulary.ts';
import {
  DEFAULT_LOSS_ROUNDING,
  describeRounding,
  type LossRounding,
  lossRoundingSchema,
  ratioLoss,
} from './confrontation/loss-rounding.ts';

/** Attacking stands in base contact per skirmisher stand lost. */
export const ATTACKERS_PER_SKIRMISHER_LOST = 3;

export interface SkirmishersCaughtFacts {
  /** The skirmishers' current stands. */
  readonly skirmisherStands: number;
  /** Attacking stands in base contact with them. */
  readonly attackingStandsInContact: number;
  /** Rounding of "1 per 3 attacking stands" (default 'floor'). */
  readonly lossRounding?: LossRounding;
}

export interface SkirmishersCaughtResult {
  readonly standsLost: number;
  readonly standsLeft: number;
  /** The skirmishers rout: Panicked, Disordered, a Rout move. */
  readonly skirmisherStatus: ResolveStatus;
  readonly skirmisherMove: 'rout';
  readonly skirmishersDisordered: boolean;
  readonly chargerDisordered: boolean;
}

const RULE = 'Skirmishers In Confrontation';
const ROUT = MOVEMENT_RESULTS.rout;

/**
 * Skirmishers caught by a charging (or faster) enemy skip the Confrontation (Part 4, Skirmishers In
 * Confrontation): they lose 1 stand per 3 attacking stands in base contact, and rout; the charger is
 * Disordered.
 */
export function resolveSkirmishersCaught(
  facts: SkirmishersCaughtFacts,
  dice: DiceSource,
  trace?: Trace,
): SkirmishersCaughtResult {
  const rounding = facts.lossRounding ?? DEFAULT_LOSS_ROUNDING;
  let standsLost = ratioLoss(
    facts.attackingStandsInContact,
    ATTACKERS_PER_SKIRMISHER_LOST,
    rounding,
    dice,
    'skirmisherLoss',
  );
  if (standsLost > facts.skirmisherStands) standsLost = facts.skirmisherStands;
  if (trace) {
    trace.add({
      rule: jc4(RULE, '1 skirmishers lose stands'),
      label: `1 stand per ${ATTACKERS_PER_SKIRMISHER_LOST} of ${facts.attackingStandsInContact} attacking stands in contact`,
      value: standsLost,
      ...(rounding === 'remainder-chance' &&
      facts.attackingStandsInContact % ATTACKERS_PER_SKIRMISHER_LOST !== 0
        ? { roll: 'skirmisherLoss' }
        : {}),
    });
    trace.add({
      rule: musterDefault('Skirmishers caught: rounding', describeRounding(rounding)),
      label: `Rounding (never more than the ${facts.skirmisherStands} stands they have)`,
      value: rounding,
    });
    trace.add({ rule: jc4(RULE, '2 skirmishers routed'), label: 'Skirmishers rout', value: ROUT.label });
    trace.add({ rule: jc4(RULE, '3 charger disordered'), label: 'Charger Disordered', value: true });
  }
  return {
    standsLost,
    standsLeft: facts.skirmisherStands - standsLost,
    skirmisherStatus: ROUT.mandatory!.statusAfter,
    skirmisherMove: 'rout',
    skirmishersDisordered: true,
    chargerDisordered: true,
  };
}

export const skirmishersCaughtFactsSchema = z
  .object({
    skirmisherStands: z.number().int().min(1).max(99).describe("The skirmishers' current stands"),
    attackingStandsInContact: z
      .number()
      .int()
      .min(1)
      .max(99)
      .describe('Attacking stands in base contact with the skirmishers'),
    lossRounding: lossRoundingSchema,
  })
  .strict();

export const skirmishersCaught: ProcedureDefinition<SkirmishersCaughtFacts, SkirmishersCaughtResult> = {
  id: 'skirmishers-caught',
  title: 'Skirmishers caught',
  summary:
    'Skirmishers caught by a charge (or a faster enemy): stands lost, rout and the charger Disordered, with no Confrontation.',
  rule: jc4(RULE),
  facts: skirmishersCaughtFactsSchema as z.ZodType<SkirmishersCaughtFacts>,
  rolls: [
    {
      key: 'skirmisherLoss',
      dice: '1d3 (one more stand on the remainder or less)',
      when: 'only when a remainder is rounded by chance, when the attacking stands are not a multiple of 3',
    },
  ],
  examples: [
    {
      title: 'Seven stands of cavalry catch a 4-stand light company',
      facts: { skirmisherStands: 4, attackingStandsInContact: 7 },
      dice: [],
    },
    {
      title: 'The same, with the remainder as a chance (1 in 3 for one more stand)',
      facts: { skirmisherStands: 4, attackingStandsInContact: 7, lossRounding: 'remainder-chance' },
      dice: [1],
    },
  ],
  resolve: resolveSkirmishersCaught,
  odds: [
    { name: 'Stands lost', project: (r) => r.standsLost },
    { name: 'Stands left', project: (r) => r.standsLeft },
  ],
  describe: (r) => [
    `Skirmishers lose ${r.standsLost} stand${r.standsLost === 1 ? '' : 's'} (${r.standsLeft} left) and rout (Panicked, Disordered)`,
    'The charger is Disordered; no Confrontation',
  ],
};
