import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { artilleryFire } from './artillery.ts';
import { BASE } from './fixtures.ts';
import { rangeBand } from './range-band.ts';
import { smallArmsFire } from './small-arms.ts';

describe('facts schema', () => {
  const bad = (facts: unknown) => smallArmsFire.facts.safeParse(facts);
  it.each<[string, unknown, RegExp]>([
    ['both range and distance', { ...BASE, distance: 1 }, /exactly one of range/],
    ['neither range nor distance', { ...BASE, range: undefined }, /exactly one of range/],
    ['both stand counts', { ...BASE, frontRankStands: 3 }, /exactly one of standsFiring/],
    ['no stand count', { ...BASE, standsFiring: undefined }, /exactly one of standsFiring/],
    ['screening a formed target', { ...BASE, screening: {} }, /skirmish order/],
    [
      'enfilading a square',
      { ...BASE, targetFormation: 'square', enfilade: { targetRanks: 4, targetArm: 'infantry' } },
      /not to a target in square/,
    ],
    ['an unknown field', { ...BASE, volley: true }, /Unrecognized key/],
    ['an unknown weapon', { ...BASE, weapon: 'musket' }, /weapon/],
    ['a Resolve Level of 0', { ...BASE, resolveLevel: 0 }, /resolveLevel|>=1/],
    ['a negative distance', { ...BASE, range: undefined, distance: -1 }, /distance|>=0/],
  ])('rejects %s', (_, facts, message) => {
    const r = bad(facts);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(message);
  });

  it.each([
    ['small-arms-fire', smallArmsFire.facts],
    ['artillery-fire', artilleryFire.facts],
    ['range-band', rangeBand.facts],
  ] as const)('%s describes every field (for the CLI docs and JSON Schema)', (_, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    const fields = Object.entries(json.properties);
    expect(fields.length).toBeGreaterThan(1);
    for (const [name, f] of fields) expect(f.description, name).toBeTruthy();
  });
});
