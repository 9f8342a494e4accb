import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_DOCS_PATH, renderCliDocs } from '../../src/cli/docs.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { factsJsonSchema } from '../../src/protocol/procedure-schema.ts';

describe('docs/cli.md', () => {
  const generated = renderCliDocs();

  it('is up to date with the commands and the registry', () => {
    let committed = '';
    try {
      committed = readFileSync(CLI_DOCS_PATH, 'utf8');
    } catch {}
    expect(
      committed === generated,
      'docs/cli.md is out of date: run `npm run docs:cli` (node --import tsx src/cli/docs.ts) and commit it',
    ).toBe(true);
  });

  it('documents every procedure, every top-level field and every roll key', () => {
    for (const ruleSet of RULE_SETS) {
      for (const def of ruleSet.procedures) {
        expect(generated).toContain(`### \`${def.id}\`: ${def.title}`);
        for (const field of Object.keys(factsJsonSchema(def).properties ?? {})) {
          expect(generated).toContain(`- \`${field}\` (`);
        }
        for (const roll of def.rolls) expect(generated).toContain(`| \`${roll.key}\` |`);
      }
    }
  });

  it('documents the commands, options and exit codes', () => {
    for (const text of [
      'muster resolve',
      'muster schema',
      'muster procedures',
      '--seed <n>',
      '--dice <faces>',
      '--explain',
      '--no-odds',
      '--ruleset <id>',
      'Exit code',
    ]) {
      expect(generated).toContain(text);
    }
  });
});
