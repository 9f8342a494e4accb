import { describe, expect, it } from 'vitest';
import { exampleInput } from '../../src/cli/examples.ts';
import { forEachOutcome } from '../../src/core/odds/enumerate.ts';
import type { DiceSource } from '../../src/core/random/dice.ts';
import { RULE_SETS } from '../../src/game/registry.ts';

/**
 * What the CLI relies on from every registered procedure: a CLI-safe unique id, at least one example
 * that its own schema accepts, and roll docs that name every roll key it throws (typed-in dice by key
 * are checked against them).
 */
const procedures = RULE_SETS.flatMap((ruleSet) => ruleSet.procedures.map((def) => ({ ruleSet, def })));

describe('the registry, as the CLI uses it', () => {
  it('rule set and procedure ids are unique and command-line safe', () => {
    const ruleSets = RULE_SETS.map((r) => r.id);
    expect(new Set(ruleSets).size).toBe(ruleSets.length);
    for (const ruleSet of RULE_SETS) {
      const ids = ruleSet.procedures.map((p) => p.id);
      expect(new Set(ids).size, `duplicate procedure ids in ${ruleSet.id}`).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    }
  });

  it.each(procedures.map((p) => [p.def.id, p] as const))(
    '%s has examples its own schema accepts',
    (_id, { def }) => {
      expect(
        def.examples.length,
        `${def.id} needs at least one example (the docs and goldens show it)`,
      ).toBeGreaterThan(0);
      for (const example of def.examples) {
        const { dice: _dice, ...facts } = exampleInput(example);
        const parsed = def.facts.safeParse(facts);
        expect(parsed.success, `${def.id} example "${example.title}": ${parsed.error?.message}`).toBe(true);
      }
    },
  );

  it.each(procedures.map((p) => [p.def.id, p] as const))(
    '%s documents every roll key it throws for its examples',
    (_id, { def }) => {
      const documented = new Set(def.rolls.map((r) => r.key));
      const thrown = new Set<string>();
      for (const example of def.examples) {
        const facts = def.facts.parse(example.facts);
        forEachOutcome(
          (dice) => {
            const spy: DiceSource = {
              roll: (spec, key) => {
                thrown.add(key);
                return dice.roll(spec, key);
              },
            };
            return def.resolve(facts, spy);
          },
          () => {},
        );
      }
      expect(
        [...thrown].filter((k) => !documented.has(k)),
        `undocumented roll keys of ${def.id}`,
      ).toEqual([]);
    },
  );
});
