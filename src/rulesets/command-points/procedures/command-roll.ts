import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { d6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import { LIGHT_WOUND_RULE } from '../tables/commanders.ts';
import { cp } from '../vocabulary.ts';

export interface CommandRollFacts {
  /** Points a light wound costs him this turn (Muster's reconstruction of the lost 4-6 row). */
  readonly pointsLost: number;
}

export interface CommandRollResult {
  readonly roll: number;
  readonly points: number;
}

/** A commander's command points for the turn (Command): one d6, less any points a light wound costs. */
export function resolveCommandRoll(
  facts: CommandRollFacts,
  dice: DiceSource,
  trace?: Trace,
): CommandRollResult {
  const roll = dice.roll(d6, 'points');
  trace?.add({
    rule: cp('Command', 'one D6 per turn'),
    label: 'Command points thrown',
    total: roll,
    roll: 'points',
  });
  const points = Math.max(0, roll - facts.pointsLost);
  if (facts.pointsLost > 0)
    trace?.add({
      rule: LIGHT_WOUND_RULE,
      label: 'Lost to a light wound',
      delta: points - roll,
      total: points,
    });
  return { roll, points };
}

export const commandRollFactsSchema = z
  .object({
    pointsLost: z
      .int()
      .min(0)
      .max(6)
      .default(0)
      .describe(
        'Points a light wound costs the commander this turn (0 if unhurt; Muster: 2 after a light wound)',
      ),
  })
  .strict();

export const commandRoll: ProcedureDefinition<CommandRollFacts, CommandRollResult> = {
  id: 'command-roll',
  title: 'Command Points',
  summary: "A commander's command points for the turn: one d6.",
  rule: cp('Command'),
  facts: commandRollFactsSchema as z.ZodType<CommandRollFacts>,
  rolls: [{ key: 'points', dice: '1d6', when: 'always' }],
  examples: [
    { title: 'An unhurt commander throws a 4', facts: { pointsLost: 0 }, dice: [4] },
    { title: 'A lightly wounded commander throws a 3 and loses 2', facts: { pointsLost: 2 }, dice: [3] },
  ],
  resolve: resolveCommandRoll,
  odds: [{ name: 'Command points', project: (r) => r.points }],
  describe: (r) => [`Threw ${r.roll}: ${r.points} command point${r.points === 1 ? '' : 's'}`],
};
