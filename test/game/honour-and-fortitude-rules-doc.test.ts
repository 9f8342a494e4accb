import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HONOUR_AND_FORTITUDE_PROCEDURES } from '../../src/rulesets/honour-and-fortitude/procedures/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TABLES = join(ROOT, 'src/rulesets/honour-and-fortitude/tables');
const DOC = readFileSync(join(ROOT, 'docs/rules/honour-and-fortitude.md'), 'utf8');
const headings = new Set([...DOC.matchAll(/^### (.+)$/gm)].map((m) => m[1]!.trim()));

describe('docs/rules/honour-and-fortitude.md', () => {
  it('has an entry for every reading a table names', async () => {
    const readings: string[] = [];
    for (const f of readdirSync(TABLES).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const mod = (await import(join(TABLES, f))) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        const r = (value as { readings?: unknown } | null)?.readings;
        if (Array.isArray(r)) readings.push(...(r as string[]));
      }
    }
    expect(readings.length).toBeGreaterThanOrEqual(10);
    expect(readings.filter((r) => !headings.has(r))).toEqual([]);
  });

  it('lists every procedure', () => {
    for (const p of HONOUR_AND_FORTITUDE_PROCEDURES) expect(DOC).toContain(`\`${p.id}\``);
  });
});
