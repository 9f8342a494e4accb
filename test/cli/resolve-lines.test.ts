import { describe, expect, it } from 'vitest';
import { muster } from './run.ts';

/** Situations of the reaction test: two that test (dice typed in or seeded) and one that does not. */
const tested = {
  resolveLevel: 20,
  origin: 'european',
  formation: 'close-order-line',
  orders: 'advance',
  negative: ['target-of-artillery-fire'],
};
const withDice = { ...tested, dice: [3, 3] };
const untested = { resolveLevel: 12, origin: 'indian', formation: 'mass', orders: 'charge' };
const lines = (...xs: unknown[]) =>
  `${xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n')}\n`;

describe('muster resolve with JSON Lines', () => {
  it('answers each situation on a line of its own, as resolve answers it alone', async () => {
    const stdin = lines(withDice, '', untested, tested);
    const out = await muster(['resolve', 'reaction-test', '--jsonl', '--seed', '40'], { stdin });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const answers = out.stdout.trimEnd().split('\n');
    expect(answers).toHaveLength(3);
    // The nth situation is seeded seed + n - 1: the same answers as three separate calls.
    const alone = [
      await muster(['resolve', 'reaction-test', '--seed', '40'], { stdin: JSON.stringify(withDice) }),
      await muster(['resolve', 'reaction-test', '--seed', '41'], { stdin: JSON.stringify(untested) }),
      await muster(['resolve', 'reaction-test', '--seed', '42'], { stdin: JSON.stringify(tested) }),
    ];
    expect(answers.map((a) => JSON.parse(a))).toEqual(alone.map((a) => JSON.parse(a.stdout)));
  });

  it('is recognised without --jsonl when the input is not one JSON value but its lines are', async () => {
    const out = await muster(['resolve', 'reaction-test', '--no-odds'], {
      stdin: lines(withDice, untested),
      randomSeed: 9,
    });
    expect(out.code).toBe(0);
    const alone = await muster(['resolve', 'reaction-test', '--no-odds'], {
      stdin: JSON.stringify(withDice),
    });
    const answers = out.stdout
      .trimEnd()
      .split('\n')
      .map((a) => JSON.parse(a) as { result: { level: number } });
    expect(answers).toHaveLength(2);
    expect(answers[0]).toEqual(JSON.parse(alone.stdout));
    expect(answers[1]!.result.level).toBe(12);
    // One situation spread over several lines is still one situation.
    const one = await muster(['resolve', 'reaction-test', '--no-odds'], {
      stdin: JSON.stringify(withDice, null, 2),
    });
    expect(one.stdout).toMatch(/^\{\n {2}"ruleset"/);
  });

  it('answers a situation it cannot resolve with its line and the message, and resolves the rest', async () => {
    const out = await muster(['resolve', 'reaction-test', '--jsonl', '--no-odds'], {
      stdin: lines(withDice, '{"resolveLevel": "high"}', 'not json', withDice),
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      'error: 2 of 4 situations could not be resolved; their answers are {"line", "error"}\n',
    );
    const answers = out.stdout
      .trimEnd()
      .split('\n')
      .map((a) => JSON.parse(a) as Record<string, unknown>);
    expect(answers).toHaveLength(4);
    expect(answers[0]!['procedure']).toBe('reaction-test');
    expect(answers[1]).toMatchObject({ line: 2 });
    expect(answers[1]!['error']).toContain('resolveLevel: expected an integer from 1 to 30, got "high"');
    expect(answers[2]).toMatchObject({ line: 3 });
    expect(answers[2]!['error']).toContain('stdin line 3');
    expect(answers[3]).toEqual(answers[0]);
  });

  it.each([
    [['--explain'], '--explain explains one situation'],
    [['--dice', '3,3'], '--dice: with many situations'],
  ])('rejects %j with many situations', async (extra, message) => {
    const out = await muster(['resolve', 'reaction-test', '--jsonl', ...extra], { stdin: lines(withDice) });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
  });
});
