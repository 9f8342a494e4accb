import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesIndex } from '../../scripts/rules-index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TABLES = join(ROOT, 'src/rulesets/john-company/tables');
const AREAS = join(ROOT, 'docs/rules/john-company');

function headings(): Set<string> {
  const all = new Set<string>();
  for (const f of readdirSync(AREAS)) {
    for (const m of readFileSync(join(AREAS, f), 'utf8').matchAll(/^### (.+)$/gm)) all.add(m[1]!.trim());
  }
  return all;
}

/** Every `readings` list of every table exported by the rule set's table modules. */
async function tableReadings(): Promise<{ table: string; reading: string }[]> {
  const found: { table: string; reading: string }[] = [];
  for (const f of readdirSync(TABLES).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const mod = (await import(join(TABLES, f))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const readings = (value as { readings?: unknown } | null)?.readings;
      if (Array.isArray(readings)) {
        for (const reading of readings)
          found.push({ table: `${f}: ${(value as { id?: string }).id}`, reading });
      }
    }
  }
  return found;
}

describe('docs/rules/john-company.md', () => {
  it('is the current index of every reading', () => {
    expect(readFileSync(join(ROOT, 'docs/rules/john-company.md'), 'utf8')).toBe(rulesIndex());
  });

  it('has an entry for every reading a table names', async () => {
    const known = headings();
    const readings = await tableReadings();
    expect(readings.length).toBeGreaterThan(10);
    const missing = readings.filter((r) => !known.has(r.reading));
    expect(missing).toEqual([]);
  });

  it('has no duplicate headings across areas', () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const f of readdirSync(AREAS)) {
      for (const m of readFileSync(join(AREAS, f), 'utf8').matchAll(/^### (.+)$/gm)) {
        const h = m[1]!.trim();
        if (seen.has(h)) dupes.push(`${h} (${seen.get(h)} and ${f})`);
        seen.set(h, f);
      }
    }
    expect(dupes).toEqual([]);
  });
});
