import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { averageDie } from '../rolls.ts';
import {
  COMBAT_DIFFERENCE_LIMIT,
  COMBAT_FACTORS,
  COMBAT_RESULT_WORDS,
  COMBAT_RESULTS,
  type CombatFactorId,
  type CombatOutcome,
  type CombatResultId,
  GRADE_FACTORS,
  OUTNUMBERED_FACTORS,
} from '../tables/combat.ts';
import {
  cp,
  gradeRank,
  TRAINING_GRADES,
  TROOP_ARMS,
  type TrainingGrade,
  type TroopArm,
} from '../vocabulary.ts';
import { byTrainingGrade } from './grade-schema.ts';

const section = 'Combat';

/** One unit fighting: its own factors. */
export interface CombatUnitFacts {
  readonly grade: TrainingGrade;
  readonly factors: readonly AppliedModifier<CombatFactorId>[];
}

/** One side of a combat: one unit, or two attacking together (their factors are averaged). */
export interface CombatSideFacts {
  readonly arm: TroopArm;
  /** British regulars making a bayonet attack: +2, and the enemy's casualty exceptions. */
  readonly bayonetAttack: boolean;
  readonly unit: CombatUnitFacts;
  readonly second?: CombatUnitFacts;
}

export interface CombatFacts {
  readonly attacker: CombatSideFacts;
  readonly defender: CombatSideFacts;
  /** Replaces Muster's reconstructed training-grade factors (a scenario override). */
  readonly gradeFactors?: Partial<Record<TrainingGrade, number>>;
}

export interface CombatSideResult {
  readonly die: number;
  readonly factors: number;
  readonly score: number;
  /** Own score less the enemy's. */
  readonly difference: number;
  readonly result: CombatResultId;
  readonly dpoints: number;
  readonly casualties: number;
  readonly retreat: CombatOutcome['retreat'];
}

export interface CombatResult {
  readonly attacker: CombatSideResult;
  readonly defender: CombatSideResult;
}

const WORKS_FACTORS: readonly CombatFactorId[] = [
  'defending-fort-or-stone-building',
  'defending-fieldwork-or-wooden-building',
];

/** Whether a side fights from a fort, building or fieldwork (its factors say so). */
export function inWorks(side: CombatSideFacts): boolean {
  return side.unit.factors.some((f) => WORKS_FACTORS.includes(f.id));
}

/** The grade a side fights at: its best unit's (two attacking one). */
export function sideGrade(side: CombatSideFacts): TrainingGrade {
  const second = side.second;
  return second && gradeRank(second.grade) < gradeRank(side.unit.grade) ? second.grade : side.unit.grade;
}

function gradeFactor(facts: CombatFacts, grade: TrainingGrade): number {
  return facts.gradeFactors?.[grade] ?? GRADE_FACTORS.factor[grade];
}

/** A side's total factors: its unit's (two units: both totals added and halved, rounding up), bayonet, grade. */
function sideFactors(
  facts: CombatFacts,
  side: CombatSideFacts,
  who: 'attacker' | 'defender',
  dice: DiceSource,
  trace?: Trace,
): number {
  // Each side's factors run from 0 under their own heading, so the defender's never read as the
  // attacker's running total carried on.
  trace?.add({
    rule: cp(section, 'factors'),
    label: `The ${who}'s factors${side.second ? ' (first unit)' : ''}`,
    total: 0,
  });
  let total = applyModifiers(COMBAT_FACTORS, side.unit.factors, 0, dice, trace);
  if (side.second) {
    trace?.add({ rule: cp(section, 'factors'), label: `The ${who}'s second unit's factors`, total: 0 });
    const second = applyModifiers(COMBAT_FACTORS, side.second.factors, 0, dice, trace);
    const sum = total + second;
    total = Math.ceil(sum / 2);
    trace?.add({
      rule: cp(section, 'two units attacking one'),
      label: `Both units' factors ${sum}, halved`,
      total,
    });
  }
  if (side.bayonetAttack) {
    total += 2;
    trace?.add({
      rule: cp(section, 'British regulars making bayonet attack'),
      label: 'Bayonet attack',
      delta: 2,
      total,
    });
  }
  const grade = sideGrade(side);
  const g = gradeFactor(facts, grade);
  total += g;
  trace?.add({ rule: GRADE_FACTORS.source, label: `Training grade ${grade} class`, delta: g, total });
  return total;
}

