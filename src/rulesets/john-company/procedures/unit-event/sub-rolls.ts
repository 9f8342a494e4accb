/**
 * The dice an Events Table entry throws after the percentile (Part 4, the Infantry, Cavalry and
 * Artillery Events Tables): the commander hit, friend or foe, fired on, guns, a scratch against his
 * Leadership and the movement dice. Each is read only as far as the entry needs (fewer branches for
 * the exact odds).
 */
import {
  d6,
  d6Plus3,
  d10,
  defineRoll,
  nd6,
  type RollSpec,
  twoD6Plus3,
} from '../../../../core/random/rolls.ts';

const D6_DIE = d6.dice[0]!;
const D10_DIE = d10.dice[0]!;

/** The unit commander hit: 1-2 dead (0), 3-5 wounded (1), 6 scratched (2). */
export const commanderHitRoll = defineRoll({
  id: 'jc-commander-hit',
  label: '1d6 (1-2 dead, 3-5 wounded, 6 scratched)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : f[0]! <= 5 ? 1 : 2),
  draw: (p) => {
    const f = 1 + p.int(6);
    return f <= 2 ? 0 : f <= 5 ? 1 : 2;
  },
});
/** Friend or foe: 1-2 he sees they are the enemy (0); 3-6 he rides out to look (1). */
export const friendOrFoeRoll = defineRoll({
  id: 'jc-friend-or-foe',
  label: '1d6 (1-2 no effect, 3-6 rides out)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : 1),
  draw: (p) => (p.int(6) < 2 ? 0 : 1),
});
/** An officer fired on at point blank: 1-2 killed (0), 3-6 wounded (1), 7-10 unscathed (2). */
export const firedOnRoll = defineRoll({
  id: 'jc-officer-fired-on',
  label: '1d10 (1-2 killed, 3-6 wounded, 7-10 unscathed)',
  dice: [D10_DIE],
  combine: (f) => (f[0]! <= 2 ? 0 : f[0]! <= 6 ? 1 : 2),
  draw: (p) => {
    const f = 1 + p.int(10);
    return f <= 2 ? 0 : f <= 6 ? 1 : 2;
  },
});
/** A d6 whose 1 or 2 is that many guns lost; 3-6 none (0). */
export const gunsOnOneOrTwoRoll = defineRoll({
  id: 'jc-guns-on-1-or-2',
  label: '1d6 (1 or 2: that many guns lost)',
  dice: [D6_DIE],
  combine: (f) => (f[0]! <= 2 ? f[0]! : 0),
  draw: (p) => {
    const f = 1 + p.int(6);
    return f <= 2 ? f : 0;
  },
});
const scratchRolls: RollSpec[] = [];
/** Scratched: 1 when the d6 is higher than his Leadership on the 1-6 scale, else 0. */
export function scratchRoll(leadership: number): RollSpec {
  let spec = scratchRolls[leadership];
  if (!spec) {
    spec = defineRoll({
      id: `jc-scratched-above-${leadership}`,
      label: `1d6 (above ${leadership}: must Defend)`,
      dice: [D6_DIE],
      combine: (f) => (f[0]! > leadership ? 1 : 0),
      draw: (p) => (1 + p.int(6) > leadership ? 1 : 0),
    });
    scratchRolls[leadership] = spec;
  }
  return spec;
}
/** The dice of a movement entry: one or two d6, with 3 added or not. */
export function movementRoll(dice: 1 | 2, plus: 0 | 3): RollSpec {
  if (dice === 1) return plus === 0 ? d6 : d6Plus3;
  return plus === 0 ? nd6(2) : twoD6Plus3;
}
