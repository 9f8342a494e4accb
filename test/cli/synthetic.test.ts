import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { procedureHelp } from '../../src/cli/help.ts';
import type { CliEnv } from '../../src/cli/program.ts';
import { runCli } from '../../src/cli/program.ts';
import { d6 } from '../../src/core/random/rolls.ts';
import type { ProcedureDefinition } from '../../src/core/rules/procedure.ts';
import { ruleRef } from '../../src/core/rules/trace.ts';
import type { RuleSetEntry } from '../../src/game/rule-set.ts';

/**
 * The CLI is generic over `ProcedureDefinition`: these made-up procedures have the shapes the real
 * ones are growing into (nested objects, lists of objects, unions of forms, records, values with
 * descriptions, refinements, no dice at all), and go through the same commands.
 */
const volleyFacts = z
  .object({
    unit: z
      .object({
        name: z.string().min(1).describe('What the referee calls it'),
        stands: z.number().int().min(1).max(40).describe('Stands in the unit'),
      })
      .strict()
      .describe('The firing unit'),
    targets: z
      .array(z.object({ id: z.string(), cover: z.enum(['none', 'light', 'heavy']).default('none') }).strict())
      .min(1)
      .max(3)
      .describe('Targets, nearest first'),
    weather: z
      .union([z.literal('dry').describe('Powder dry'), z.literal('wet').describe('Rain: muskets misfire')])
      .optional()
      .describe('The weather'),
    ranges: z.record(z.string(), z.number().min(0)).optional().describe('Range to each target, in inches'),
  })
  .strict()
  .refine((f) => f.targets.length <= f.unit.stands, {
    message: 'more targets than stands',
    path: ['targets'],
  });

type VolleyFacts = z.output<typeof volleyFacts>;

const volley: ProcedureDefinition<VolleyFacts, { hits: number }> = {
  id: 'volley',
  title: 'Volley',
  summary: 'A made-up volley.',
  rule: ruleRef('Test Rules', 'Volleys'),
  facts: volleyFacts as unknown as z.ZodType<VolleyFacts>,
  rolls: [{ key: 'hits', dice: '1d6', when: 'always' }],
  examples: [
    {
      title: 'A small volley',
      facts: { unit: { name: '1st Foot', stands: 4 }, targets: [{ id: 'a', cover: 'none' }] },
      dice: [5],
    },
  ],
  resolve: (facts, dice, trace) => {
    const roll = dice.roll(d6, 'hits');
    const hits = Math.min(roll, facts.unit.stands);
    trace?.add({ rule: ruleRef('Test Rules', 'Volleys', 'hits'), label: 'Hits', value: hits, roll: 'hits' });
    return { hits };
  },
  odds: [{ name: 'Hits', project: (r) => r.hits }],
  describe: (r) => [`${r.hits} hits`],
};

const orderFacts = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('march'), inches: z.number().int().min(1).max(24) }).strict(),
  z.object({ kind: z.literal('halt') }).strict(),
]);
type OrderFacts = z.output<typeof orderFacts>;

const order: ProcedureDefinition<OrderFacts, { moved: number }> = {
  id: 'order',
  title: 'Order',
  summary: 'A made-up order with no dice.',
  rule: ruleRef('Test Rules', 'Orders'),
  facts: orderFacts as unknown as z.ZodType<OrderFacts>,
  rolls: [],
  examples: [{ title: 'March', facts: { kind: 'march', inches: 6 } }],
  resolve: (facts) => ({ moved: facts.kind === 'march' ? facts.inches : 0 }),
  odds: [{ name: 'Moved', project: (r) => r.moved }],
  describe: (r) => [`Moved ${r.moved}"`],
};

const ruleSet: RuleSetEntry = {
  id: 'test-rules',
  title: 'Test Rules',
  procedures: [volley, order],
  sequence: [],
  roster: { statuses: [], orders: [], marks: [], clearedEachTurn: [], counters: [] },
};

function run(argv: readonly string[], stdin = '') {
  const env: CliEnv = { readInput: async () => stdin, randomSeed: () => 11, ruleSets: [ruleSet] };
  return runCli([...argv, '--ruleset', 'test-rules'], env);
}

