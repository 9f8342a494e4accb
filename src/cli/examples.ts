import { type RollRecord, SuppliedDice } from '../core/random/dice.ts';
import type { AnyProcedure, ProcedureExample } from '../core/rules/procedure.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import { DEFAULT_RULE_SET } from '../game/rule-set-entries.ts';
import { type CliOutcome, resolveSituation } from './resolve.ts';
import { prettyJson } from './text.ts';

/** The seed used for an example that types in no dice, so its output is the same on every run. */
export const EXAMPLE_SEED = 1;

/**
 * The ready-to-run input of an example: its facts plus its typed-in dice. Given its procedure, dice
 * that span several rolls are shown by roll key (`{ "chargerRandomFactor": [4, 2], ... }`), the form a
 * referee reads and types in most safely; otherwise in throw order.
 */
export function exampleInput(
  example: ProcedureExample<unknown>,
  def?: AnyProcedure,
): Record<string, unknown> {
  const facts = example.facts as Record<string, unknown>;
  if (example.dice === undefined) return { ...facts };
  const byKey = def ? diceByRollKey(def, example) : undefined;
  return { ...facts, dice: byKey ?? [...example.dice] };
}

/** An example's dice grouped by the roll each fell to, when they fall to more than one roll. */
function diceByRollKey(
  def: AnyProcedure,
  example: ProcedureExample<unknown>,
): Record<string, number[]> | undefined {
  const rolls: RollRecord[] = [];
  def.resolve(def.facts.parse(example.facts), new SuppliedDice(example.dice ?? [], rolls));
  const byKey: Record<string, number[]> = {};
  for (const roll of rolls) byKey[roll.key] = [...(byKey[roll.key] ?? []), ...roll.faces];
  return Object.keys(byKey).length > 1 ? byKey : undefined;
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
    `${prettyJson(exampleInput(example, def))}\n`,
    () => {
      throw new Error('an example run must not need a random seed');
    },
  );
}
