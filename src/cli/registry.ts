import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { RuleSetEntry } from '../game/rule-set.ts';
import { DEFAULT_RULE_SET } from '../game/rule-set-entries.ts';
import { closest } from '../protocol/text.ts';

/** An input error: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The rule sets the CLI offers: `RULE_SET_ENTRIES`, or a test's own. */
export type Registry = readonly RuleSetEntry[];

/** The rule set named `id` (default: the default rule set), or a `UsageError` listing those that exist. */
export function ruleSetOrThrow(registry: Registry, id: string = DEFAULT_RULE_SET): RuleSetEntry {
  const found = registry.find((r) => r.id === id);
  if (found) return found;
  const ids = registry.map((r) => r.id);
  const guess = closest(id, ids);
  throw new UsageError(
    `unknown rule set "${id}". The rule sets are: ${ids.join(', ')}.${guess ? ` Did you mean "${guess}"?` : ''}`,
  );
}

/**
 * The procedure `id` of `ruleSet`, or a `UsageError` that lists the procedures, suggests the closest
 * name, and says when the name belongs to another rule set.
 */
export function procedureOrThrow(registry: Registry, ruleSet: RuleSetEntry, id: string): AnyProcedure {
  const found = ruleSet.procedures.find((p) => p.id === id);
  if (found) return found;
  const ids = ruleSet.procedures.map((p) => p.id);
  const elsewhere = registry.filter((r) => r !== ruleSet && r.procedures.some((p) => p.id === id));
  if (elsewhere.length > 0) {
    throw new UsageError(
      `"${id}" is not a procedure of ${ruleSet.id} but of ${elsewhere.map((r) => r.id).join(', ')}: add --ruleset ${elsewhere[0]!.id}`,
    );
  }
  const guess = closest(id, ids);
  throw new UsageError(
    `unknown procedure "${id}". ${procedureList(ruleSet)}${guess ? `\nDid you mean "${guess}"?` : ''}`,
  );
}

/** "The john-company procedures are: a, b, c." */
export function procedureList(ruleSet: RuleSetEntry): string {
  const ids = ruleSet.procedures.map((p) => p.id);
  return ids.length === 0
    ? `Rule set ${ruleSet.id} has no procedures yet.`
    : `The ${ruleSet.id} procedures are: ${ids.join(', ')}.`;
}
