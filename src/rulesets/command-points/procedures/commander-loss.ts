import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  COMMANDER_FATE_WORDS,
  COMMANDER_HIT_ON,
  COMMANDER_LOSS_TABLE,
  type CommanderFate,
} from '../tables/commanders.ts';
import { cp } from '../vocabulary.ts';

export const COMMANDER_RISKS = ['dpoint-from-fire', 'dpoint-from-combat', 'casualty'] as const;

export interface CommanderLossFacts {
  /** What his unit suffered: a D-point from fire or combat, or a casualty from any cause. */
  readonly occasion: (typeof COMMANDER_RISKS)[number];
  /** Points a light wound costs, replacing Muster's reconstruction (2). */
  readonly lightWoundPoints?: number;
}

export interface CommanderLossResult {
  readonly fate: CommanderFate | 'unhurt';
  readonly leavesField: boolean;
  readonly pointsLost: number;
}

/** Losses to commanders: a d6, and on a 1 a second d6 for his fate. */
export function resolveCommanderLoss(
  facts: CommanderLossFacts,
  dice: DiceSource,
  trace?: Trace,
): CommanderLossResult {
  const first = dice.roll(d6, 'hit');
  const hit = first <= COMMANDER_HIT_ON;
  trace?.add({
    rule: cp('Losses to Commanders', 'on a roll of 1'),
    label: `Risk throw ${first}`,
    value: hit,
    roll: 'hit',
  });
  if (!hit) return { fate: 'unhurt', leavesField: false, pointsLost: 0 };
  const second = dice.roll(d6, 'fate');
  const row = lookupRange(COMMANDER_LOSS_TABLE, second).result;
  const pointsLost = row.fate === 'light-wound' ? (facts.lightWoundPoints ?? row.pointsLost) : row.pointsLost;
  trace?.add({
    rule: cp('Losses to Commanders', `roll again: ${second}`),
    label: COMMANDER_FATE_WORDS[row.fate],
    value: COMMANDER_FATE_WORDS[row.fate],
    roll: 'fate',
  });
  return { fate: row.fate, leavesField: row.leavesField, pointsLost };
}

export const commanderLossFactsSchema = z
  .object({
    occasion: z
      .enum(COMMANDER_RISKS)
      .describe('What his unit suffered: a D-point from fire or combat, or a casualty'),
    lightWoundPoints: z
      .int()
      .min(0)
      .max(6)
      .optional()
      .describe("Points a light wound (4-6, Muster's reconstruction) costs next turn; default 2"),
  })
  .strict();

export const commanderLoss: ProcedureDefinition<CommanderLossFacts, CommanderLossResult> = {
  id: 'commander-loss',
  title: 'Losses to Commanders',
  summary: 'Whether a commander with a unit that suffers loss is killed or wounded.',
  rule: cp('Losses to Commanders'),
  facts: commanderLossFactsSchema as z.ZodType<CommanderLossFacts>,
  rolls: [
    { key: 'hit', dice: '1d6', when: 'always' },
    { key: 'fate', dice: '1d6', when: 'the first d6 shows 1' },
  ],
  examples: [
    {
      title: 'A brigadier with a battalion that lost a base: unhurt',
      facts: { occasion: 'casualty' },
      dice: [4],
    },
    {
      title: 'A general with a battalion under fire is seriously wounded',
      facts: { occasion: 'dpoint-from-fire' },
      dice: [1, 3],
    },
  ],
  resolve: resolveCommanderLoss,
  odds: [{ name: 'Fate', project: (r) => r.fate }],
  describe: (r) => [
    r.fate === 'unhurt'
      ? 'Unhurt'
      : `${COMMANDER_FATE_WORDS[r.fate]}${r.leavesField ? ': leaves the field' : `: loses ${r.pointsLost} points`}`,
  ],
};
