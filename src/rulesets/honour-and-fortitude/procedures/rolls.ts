import { d6, defineRoll, type RollOutcome, type RollSpec } from '../../../core/random/rolls.ts';
import type { MeleeFaces } from '../tables/melee.ts';

/** Honour & Fortitude's rolls beyond the core's (docs/dice.md lists the core's). */

const D6_DIE = d6.dice[0]!;

const atMostRolls = new Map<number, RollSpec>();
/** One d6 read as 1 when it shows `n` or less, else 0: P(1) = n/6 (an extra casualty, an initiation). */
export function d6AtMost(n: number): RollSpec {
  let spec = atMostRolls.get(n);
  if (!spec) {
    spec = defineRoll({
      id: `hf-d6-at-most-${n}`,
      label: `1d6 (${n} or less)`,
      dice: [D6_DIE],
      combine: (f) => (f[0]! <= n ? 1 : 0),
      draw: (p) => (1 + p.int(6) <= n ? 1 : 0),
    });
    atMostRolls.set(n, spec);
  }
  return spec;
}

/** Packs a melee roll's kills and bundles into the one value a procedure sees. */
const PACK = 128;
export const meleeKills = (value: number): number => Math.floor(value / PACK);
export const meleeBundles = (value: number): number => value % PACK;

const meleeRolls = new Map<string, RollSpec>();
/**
 * One d6 per figure in melee, each a kill on `killFrom`+ or a bundle on `bundleFrom`..`bundleTo`
 * (H&F QRS, Melees); the value packs kills and bundles (`meleeKills`, `meleeBundles`). Trinomial:
 * P(k, b) = n! / (k! b! (n-k-b)!) pk^k pb^b po^(n-k-b), with pk, pb, po the faces' shares of 6.
 */
export function meleeDice(n: number, faces: MeleeFaces): RollSpec {
  if (!Number.isInteger(n) || n < 1 || n > 60) throw new RangeError(`meleeDice needs 1..60 dice, got ${n}`);
  const key = `${n}:${faces.bundleFrom}-${faces.bundleTo}:${faces.killFrom}`;
  let spec = meleeRolls.get(key);
  if (!spec) {
    const killFaces = 7 - faces.killFrom;
    const bundleFaces = faces.bundleTo - faces.bundleFrom + 1;
    const otherFaces = 6 - killFaces - bundleFaces;
    spec = defineRoll({
      id: `hf-melee-${n}d6-${key}`,
      label: `${n}d6 (bundle ${faces.bundleFrom}-${faces.bundleTo}, kill ${faces.killFrom}+)`,
      dice: Array.from({ length: n }, () => D6_DIE),
      reads: (value) => `${countOf(meleeKills(value), 'kill')}, ${countOf(meleeBundles(value), 'bundle')}`,
      combine: (f) => {
        let kills = 0;
        let bundles = 0;
        for (let i = 0; i < f.length; i++) {
          if (f[i]! >= faces.killFrom) kills++;
          else if (f[i]! >= faces.bundleFrom && f[i]! <= faces.bundleTo) bundles++;
        }
        return kills * PACK + bundles;
      },
      outcomes: () => {
        const out: RollOutcome[] = [];
        for (let k = 0; k <= n; k++)
          for (let b = 0; b + k <= n; b++)
            out.push({
              value: k * PACK + b,
              ways: multinomial(n, k, b) * killFaces ** k * bundleFaces ** b * otherFaces ** (n - k - b),
            });
        return out.filter((o) => o.ways > 0);
      },
    });
    meleeRolls.set(key, spec);
  }
  return spec;
}

function multinomial(n: number, k: number, b: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  let d = 1;
  const rest = n - k;
  for (let i = 1; i <= b; i++) d = (d * (rest - b + i)) / i;
  return Math.round(c) * Math.round(d);
}

/** `1 kill`, `2 kills`. */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