describe('procedures of other shapes', () => {
  it('help flattens nested objects and lists of objects, lists values with their descriptions', () => {
    const help = procedureHelp(ruleSet, volley);
    expect(help).toContain('unit (required): an object with the fields below');
    expect(help).toContain('unit.stands (required): an integer from 1 to 40');
    expect(help).toContain('targets (required): a list of 1 to 3 items of objects with the fields below');
    expect(help).toContain('targets[].cover (optional): one of "none", "light" or "heavy"');
    expect(help).toContain('Default: "none"');
    expect(help).toMatch(
      /weather \(optional\): a value listed below\n.*The weather\n\s+Values:\n\s+dry +Powder dry\n\s+wet +Rain: muskets misfire/,
    );
    expect(help).toContain('ranges (optional): an object whose values are each a number of at least 0');
  });

  it('help shows each form of a union, and says when there are no dice', () => {
    const help = procedureHelp(ruleSet, order);
    expect(help).toContain('Fields (kind: "march")');
    expect(help).toContain('inches (required): an integer from 1 to 24');
    expect(help).toContain('Fields (kind: "halt")');
    expect(help).toContain('This procedure throws no dice.');
  });

  it('errors inside nested objects, lists and records name the full path', async () => {
    const out = await run(
      ['resolve', 'volley'],
      JSON.stringify({
        unit: { name: '', stands: 0, colour: 'red' },
        targets: [{ id: 'a', cover: 'thick' }],
        ranges: { a: -1 },
      }),
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('unit.name: expected a string of at least 1 character, got "" (a string)');
    expect(out.stderr).toContain('unit.stands: expected an integer from 1 to 40, got 0 (a number)');
    expect(out.stderr).toContain(
      'unit.colour: unknown field (the fields of unit are: name, stands), got "red"',
    );
    expect(out.stderr).toContain(
      'targets[0].cover: expected one of "none", "light" or "heavy", got "thick" (a string)',
    );
    expect(out.stderr).toContain('ranges.a: expected a number of at least 0, got -1 (a number)');
  });

  it('a list too long, a literal union, a refinement across fields', async () => {
    const base = { unit: { name: 'x', stands: 1 } };
    const long = await run(
      ['resolve', 'volley'],
      JSON.stringify({ ...base, targets: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] }),
    );
    expect(long.stderr).toContain('targets: expected a list of 1 to 3 items');
    const weather = await run(
      ['resolve', 'volley'],
      JSON.stringify({ ...base, targets: [{ id: 'a' }], weather: 'damp' }),
    );
    expect(weather.stderr).toContain('weather: expected one of "dry" or "wet", got "damp" (a string)');
    const refined = await run(
      ['resolve', 'volley'],
      JSON.stringify({ ...base, targets: [{ id: 'a' }, { id: 'b' }] }),
    );
    expect(refined.stderr).toContain(
      'targets: more targets than stands, got [{"id":"a"},{"id":"b"}] (a list)',
    );
  });

  it('a discriminated union: a wrong discriminator, and an error inside the chosen form', async () => {
    const wrong = await run(['resolve', 'order'], JSON.stringify({ kind: 'charge' }));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/kind: .*got "charge" \(a string\)/);
    const inner = await run(['resolve', 'order'], JSON.stringify({ kind: 'march', inches: 30 }));
    expect(inner.stderr).toContain('inches: expected an integer from 1 to 24, got 30 (a number)');
  });

  it('resolves, explains and lists them like any other', async () => {
    const json = await run(
      ['resolve', 'volley'],
      JSON.stringify({ ...volley.examples[0]!.facts, dice: [5] }),
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).result).toEqual({ hits: 4 });
    const explained = await run(['resolve', 'order', '--explain'], JSON.stringify({ kind: 'halt' }));
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('No dice were thrown.');
    expect(explained.stdout).toMatch(/Moved\n\s+0 +100\.0% +1 +#+/);
    const list = await runCli(['procedures'], {
      readInput: async () => '',
      randomSeed: () => 0,
      ruleSets: [ruleSet],
    });
    expect(list.stdout).toContain('volley');
    expect(list.stdout).toContain('order');
  });
});
