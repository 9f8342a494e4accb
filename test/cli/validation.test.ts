import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleInput } from '../../src/cli/examples.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { muster } from './run.ts';

/**
 * What `muster resolve` says about bad input: every problem at once, each naming the field path, what
 * was expected and what was given; exit code 2; never a stack trace. The reaction test is the subject
 * (its schema is the reference for modifier lists); the property tests run over every procedure.
 */
const valid = {
  resolveLevel: 14,
  origin: 'european',
  formation: 'close-order-line',
  orders: 'advance',
  negative: ['target-of-small-arms-fire'],
};

async function resolveWith(input: unknown, extra: readonly string[] = []) {
  const stdin = typeof input === 'string' ? input : JSON.stringify(input);
  return muster(['resolve', 'reaction-test', ...extra], { stdin });
}

function expectInputError(outcome: { stdout: string; stderr: string; code: number }) {
  expect(outcome.code).toBe(2);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr).toMatch(/^error: /);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
}

describe('facts that do not fit the schema', () => {
  it('a wrong type names the path, the expectation with its bounds, and the given value', async () => {
    const out = await resolveWith({ ...valid, resolveLevel: 'high' });
    expectInputError(out);
    expect(out.stderr).toContain('resolveLevel: expected an integer from 1 to 30, got "high" (a string)');
    expect(out.stderr).toContain('Run "muster resolve reaction-test --help"');
  });

  it('out of range', async () => {
    const out = await resolveWith({ ...valid, resolveLevel: 31 });
    expectInputError(out);
    expect(out.stderr).toContain('resolveLevel: expected an integer from 1 to 30, got 31 (a number)');
    const frac = await resolveWith({ ...valid, resolveLevel: 12.5 });
    expect(frac.stderr).toContain('resolveLevel: expected an integer from 1 to 30, got 12.5 (a number)');
  });

  it('a missing required field', async () => {
    const { origin: _origin, ...rest } = valid;
    const out = await resolveWith(rest);
    expectInputError(out);
    expect(out.stderr).toContain(
      'origin: expected one of "european" or "indian", got nothing (the field is required)',
    );
  });

  it('an enum value, with the closest suggestion', async () => {
    const out = await resolveWith({ ...valid, formation: 'sqare' });
    expectInputError(out);
    expect(out.stderr).toMatch(
      /formation: expected one of "close-order-line", .* got "sqare" \(a string\); did you mean "square"\?/,
    );
  });

  it('an unknown field lists the fields and suggests the closest', async () => {
    const out = await resolveWith({ ...valid, fromation: 'square' });
    expectInputError(out);
    expect(out.stderr).toMatch(
      /fromation: unknown field \(the fields are: resolveLevel, origin, .*\), got "square" \(a string\); did you mean "formation"\?/,
    );
  });

  it('an unknown modifier id, given as an id or as { id, count }', async () => {
    const out = await resolveWith({
      ...valid,
      negative: ['shoked'],
      positive: [{ id: 'close-ordre', count: 1 }],
    });
    expectInputError(out);
    expect(out.stderr).toMatch(
      /negative\[0\]: expected one of 20 values \(.*\), got "shoked" \(a string\); did you mean "shocked"\?/,
    );
    expect(out.stderr).toMatch(
      /positive\[0\]\.id: expected one of .*"close-order".*, got "close-ordre" \(a string\); did you mean "close-order"\?/,
    );
  });

  it('a bad count on a modifier, and a count on one that applies once', async () => {
    const bad = await resolveWith({
      ...valid,
      negative: [{ id: 'stands-lost-since-last-check', count: 1.5 }],
    });
    expect(bad.stderr).toContain('negative[0].count: expected an integer from 0 to 99, got 1.5 (a number)');
    const once = await resolveWith({ ...valid, positive: [{ id: 'close-order', count: 2 }] });
    expectInputError(once);
    expect(once.stderr).toContain(
      'positive[0].count: close-order applies once; a count of 2 is not allowed, got 2',
    );
  });

  it('a modifier that Muster works out from another fact says which fact to give', async () => {
    const out = await resolveWith({ ...valid, negative: ['last-status-shaken'] });
    expectInputError(out);
    expect(out.stderr).toContain(
      'negative[0]: last-status-shaken is worked out by Muster: give lastStatus instead',
    );
  });

  it('an unknown key inside a modifier entry', async () => {
    const out = await resolveWith({ ...valid, negative: [{ id: 'shocked', cnt: 1 }] });
    expect(out.stderr).toContain(
      'negative[0].cnt: unknown field (the fields of negative[0] are: id, count), got 1',
    );
  });

  it('reports every problem, not just the first, with a count', async () => {
    const out = await resolveWith({
      resolveLevel: 0,
      origin: 'martian',
      formation: 'square',
      orders: 'advance',
      x: 1,
    });
    expectInputError(out);
    expect(out.stderr).toContain('(3 problems)');
    expect(out.stderr).toContain('resolveLevel:');
    expect(out.stderr).toContain('origin:');
    expect(out.stderr).toContain('x: unknown field');
  });

  it('the situation must be an object', async () => {
    const out = await resolveWith([1, 2]);
    expectInputError(out);
    expect(out.stderr).toMatch(
      /the situation: expected an object with the fields resolveLevel, .*, got \[1,2\] \(a list\)/,
    );
  });
});

