import { defineRoll, type RollOutcome, type RollSpec } from '../../../core/random/rolls.ts';
import { defineRangeTable } from '../../../core/rules/tables.ts';
import { jc4 } from '../vocabulary.ts';
import type { ArtilleryWeapon } from './artillery.ts';

export type CounterBatteryResultId = 'no-effect' | 'gun-knocked-out';

/**
 * Counter Battery Results Table (Part 4): one d6 per casualty scored on a battery, +1 when the firer
 * is field, siege or mortar artillery. A gun knocked out removes one crew stand; either way the
 * target takes the "under artillery fire" reaction modifier.
 */
export const COUNTER_BATTERY_RESULTS = defineRangeTable<CounterBatteryResultId>({
  id: 'jc-counter-battery-results',
  title: 'Counter Battery Results Table',
  source: jc4('Counter Battery Fire', 'Counter Battery Results Table'),
  readings: ['Counter-battery: casualties beyond the crew stands'],
  covers: { min: 1, max: 7 },
  rows: [
    { from: 1, to: 3, result: 'no-effect' },
    { from: 4, to: 7, result: 'gun-knocked-out' },
  ],
});

/** The lowest modified d6 that knocks out a gun (read from the table). */
export const COUNTER_BATTERY_KNOCKOUT_ON = COUNTER_BATTERY_RESULTS.rows.find(
  (r) => r.result === 'gun-knocked-out',
)!.from;

/** Whether a firing gun adds 1 to the counter-battery d6: field, siege and every mortar. */
export const COUNTER_BATTERY_BONUS: Readonly<Record<ArtilleryWeapon, 0 | 1>> = {
  'british-horse': 0,
  'british-field': 1,
  'british-siege': 1,
  'british-rocket': 0,
  'british-light-mortar': 1,
  'british-heavy-mortar': 1,
  'native-horse': 0,
  'native-field': 1,
  'native-siege': 1,
  'native-mortar': 1,
};

const knockoutRolls = new Map<number, RollSpec>();

/**
 * The counter-battery damage roll: `n` d6 (one per casualty), each knocking out a gun on
 * 4+ after `bonus`; the value is the number of guns knocked out, at most `cap` (the target's crew
 * stands). Capping inside the roll keeps the exact odds to `min(n, cap) + 1` branches.
 * Binomial: P(k) = C(n,k) p^k (1−p)^(n−k), with the tail k ≥ cap summed into `cap`.
 */
export function knockoutRoll(n: number, bonus: 0 | 1, cap: number): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > 60)
    throw new RangeError(`the damage roll needs 1..60 dice, got ${n}`);
  if (!Number.isInteger(cap) || cap < 0 || cap > 99) throw new RangeError(`cap must be 0..99, got ${cap}`);
  const key = (n * 100 + cap) * 2 + bonus;
  let spec = knockoutRolls.get(key);
  if (!spec) {
    const on = COUNTER_BATTERY_KNOCKOUT_ON;
    const hitFaces = Math.max(0, Math.min(6, 7 - (on - bonus)));
    spec = defineRoll({
      id: `${n}d6-counter-battery`,
      label: `${n}d6 counter-battery damage (${on}+${bonus ? ' after +1' : ''}, at most ${cap})`,
      dice: Array.from({ length: n }, () => ({ min: 1, max: 6, name: 'd6' })),
      combine: (faces) => {
        let k = 0;
        for (let i = 0; i < faces.length; i++) if (faces[i]! + bonus >= on) k++;
        return Math.min(k, cap);
      },
      outcomes: () => {
        const ways = new Array<number>(Math.min(n, cap) + 1).fill(0);
        for (let k = 0; k <= n; k++) {
          const w = binomial(n, k) * hitFaces ** k * (6 - hitFaces) ** (n - k);
          ways[Math.min(k, cap)]! += w;
        }
        return ways.map((w, value) => ({ value, ways: w })).filter((o) => o.ways > 0);
      },
    });
    knockoutRolls.set(key, spec);
  }
  return spec;
}

export type GunDamageResultId = 'crew-casualty' | 'gun-damaged' | 'gun-destroyed';

/** Counter Battery Damage Table (Part 4, optional, after the battle): one d6 per crew stand lost to counter-battery fire. */
export const GUN_DAMAGE_TABLE = defineRangeTable<GunDamageResultId>({
  id: 'jc-counter-battery-damage',
  title: 'Counter Battery Damage Table',
  source: jc4('Counter Battery Fire', 'Counter Battery Damage Table'),
  covers: { min: 1, max: 6 },
  rows: [
    { from: 1, to: 4, result: 'crew-casualty' },
    { from: 5, to: 5, result: 'gun-damaged' },
    { from: 6, to: 6, result: 'gun-destroyed' },
  ],
});

/** Most crew stands the post-battle roll takes at once (keeps the exact odds exact in doubles). */
export const MAX_GUN_DAMAGE_DICE = 20;

/** The value of a gun-damage roll packs its two counts: destroyed × this + damaged. */
export const GUN_DAMAGE_PACK = 100;

const FACE_RESULT: readonly GunDamageResultId[] = [1, 2, 3, 4, 5, 6].map(
  (f) => GUN_DAMAGE_TABLE.rows.find((r) => f >= r.from && f <= r.to)!.result,
);

const gunDamageRolls = new Map<number, RollSpec>();

/**
 * n d6 read on the Counter Battery Damage Table, one per crew stand lost. Only the counts matter, so
 * the value packs them: guns destroyed × 100 + guns damaged (the rest are crew casualties).
 * Multinomial: P(a damaged, b destroyed) = C(n,a) C(n−a,b) 4^(n−a−b) / 6^n.
 */
export function gunDamageRoll(n: number): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > MAX_GUN_DAMAGE_DICE) {
    throw new RangeError(`the gun-damage roll needs 1..${MAX_GUN_DAMAGE_DICE} dice, got ${n}`);
  }
  let spec = gunDamageRolls.get(n);
  if (!spec) {
    const ways = (result: GunDamageResultId) => FACE_RESULT.filter((r) => r === result).length;
    const [wc, wd, wx] = [ways('crew-casualty'), ways('gun-damaged'), ways('gun-destroyed')];
    spec = defineRoll({
      id: `${n}d6-gun-damage`,
      label: `${n}d6 on the Counter Battery Damage Table`,
      dice: Array.from({ length: n }, () => ({ min: 1, max: 6, name: 'd6' })),
      combine: (faces) => {
        let damaged = 0;
        let destroyed = 0;
        for (let i = 0; i < faces.length; i++) {
          const r = FACE_RESULT[faces[i]! - 1];
          if (r === 'gun-damaged') damaged++;
          else if (r === 'gun-destroyed') destroyed++;
        }
        return destroyed * GUN_DAMAGE_PACK + damaged;
      },
      outcomes: () => {
        const out: RollOutcome[] = [];
        for (let b = 0; b <= n; b++) {
          for (let a = 0; a + b <= n; a++) {
            const w = binomial(n, a) * binomial(n - a, b) * wd ** a * wx ** b * wc ** (n - a - b);
            out.push({ value: b * GUN_DAMAGE_PACK + a, ways: w });
          }
        }
        return out;
      },
    });
    gunDamageRolls.set(n, spec);
  }
  return spec;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}
