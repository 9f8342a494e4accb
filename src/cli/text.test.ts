import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraction, percent } from './explain.ts';
import { jsonErrorOffset, parseDiceOption, parseJsonText, parseSeed } from './input.ts';
import { alignColumns, closest, describeGiven, editDistance, formatPath, prettyJson, wrap } from './text.ts';

describe('text helpers', () => {
  it('edit distance and the closest name', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closest('reaction-tset', ['reaction-test', 'rally-test'])).toBe('reaction-test');
    expect(closest('sqare', ['square', 'mass'])).toBe('square');
    expect(closest('zzzzzz', ['square', 'mass'])).toBeUndefined();
    expect(closest('rally', ['rally-test', 'reaction-test'])).toBe('rally-test');
  });

  it('given values and paths as messages print them', () => {
    expect(describeGiven('high')).toBe('"high" (a string)');
    expect(describeGiven(1.5)).toBe('1.5 (a number)');
    expect(describeGiven(undefined)).toBe('nothing');
    expect(describeGiven(null)).toBe('null');
    expect(describeGiven([1, 2])).toBe('[1,2] (a list)');
    expect(formatPath(['negative', 0, 'count'])).toBe('negative[0].count');
    expect(formatPath(['a b'])).toBe('["a b"]');
    expect(formatPath([])).toBe('');
  });

  it('pretty JSON keeps short lists and objects on one line and parses back', () => {
    expect(prettyJson({ a: [3, 3], b: { id: 'x' } }, 20)).toBe('{\n  "a": [3, 3],\n  "b": { "id": "x" }\n}');
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 10, max: 120 }), (value, width) => {
        expect(JSON.parse(prettyJson(value, width))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('aligns columns, right-aligning where asked and dropping empty columns', () => {
    expect(
      alignColumns(
        [
          ['a', '', '1'],
          ['bbb', '', '22'],
        ],
        ['left', 'left', 'right'],
      ),
    ).toEqual(['a     1', 'bbb  22']);
  });

  it('wraps with a hanging indent', () => {
    expect(wrap('one two three four', 10, '- ', '  ')).toEqual(['- one two', '  three', '  four']);
  });
});

describe('odds as text', () => {
  it('exact fractions of dice probabilities', () => {
    expect(fraction(25 / 36)).toBe('25/36');
    expect(fraction(1 / 216)).toBe('1/216');
    expect(fraction(0.1 + 0.2 + 0.7)).toBe('1');
    expect(fraction(Math.PI / 4)).toBeUndefined();
  });

  it('percentages never round a possible outcome to 0% or 100%', () => {
    expect(percent(25 / 36)).toBe('69.4%');
    expect(percent(1 / 10000)).toBe('<0.1%');
    expect(percent(1 - 1 / 10000)).toBe('>99.9%');
    expect(percent(1.0000000000000002)).toBe('100.0%');
  });
});

describe('reading input', () => {
  it('the JSON scanner stops where JSON.parse does', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((t) => t.slice(0, Math.max(0, t.length - 1))),
      fc.tuple(fc.json(), fc.constantFrom(',', '}', ']', 'x', '"', ' ')).map(([t, c]) => t + c),
      fc.string(),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        if (valid && text.trim() !== '') expect(jsonErrorOffset(text)).toBe(text.length);
        const parsed = parseJsonText(text, 'stdin');
        expect(parsed.ok).toBe(valid && text.trim() !== '');
      }),
      { numRuns: 500 },
    );
  });

  it('--dice in throw order or by key', () => {
    expect(parseDiceOption(['3,4 5'], [])).toEqual({ ok: true, value: [3, 4, 5] });
    expect(parseDiceOption(['a=1,2', 'b=3;a=4'], ['a', 'b'])).toEqual({
      ok: true,
      value: { a: [1, 2, 4], b: [3] },
    });
    expect(parseDiceOption(['1', 'a=2'], ['a']).ok).toBe(false);
  });

  it('--seed is a whole number from 0 to 2^32-1', () => {
    expect(parseSeed('42')).toEqual({ ok: true, value: 42 });
    expect(parseSeed('4294967295').ok).toBe(true);
    expect(parseSeed('4294967296').ok).toBe(false);
    expect(parseSeed('-1').ok).toBe(false);
    expect(parseSeed('1e3').ok).toBe(false);
  });
});
