/**
 * Text helpers every shell's messages use: typo suggestions, word lists, given values and JSON paths as
 * error messages quote them. Pure.
 */

import { measureText } from '../core/rules/measure.ts';

/** The edit distance between two strings (Levenshtein: insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `given` if it is close enough to be a likely typo (case-insensitive; a
 * candidate that starts with or contains `given` also counts), else undefined.
 */
export function closest(given: string, candidates: readonly string[]): string | undefined {
  const g = given.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(g, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(g.length / 3))) return best;
  if (g.length >= 3) {
    const containing = candidates.filter((c) => c.toLowerCase().includes(g));
    if (containing.length === 1) return containing[0];
  }
  return undefined;
}

const MAX_SUGGESTIONS = 3;

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * What `given` was likely meant to be, best first (at most three): a near spelling (edit distance,
 * ignoring case, hyphens and spaces), else the values whose own words hold every word given (`line` ->
 * `close-order-line`, `open-order-line`), else those whose description does (`descriptions`, e.g. a
 * modifier's label: `woods` -> `in-woods`). None when nothing is close in spelling or meaning.
 */
export function suggest(
  given: string,
  candidates: readonly string[],
  descriptions: Readonly<Record<string, string>> = {},
): string[] {
  const squash = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '');
  const g = squash(given);
  if (g === '') return [];
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(g, squash(c));
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(g.length / 3))) return [best];
  const words = wordsOf(given);
  const holds = (text: string) => {
    const own = wordsOf(text);
    return words.every((w) => own.some((o) => o === w || (w.length >= 4 && o.startsWith(w))));
  };
  for (const matches of [
    candidates.filter((c) => holds(c)),
    candidates.filter((c) => descriptions[c] !== undefined && holds(descriptions[c]!)),
  ]) {
    if (matches.length > 0 && matches.length <= MAX_SUGGESTIONS) return matches;
  }
  const containing = closest(given, candidates);
  return containing === undefined ? [] : [containing];
}

/** `; did you mean "a"?` or `; did you mean "a" or "b"?`, or nothing. */
export function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length === 0 ? '' : `; did you mean ${joinWords(suggestions.map((s) => `"${s}"`))}?`;
}

/** A trace step's value as a person reads it: yes or no for a flag, a number as it is, text as it is. */
export function stepValueText(value: number | string | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' ? measureText(value) : value;
}

/** `a`, `a or b`, `a, b or c` (with `and` when asked). */
export function joinWords(words: readonly string[], last = 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** Compact one-line JSON, shortened to `max` characters with an ellipsis. */
export function compactJson(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A given value as an error message quotes it: `"high" (a string)`, `1.5 (a number)`, `nothing`. */
export function describeGiven(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value))
    return value.length === 0 ? '[] (an empty list)' : `${compactJson(value)} (a list)`;
  switch (typeof value) {
    case 'string':
      return `${compactJson(value)} (a string)`;
    case 'number':
      return `${value} (a number)`;
    case 'boolean':
      return `${value} (a boolean)`;
    case 'object':
      return `${compactJson(value)} (an object)`;
    default:
      return String(value);
  }
}

/** Renders a JSON path the way a referee writes it: `negative[0].count`, `unit.resolveLevel`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$-]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** The value at `path` in `root`, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key as string];
  }
  return at;
}
