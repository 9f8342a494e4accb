import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { lookupRange } from '../../../core/rules/tables.ts';
import { ARTILLERY_WEAPONS } from './artillery.ts';
import {
  COUNTER_BATTERY_BONUS,
  COUNTER_BATTERY_KNOCKOUT_ON,
  COUNTER_BATTERY_RESULTS,
  GUN_DAMAGE_PACK,
  GUN_DAMAGE_TABLE,
  gunDamageRoll,
  knockoutRoll,
} from './counter-battery.ts';

describe('Counter Battery Results Table', () => {
  it.each([
    [1, 'no-effect'],
    [2, 'no-effect'],
    [3, 'no-effect'],
    [4, 'gun-knocked-out'],
    [5, 'gun-knocked-out'],
    [6, 'gun-knocked-out'],
    [7, 'gun-knocked-out'],
  ] as const)('modified d6 %i: %s', (roll, result) => {
    expect(lookupRange(COUNTER_BATTERY_RESULTS, roll).result).toBe(result);
  });

  it('knocks out a gun on 4+', () => {
    expect(COUNTER_BATTERY_KNOCKOUT_ON).toBe(4);
  });

  it('adds 1 for field, siege and mortars only', () => {
    const plusOne = ARTILLERY_WEAPONS.filter((w) => COUNTER_BATTERY_BONUS[w] === 1);
    expect(plusOne.sort()).toEqual([
      'british-field',
      'british-heavy-mortar',
      'british-light-mortar',
      'british-siege',
      'native-field',
      'native-mortar',
      'native-siege',
    ]);
  });
});

describe('counter-battery damage roll', () => {
  it.each([
    [1, 0, 5],
    [3, 0, 5],
    [3, 1, 5],
    [4, 1, 2],
    [4, 0, 0],
    [5, 1, 3],
  ] as const)('%i dice, +%i, at most %i: grouped exactly as brute force does', (n, bonus, cap) => {
    const spec = knockoutRoll(n, bonus, cap);
    const counts = new Map<number, number>();
    const faces = new Array<number>(n).fill(1);
    for (let k = 0; k < 6 ** n; k++) {
      let x = k;
      let hits = 0;
      for (let i = 0; i < n; i++) {
        faces[i] = (x % 6) + 1;
        if (faces[i]! + bonus >= 4) hits++;
        x = Math.floor(x / 6);
      }
      const v = spec.combine(faces);
      expect(v).toBe(Math.min(hits, cap));
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const outcomes = spec.outcomes();
    expect(outcomes).toHaveLength(counts.size);
    for (const o of outcomes) expect(o.ways).toBe(counts.get(o.value));
  });

  it('has at most cap + 1 outcomes however many dice', () => {
    expect(knockoutRoll(60, 1, 4).outcomes()).toHaveLength(5);
  });
});

describe('Counter Battery Damage Table', () => {
  it.each([
    [1, 'crew-casualty'],
    [2, 'crew-casualty'],
    [3, 'crew-casualty'],
    [4, 'crew-casualty'],
    [5, 'gun-damaged'],
    [6, 'gun-destroyed'],
  ] as const)('d6 %i: %s', (roll, result) => {
    expect(lookupRange(GUN_DAMAGE_TABLE, roll).result).toBe(result);
  });

  it.each([1, 2, 3, 4])('the %i-dice roll groups faces exactly as brute force does', (n) => {
    const spec = gunDamageRoll(n);
    const counts = new Map<number, number>();
    const faces = new Array<number>(n).fill(1);
    for (let k = 0; k < 6 ** n; k++) {
      let x = k;
      for (let i = 0; i < n; i++) {
        faces[i] = (x % 6) + 1;
        x = Math.floor(x / 6);
      }
      const v = spec.combine(faces);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const outcomes = spec.outcomes();
    expect(outcomes.reduce((s, o) => s + o.ways, 0)).toBe(6 ** n);
    expect(spec.combinations).toBe(6 ** n);
    for (const o of outcomes) expect(o.ways).toBe(counts.get(o.value) ?? 0);
    expect(outcomes.filter((o) => o.ways > 0)).toHaveLength(counts.size);
  });

  it('packs destroyed × 100 + damaged', () => {
    const spec = gunDamageRoll(4);
    expect(spec.combine([6, 6, 5, 1])).toBe(2 * GUN_DAMAGE_PACK + 1);
    expect(new SuppliedDice([1, 2, 3, 4]).roll(spec, 'gunDamage')).toBe(0);
  });

  it('rejects dice counts it cannot enumerate exactly', () => {
    expect(() => gunDamageRoll(0)).toThrow(RangeError);
    expect(() => gunDamageRoll(21)).toThrow(RangeError);
  });
});
