import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type CliEnv, runCli } from '../../src/cli/program.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';

/** Runs `muster compare ...` in-process, reading scenario files from disk and keeping the progress calls. */
async function compare(argv: readonly string[]) {
  const progress: [number, number, string][] = [];
  const env: CliEnv = {
    readInput: (file) => readFile(file ?? '', 'utf8'),
    randomSeed: () => 1,
    version: '0.0.0-test',
    progress: (done, total, label) => progress.push([done, total, label]),
  };
  return { ...(await runCli(['compare', ...argv], env)), progress };
}

describe('muster compare', () => {
  it('plays each rule set the same number of battles and prints their outcomes side by side', async () => {
    const run = await compare(['training-village-ford', '--battles', '2', '--seed', '5']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 battles per rule set, the computer on both sides, seeds 5 to 6');
    for (const r of PLAYABLE_RULE_SETS) expect(run.stdout).toContain(r.title);
    expect(run.stdout).toMatch(/Won by The Company.s brigades/);
    expect(run.stdout).toContain('How the battles ended:');
    // The endings are told in the scenario's names of its sides and objectives, never their ids.
    const endings = run.stdout.split('How the battles ended:')[1]!;
    expect(endings).not.toMatch(/\b(company|maratha)\b/);
    expect(endings).toMatch(
      /the Company's brigades|the Maratha force|The Maratha force|The Company's brigades|turn limit/,
    );
    const total = 2 * PLAYABLE_RULE_SETS.length;
    expect(run.progress).toHaveLength(total);
    expect(run.progress.at(-1)).toEqual([total, total, PLAYABLE_RULE_SETS.at(-1)!.id]);
  });

  it('is reproducible from its seed, and its JSON tallies every battle', async () => {
    const args = ['training-village-ford', '--battles', '2', '--rulesets', 'john-company', '--json'];
    const first = await compare(args);
    expect((await compare(args)).stdout).toBe(first.stdout);
    const report = JSON.parse(first.stdout) as {
      columns: { ruleSet: string; battles: number; results: Record<string, number> }[];
    };
    expect(report.columns.map((c) => c.ruleSet)).toEqual(['john-company']);
    const column = report.columns[0]!;
    expect(Object.values(column.results).reduce((a, b) => a + b, 0)).toBe(column.battles);
  });

  it.each([
    [['training-village-ford', '--rulesets', 'chess'], '--rulesets: no rule set "chess"'],
    [
      ['training-village-ford', '--battles', '0'],
      '--battles: expected a whole number from 1 to 100000, got "0"',
    ],
    [['training-village-ford', '--seed', '-1'], '--seed: expected a whole number'],
    [['training-village-ford', '--workers', '0'], '--workers: expected a whole number from 1 to 64, got "0"'],
  ])('rejects bad options with a message: %j', async (argv, message) => {
    const run = await compare(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
