import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { md } from '../vocabulary.ts';

/** Units this close always see each other (7.7). */
export const ALWAYS_SEEN_INCHES = 6;
/** A unit may spot into one concealing area this close (7.7). */
export const SPOTTING_RANGE_INCHES = 12;
/** 1d6 + fieldcraft of at least this spots (7.7). */
export const SPOTTING_SCORE = 6;

export interface SpottingFacts {
  readonly distanceInches: number;
  /** The spotting unit's fieldcraft, 1-3 (7.8). */
  readonly fieldcraft: number;
}

export interface SpottingResult {
  readonly spotted: boolean;
  readonly score?: number;
}

/** Spotting into concealment (7.7): within 6" always seen; within 12" 1d6 + fieldcraft of 6 or more. */
export function resolveSpotting(facts: SpottingFacts, dice: DiceSource, trace?: Trace): SpottingResult {
  if (facts.distanceInches <= ALWAYS_SEEN_INCHES) {
    trace?.add({ rule: md('7.7 Concealment', 'within 6"'), label: 'Within 6": seen', value: true });
    return { spotted: true };
  }
  if (facts.distanceInches > SPOTTING_RANGE_INCHES) {
    trace?.add({ rule: md('7.7 Concealment', 'within 12"'), label: 'Beyond 12": cannot spot', value: false });
    return { spotted: false };
  }
  const die = dice.roll(d6, 'spot');
  const score = die + facts.fieldcraft;
  const spotted = score >= SPOTTING_SCORE;
  trace?.add({
    rule: md('7.8 Field Craft'),
    label: `Die ${die} + fieldcraft ${facts.fieldcraft}`,
    roll: 'spot',
    total: score,
  });
  trace?.add({ rule: md('7.7 Concealment'), label: spotted ? 'Spotted' : 'Not spotted', value: spotted });
  return { spotted, score };
}

export const spotting: ProcedureDefinition<SpottingFacts, SpottingResult> = {
  id: 'macduff-spotting',
  title: 'Spotting',
  summary: 'Whether a unit spots enemies concealed in an area: 1d6 plus fieldcraft, 6 or more.',
  rule: md('7.7 Concealment'),
  facts: z
    .strictObject({
      distanceInches: z.number().min(0).max(200).describe('Distance to the concealing area, inches'),
      fieldcraft: z
        .int()
        .min(0)
        .max(3)
        .describe('Fieldcraft: 1 most Europeans, 2 veterans and sepoys, 3 Gurkhas and frontier horse'),
    })
    .describe('A unit looking into cover') as z.ZodType<SpottingFacts>,
  rolls: [{ key: 'spot', dice: '1d6', when: 'between 6" and 12"' }],
  examples: [
    { title: 'Gurkhas peer into a nullah at 10"', facts: { distanceInches: 10, fieldcraft: 3 }, dice: [3] },
  ],
  resolve: resolveSpotting,
  odds: [{ name: 'Spotted', project: (r) => (r.spotted ? 'spotted' : 'unseen') }],
  describe: (r) => [r.spotted ? 'Spotted' : 'Not spotted'],
};
