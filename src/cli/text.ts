/** Small text helpers shared by the CLI's renderers. Pure. */

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

/**
 * Pads each column of `rows` to its widest cell (the last column is not padded); empty columns vanish.
 * A column with a `caps` entry is as wide as its widest cell within the cap; longer cells overflow.
 */
export function alignColumns(
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[] = [],
  caps: readonly (number | undefined)[] = [],
  gap = '  ',
): string[] {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const used = Array.from({ length: columns }, (_, c) => rows.some((r) => (r[c] ?? '') !== ''));
  const widths = Array.from({ length: columns }, (_, c) => {
    const cap = caps[c] ?? Number.POSITIVE_INFINITY;
    return Math.max(0, ...rows.map((r) => [...(r[c] ?? '')].length).filter((n) => n <= cap));
  });
  const lastUsed = used.lastIndexOf(true);
  return rows.map((row) => {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) {
      if (!used[c]) continue;
      const cell = row[c] ?? '';
      const pad = ' '.repeat(Math.max(0, widths[c]! - [...cell].length));
      if (align[c] === 'right') cells.push(pad + cell);
      else cells.push(c === lastUsed ? cell : cell + pad);
    }
    return cells.join(gap).trimEnd();
  });
}

/** Wraps `text` to `width` columns, the first line prefixed by `indent`, the others by `hanging`. */
export function wrap(text: string, width: number, indent = '', hanging = indent): string[] {
  const lines: string[] = [];
  let line = '';
  const prefix = () => (lines.length === 0 ? indent : hanging);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix().length + line.length + 1 + word.length > width) {
      lines.push(prefix() + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix() + line);
  return lines;
}

/** A signed number: `+2`, `-3`, `0`. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * JSON for people: indented like `JSON.stringify(v, null, 2)`, but a list or object that fits on one
 * line within `width` stays on one line (`[3, 3]`, `{ "id": "close-order", "count": 3 }`).
 */
export function prettyJson(value: unknown, width = 100, indent = '', column = indent.length): string {
  const inline = inlineJson(value);
  if (column + inline.length <= width || value === null || typeof value !== 'object') return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + prettyJson(v, width, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries
    .map(([k, v]) => {
      const key = `${inner}${JSON.stringify(k)}: `;
      return key + prettyJson(v, width, inner, key.length);
    })
    .join(',\n')}\n${indent}}`;
}

function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length
      ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }`
      : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}
