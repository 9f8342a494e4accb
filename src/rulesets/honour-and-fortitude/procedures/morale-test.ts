import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import { type AppliedModifier, applyModifiers, summarizeModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { modifierListSchema } from '../../../core/rules/schemas.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  MORALE_MODIFIERS,
  MORALE_RESULT_WORDS,
  MORALE_ROW_WORDS,
  MORALE_TABLE,
  type MoraleModifierId,
  type MoraleResult,
  type MoraleRow,
  moraleRowFor,
} from '../tables/morale.ts';
import { MORALE_SCALE } from '../tables/reconstruction.ts';
import { hf, type MoraleColumn, reconstruction, stateWords, UNIT_STATES } from '../vocabulary.ts';
import { d6AtMost } from './rolls.ts';

/** A unit's condition for a morale test: one of the states, or routing. */
export const MORALE_CONDITIONS = [...UNIT_STATES, 'routing'] as const;
export type MoraleCondition = (typeof MORALE_CONDITIONS)[number];

export interface MoraleTestFacts {
  readonly condition: MoraleCondition;
  /** The unit's Morale rating (Muster's reconstruction: 1..6). */
  readonly morale: number;
  readonly modifiers: readonly AppliedModifier<MoraleModifierId>[];
}

export interface MoraleTestResult {
  readonly roll: number;
  readonly modified: number;
  readonly row: MoraleRow;
  readonly result: MoraleResult;
  /** Passed: the modified roll was at or under the rating (the "1 or less" and "Pass" rows). */
  readonly passed: boolean;
  /** The unit's state after the test, when the result changes it (Heroic .. Passive), or 'routing'. */
  readonly condition: MoraleCondition;
}

/** The Morale table column a condition reads; Heroic reads Aggressive's (Muster's reconstruction). */
export function moraleColumnOf(condition: MoraleCondition): MoraleColumn {
  return condition === 'heroic' ? 'aggressive' : condition;
}

/** The condition a result leaves the unit in (routing units that halt become Cowed: Muster's reconstruction). */
export function conditionAfter(condition: MoraleCondition, result: MoraleResult): MoraleCondition {
  switch (result) {
    case 'become-heroic':
      return 'heroic';
    case 'become-aggressive':
      return 'aggressive';
    case 'become-active':
      return 'active';
    case 'become-passive':
      return 'passive';
    case 'panic':
    case 'run':
      return 'routing';
    case 'halt-disordered':
    case 'halt-confused':
      return 'cowed';
    default:
      return condition;
  }
}

/**
 * A morale test (H&F QRS, Morale): a d6 plus the modifiers (plus is worse), read against the unit's
 * Morale rating on the results table by its state; Passive failing by 2 throws a second d6 (1-3
 * Retire, 4-6 Panic!).
 */
export function resolveMoraleTest(facts: MoraleTestFacts, dice: DiceSource, trace?: Trace): MoraleTestResult {
  const roll = dice.roll(d6, 'morale');
  trace?.add({
    rule: hf('Morale', 'To test'),
    label: `Morale d6: ${roll}`,
    value: roll,
    total: roll,
    roll: 'morale',
  });
  const modified = applyModifiers(MORALE_MODIFIERS, facts.modifiers, roll, dice, trace);
  return readMorale(facts, roll, modified, dice, trace);
}

function readMorale(
  facts: MoraleTestFacts,
  roll: number,
  modified: number,
  dice: DiceSource,
  trace?: Trace,
): MoraleTestResult {
  const row = moraleRowFor(modified, facts.morale);
  const column = moraleColumnOf(facts.condition);
  const cell = MORALE_TABLE.rows[row][column];
  trace?.add({
    rule: hf('Morale', `${MORALE_ROW_WORDS[row]}, ${stateWords(column)}`),
    label: `${modified} against Morale ${facts.morale}: ${MORALE_ROW_WORDS[row]}${facts.condition === 'heroic' ? ' (Heroic reads Aggressive)' : ''}`,
    value: MORALE_ROW_WORDS[row],
  });
  let result: MoraleResult;
  if (cell.kind === 'result') result = cell.result;
  else {
    const low = dice.roll(d6AtMost(cell.upTo), 'retireOrPanic');
    result = low === 1 ? cell.low : cell.high;
    trace?.add({
      rule: hf('Morale', 'Passive, fail by 2'),
      label: `d6 ${low === 1 ? `${cell.upTo} or less` : `over ${cell.upTo}`}: ${MORALE_RESULT_WORDS[result]}`,
      value: MORALE_RESULT_WORDS[result],
      roll: 'retireOrPanic',
    });
  }
  const condition = conditionAfter(facts.condition, result);
  if (facts.condition === 'routing' && condition === 'cowed')
    trace?.add({
      rule: reconstruction('Rallies', 'a halted router is Cowed'),
      label: 'Halted: now Cowed',
      value: stateWords(condition),
    });
  trace?.add({
    rule: hf('Morale'),
    label: `Result: ${MORALE_RESULT_WORDS[result]}`,
    value: MORALE_RESULT_WORDS[result],
  });
  return { roll, modified, row, result, passed: row === 'one-or-less' || row === 'pass', condition };
}

