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

  it('a fire at an unscreened target (its screened unit\'s chart reads "not screened") cannot either', () => {
    // The charts of a real fire of the game's odds (a gun at long range, one crew stand firing).
    const odds: CommandOdds = {
      procedure: 'artillery-fire',
      title: 'The light gun fires at the 2nd battalion of the regular brigade',
      charts: [
        { name: 'Stands lost', outcomes: [{ outcome: 0, probability: 1 }] },
        { name: 'Stands lost by the target', outcomes: [{ outcome: 0, probability: 1 }] },
        { name: 'Stands lost by the screened unit', outcomes: [{ outcome: 'not screened', probability: 1 }] },
      ],
    };
    expect(cannotTakeAStand([odds])).toBe(true);
    const screened = {
      ...odds,
      charts: [
        ...odds.charts.slice(0, 2),
        {
          name: 'Stands lost by the screened unit',
          outcomes: [
            { outcome: 0, probability: 0.5 },
            { outcome: 1, probability: 0.5 },
          ],
        },
      ],
    };
    expect(cannotTakeAStand([screened])).toBe(false);
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