function quickFactors(facts: CombatFacts, side: CombatSideFacts): number {
  let total = summarizeModifiers(COMBAT_FACTORS, side.unit.factors).fixed;
  if (side.second)
    total = Math.ceil((total + summarizeModifiers(COMBAT_FACTORS, side.second.factors).fixed) / 2);
  return total + (side.bayonetAttack ? 2 : 0) + gradeFactor(facts, sideGrade(side));
}

/**
 * Whether a side's successful action or stand off also costs it a casualty. Successful action: only
 * when facing infantry that did not make a bayonet attack and not in works. Stand off: unless it is
 * infantry facing cavalry, faces a bayonet attack, or is in works.
 */
export function conditionalCasualty(
  result: CombatResultId,
  own: CombatSideFacts,
  enemy: CombatSideFacts,
): boolean {
  if (result === 'successful-action')
    return enemy.arm === 'infantry' && !enemy.bayonetAttack && !inWorks(own);
  if (result === 'stand-off')
    return !((own.arm === 'infantry' && enemy.arm === 'cavalry') || enemy.bayonetAttack || inWorks(own));
  return false;
}

function sideResult(
  die: number,
  factors: number,
  enemyScore: number,
  own: CombatSideFacts,
  enemy: CombatSideFacts,
  who: 'attacker' | 'defender',
  trace?: Trace,
): CombatSideResult {
  const score = die + factors;
  const difference = score - enemyScore;
  const clamped = Math.max(-COMBAT_DIFFERENCE_LIMIT, Math.min(COMBAT_DIFFERENCE_LIMIT, difference));
  const outcome = lookupRange(COMBAT_RESULTS, clamped).result;
  const extra = outcome.conditionalCasualty && conditionalCasualty(outcome.id, own, enemy) ? 1 : 0;
  trace?.add({
    rule: cp(section, 'result'),
    label: `${who === 'attacker' ? 'Attacker' : 'Defender'}: difference ${difference >= 0 ? `+${difference}` : difference}, ${COMBAT_RESULT_WORDS[outcome.id]}`,
    value: COMBAT_RESULT_WORDS[outcome.id],
  });
  return {
    die,
    factors,
    score,
    difference,
    result: outcome.id,
    dpoints: outcome.dpoints,
    casualties: outcome.casualties + extra,
    retreat: outcome.retreat,
  };
}

/**
 * Combat (Combat): each side throws an Average Die and adds its factors; each reads its own score less
 * the enemy's on the result table.
 */
export function resolveCombat(facts: CombatFacts, dice: DiceSource, trace?: Trace): CombatResult {
  const aFactors = sideFactors(facts, facts.attacker, 'attacker', dice, trace);
  const dFactors = sideFactors(facts, facts.defender, 'defender', dice, trace);
  const aDie = dice.roll(averageDie, 'attacker');
  trace?.add({
    rule: cp(section, 'one Average Dice'),
    label: `Attacker's Average Die, with its factors ${signed(aFactors)}`,
    total: aDie + aFactors,
    roll: 'attacker',
  });
  const dDie = dice.roll(averageDie, 'defender');
  trace?.add({
    rule: cp(section, 'one Average Dice'),
    label: `Defender's Average Die, with its factors ${signed(dFactors)}`,
    total: dDie + dFactors,
    roll: 'defender',
  });
  return {
    attacker: sideResult(aDie, aFactors, dDie + dFactors, facts.attacker, facts.defender, 'attacker', trace),
    defender: sideResult(dDie, dFactors, aDie + aFactors, facts.defender, facts.attacker, 'defender', trace),
  };
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** A side's result as the referee applies it: the result, D-points and casualties. */
function sideText(r: CombatSideResult): string {
  const casualties = `${r.casualties} ${r.casualties === 1 ? 'casualty' : 'casualties'}`;
  return `${COMBAT_RESULT_WORDS[r.result]}, ${r.dpoints} D-point${r.dpoints === 1 ? '' : 's'}, ${casualties}`;
}

export function prepareCombat(facts: CombatFacts): (dice: DiceSource) => CombatResult {
  const aFactors = quickFactors(facts, facts.attacker);
  const dFactors = quickFactors(facts, facts.defender);
  return (dice) => {
    const aDie = dice.roll(averageDie, 'attacker');
    const dDie = dice.roll(averageDie, 'defender');
    return {
      attacker: sideResult(aDie, aFactors, dDie + dFactors, facts.attacker, facts.defender, 'attacker'),
      defender: sideResult(dDie, dFactors, aDie + aFactors, facts.defender, facts.attacker, 'defender'),
    };
  };
}

const factorList = modifierListSchema(COMBAT_FACTORS, {
  'british-bayonet-attack': 'give bayonetAttack: true on the side',
}).superRefine((list, ctx) => {
  const outnumbered = list.filter((f) => (OUTNUMBERED_FACTORS as readonly string[]).includes(f.id));
  if (outnumbered.length > 1)
    ctx.addIssue({ code: 'custom', message: 'give only the worst of the outnumbered factors' });
});

const unitSchema = z
  .object({
    grade: z.enum(TRAINING_GRADES).describe('Training grade, 1st (elite) to 5th (poor militia)'),
    factors: factorList,
  })
  .strict();

const sideSchema = z
  .object({
    arm: z.enum(TROOP_ARMS).describe('infantry, cavalry or artillery'),
    bayonetAttack: z.boolean().describe('British regulars making a bayonet attack (attackers only)'),
    unit: unitSchema.describe('The unit fighting (with two, the first)'),
    second: unitSchema.optional().describe('A second unit attacking with the first, if any'),
  })
  .strict();

export const combatFactsSchema = z
  .object({
    attacker: sideSchema.describe('The side that advanced to within 4"'),
    defender: sideSchema.describe('The side attacked'),
    gradeFactors: byTrainingGrade(z.int().min(-6).max(6))
      .optional()
      .describe("Training-grade factors replacing Muster's reconstruction (+2,+1,0,-1,-2)"),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.defender.second)
      ctx.addIssue({
        code: 'custom',
        path: ['defender', 'second'],
        message: 'two units attack one, not the reverse',
      });
    if (f.defender.bayonetAttack)
      ctx.addIssue({
        code: 'custom',
        path: ['defender', 'bayonetAttack'],
        message: 'only attackers make a bayonet attack',
      });
  });

