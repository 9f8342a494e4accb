import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SEED, exampleInput } from '../../src/cli/examples.ts';
import { prettyJson } from '../../src/cli/text.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { muster } from './run.ts';

/**
 * Golden outputs of `muster resolve` for every example of every registered procedure, as JSON and
 * with --explain. New procedures get goldens automatically: run
 *   UPDATE_GOLDEN=1 npx vitest run test/cli/golden.test.ts
 * and review the files under test/golden/cli/ before committing them.
 */
const GOLDEN_DIR = resolve(import.meta.dirname, '../golden/cli');
const UPDATE = Boolean(process.env['UPDATE_GOLDEN']);
const HOW = 'UPDATE_GOLDEN=1 npx vitest run test/cli/golden.test.ts';

interface Case {
  readonly name: string;
  readonly file: string;
  readonly argv: readonly string[];
  readonly stdin: string;
}

const cases: Case[] = RULE_SETS.flatMap((ruleSet) =>
  ruleSet.procedures.flatMap((def) =>
    def.examples.flatMap((example, i) =>
      [false, true].map((explain): Case => {
        const base = join(ruleSet.id, def.id, `example-${i + 1}`);
        return {
          name: `${ruleSet.id} ${def.id} example ${i + 1}${explain ? ' --explain' : ''}: ${example.title}`,
          file: join(GOLDEN_DIR, `${base}${explain ? '.explain.txt' : '.json'}`),
          argv: [
            'resolve',
            def.id,
            '--ruleset',
            ruleSet.id,
            ...(example.dice === undefined ? ['--seed', String(EXAMPLE_SEED)] : []),
            ...(explain ? ['--explain'] : []),
          ],
          stdin: `${prettyJson(exampleInput(example))}\n`,
        };
      }),
    ),
  ),
);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('golden outputs of every example of every procedure', () => {
  it('has examples to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const outcome = await muster(c.argv, { stdin: c.stdin });
    expect(outcome.stderr, `muster ${c.argv.join(' ')} failed`).toBe('');
    expect(outcome.code).toBe(0);
    if (UPDATE) {
      mkdirSync(dirname(c.file), { recursive: true });
      writeFileSync(c.file, outcome.stdout);
      return;
    }
    if (!existsSync(c.file)) {
      expect.fail(
        `missing golden file ${relative(process.cwd(), c.file)}: create it with ${HOW}, then review it`,
      );
    }
    expect(
      outcome.stdout,
      `output differs from ${relative(process.cwd(), c.file)} (if intended: ${HOW})`,
    ).toBe(readFileSync(c.file, 'utf8'));
  });

  it('has no golden files left over from examples that no longer exist', () => {
    const expected = new Set(cases.map((c) => c.file));
    const stale = filesUnder(GOLDEN_DIR).filter((f) => !expected.has(f));
    if (UPDATE) for (const f of stale) rmSync(f);
    else
      expect(
        stale.map((f) => relative(process.cwd(), f)),
        `stale golden files: delete them (or ${HOW})`,
      ).toEqual([]);
  });
});
