import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../random/dice.ts';
import { d6, nd6, oddD6, randomFactor } from '../random/rolls.ts';
import type { OddsView } from '../rules/procedure.ts';
import { forEachOutcome } from './enumerate.ts';
import { tallyByPrefixClass } from './prefix-classes.ts';
import { OddsTally } from './tally.ts';

/** Two Random Factors, then a roll that depends on who is ahead: a toy confrontation. */
interface Duel {
  readonly ahead: 'first' | 'second' | 'neither';
  readonly bonus: number;
  readonly margin: number;
}
function duel(dice: DiceSource): Duel {
  const first = dice.roll(randomFactor, 'first');
  const second = dice.roll(randomFactor, 'second');
  const ahead = first > second ? 'first' : first < second ? 'second' : 'neither';
  const bonus =
    ahead === 'first' ? dice.roll(nd6(2), 'bonus') : ahead === 'second' ? dice.roll(oddD6, 'bonus') : 0;
  return { ahead, bonus, margin: first - second };
}
/** Views that see who is ahead and the bonus, not the margin. */
const views: readonly OddsView<Duel>[] = [
  { name: 'Ahead', project: (r) => r.ahead },
  { name: 'Bonus', project: (r) => r.bonus },
];
const AHEAD = { first: 0, second: 1, neither: 2 } as const;
const aheadClass = (rf: Int32Array) =>
  AHEAD[rf[0]! > rf[1]! ? 'first' : rf[0]! < rf[1]! ? 'second' : 'neither'];

function enumerated(run: (dice: DiceSource) => Duel) {
  const tally = new OddsTally(views);
  forEachOutcome(run, (r, p) => tally.add(r, p));
  return tally.reports();
}
function byClass(classOf: (values: Int32Array) => number, run: (dice: DiceSource) => Duel = duel) {
  const tally = new OddsTally(views);
  tallyByPrefixClass(tally, [randomFactor, randomFactor], classOf, run);
  return tally.reports();
}

describe('tallyByPrefixClass', () => {
  it('with an honest class, equals enumerating every path, bit for bit and in the same order', () => {
    expect(byClass(aheadClass)).toEqual(enumerated(duel));
  });

  it('with a class that hides a difference, gives other odds (which is why each use is tested)', () => {
    expect(byClass(() => 0)).not.toEqual(enumerated(duel));
  });

  it('with no prefix, is the plain enumeration', () => {
    const tally = new OddsTally(views);
    tallyByPrefixClass(tally, [], () => 0, duel);
    expect(tally.reports()).toEqual(enumerated(duel));
  });

  it('rejects a procedure that does not open with the whole prefix', () => {
    const tally = new OddsTally(views);
    expect(() => tallyByPrefixClass(tally, [randomFactor, d6], aheadClass, duel)).toThrow(
      /roll 2 \("second"\) is not the prefix's d6/,
    );
    const unopposed = (dice: DiceSource): Duel => {
      const margin = dice.roll(randomFactor, 'first');
      return { ahead: margin > 0 ? 'first' : 'neither', bonus: 0, margin };
    };
    expect(() => tallyByPrefixClass(tally, [randomFactor, randomFactor], () => 0, unopposed)).toThrow(
      /threw 1 of the prefix's 2 rolls/,
    );
  });
});
