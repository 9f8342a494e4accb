import { describe, expect, it } from 'vitest';
import type { CommandOdds } from '../../protocol/api.ts';
import { cannotTakeAStand, mayCauseEvent } from './harm.ts';

const fire = (lost: [number, number][], event: [string, number][]): CommandOdds => ({
  procedure: 'small-arms-fire',
  title: 'The European regiment fires at Matchlockmen',
  charts: [
    { name: 'Stands lost', outcomes: lost.map(([outcome, probability]) => ({ outcome, probability })) },
    {
      name: 'Event on the target',
      outcomes: event.map(([outcome, probability]) => ({ outcome, probability })),
    },
  ],
});

describe('what a roll can do, from its exact odds', () => {
  it('a fire that loses the target 0 stands on every throw cannot take a stand', () => {
    expect(cannotTakeAStand([fire([[0, 1]], [['no event', 1]])])).toBe(true);
    expect(mayCauseEvent([fire([[0, 1]], [['no event', 1]])])).toBe(false);
    expect(
      mayCauseEvent([
        fire(
          [[0, 1]],
          [
            ['no event', 5 / 6],
            ['event', 1 / 6],
          ],
        ),
      ]),
    ).toBe(true);
  });

  it('any chance of a stand, or no stands chart at all, is not "cannot hurt"', () => {
    expect(
      cannotTakeAStand([
        fire(
          [
            [0, 35 / 36],
            [1, 1 / 36],
          ],
          [['no event', 1]],
        ),
      ]),
    ).toBe(false);
    expect(cannotTakeAStand([{ procedure: 'rally-test', title: 'Rally', charts: [] }])).toBe(false);
    expect(cannotTakeAStand([])).toBe(false);
  });
});
