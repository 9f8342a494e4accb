import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTILLERY_RANGE_TABLE } from './artillery.ts';
import { COUNTER_BATTERY_RESULTS } from './counter-battery.ts';
import { DEFENDERS_VOLLEY_TABLE } from './defenders-volley.ts';
import { FIRING_TABLE } from './firing-table.ts';
import { SMALL_ARMS_RANGE_TABLE } from './small-arms.ts';

describe("the fire tables' readings", () => {
  it('every reading a fire table names has its entry in docs/rules/john-company/fire.md', () => {
    const doc = readFileSync(new URL('../../../../docs/rules/john-company/fire.md', import.meta.url), 'utf8');
    const headings = new Set([...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]!.trim()));
    const tables = [
      FIRING_TABLE,
      SMALL_ARMS_RANGE_TABLE,
      ARTILLERY_RANGE_TABLE,
      COUNTER_BATTERY_RESULTS,
      DEFENDERS_VOLLEY_TABLE,
    ];
    const readings = tables.flatMap((t) => t.readings ?? []);
    expect(readings.length).toBeGreaterThanOrEqual(8);
    for (const r of readings) expect(headings.has(r), r).toBe(true);
  });
});
