import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import type { RollSpec } from '../../../core/random/rolls.ts';
import { type AppliedModifier, applyModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { trialsRoll, unpackCount } from '../dice.ts';
import {
  MELEE_MODIFIERS,
  MELEE_OUTCOME_WORDS,
  MELEE_RULES,
  type MeleeModifierId,
  type MeleeOutcome,
} from '../tables/melee.ts';
import { md } from '../vocabulary.ts';

export interface MeleeSide {
  readonly modifiers: readonly AppliedModifier<MeleeModifierId>[];
  /** Cavalry charging infantry not in square or cover, or charging halted cavalry: score doubled (11.2). */
  readonly doubled: boolean;
  /** Pairs where this side has a second figure touching the enemy (11.2, 2 vs 1). */
  readonly twoVersusOnePairs: number;
  /** Casualties it suffered from shooting this turn, counted in the resolution (11.3). */
  readonly shootingCasualties: number;
}

export interface MeleeFacts {
  /** Pairs of opposing figures in contact (11.1). */
  readonly pairs: number;
  readonly attacker: MeleeSide;
  readonly defender: MeleeSide;
  /** The attacker is cavalry that charged: on a first-round tie it passes through (11.3). */
  readonly cavalryCharged: boolean;
  /** The first round, or the second after a tie (11.3). */
  readonly round: 1 | 2;
}

export interface MeleeResult {
  readonly hitsOnDefender: number;
  readonly hitsOnAttacker: number;
  readonly attackerLosses: number;
  readonly defenderLosses: number;
  readonly outcome: MeleeOutcome;
}

const ATTACKER_HITS = 0;
const DEFENDER_HITS = 1;
const NO_HIT = 2;

const pairRolls = new Map<string, RollSpec>();
/** n pairs of opposed dice with the given per-die modifiers and doublings: counts of pairs each side won. */
function pairRoll(n: number, modA: number, modD: number, doubleA: boolean, doubleD: boolean): RollSpec {
  const key = `${n}:${modA}:${modD}:${doubleA}:${doubleD}`;
  let spec = pairRolls.get(key);
  if (!spec) {
    const margin = MELEE_RULES.winningMargin.value;
    spec = trialsRoll({
      id: `${n}-melee-pairs`,
      label: `${n} pair(s) of opposed d6 (attacker, defender)`,
      trials: n,
      dicePerTrial: 2,
      categories: 3,
      classify: (f, at) => {
        const a = (f[at]! + modA) * (doubleA ? 2 : 1);
        const d = (f[at + 1]! + modD) * (doubleD ? 2 : 1);
        return a >= d + margin ? ATTACKER_HITS : d >= a + margin ? DEFENDER_HITS : NO_HIT;
      },
    });
    pairRolls.set(key, spec);
  }
  return spec;
}

/**
 * One round of melee (11): a pair of dice per pair of figures in contact, each side's die moved by its
 * modifiers and doubled where the charge doubles it; a score 2 above the opponent's hits one figure.
 * The side with more casualties, shooting and melee together, loses and retreats half a move; on a
 * first-round tie charging cavalry passes through and others fight again; a second tie sends the charger
 * back (11.3).
 */
export function resolveMelee(facts: MeleeFacts, dice: DiceSource, trace?: Trace): MeleeResult {
  const modA = applyModifiers(MELEE_MODIFIERS, facts.attacker.modifiers, 0, dice, trace);
  const modD = applyModifiers(MELEE_MODIFIERS, facts.defender.modifiers, 0, dice, trace);
  trace?.add({
    rule: md('11.2 Die Modifiers'),
    label: `Attacker ${signed(modA)}, defender ${signed(modD)} per die`,
  });
  if (facts.attacker.doubled)
    trace?.add({ rule: MELEE_RULES.doubled.rule, label: "Attacker's score doubled" });
  if (facts.defender.doubled)
    trace?.add({ rule: MELEE_RULES.doubled.rule, label: "Defender's score doubled" });
  const aSupported = Math.min(facts.pairs, facts.attacker.twoVersusOnePairs);
  const dSupported = Math.min(facts.pairs - aSupported, facts.defender.twoVersusOnePairs);
  const plain = facts.pairs - aSupported - dSupported;
  const bonus = MELEE_RULES.twoVersusOne.value;
  let onDefender = 0;
  let onAttacker = 0;
  const fight = (n: number, a: number, d: number, key: string, label: string) => {
    if (n === 0) return;
    const v = dice.roll(pairRoll(n, a, d, facts.attacker.doubled, facts.defender.doubled), key);
    onDefender += unpackCount(v, ATTACKER_HITS);
    onAttacker += unpackCount(v, DEFENDER_HITS);
    trace?.add({
      rule: key === 'pairs' ? MELEE_RULES.winningMargin.rule : MELEE_RULES.twoVersusOne.rule,
      label: `${label}: ${unpackCount(v, ATTACKER_HITS)} hit(s) on the defender, ${unpackCount(v, DEFENDER_HITS)} on the attacker`,
      roll: key,
    });
  };
  fight(plain, modA, modD, 'pairs', `${plain} pair(s)`);
  fight(aSupported, modA + bonus, modD, 'attacker-2v1', `${aSupported} pair(s) with the attacker 2 vs 1`);
  fight(dSupported, modA, modD + bonus, 'defender-2v1', `${dSupported} pair(s) with the defender 2 vs 1`);
  const attackerLosses = onAttacker + facts.attacker.shootingCasualties;
  const defenderLosses = onDefender + facts.defender.shootingCasualties;
  let outcome: MeleeOutcome;
  if (attackerLosses < defenderLosses) outcome = 'attacker-wins';
  else if (defenderLosses < attackerLosses) outcome = 'defender-wins';
  else if (facts.round === 2) outcome = 'charger-retreats';
  else outcome = facts.cavalryCharged ? 'cavalry-passes-through' : 'fight-again';
  trace?.add({
    rule: md('11.3 Resolution'),
    label: `Losses with shooting: attacker ${attackerLosses}, defender ${defenderLosses}: ${MELEE_OUTCOME_WORDS[outcome]}`,
    value: MELEE_OUTCOME_WORDS[outcome],
  });
  return { hitsOnDefender: onDefender, hitsOnAttacker: onAttacker, attackerLosses, defenderLosses, outcome };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

const side = (who: string) =>
  z
    .strictObject({
      modifiers: modifierListSchema(MELEE_MODIFIERS),
      doubled: z
        .boolean()
        .describe(
          'Cavalry charging infantry not in square or cover, or charging halted cavalry: score doubled',
        ),
      twoVersusOnePairs: z
        .int()
        .min(0)
        .max(63)
        .describe('Pairs where it has a second figure touching the enemy'),
      shootingCasualties: z.int().min(0).max(200).describe('Casualties it took from shooting this turn'),
    })
    .describe(who);

export const meleeFactsSchema = z
  .strictObject({
    pairs: z.int().min(1).max(63).describe('Pairs of opposing figures in contact'),
    attacker: side('The charging side'),
    defender: side('The side charged'),
    cavalryCharged: z.boolean().describe('The attacker is cavalry that charged (passes through on a tie)'),
    round: z.union([z.literal(1), z.literal(2)]).describe('1, or 2 after a first-round tie'),
  })
  .describe('A melee between units in contact');

export const melee: ProcedureDefinition<MeleeFacts, MeleeResult> = {
  id: 'macduff-melee',
  title: 'Melee',
  summary: 'One round of melee: hits from opposed dice per pair of figures, and who retreats.',
  rule: md('11. Melee'),
  facts: meleeFactsSchema as unknown as z.ZodType<MeleeFacts>,
  rolls: [
    { key: 'pairs', dice: 'two d6 per pair (attacker, defender)', when: 'for pairs without a 2 vs 1' },
    { key: 'attacker-2v1', dice: 'two d6 per pair', when: 'for pairs where the attacker is 2 vs 1' },
    { key: 'defender-2v1', dice: 'two d6 per pair', when: 'for pairs where the defender is 2 vs 1' },
  ],
  examples: [
    {
      title: 'Lancers charge a Ghazi mass in the open',
      facts: {
        pairs: 3,
        attacker: {
          modifiers: [{ id: 'imperial' }, { id: 'lancers-or-heavy-charging' }],
          doubled: true,
          twoVersusOnePairs: 0,
          shootingCasualties: 1,
        },
        defender: { modifiers: [], doubled: false, twoVersusOnePairs: 0, shootingCasualties: 0 },
        cavalryCharged: true,
        round: 1,
      },
      dice: [3, 4, 1, 6, 5, 2],
    },
  ],
  resolve: resolveMelee,
  odds: [
    { name: 'Outcome', project: (r) => r.outcome },
    { name: 'Hits on the defender', project: (r) => r.hitsOnDefender },
    { name: 'Hits on the attacker', project: (r) => r.hitsOnAttacker },
  ],
  describe: (r) => [
    `Hits: ${r.hitsOnDefender} on the defender, ${r.hitsOnAttacker} on the attacker`,
    `Losses with shooting: attacker ${r.attackerLosses}, defender ${r.defenderLosses}: ${MELEE_OUTCOME_WORDS[r.outcome]}`,
  ],
};
