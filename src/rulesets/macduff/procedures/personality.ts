import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { PERSONALITY_CHART, personalityChart } from '../tables/command.ts';
import { md, PERSONALITIES, type Personality } from '../vocabulary.ts';

export interface PersonalityFacts {
  /** One personality per die face, replacing Muster's reconstruction (rules-facts gap 32). */
  readonly byFace?: readonly Personality[];
}

export interface PersonalityResult {
  readonly die: number;
  readonly personality: Personality;
}

/** A leader's personality (3.4), rolled on one die the first time it matters. */
export function resolvePersonality(
  facts: PersonalityFacts,
  dice: DiceSource,
  trace?: Trace,
): PersonalityResult {
  const chart = facts.byFace ? personalityChart(facts.byFace) : PERSONALITY_CHART;
  const die = dice.roll(d6, 'personality');
  const personality = lookupRange(chart, die).result;
  trace?.add({ rule: md('3.4 Personality'), label: 'Personality die', roll: 'personality', value: die });
  trace?.add({ rule: chart.source, label: `Chart: ${personality}`, value: personality });
  return { die, personality };
}

export const personalityFactsSchema = z
  .strictObject({
    byFace: z
      .array(z.enum(PERSONALITIES))
      .length(6)
      .optional()
      .describe(
        "One personality per face 1-6, replacing Muster's chart (1 rash, 2 indecisive, 3-4 bold, 5-6 cautious)",
      ),
  })
  .describe('A leader whose personality is not yet known');

export const personalityRoll: ProcedureDefinition<PersonalityFacts, PersonalityResult> = {
  id: 'macduff-personality',
  title: 'Leader Personality',
  summary: "A leader's personality, rolled the first time it is needed: rash, indecisive, bold or cautious.",
  rule: md('3.4 Personality'),
  facts: personalityFactsSchema as z.ZodType<PersonalityFacts>,
  rolls: [{ key: 'personality', dice: '1d6', when: 'always' }],
  examples: [
    { title: 'A newly arrived subaltern', facts: {}, dice: [4] },
    {
      title: "A scenario's own chart: a hot-headed column, rash on 1-3",
      facts: { byFace: ['rash', 'rash', 'rash', 'bold', 'bold', 'cautious'] },
      dice: [2],
    },
  ],
  resolve: resolvePersonality,
  odds: [{ name: 'Personality', project: (r) => r.personality }],
  describe: (r) => [`Die ${r.die}: ${r.personality}`],
};
