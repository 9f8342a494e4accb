import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  type ByD6,
  REPLACEMENT_GENERALSHIP,
  REPLACEMENT_LEADERSHIP,
  REPLACEMENT_PLACEMENT,
  type ReplacementPlacement,
} from '../tables/officers.ts';
import {
  GENERALSHIPS,
  type Generalship,
  jc4,
  LEADERSHIPS,
  type Leadership,
  OFFICER_RANKS,
  type OfficerRank,
} from '../vocabulary.ts';

export interface ReplacementOfficerFacts {
  /** The rank of the officer being replaced. */
  readonly rank: OfficerRank;
  readonly generalshipByD6?: ByD6<Generalship>;
  readonly leadershipByD6?: ByD6<Leadership>;
}

export interface ReplacementOfficerResult {
  readonly rank: OfficerRank;
  readonly generalshipRoll: number;
  readonly generalship: Generalship;
  readonly leadershipRoll: number;
  readonly leadership: Leadership;
  readonly placement: ReplacementPlacement;
}

/**
 * A replacement for a disabled, captured or missing officer (Part 4, Replacing Officers): roll his
 * Generalship and his Leadership (1d6 each on Muster's placeholder tables, or on tables in the facts),
 * then place him by his superior, or, for a C-in-C, behind the middle of the army.
 */
export function resolveReplacementOfficer(
  facts: ReplacementOfficerFacts,
  dice: DiceSource,
  trace?: Trace,
): ReplacementOfficerResult {
  const generalshipRoll = dice.roll(d6, 'generalship');
  const generalship = (facts.generalshipByD6 ?? REPLACEMENT_GENERALSHIP.byD6)[generalshipRoll - 1]!;
  trace?.add({
    rule: facts.generalshipByD6
      ? jc4('Replacing Officers', 'step 1 (table from the facts)')
      : REPLACEMENT_GENERALSHIP.source,
    label: `Generalship, d6 ${generalshipRoll}`,
    value: generalship,
    roll: 'generalship',
  });
  const leadershipRoll = dice.roll(d6, 'leadership');
  const leadership = (facts.leadershipByD6 ?? REPLACEMENT_LEADERSHIP.byD6)[leadershipRoll - 1]!;
  trace?.add({
    rule: facts.leadershipByD6
      ? jc4('Replacing Officers', 'step 1 (table from the facts)')
      : REPLACEMENT_LEADERSHIP.source,
    label: `Leadership, d6 ${leadershipRoll}`,
    value: leadership,
    roll: 'leadership',
  });
  const placement = REPLACEMENT_PLACEMENT.byRank[facts.rank];
  trace?.add({
    rule: jc4('Replacing Officers', 'step 2'),
    label:
      placement.kind === 'next-to-superior'
        ? 'Placed next to his immediate superior'
        : `Placed at least ${placement.minInchesBehind}" behind the middle unit of the army`,
    value: placement.kind,
  });
  return { rank: facts.rank, generalshipRoll, generalship, leadershipRoll, leadership, placement };
}

export const replacementOfficerFactsSchema = z
  .object({
    rank: z
      .enum(OFFICER_RANKS)
      .describe('Rank of the officer being replaced (a C-in-C is placed differently)'),
    generalshipByD6: z
      .tuple([
        z.enum(GENERALSHIPS),
        z.enum(GENERALSHIPS),
        z.enum(GENERALSHIPS),
        z.enum(GENERALSHIPS),
        z.enum(GENERALSHIPS),
        z.enum(GENERALSHIPS),
      ])
      .optional()
      .describe(
        "Generalship for d6 = 1..6, e.g. from an army list (Muster's default: Witless, Lackluster, Competent, Competent, Reliable, Genius)",
      ),
    leadershipByD6: z
      .tuple([
        z.enum(LEADERSHIPS),
        z.enum(LEADERSHIPS),
        z.enum(LEADERSHIPS),
        z.enum(LEADERSHIPS),
        z.enum(LEADERSHIPS),
        z.enum(LEADERSHIPS),
      ])
      .optional()
      .describe(
        "Leadership for d6 = 1..6 (Muster's default: Poltroon, Dithering, Cautious, Confident, Inspiring, Heroic)",
      ),
  })
  .strict();

export const replacementOfficer: ProcedureDefinition<ReplacementOfficerFacts, ReplacementOfficerResult> = {
  id: 'replacement-officer',
  title: 'Replacement Officer',
  summary: 'A new officer for one lost: his Generalship and Leadership, and where his stand is placed.',
  rule: jc4('Replacing Officers'),
  facts: replacementOfficerFactsSchema as z.ZodType<ReplacementOfficerFacts>,
  rolls: [
    { key: 'generalship', dice: '1d6', when: 'always' },
    { key: 'leadership', dice: '1d6', when: 'always' },
  ],
  examples: [
    {
      title: 'A new Brigadier: d6 3, Competent; d6 5, Inspiring; placed by his Divisional commander',
      facts: { rank: 'brigadier' },
      dice: [3, 5],
    },
    {
      title: 'A new C-in-C: d6 6, Genius; d6 1, Poltroon; placed 6" behind the middle of the army',
      facts: { rank: 'commander-in-chief' },
      dice: [6, 1],
    },
  ],
  resolve: resolveReplacementOfficer,
  odds: [
    { name: 'Generalship', project: (r) => r.generalship },
    { name: 'Leadership', project: (r) => r.leadership },
  ],
  describe: (r) => [
    `New officer: Generalship ${r.generalship} (d6 ${r.generalshipRoll}), Leadership ${r.leadership} (d6 ${r.leadershipRoll})`,
    r.placement.kind === 'next-to-superior'
      ? 'Placed next to his immediate superior; joins his command when his Movement Card is drawn'
      : `Placed at least ${r.placement.minInchesBehind}" behind the middle unit of the army; joins when his Movement Card is drawn`,
  ],
};
