import { describe, expect, it } from 'vitest';
import { exampleInput } from '../../src/cli/examples.ts';
import { prettyJson } from '../../src/cli/text.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import type { JsonSchema } from '../../src/protocol/json-schema.ts';
import { factsJsonSchema } from '../../src/protocol/procedure-schema.ts';
import { muster } from './run.ts';

const procedures = RULE_SETS.flatMap((ruleSet) => ruleSet.procedures.map((def) => ({ ruleSet, def })));
const each = procedures.map((p) => [`${p.ruleSet.id} ${p.def.id}`, p] as const);

/** The situation of the reaction test's first example, without its dice (it throws dice whenever it tests). */
function firstFacts(): { id: string; facts: Record<string, unknown> } {
  const { def } = procedures.find((p) => p.def.id === 'reaction-test')!;
  const { dice: _dice, ...facts } = exampleInput(def.examples[0]!);
  return { id: def.id, facts };
}

describe('help', () => {
  it('muster with no arguments prints the top-level help', async () => {
    const out = await muster([]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: muster [options] [command]');
    for (const command of ['resolve', 'schema', 'procedures', 'help']) expect(out.stdout).toContain(command);
    expect((await muster(['--help'])).stdout).toBe(out.stdout);
    expect((await muster(['help'])).stdout).toBe(out.stdout);
  });

  it('muster resolve --help lists every procedure with its summary', async () => {
    const out = await muster(['resolve', '--help']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: muster resolve [options] [procedure] [file]');
    for (const { def } of procedures) {
      expect(out.stdout).toContain(def.id);
      expect(out.stdout.replace(/\s+/g, ' ')).toContain(def.summary);
    }
    expect(out.stdout).toContain('--seed');
    expect(out.stdout).toContain('Exit codes');
  });

  it.each(each)('muster resolve %s --help documents every field, roll and example', async (_name, p) => {
    const out = await muster(['resolve', p.def.id, '--ruleset', p.ruleSet.id, '--help']);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    const schema: JsonSchema = factsJsonSchema(p.def);
    for (const field of Object.keys(schema.properties ?? {})) {
      expect(out.stdout).toMatch(new RegExp(`^  ${field} \\((required|optional)\\): `, 'm'));
    }
    for (const roll of p.def.rolls) expect(out.stdout).toContain(roll.key);
    for (const example of p.def.examples) {
      const json = prettyJson(exampleInput(example, p.def), 96)
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n');
      expect(out.stdout).toContain(json);
    }
    const via = await muster(['help', 'resolve', p.def.id, '--ruleset', p.ruleSet.id]);
    expect(via.stdout).toBe(out.stdout);
  });

  it('documents bounds, allowed values and optional fields', async () => {
    const out = await muster(['resolve', 'reaction-test', '--help']);
    expect(out.stdout).toContain('resolveLevel (required): an integer from 1 to 30');
    expect(out.stdout).toContain('origin (required): one of "european" or "indian"');
    expect(out.stdout).toMatch(/Values: close-order-line, open-order-line/);
    expect(out.stdout).toContain('generalInContact (optional)');
  });

  it('help for an unknown procedure is an input error', async () => {
    const out = await muster(['resolve', 'nope', '--help']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('unknown procedure "nope"');
  });
});

describe('muster schema', () => {
  it.each(each)(
    '%s: draft 2020-12 with $id, title, description, the facts and the dice',
    async (_name, p) => {
      const out = await muster(['schema', p.def.id, '--ruleset', p.ruleSet.id]);
      expect(out.code).toBe(0);
      const schema = JSON.parse(out.stdout) as JsonSchema;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`urn:muster:schema:${p.ruleSet.id}:${p.def.id}:input`);
      expect(schema.title).toContain(p.def.title);
      expect(schema.description).toContain(p.def.summary);
      const properties = schema.properties ?? {};
      // A union of facts carries the dice in each of its forms.
      const forms = schema.anyOf ?? schema.oneOf ?? [schema];
      for (const form of forms) expect(form.properties?.['dice']).toBeDefined();
      const known = new Set(forms.flatMap((form) => Object.keys(form.properties ?? properties)));
      for (const example of p.def.examples) {
        for (const key of Object.keys(exampleInput(example))) expect([...known]).toContain(key);
      }
      const dice = JSON.stringify(forms[0]!.properties?.['dice']);
      for (const roll of p.def.rolls) expect(dice).toContain(`"${roll.key}"`);
    },
  );

  it('an unknown procedure', async () => {
    const out = await muster(['schema', 'reaction-tset']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Did you mean "reaction-test"?');
  });
});

describe('muster procedures', () => {
  it('lists every rule set and procedure (also as list, and as JSON)', async () => {
    const out = await muster(['procedures']);
    expect(out.code).toBe(0);
    for (const ruleSet of RULE_SETS) expect(out.stdout).toContain(ruleSet.id);
    for (const { def } of procedures) expect(out.stdout).toContain(def.id);
    expect((await muster(['list'])).stdout).toBe(out.stdout);
    const json = JSON.parse((await muster(['procedures', '--json'])).stdout) as {
      procedures: { id: string }[];
    }[];
    expect(json.flatMap((r) => r.procedures.map((p) => p.id))).toEqual(procedures.map((p) => p.def.id));
  });
});

describe('muster resolve', () => {
  it('prints JSON with the keys in a stable order', async () => {
    const { id, facts } = firstFacts();
    const out = await muster(['resolve', id, '--seed', '3'], { stdin: JSON.stringify(facts) });
    expect(out.code).toBe(0);
    const parsed = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['ruleset', 'procedure', 'seed', 'result', 'trace', 'rolls', 'odds']);
    expect(parsed['seed']).toBe(3);
    expect(out.stdout).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
  });

  it('the same seed gives the same output; the dice come from the seed', async () => {
    const { id, facts } = firstFacts();
    const stdin = JSON.stringify(facts);
    for (const extra of [[], ['--explain']]) {
      const a = await muster(['resolve', id, '--seed', '12345', ...extra], { stdin });
      const b = await muster(['resolve', id, '--seed', '12345', ...extra], { stdin });
      expect(a.code).toBe(0);
      expect(b.stdout).toBe(a.stdout);
    }
    const outputs = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const out = await muster(['resolve', id, '--seed', String(seed), '--no-odds'], { stdin });
      const rolls = (JSON.parse(out.stdout) as { rolls: { faces: number[]; source: string }[] }).rolls;
      expect(rolls.every((r) => r.source === 'prng')).toBe(true);
      outputs.add(JSON.stringify(rolls));
    }
    expect(outputs.size).toBeGreaterThan(1);
  });

  it('without typed dice or a seed, picks one, prints it, and --seed reproduces the result', async () => {
    const { id, facts } = firstFacts();
    const stdin = JSON.stringify(facts);
    const picked = await muster(['resolve', id], { stdin, randomSeed: 987654 });
    expect(JSON.parse(picked.stdout).seed).toBe(987654);
    const again = await muster(['resolve', id, '--seed', '987654'], { stdin });
    expect(again.stdout).toBe(picked.stdout);
    const explained = await muster(['resolve', id, '--explain'], { stdin, randomSeed: 987654 });
    if (explained.stdout.includes('seeded')) expect(explained.stdout).toContain('add --seed 987654');
  });

  it('typed-in dice: no seed in the output; --dice replaces the "dice" field; by roll key', async () => {
    const out = await muster(['resolve', 'reaction-test', '--no-odds'], {
      stdin: JSON.stringify({ ...firstFacts().facts, dice: [6, 1] }),
    });
    const parsed = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['ruleset', 'procedure', 'result', 'trace', 'rolls']);
    const rolls = parsed['rolls'] as { key: string; faces: number[]; source: string }[];
    expect(rolls.at(-1)).toMatchObject({ key: 'randomFactor', faces: [6, 1], source: 'supplied' });

    const stdin = JSON.stringify({ ...firstFacts().facts, dice: [6, 1] });
    const flag = await muster(['resolve', 'reaction-test', '--dice', '2,5'], { stdin });
    expect(JSON.parse(flag.stdout).rolls.at(-1).faces).toEqual([2, 5]);
    const byKey = await muster(['resolve', 'reaction-test', '--dice', 'randomFactor=4,4'], { stdin });
    expect(JSON.parse(byKey.stdout).rolls.at(-1).faces).toEqual([4, 4]);
    const field = await muster(['resolve', 'reaction-test'], {
      stdin: JSON.stringify({ ...firstFacts().facts, dice: { randomFactor: [1, 6] } }),
    });
    expect(JSON.parse(field.stdout).rolls.at(-1).faces).toEqual([1, 6]);
  });

  it('typed-in dice with a seed: the rest come from the generator', async () => {
    const facts = {
      ...firstFacts().facts,
      orders: 'without-orders',
      resolveLevel: 20,
      negative: ['disordered'],
    };
    const out = await muster(['resolve', 'reaction-test', '--seed', '4'], {
      stdin: JSON.stringify({ ...facts, dice: [6, 1] }),
    });
    expect(out.code).toBe(0);
    const rolls = JSON.parse(out.stdout).rolls as { key: string; source: string }[];
    expect(rolls.map((r) => [r.key, r.source])).toEqual([
      ['randomFactor', 'supplied'],
      ['withoutOrders', 'prng'],
    ]);
  });

  it('--explain: facts, steps with rules, dice, result, odds with percentages and bars', async () => {
    const out = await muster(['resolve', 'reaction-test', '--explain'], {
      stdin: JSON.stringify({ ...firstFacts().facts, dice: [3, 3] }),
    });
    expect(out.code).toBe(0);
    for (const section of ['Facts', 'Steps', 'Dice', 'Result', 'Odds']) {
      expect(out.stdout).toMatch(new RegExp(`^${section}`, 'm'));
    }
    expect(out.stdout).toContain('John Company Part 4, How To Make A Reaction Test');
    expect(out.stdout).toMatch(/randomFactor +Random Factor \(d6 − d6\) +faces 3, 3 +value 0 +typed in/);
    expect(out.stdout).toMatch(/^ {4}\S+ +\d+\.\d%.* #+$/m);
    const noOdds = await muster(['resolve', 'reaction-test', '--explain', '--no-odds'], {
      stdin: JSON.stringify({ ...firstFacts().facts, dice: [3, 3] }),
    });
    expect(noOdds.stdout).not.toContain('Odds');
  });

  it('reads the situation from a file, or from stdin with -', async () => {
    const text = JSON.stringify({ ...firstFacts().facts, dice: [3, 3] });
    const file = await muster(['resolve', 'reaction-test', 'unit.json'], { files: { 'unit.json': text } });
    const dash = await muster(['resolve', 'reaction-test', '-'], { stdin: text });
    expect(file.code).toBe(0);
    expect(dash.stdout).toBe(file.stdout);
  });

  it('--version', async () => {
    const out = await muster(['--version']);
    expect(out.code).toBe(0);
    expect(out.stdout.trim()).toBe('0.0.0-test');
  });
});
