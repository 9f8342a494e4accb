import type { DiceInput } from '../core/rules/run.ts';
import { checkDice as checkDiceInput } from '../protocol/dice.ts';
import { formatPath } from '../protocol/text.ts';

/** The outcome of reading one part of the input: a value, or the error lines that say what is wrong. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: string[] };

/**
 * Parses the situation's JSON text. A syntax error names the line and column, shows the line, and
 * points at the place with a caret.
 */
export function parseJsonText(text: string, source: string): Checked<unknown> {
  if (text.trim() === '') {
    return {
      ok: false,
      errors: [`${source} is empty: expected the situation as a JSON object (see --help for the fields)`],
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /at position (\d+)/.exec(message);
    const offset = match ? Number(match[1]) : jsonErrorOffset(text);
    const reason = message
      .replace(/\s*in JSON at position \d+.*$/s, '')
      .replace(/, .*is not valid JSON$/s, '')
      .replace(/ \(line \d+ column \d+\)$/, '');
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const lineStart = before.lastIndexOf('\n') + 1;
    const column = offset - lineStart + 1;
    const lineText = (text.slice(lineStart).split('\n')[0] ?? '').replace(/\r$/, '');
    return {
      ok: false,
      errors: [
        `${source} is not valid JSON: ${reason} at line ${line}, column ${column}`,
        `  ${lineText}`,
        `  ${' '.repeat(Math.max(0, column - 1))}^`,
      ],
    };
  }
}

/**
 * Where a JSON text stops being JSON (for engines whose messages give no position): a small scanner
 * of the JSON grammar that returns the offset of the first character it cannot accept.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const ch = text[i]!;
      if (ch < ' ') fail();
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      const close = ch === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (ch === '{') {
          ws();
          if (text[i] !== '"') fail();
          string();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === close) {
          i++;
          return;
        } else fail();
      }
    }
    if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else number();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (at) {
    return Math.min(typeof at === 'number' ? at : 0, text.length);
  }
}

/** Splits the optional `dice` field off the situation; the rest are the facts. */
export function splitDice(situation: unknown): { facts: unknown; dice: unknown } {
  if (situation === null || typeof situation !== 'object' || Array.isArray(situation)) {
    return { facts: situation, dice: undefined };
  }
  const { dice, ...facts } = situation as Record<string, unknown>;
  return { facts, dice };
}

/**
 * Checks typed-in dice (src/protocol/dice.ts): a list of whole numbers, or an object of such lists
 * keyed by the procedure's roll keys. Each error names where the dice were given (`dice`, `--dice`).
 */
export function checkDice(dice: unknown, rollKeys: readonly string[], where = 'dice'): Checked<DiceInput> {
  const checked = checkDiceInput(dice, rollKeys);
  if (checked.ok) return checked;
  const at = (path: readonly PropertyKey[]): string => {
    const rest = formatPath(path);
    return rest === '' || rest.startsWith('[') ? where + rest : `${where}.${rest}`;
  };
  return { ok: false, errors: checked.problems.map((p) => `${at(p.path)}: ${p.message}`) };
}

/**
 * Reads `--dice` values: `3,4,5` (faces in throw order; spaces also separate), or `key=3,4` by roll
 * key (repeat the option, or separate keys with `;`).
 */
export function parseDiceOption(values: readonly string[], rollKeys: readonly string[]): Checked<DiceInput> {
  const parts = values
    .flatMap((v) => v.split(';'))
    .map((p) => p.trim())
    .filter(Boolean);
  const keyed = parts.filter((p) => p.includes('='));
  if (keyed.length > 0 && keyed.length < parts.length) {
    return {
      ok: false,
      errors: [
        `--dice: give faces either in throw order (--dice 3,4,5) or by roll key (--dice randomFactor=3,4), not both; got ${JSON.stringify(values.join(' '))}`,
      ],
    };
  }
  const errors: string[] = [];
  const numbers = (text: string, what: string): number[] => {
    const tokens = text.split(/[\s,]+/).filter(Boolean);
    return tokens.flatMap((t) => {
      if (/^-?\d+$/.test(t)) return [Number(t)];
      errors.push(`--dice: expected whole numbers for ${what}, got ${JSON.stringify(t)}`);
      return [];
    });
  };
  if (keyed.length === 0) {
    const list = numbers(parts.join(','), 'the faces');
    return errors.length ? { ok: false, errors } : { ok: true, value: list };
  }
  const byKey: Record<string, number[]> = {};
  for (const part of keyed) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    byKey[key] = [...(byKey[key] ?? []), ...numbers(part.slice(at + 1), `"${key}"`)];
  }
  if (errors.length) return { ok: false, errors };
  return checkDice(byKey, rollKeys, '--dice');
}

/** Reads `--seed`: an integer from 0 to 4294967295. */
export function parseSeed(text: string): Checked<number> {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > 0xffffffff) {
    return {
      ok: false,
      errors: [`--seed: expected a whole number from 0 to 4294967295, got ${JSON.stringify(text)}`],
    };
  }
  return { ok: true, value: n };
}
