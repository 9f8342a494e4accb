import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real command: node, tsx's loader, process streams and exit codes. */
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = resolve(ROOT, 'bin/muster.mjs');

function run(args: readonly string[], stdin: string) {
  const out = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: stdin, encoding: 'utf8' });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const situation = {
  resolveLevel: 20,
  origin: 'european',
  formation: 'close-order-line',
  orders: 'advance',
  positive: ['flanks-and-rear-secure', 'close-order', 'uncommitted-friends-flank-or-rear'],
  negative: ['target-of-artillery-fire', { id: 'stands-lost-since-last-check', count: 3 }],
  dice: [3, 3],
};

describe('node bin/muster.mjs', () => {
  it('resolve reaction-test --explain reads stdin and explains the test', () => {
    const out = run(['resolve', 'reaction-test', '--explain'], JSON.stringify(situation));
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Reaction Test');
    expect(out.stdout).toMatch(/Random Factor \[3, 3\] +0 += 19/);
    expect(out.stdout).toContain('Final Modified Resolve Level 19: Confident');
    expect(out.stdout).toMatch(/Confident +41\.7% +5\/12 +#+/);
  });

  it('bad input: exit code 2, a message, no stack trace', () => {
    const out = run(['resolve', 'reaction-test'], '{"resolveLevel": "high"}');
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('resolveLevel: expected an integer from 1 to 30, got "high" (a string)');
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('compare prints the same table on one worker thread as on two', () => {
    const args = ['compare', 'training-village-ford', '--battles', '2', '--seed', '3'];
    const one = run([...args, '--workers', '1'], '');
    const two = run([...args, '--workers', '2'], '');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.stdout).toContain('seeds 3 to 4');
    expect(two.stdout).toBe(one.stdout);
    // Not on a terminal: progress as plain lines, the last when every battle is played.
    expect(two.stderr.trim().split('\n').at(-1)).toMatch(/^8\/8 battles played/);
  });

  it('no arguments: the top-level help, exit code 0', () => {
    const out = run([], '');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: muster');
  });
});
