import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  CARACOLE_ARTILLERY_BONUS,
  CARACOLE_FIRE_RANGE,
  CARACOLE_INCHES_PER_RANK,
  CARACOLE_STATUSES,
  CARACOLE_UP_TO,
  type CaracoleDecision,
  type CaracoleStatus,
} from '../tables/caracole.ts';
import { DEFENDERS_VOLLEY_TABLE } from '../tables/defenders-volley.ts';
import { jc4, musterDefault, type RangeBand } from '../vocabulary.ts';

export interface CaracoleFacts {
  /** The native unit's Resolve Status after its charge Reaction Test. */
  readonly status: CaracoleStatus;
  /** It is charging artillery: +2 to the die. */
  readonly chargingArtillery?: boolean;
  /** Inches of its final Normal Movement left after the Step 4 charge move. */
  readonly remainingMove: number;
  /** Its Charge Bonus in inches. */
  readonly chargeBonus: number;
  /** Ranks in the unit, if the ranks that may fire should be capped at it. */
  readonly ranks?: number;
  /** The target counter-charged with cavalry: only the front rank fires. */
  readonly counterChargedByCavalry?: boolean;
}

export interface CaracoleResult {
  /** The d6, plus 2 against artillery. */
  readonly roll: number;
  readonly decision: CaracoleDecision;
  /** The most ranks that may fire (0 when it charges home; the player may fire fewer). */
  readonly ranksMayFire: number;
  /** Range modifier of its fire, from the Defenders' Volley Table by status; null when it charges home. */
  readonly fireRange: RangeBand | null;
  /** A caracoling unit is Disordered at the end of the turn. */
  readonly disorderedAtTurnEnd: boolean;
  /** What follows: a normal Confrontation, or the caracole fire (then falling back facing the enemy). */
  readonly next: 'confrontation' | 'caracole-fire';
}

const RULE = 'Special Native Irregular Light Cavalry Tactics';

/**
 * Native Indian irregular light cavalry that charge decide whether to caracole or charge home (Part 4,
 * Special Native Irregular Light Cavalry Tactics): 1d6, +2 against artillery, on the Caracole Table by
 * Resolve Status. A caracoling unit may fire floor((remaining Normal Movement + Charge Bonus) / 3)
 * ranks (only the front rank if counter-charged by cavalry), and is Disordered at the turn's end.
 */
export function resolveCaracole(facts: CaracoleFacts, dice: DiceSource, trace?: Trace): CaracoleResult {
  const die = dice.roll(d6, 'caracole');
  const bonus = facts.chargingArtillery ? CARACOLE_ARTILLERY_BONUS : 0;
  const roll = die + bonus;
  const decision: CaracoleDecision = roll <= CARACOLE_UP_TO[facts.status] ? 'caracole' : 'charge';
  if (trace) {
    trace.add({ rule: jc4(RULE, 'Caracole Table'), label: 'Caracole die', total: die, roll: 'caracole' });
    if (bonus)
      trace.add({
        rule: jc4(RULE, 'charging artillery'),
        label: 'Charging artillery',
        delta: bonus,
        total: roll,
      });
    trace.add({
      rule: jc4(RULE, `Caracole Table: ${facts.status}`),
      label: `${facts.status}: caracole on ${CARACOLE_UP_TO[facts.status] === 1 ? '1' : `1-${CARACOLE_UP_TO[facts.status]}`}`,
      value: decision === 'caracole' ? 'Caracole' : 'Charge to contact',
    });
  }
  if (decision === 'charge')
    return {
      roll,
      decision,
      ranksMayFire: 0,
      fireRange: null,
      disorderedAtTurnEnd: false,
      next: 'confrontation',
    };

  let ranksMayFire: number;
  if (facts.counterChargedByCavalry) {
    ranksMayFire = 1;
    trace?.add({
      rule: jc4(RULE, 'counter-charged by cavalry'),
      label: 'Counter-charged by cavalry: the front rank only',
      value: ranksMayFire,
    });
  } else {
    const inches = facts.remainingMove + facts.chargeBonus;
    ranksMayFire = Math.floor(inches / CARACOLE_INCHES_PER_RANK);
    trace?.add({
      rule: jc4(RULE, 'ranks that may fire'),
      label: `Remaining move ${measureText(facts.remainingMove)}" + Charge Bonus ${facts.chargeBonus}" = ${measureText(inches)}", ${CARACOLE_INCHES_PER_RANK}" a rank`,
      value: ranksMayFire,
    });
    if (facts.ranks !== undefined && ranksMayFire > facts.ranks) {
      ranksMayFire = facts.ranks;
      trace?.add({
        rule: musterDefault('Caracole: ranks that may fire', 'no more than the unit has'),
        label: `Capped at the unit's ${facts.ranks} ranks`,
        value: ranksMayFire,
      });
    }
  }
  const fireRange = CARACOLE_FIRE_RANGE[facts.status];
  if (trace) {
    trace.add({
      rule: DEFENDERS_VOLLEY_TABLE.source,
      label: 'Range modifier used',
      value: fireRange,
    });
    trace.add({ rule: jc4(RULE, 'disordered'), label: 'Disordered at the end of the turn', value: true });
  }
  return { roll, decision, ranksMayFire, fireRange, disorderedAtTurnEnd: true, next: 'caracole-fire' };
}