describe('text that is not JSON', () => {
  it('names the line and column and points at the place', async () => {
    const out = await resolveWith('{\n  "resolveLevel": 14,\n  "origin": european\n}');
    expectInputError(out);
    expect(out.stderr).toContain('stdin is not valid JSON');
    expect(out.stderr).toContain('at line 3, column 13');
    expect(out.stderr).toContain('    "origin": european\n              ^');
  });

  it('a trailing comma, an unfinished object, an empty input', async () => {
    expect((await resolveWith('{"a": 1,}')).stderr).toContain('at line 1, column 9');
    expect((await resolveWith('{"a": 1')).stderr).toContain('at line 1, column 8');
    const empty = await resolveWith('  \n');
    expectInputError(empty);
    expect(empty.stderr).toContain('stdin is empty');
  });

  it('names the file it read', async () => {
    const out = await muster(['resolve', 'reaction-test', 'unit.json'], { files: { 'unit.json': '{' } });
    expectInputError(out);
    expect(out.stderr).toContain('unit.json is not valid JSON');
  });

  it('a file that does not exist', async () => {
    const out = await muster(['resolve', 'reaction-test', 'nowhere.json']);
    expectInputError(out);
    expect(out.stderr).toContain('cannot read nowhere.json: no such file');
  });
});

