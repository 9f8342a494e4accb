import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  BUNDLE_POINTS,
  CONFUSION_RATIO,
  DISORDER_RATIO,
  KILL_POINTS,
  MELEE_ADVANTAGES,
  MELEE_ROW_WORDS,
  MELEE_TABLE,
  type MeleeAdvantageId,
  type MeleeRow,
  meleeRowFor,
} from '../tables/melee.ts';
import { hf, ORDER_STATE_WORDS, type OrderState } from '../vocabulary.ts';
import { countOf, meleeBundles, meleeDice, meleeKills } from './rolls.ts';

export interface MeleeSideFacts {
  /** Figures fighting (one rank, with one figure of overlap at each end). */
  readonly figures: number;
  readonly advantages: readonly AppliedModifier<MeleeAdvantageId>[];
}

export interface MeleeFacts {
  readonly attacker: MeleeSideFacts;
  readonly defender: MeleeSideFacts;
}

export interface MeleeSideResult {
  /** The side's advantages less its disadvantages, and its edge over the other side's. */
  readonly total: number;
  readonly net: number;
  readonly row: MeleeRow;
  /** Enemy figures this side killed and bundled, and the points they score. */
  readonly kills: number;
  readonly bundles: number;
  readonly points: number;
}

export interface MeleeResult {
  readonly attacker: MeleeSideResult;
  readonly defender: MeleeSideResult;
  /** The side that scored fewer points; none on equal points (the melee goes on). */
  readonly loser: 'attacker' | 'defender' | 'none';
  /** The loser's order after being beaten by 50% (Disordered) or 100% (Confused). */
  readonly loserOrder: OrderState;
}

type SideKey = 'attacker' | 'defender';

/** Who lost, in words: the Loser odds' outcomes (the computer reads them too). */
export const LOSER_WORDS: Readonly<Record<MeleeResult['loser'], string>> = {
  attacker: 'The attacker',
  defender: 'The defender',
  none: 'Neither: the melee goes on',
};

function sideTotal(side: MeleeSideFacts, key: SideKey, dice: DiceSource, trace?: Trace): number {
  trace?.add({
    rule: hf('Melees', 'Advantages'),
    label: `The ${key}'s advantages and disadvantages`,
    total: 0,
  });
  return applyModifiers(MELEE_ADVANTAGES, side.advantages, 0, dice, trace);
}

function fight(
  side: MeleeSideFacts,
  total: number,
  otherTotal: number,
  key: SideKey,
  dice: DiceSource,
  trace?: Trace,
): MeleeSideResult {
  const net = total - otherTotal;
  const row = meleeRowFor(net);
  const faces = MELEE_TABLE.rows[row];
  const value = side.figures === 0 ? 0 : dice.roll(meleeDice(side.figures, faces), `${key}Dice`);
  const kills = meleeKills(value);
  const bundles = meleeBundles(value);
  const points = kills * KILL_POINTS + bundles * BUNDLE_POINTS;
  trace?.add({
    rule: hf('Melees', MELEE_ROW_WORDS[row]),
    label: `The ${key}: ${side.figures} d6 at ${MELEE_ROW_WORDS[row]} (net ${net >= 0 ? `+${net}` : net}): ${countOf(kills, 'kill')}, ${countOf(bundles, 'bundle')}, ${countOf(points, 'point')}`,
    value: points,
    ...(side.figures ? { roll: `${key}Dice` } : {}),
  });
  return { total, net, row, kills, bundles, points };
}

function decide(attacker: MeleeSideResult, defender: MeleeSideResult, trace?: Trace): MeleeResult {
  const loser =
    attacker.points === defender.points
      ? 'none'
      : attacker.points < defender.points
        ? 'attacker'
        : 'defender';
  let loserOrder: OrderState = 'good-order';
  if (loser !== 'none') {
    const won = loser === 'attacker' ? defender.points : attacker.points;
    const lost = loser === 'attacker' ? attacker.points : defender.points;
    if (won >= CONFUSION_RATIO * lost) loserOrder = 'confused';
    else if (won >= DISORDER_RATIO * lost) loserOrder = 'disordered';
  }
  trace?.add({
    rule: hf('Melees', 'Count losses on both sides'),
    label:
      loser === 'none'
        ? `Points ${attacker.points} to ${defender.points}: neither loses, the melee goes on`
        : `Points ${attacker.points} to ${defender.points}: the ${loser} loses${loserOrder === 'good-order' ? '' : `, ${ORDER_STATE_WORDS[loserOrder]}`} and tests morale`,
    value: LOSER_WORDS[loser],
  });
  return { attacker, defender, loser, loserOrder };
}

