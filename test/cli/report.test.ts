import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Terminal } from '../../src/cli/play.ts';
import { type CliEnv, runCli } from '../../src/cli/program.ts';
import type { CliOutcome } from '../../src/cli/resolve.ts';

/**
 * `muster report <record>`: the after-action report of a game saved by `muster play --save`, as Markdown,
 * and as a standalone HTML page with its charts drawn by Observable Plot.
 */
async function muster(
  argv: readonly string[],
  files: Map<string, string> = new Map(),
): Promise<CliOutcome & { files: Map<string, string> }> {
  const terminal: Terminal = { write: () => {}, readLine: async () => undefined };
  const env: CliEnv = {
    // The test's files, else the project's (the scenarios).
    readInput: async (file) => files.get(file ?? '') ?? readFile(file ?? '', 'utf8'),
    randomSeed: () => 77,
    terminal,
    writeFile: async (file, text) => {
      files.set(file, text);
    },
  };
  return { ...(await runCli(argv, env)), files };
}

describe('muster report', () => {
  it.each(['john-company', 'macduff'])(
    'reports a %s battle the computer fought to its end',
    async (ruleSet) => {
      const played = await muster([
        'play',
        'training-village-ford',
        '--ruleset',
        ruleSet,
        '--ai',
        'both',
        '--seed',
        '3',
        '--save',
        'g.json',
      ]);
      expect(played.code).toBe(0);

      const markdown = await muster(['report', 'g.json'], played.files);
      expect(markdown.code).toBe(0);
      const text = markdown.stdout;
      expect(text).toMatch(/^# After-action report: Training: the village by the ford\n/);
      expect(text).toMatch(/\n\*\*(Victory to the (Company's brigades|Maratha force)|A draw): .+\*\*\n/);
      for (const heading of [
        'How the battle is won',
        'The sides',
        'Decisive moments',
        'Stands still fighting, turn by turn',
        'Every unit',
      ])
        expect(text).toContain(`\n## ${heading}\n`);
      // Twelve units, each a row of the last table (after its heading), and a row for each light company
      // the computer sent out; no side id where a name belongs.
      const rows = text.split('## Every unit')[1]!.match(/^\| [^-|].*$/gm) ?? [];
      expect(rows.filter((row) => !row.includes('light company'))).toHaveLength(13);
      expect(text).not.toMatch(/\| (company|maratha) \|/);

      const html = await muster(['report', 'g.json', '--html', '--out', 'r.html'], played.files);
      expect(html.code).toBe(0);
      expect(html.stdout).toBe('Wrote the report of g.json to r.html.\n');
      const page = html.files.get('r.html')!;
      expect(page).toMatch(/^<!doctype html>/);
      expect(page.match(/<svg/g)?.length).toBeGreaterThanOrEqual(4);
      expect(page).toContain('Stands still fighting, at the start of each turn');
      expect(page).not.toContain('<script');
    },
  );

  it('refuses a file that is not a saved game, saying what it expected', async () => {
    const run = await muster(['report', 'x.json'], new Map([['x.json', '{"format":"other"}']]));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('x.json is not a saved Muster game: "format" must be "muster-game"');
  });
});