export const combat: ProcedureDefinition<CombatFacts, CombatResult> = {
  id: 'combat',
  title: 'Combat',
  summary:
    "Both sides throw an Average Die and add their factors; the difference decides each side's result.",
  rule: cp(section),
  facts: combatFactsSchema as unknown as z.ZodType<CombatFacts>,
  rolls: [
    { key: 'attacker', dice: 'Average Die (the number showing: 2, 3, 4 or 5)', when: 'always' },
    { key: 'defender', dice: 'Average Die (the number showing: 2, 3, 4 or 5)', when: 'always' },
  ],
  examples: [
    {
      title:
        'A British line battalion (2nd class) with its brigadier charges sepoy levies (4th class) behind a fieldwork',
      facts: {
        attacker: {
          arm: 'infantry',
          bayonetAttack: true,
          unit: { grade: '2nd', factors: [{ id: 'commander-attached' }] },
        },
        defender: {
          arm: 'infantry',
          bayonetAttack: false,
          unit: {
            grade: '4th',
            factors: [{ id: 'defending-fieldwork-or-wooden-building' }, { id: 'dpoints', count: 1 }],
          },
        },
      },
      dice: [4, 3],
    },
    {
      title: 'Two cavalry regiments charge a battered battalion',
      facts: {
        attacker: {
          arm: 'cavalry',
          bayonetAttack: false,
          unit: { grade: '3rd', factors: [{ id: 'dpoints', count: 1 }] },
          second: { grade: '2nd', factors: [] },
        },
        defender: {
          arm: 'infantry',
          bayonetAttack: false,
          unit: {
            grade: '3rd',
            factors: [
              { id: 'casualties', count: 1 },
              { id: 'dpoints', count: 3 },
              { id: 'outnumbered-2-to-1' },
            ],
          },
        },
      },
      dice: [5, 2],
    },
  ],
  resolve: resolveCombat,
  prepare: prepareCombat,
  odds: [
    { name: 'Attacker result', project: (r) => r.attacker.result },
    { name: 'Defender result', project: (r) => r.defender.result },
    { name: 'Attacker casualties', project: (r) => r.attacker.casualties },
    { name: 'Defender casualties', project: (r) => r.defender.casualties },
  ],
  describe: (r) => [
    `Attacker ${r.attacker.score} (die ${r.attacker.die}, factors ${signed(r.attacker.factors)}): ${sideText(r.attacker)}`,
    `Defender ${r.defender.score} (die ${r.defender.die}, factors ${signed(r.defender.factors)}): ${sideText(r.defender)}`,
  ],
};
