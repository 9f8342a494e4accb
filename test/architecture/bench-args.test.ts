import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The benches' command lines (bench/args.ts): a wrong option or count is refused with what was expected
 * and the usage, status 2 and no stack trace; `--help` prints the usage. Each call exits before any
 * battle is played.
 */
const ROOT = resolve(import.meta.dirname, '../..');

function bench(file: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join('bench', file), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('bench command lines', () => {
  it('every bench that reads options reads them through benchArgs', () => {
    const readers = readdirSync(join(ROOT, 'bench')).filter((f) => {
      const text = readFileSync(join(ROOT, 'bench', f), 'utf8');
      return f !== 'args.ts' && /\bparseArgs\b|benchArgs/.test(text);
    });
    expect(readers.length).toBeGreaterThan(5);
    for (const f of readers)
      expect(readFileSync(join(ROOT, 'bench', f), 'utf8'), f).not.toMatch(/\bparseArgs\(/);
  });

  it('refuses an unknown option with the usage, status 2 and no stack trace', () => {
    const r = bench('battles.ts', '--bogus');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown option '--bogus'");
    expect(r.stderr).toContain('node --import tsx bench/battles.ts --against <git ref>');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a count that is not a whole number, saying what it takes', () => {
    const r = bench('warm.ts', '--battles', '2.5');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--battles takes a whole number, 1 or more (got "2.5")');
    expect(r.stdout).toBe('');
  });

  it('prints the usage on --help and exits 0', () => {
    const r = bench('workers.ts', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('node --import tsx bench/workers.ts [--battles N');
  });
});
