import { z } from 'zod';
import type { WatercourseKind } from '../../core/table/model.ts';
import { RULE_SETS } from '../registry.ts';
import { type ScenarioFormat, scenarioFormat } from './schema.ts';
import { type ScenarioValidation, validateScenarioWith } from './validate.ts';

/**
 * The scenario format as Muster publishes it: the neutral format (schema.ts) with the sections and
 * limits of every registered rule set (src/game/registry.ts), in the registry's order, and nothing
 * else. What the shells check a scenario against, what `muster schema` and the editor read.
 */
export const SCENARIO_FORMAT: ScenarioFormat = scenarioFormat(
  RULE_SETS.map((r) => r.scenario),
  'reject',
);

/** Every problem of `json` as a scenario any registered rule set can play (validate.ts). */
export function validateScenario(json: unknown): ScenarioValidation {
  return validateScenarioWith(SCENARIO_FORMAT, json);
}

/**
 * The format as a JSON Schema (draft 2020-12, the input side: what a file may contain), for
 * scenarios/schema/scenario.schema.json. Cross-field rules (references, geometry) are not in it.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(SCENARIO_FORMAT.scenario, { target: 'draft-2020-12', io: 'input' }),
    title: 'Muster scenario',
  };
}

/**
 * A new watercourse's width and crossing dice: the narrowest width and the fewest dice every
 * registered rule set allows (1" and no dice where none sets a limit).
 */
export function watercourseDefaults(kind: WatercourseKind): { width: number; crossingDice: number } {
  const limits = SCENARIO_FORMAT.rules.flatMap((r) => (r.watercourses ? [r.watercourses[kind]] : []));
  const width = Math.max(1, ...limits.map((l) => l.width[0]));
  const dice = [0, 1, 2, 3, 4, 5, 6].find((d) => limits.every((l) => l.dice.includes(d)));
  return { width, crossingDice: dice ?? 0 };
}