/** The dice-free part done once, for the exact odds. */
function prepareMoraleTest(facts: MoraleTestFacts) {
  const { fixed } = summarizeModifiers(MORALE_MODIFIERS, facts.modifiers);
  return (dice: DiceSource) => {
    const roll = dice.roll(d6, 'morale');
    return readMorale(facts, roll, roll + fixed, dice);
  };
}

/** Morale modifiers as the referee ticks them, each with its label and value (a count for "each 20% loss"). */
export const moraleModifiersSchema = modifierListSchema(MORALE_MODIFIERS).describe(
  'Morale modifiers that apply: plus makes the test harder, minus easier',
);

export const moraleTestFactsSchema = z.strictObject({
  condition: z
    .enum(MORALE_CONDITIONS)
    .describe("The unit's state (Heroic, Aggressive, Active, Passive, Cowed) or routing"),
  morale: z
    .int()
    .min(MORALE_SCALE.min)
    .max(MORALE_SCALE.max)
    .describe("The unit's Morale rating, 1-6 (pass on a modified d6 at or under it)"),
  modifiers: moraleModifiersSchema,
});

export const moraleTest: ProcedureDefinition<MoraleTestFacts, MoraleTestResult> = {
  id: 'hf-morale-test',
  title: 'Morale Test (H&F)',
  summary: 'What a morale test does to a unit: improve its state, obey, halt, retire, panic or run.',
  rule: hf('Morale'),
  facts: moraleTestFactsSchema as z.ZodType<MoraleTestFacts>,
  rolls: [
    { key: 'morale', dice: '1d6', when: 'always' },
    { key: 'retireOrPanic', dice: '1d6 (1-3 Retire, 4-6 Panic!)', when: 'a Passive unit failing by 2' },
  ],
  examples: [
    {
      title:
        'An Active battalion (Morale 4) under artillery fire, having lost 20%, rolls a 4: fails by 2, Retire',
      facts: {
        condition: 'active',
        morale: 4,
        modifiers: [{ id: 'under-artillery-fire' }, { id: 'each-20-percent-loss', count: 1 }],
      },
      dice: [4],
    },
    {
      title: 'A Passive unit (Morale 3) in disorder rolls a 4: fails by 2, and a 5: Panic!',
      facts: { condition: 'passive', morale: 3, modifiers: [{ id: 'in-disorder' }] },
      dice: [4, 5],
    },
    {
      title: 'A routing unit (Morale 3) with its General present rolls a 2: Halt, Disordered (now Cowed)',
      facts: { condition: 'routing', morale: 3, modifiers: [{ id: 'general-present' }] },
      dice: [2],
    },
  ],
  resolve: resolveMoraleTest,
  prepare: prepareMoraleTest,
  odds: [
    { name: 'Result', project: (r) => r.result, label: (k) => MORALE_RESULT_WORDS[k as MoraleResult] },
    { name: 'Passed', project: (r) => (r.passed ? 'passed' : 'failed') },
  ],
  describe: (r) => [
    `Morale d6 ${r.roll}, modified ${r.modified}: ${MORALE_ROW_WORDS[r.row]}`,
    `Result: ${MORALE_RESULT_WORDS[r.result]}${r.condition === 'routing' || r.result.startsWith('become-') || r.result.startsWith('halt-') ? ` (now ${stateWords(r.condition)})` : ''}`,
  ],
};