/**
 * One round of melee (H&F QRS, Melees): each side totals its advantages and disadvantages; the side
 * ahead reads the table by its edge, the other at evens; a d6 per figure bundles or kills; kills score
 * 2, bundles 1; fewer points loses (Disordered if beaten by 50%, Confused by 100%) and tests morale.
 */
export function resolveMeleeRound(facts: MeleeFacts, dice: DiceSource, trace?: Trace): MeleeResult {
  const a = sideTotal(facts.attacker, 'attacker', dice, trace);
  const d = sideTotal(facts.defender, 'defender', dice, trace);
  const attacker = fight(facts.attacker, a, d, 'attacker', dice, trace);
  const defender = fight(facts.defender, d, a, 'defender', dice, trace);
  return decide(attacker, defender, trace);
}

function prepareMeleeRound(facts: MeleeFacts) {
  const a = summarizeModifiers(MELEE_ADVANTAGES, facts.attacker.advantages).fixed;
  const d = summarizeModifiers(MELEE_ADVANTAGES, facts.defender.advantages).fixed;
  return (dice: DiceSource) =>
    decide(fight(facts.attacker, a, d, 'attacker', dice), fight(facts.defender, d, a, 'defender', dice));
}

const sideSchema = z
  .strictObject({
    figures: z
      .int()
      .min(0)
      .max(60)
      .describe('Figures fighting: one rank, with one figure of overlap at each end'),
    advantages: modifierListSchema(MELEE_ADVANTAGES).describe(
      'Its advantages (charging infantry, elephant, ...) and disadvantages (in disorder, gunners, ...)',
    ),
  })
  .describe('One side of the melee');

export const meleeRound: ProcedureDefinition<MeleeFacts, MeleeResult> = {
  id: 'hf-melee-round',
  title: 'Melee round (H&F)',
  summary: 'One round of melee: kills, bundles, points, who loses and how badly.',
  rule: hf('Melees'),
  facts: z.strictObject({
    attacker: sideSchema.describe('The attacking side'),
    defender: sideSchema.describe('The defending side'),
  }) as z.ZodType<MeleeFacts>,
  rolls: [
    { key: 'attackerDice', dice: 'one d6 per attacking figure', when: 'always' },
    { key: 'defenderDice', dice: 'one d6 per defending figure', when: 'always' },
  ],
  examples: [
    {
      title: 'Charging sepoys with bayonets (6 figures, +2) against disordered matchlockmen (6 figures, -1)',
      facts: {
        attacker: {
          figures: 6,
          advantages: [{ id: 'charging-infantry' }, { id: 'good-order-infantry-bayonets' }],
        },
        defender: { figures: 6, advantages: [{ id: 'in-disorder' }] },
      },
      dice: [6, 5, 3, 3, 1, 2, 6, 5, 4, 2, 1, 1],
    },
  ],
  resolve: resolveMeleeRound,
  prepare: prepareMeleeRound,
  odds: [
    { name: 'Loser', project: (r) => r.loser, label: (k) => LOSER_WORDS[k as MeleeResult['loser']] },
    {
      name: "Loser's order",
      project: (r) => (r.loser === 'none' ? 'no loser' : r.loserOrder),
      label: (k) => (k === 'no loser' ? 'No loser' : ORDER_STATE_WORDS[k as OrderState]),
    },
    { name: 'Attacker figures killed', project: (r) => r.defender.kills },
    { name: 'Defender figures killed', project: (r) => r.attacker.kills },
  ],
  describe: (r) => [
    `Attacker: ${countOf(r.attacker.kills, 'kill')}, ${countOf(r.attacker.bundles, 'bundle')} (${countOf(r.attacker.points, 'point')})`,
    `Defender: ${countOf(r.defender.kills, 'kill')}, ${countOf(r.defender.bundles, 'bundle')} (${countOf(r.defender.points, 'point')})`,
    r.loser === 'none'
      ? 'Equal: the melee goes on'
      : `The ${r.loser} loses (${ORDER_STATE_WORDS[r.loserOrder]}) and tests morale`,
  ],
};
