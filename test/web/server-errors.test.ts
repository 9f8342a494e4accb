import { describe, expect, it } from 'vitest';
import { checkDice as cliCheckDice } from '../../src/cli/input.ts';
import { formatIssues as cliFormatIssues } from '../../src/cli/issues.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { formatIssues, problemLine } from '../../src/protocol/issues.ts';
import { factsJsonSchema } from '../../src/protocol/procedure-schema.ts';
import { checkDice } from '../../src/server/schema/dice.ts';

/**
 * The server words input errors with a copy of the CLI's code (shells do not import each other): the
 * same situation must give the same messages, but for the CLI's pointer to --help.
 */
const cliLine = (line: string) => line.replace(', ...: see --help)', ', ...)');

/** Broken variants of a procedure's examples: empty, unknown fields, each field of the wrong type. */
function brokenFacts(examples: readonly { facts: unknown }[]): unknown[] {
  const out: unknown[] = [{}, 'not an object'];
  for (const { facts } of examples) {
    const record = facts as Record<string, unknown>;
    out.push({ ...record, colour: 'red' });
    for (const [key, value] of Object.entries(record)) {
      out.push({ ...record, [key]: typeof value === 'string' ? 42 : `${key}-typo` });
      if (Array.isArray(value))
        out.push({ ...record, [key]: [...value, 'no-such-id', { id: 'x', count: -1 }] });
    }
  }
  return out;
}

describe('server input errors', () => {
  for (const def of RULE_SETS.flatMap((r) => r.procedures)) {
    it(`${def.id}: the facts' messages are the CLI's`, () => {
      const schema = factsJsonSchema(def);
      let compared = 0;
      for (const facts of brokenFacts(def.examples)) {
        const parsed = def.facts.safeParse(facts);
        if (parsed.success) continue;
        const issues = parsed.error.issues;
        expect(formatIssues(issues, facts, schema).map(problemLine)).toEqual(
          cliFormatIssues(issues, facts, schema).map(cliLine),
        );
        compared++;
      }
      expect(compared).toBeGreaterThan(2);
    });
  }

  it('typed-in dice: the messages are the CLI’s', () => {
    const keys = ['randomFactor', 'withoutOrders'];
    for (const dice of [
      [1, 'x'],
      { randomFactr: [1] },
      { randomFactor: 3 },
      'four',
      null,
      { withoutOrders: [1.5] },
    ]) {
      const server = checkDice(dice, keys);
      const cli = cliCheckDice(dice, keys);
      expect(server.ok).toBe(false);
      expect(cli.ok).toBe(false);
      if (!server.ok && !cli.ok) expect(server.problems.map(problemLine)).toEqual(cli.errors);
    }
    expect(checkDice({ randomFactor: [3, 4] }, keys)).toEqual({ ok: true, value: { randomFactor: [3, 4] } });
  });
});
