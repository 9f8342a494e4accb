/**
 * Small text helpers of the CLI's renderers: columns, wrapping, signed numbers, JSON for people. Pure.
 * The helpers every shell's messages use live in src/protocol/text.ts; they are re-exported here for
 * src/cli/scenario.ts (being edited by others) and src/cli/text.test.ts.
 */

export { closest, describeGiven, editDistance, formatPath } from '../protocol/text.ts';

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
