import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  type CasualtyUnitEffect,
  COMMANDERS_WOUND_WORDING,
  COMMANDERS_WOUND_WORDINGS,
  type CommandersWoundWording,
  OFFICER_CASUALTIES,
  OFFICER_CASUALTY_SEVERITIES,
  type OfficerCasualtySeverity,
  type OfficerEffect,
  UNIT_CLASSES,
  type UnitClass,
} from '../tables/officers.ts';
import { jc4, OFFICER_RANKS, type OfficerRank } from '../vocabulary.ts';

export interface OfficerCasualtyFacts {
  /** As the officer rules say it, or as the Commanders' Events Table words it. */
  readonly casualty: OfficerCasualtySeverity | CommandersWoundWording;
  readonly rank: OfficerRank;
  readonly alreadyInjured?: boolean;
  readonly unitClass?: UnitClass;
}

export interface OfficerCasualtyResult {
  /** What it amounts to, after the wording is mapped and a second injury escalated. */
  readonly severity: OfficerCasualtySeverity;
  /** A second injury, which makes him dangerously wounded. */
  readonly escalated: boolean;
  readonly officer: readonly OfficerEffect[];
  /** Modifiers to units' next Reaction Test (only those of `unitClass` when it is given). */
  readonly units: readonly CasualtyUnitEffect[];
}

const NONE: readonly CasualtyUnitEffect[] = [];
const isWording = (c: string): c is CommandersWoundWording => c in COMMANDERS_WOUND_WORDING.rows;

/**
 * A General Officer killed, dangerously wounded or injured (Part 4, Events): removal (and a replacement
 * from next turn) or 10" less movement; a second injury makes him dangerously wounded; losing a
 * Brigade, Division or Wing commander costs his units -2 on their next test, losing the C-in-C costs
 * every regular unit -3 and every irregular unit -4. No dice.
 */
export function resolveOfficerCasualty(
  facts: OfficerCasualtyFacts,
  _dice: DiceSource,
  trace?: Trace,
): OfficerCasualtyResult {
  let severity: OfficerCasualtySeverity;
  if (isWording(facts.casualty)) {
    severity = COMMANDERS_WOUND_WORDING.rows[facts.casualty];
    trace?.add({
      rule: COMMANDERS_WOUND_WORDING.source,
      label: `The Commanders' Events Table's "${facts.casualty.replaceAll('-', ' ')}" means ${severity.replaceAll('-', ' ')}`,
      value: severity,
    });
  } else severity = facts.casualty;
  let escalated = false;
  if (severity === 'injured' && facts.alreadyInjured) {
    severity = OFFICER_CASUALTIES.secondInjury;
    escalated = true;
    trace?.add({
      rule: jc4('Events', 'officer casualties: injured'),
      label: 'A second injury: dangerously wounded',
      value: severity,
    });
  }
  const officer = OFFICER_CASUALTIES.officer[severity];
  trace?.add({
    rule: jc4(
      'Events',
      `officer casualties: ${severity === 'injured' ? 'injured' : 'killed or dangerously wounded'}`,
    ),
    label:
      severity === 'injured'
        ? 'Injured: 10" less movement for the rest of the game'
        : 'Removed for the rest of the game; may be replaced next turn',
    value: severity,
  });
  if (severity === 'injured') return { severity, escalated, officer, units: NONE };
  const all = OFFICER_CASUALTIES.unitsWhenLost[facts.rank];
  let units = all;
  if (facts.unitClass !== undefined) {
    const cls = facts.unitClass;
    units = all.filter((u) => u.unitClass === 'any' || u.unitClass === cls);
  }
  if (trace) {
    for (const u of units) {
      trace.add({
        rule: jc4(
          'Events',
          `officer casualties: ${facts.rank === 'commander-in-chief' ? 'C-in-C' : 'division or brigade commander'} lost`,
        ),
        label: `${u.units === 'whole-army' ? 'Every' : 'Every one of his'} ${u.unitClass === 'any' ? '' : `${u.unitClass} `}unit${u.units === 'whole-army' ? ' in the army' : 's'}: ${u.amount} on its next Reaction Test`,
        delta: u.amount,
      });
    }
  }
  return { severity, escalated, officer, units };
}

export const officerCasualtyFactsSchema = z
  .object({
    casualty: z
      .enum([...OFFICER_CASUALTY_SEVERITIES, ...COMMANDERS_WOUND_WORDINGS])
      .describe(
        "killed, dangerously-wounded or injured; or the Commanders' Events wording: dead, serious-wound, light-wound",
      ),
    rank: z.enum(OFFICER_RANKS).describe('His rank: brigadier, divisional, wing or commander-in-chief'),
    alreadyInjured: z
      .boolean()
      .optional()
      .describe('He has been injured before: a second injury makes him dangerously wounded (default false)'),
    unitClass: z
      .enum(UNIT_CLASSES)
      .optional()
      .describe('Only list the effect on units of this class, regular or irregular (default: both)'),
  })
  .strict();

const unitsLine = (u: CasualtyUnitEffect) =>
  `${u.units === 'whole-army' ? 'whole army' : 'his units'}${u.unitClass === 'any' ? '' : ` (${u.unitClass})`} ${u.amount} next test`;

export const officerCasualty: ProcedureDefinition<OfficerCasualtyFacts, OfficerCasualtyResult> = {
  id: 'officer-casualty',
  title: 'Officer Casualty',
  summary:
    'What happens when a General Officer is killed, dangerously wounded or injured, to him and his units.',
  rule: jc4('Events', 'officer casualties'),
  facts: officerCasualtyFactsSchema as z.ZodType<OfficerCasualtyFacts>,
  rolls: [],
  examples: [
    {
      title: 'The C-in-C is killed: every regular unit -3, every irregular unit -4, on its next test',
      facts: { casualty: 'killed', rank: 'commander-in-chief' },
      dice: [],
    },
    {
      title: "A Brigadier's second light wound: dangerously wounded, his units -2 on their next test",
      facts: { casualty: 'light-wound', rank: 'brigadier', alreadyInjured: true },
      dice: [],
    },
  ],
  resolve: resolveOfficerCasualty,
  odds: [
    { name: 'Severity', project: (r) => r.severity },
    { name: 'Units', project: (r) => (r.units.length ? r.units.map(unitsLine).join('; ') : 'no effect') },
  ],
  describe: (r) => [
    `${r.severity === 'injured' ? 'Injured' : r.severity === 'killed' ? 'Killed' : 'Dangerously wounded'}${r.escalated ? ' (a second injury)' : ''}`,
    ...r.officer.map((e) =>
      e.kind === 'removed'
        ? '- Removed for the rest of the game'
        : e.kind === 'may-be-replaced'
          ? '- May be replaced from the next turn (see Replacement Officer)'
          : `- ${e.inches}" of movement for the rest of the game`,
    ),
    ...r.units.map((u) => `- ${unitsLine(u)}`),
  ],
};
