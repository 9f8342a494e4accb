import type { AnyProcedure, ProcedureExample } from '../core/rules/procedure.ts';
import { DEFAULT_RULE_SET, type RuleSetEntry } from '../rulesets/index.ts';
import { type CliOutcome, resolveSituation } from './resolve.ts';
import { prettyJson } from './text.ts';

/** The seed used for an example that types in no dice, so its output is the same on every run. */
export const EXAMPLE_SEED = 1;

/** The ready-to-run input of an example: its facts plus its typed-in dice. */
export function exampleInput(example: ProcedureExample<unknown>): Record<string, unknown> {
  const facts = example.facts as Record<string, unknown>;
  return example.dice === undefined ? { ...facts } : { ...facts, dice: [...example.dice] };
}

/** The command line that runs an example (its JSON on stdin). */
export function exampleCommand(
  ruleSet: RuleSetEntry,
  def: AnyProcedure,
  example: ProcedureExample<unknown>,
  explain: boolean,
): string {
  return [
    'muster resolve',
    def.id,
    ...(ruleSet.id === DEFAULT_RULE_SET ? [] : [`--ruleset ${ruleSet.id}`]),
    ...(example.dice === undefined ? [`--seed ${EXAMPLE_SEED}`] : []),
    ...(explain ? ['--explain'] : []),
  ].join(' ');
}

/**
 * Runs an example through `muster resolve` exactly as a referee would (its JSON as the input text),
 * with its typed-in dice, or seed `EXAMPLE_SEED` when it types in none.
 */
export function runExample(
  ruleSet: RuleSetEntry,
  def: AnyProcedure,
  example: ProcedureExample<unknown>,
  explain: boolean,
): CliOutcome {
  return resolveSituation(
    {
      procedure: def.id,
      ruleSet: ruleSet.id,
      source: 'stdin',
      ...(example.dice === undefined ? { seed: String(EXAMPLE_SEED) } : {}),
      ...(explain ? { explain: true } : {}),
    },
    `${prettyJson(exampleInput(example))}\n`,
    () => {
      throw new Error('an example run must not need a random seed');
    },
  );
}
