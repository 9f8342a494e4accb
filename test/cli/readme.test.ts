import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every command of README.md's "A short tour" runs as written, from the repository's root, with only
 * the files git tracks (what a fresh clone has). Two are shortened: the comparison plays 1 battle per
 * rule set instead of 50, and the benches (`npm run bench`, `npm run bench:battles -- --against ...`:
 * minutes of speed figures) are left out. A battle that
 * waits for the player reads an empty stdin and stops at its first decision.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(resolve(ROOT, 'README.md'), 'utf8');

/** The shell commands of the tour's ```sh block: comments dropped, a quoted argument's lines joined. */
function tourCommands(readme: string): string[] {
  const section = readme.split(/^## A short tour$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const commands: string[] = [];
  let pending = '';
  for (const line of block.split('\n')) {
    if (pending === '' && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    pending = pending === '' ? line : `${pending}\n${line}`;
    // A command ends where its single quotes are balanced.
    if ((pending.match(/'/g) ?? []).length % 2 === 0) {
      commands.push(pending.trim());
      pending = '';
    }
  }
  return commands;
}

const SHORTENED: Readonly<Record<string, string>> = { '--battles 50': '--battles 1' };
const LEFT_OUT = new Set(['npm run bench', 'npm run bench:battles -- --against main --quick']);

const commands = tourCommands(README);
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n'));

describe("README.md's tour", () => {
  it('has the commands it shows', () => {
    expect(commands.length).toBeGreaterThanOrEqual(9);
    expect(commands).toContain('npm run bench');
  });

  it.each(commands.filter((c) => !LEFT_OUT.has(c)))('runs as written: %s', (command) => {
    // Every file a command names is in the repository.
    for (const file of command.match(/[\w./-]+\.jsonl?\b/g) ?? []) expect(tracked).toContain(file);
    let run = command;
    for (const [from, to] of Object.entries(SHORTENED)) run = run.replace(from, to);
    const done = spawnSync('sh', ['-c', run], {
      cwd: ROOT,
      input: '',
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, CI: '1' },
    });
    expect(done.stderr.replace(/^npm warn.*\n/gm, '')).not.toMatch(/error/i);
    expect(done.status).toBe(0);
    expect(done.stdout.trim().length).toBeGreaterThan(0);
  });
});