describe('procedures, rule sets, options', () => {
  it('an unknown procedure lists those that exist and suggests the closest', async () => {
    const out = await muster(['resolve', 'reaction-tst'], { stdin: '{}' });
    expectInputError(out);
    expect(out.stderr).toContain('unknown procedure "reaction-tst"');
    for (const def of RULE_SETS[0]!.procedures) expect(out.stderr).toContain(def.id);
    expect(out.stderr).toContain('Did you mean "reaction-test"?');
  });

  it('no procedure at all', async () => {
    const out = await muster(['resolve']);
    expectInputError(out);
    expect(out.stderr).toContain('which procedure?');
  });

  it('an unknown rule set', async () => {
    const out = await muster(['resolve', 'reaction-test', '--ruleset', 'john-compnay'], { stdin: '{}' });
    expectInputError(out);
    expect(out.stderr).toContain('unknown rule set "john-compnay". The rule sets are: john-company');
    expect(out.stderr).toContain('Did you mean "john-company"?');
  });

  it('a bad seed', async () => {
    const out = await resolveWith(valid, ['--seed', 'abc']);
    expectInputError(out);
    expect(out.stderr).toContain('--seed: expected a whole number from 0 to 4294967295, got "abc"');
  });

  it('an unknown command or option', async () => {
    const command = await muster(['resolv']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'resolv'");
    const option = await muster(['resolve', 'reaction-test', '--seeed', '3']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--seeed'");
  });
});

describe('typed-in dice', () => {
  it('too few: names the die that was needed and how to go on', async () => {
    const out = await resolveWith({ ...valid, dice: [3] });
    expectInputError(out);
    expect(out.stderr).toContain('not enough dice');
    expect(out.stderr).toContain('randomFactor');
    expect(out.stderr).toContain('add --seed <n>');
  });

  it('too many', async () => {
    const out = await resolveWith({ ...valid, dice: [3, 4, 5, 6] });
    expectInputError(out);
    expect(out.stderr).toContain('too many dice: these typed-in dice were not needed by the procedure: 5, 6');
  });

  it('out of range', async () => {
    const out = await resolveWith({ ...valid, dice: [7, 1] });
    expectInputError(out);
    expect(out.stderr).toContain('die out of range');
    expect(out.stderr).toContain('showing 1-6, but got 7');
  });

  it('not whole numbers, not a list, an unknown roll key', async () => {
    const faces = await resolveWith({ ...valid, dice: [3, 'four'] });
    expectInputError(faces);
    expect(faces.stderr).toContain('dice[1]: expected a die face (a whole number), got "four" (a string)');
    const text = await resolveWith({ ...valid, dice: '3,4' });
    expect(text.stderr).toContain('dice: expected a list of die faces in throw order');
    const key = await resolveWith({ ...valid, dice: { randomFactr: [3, 4] } });
    expect(key.stderr).toMatch(
      /dice\.randomFactr: unknown roll key \(the roll keys are: .*randomFactor.*\), got \[3,4\] \(a list\); did you mean "randomFactor"\?/,
    );
  });

  it('--dice: the same checks, and no mixing of the two forms', async () => {
    expect((await resolveWith(valid, ['--dice', '3,x'])).stderr).toContain(
      '--dice: expected whole numbers for the faces, got "x"',
    );
    expect((await resolveWith(valid, ['--dice', '3,4', '--dice', 'randomFactor=1,2'])).stderr).toContain(
      'not both',
    );
    expect((await resolveWith(valid, ['--dice', 'randomFactr=1,2'])).stderr).toContain(
      '--dice.randomFactr: unknown roll key',
    );
    expect((await resolveWith(valid, ['--dice', '9,1'])).stderr).toContain('die out of range');
  });

  it('facts and dice errors are reported together', async () => {
    const out = await resolveWith({ ...valid, resolveLevel: 'x', dice: [3, 'y'] });
    expect(out.stderr).toContain('(2 problems)');
  });
});

describe('nothing crashes', () => {
  const procedures = RULE_SETS.flatMap((ruleSet) => ruleSet.procedures.map((def) => ({ ruleSet, def })));

  it.each(procedures.map((p) => [p.def.id, p] as const))(
    '%s: any JSON value is a result or an input error, never a crash',
    async (_id, { ruleSet, def }) => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          const out = await muster(['resolve', def.id, '--ruleset', ruleSet.id], {
            stdin: JSON.stringify(value),
            randomSeed: 5,
          });
          expect([0, 2]).toContain(out.code);
          expect(out.stderr).not.toMatch(/\n\s+at /);
        }),
        { numRuns: 150 },
      );
    },
  );

  it.each(procedures.map((p) => [p.def.id, p] as const))(
    '%s: its examples with any typed-in dice resolve or say why the dice do not fit',
    async (_id, { ruleSet, def }) => {
      const examples = def.examples.map((e) => exampleInput(e));
      if (examples.length === 0) return;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...examples),
          fc.array(fc.integer({ min: -1, max: 101 }), { maxLength: 12 }),
          fc.boolean(),
          async (input, dice, seeded) => {
            const out = await muster(
              ['resolve', def.id, '--ruleset', ruleSet.id, ...(seeded ? ['--seed', '9'] : [])],
              { stdin: JSON.stringify({ ...input, dice }) },
            );
            expect([0, 2]).toContain(out.code);
            if (out.code === 2) expect(out.stderr).toMatch(/^error: typed-in dice do not fit: /);
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