export const caracoleFactsSchema = z
  .object({
    status: z
      .enum(CARACOLE_STATUSES)
      .describe("The native unit's Resolve Status after its charge test (Resolute, Confident or Steady)"),
    chargingArtillery: z.boolean().optional().describe('It is charging artillery: +2 to the die'),
    remainingMove: z
      .number()
      .min(0)
      .max(60)
      .describe('Inches of its final Normal Movement left after the Step 4 charge move'),
    chargeBonus: z
      .number()
      .min(0)
      .max(12)
      .describe('Its Charge Bonus in inches (native irregular cavalry: 5)'),
    ranks: z
      .number()
      .int()
      .min(1)
      .max(30)
      .optional()
      .describe('Ranks in the unit; if given, the ranks that may fire are capped at it'),
    counterChargedByCavalry: z
      .boolean()
      .optional()
      .describe('The target counter-charged with cavalry: only the front rank fires'),
  })
  .strict();

export const caracole: ProcedureDefinition<CaracoleFacts, CaracoleResult> = {
  id: 'caracole',
  title: 'Caracole (native irregular light cavalry)',
  summary:
    'Whether charging native irregular light cavalry caracole or charge home, and if they caracole how many ranks may fire.',
  rule: jc4(RULE),
  facts: caracoleFactsSchema as z.ZodType<CaracoleFacts>,
  rolls: [{ key: 'caracole', dice: '1d6 (+2 against artillery)', when: 'always' }],
  examples: [
    {
      title: 'Confident native horse, 8" of move left and a 5" Charge Bonus, charge infantry',
      facts: { status: 'Confident', remainingMove: 8, chargeBonus: 5 },
      dice: [2],
    },
    {
      title: 'Steady native horse charge a battery',
      facts: { status: 'Steady', chargingArtillery: true, remainingMove: 6, chargeBonus: 5 },
      dice: [4],
    },
  ],
  resolve: resolveCaracole,
  odds: [
    { name: 'Decision', project: (r) => (r.decision === 'caracole' ? 'Caracole' : 'Charge to contact') },
    { name: 'Ranks that may fire', project: (r) => r.ranksMayFire },
  ],
  describe: (r) =>
    r.decision === 'caracole'
      ? [
          `Roll ${r.roll}: Caracole`,
          `Up to ${r.ranksMayFire} rank${r.ranksMayFire === 1 ? '' : 's'} may fire, at ${r.fireRange} range; the rest of the move is spent falling back facing the enemy`,
          'Disordered at the end of the turn',
        ]
      : [`Roll ${r.roll}: Charge to contact; resolve the Confrontation`],
};
