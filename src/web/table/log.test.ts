import { describe, expect, it } from 'vitest';
import type { GameLogEntry } from '../../protocol/api.ts';
import { turnStarts } from './Log.tsx';

const entry = (index: number, turn: number): GameLogEntry => ({
  index,
  side: 'a',
  turn,
  text: '',
  events: [],
});

describe("the scrubber's turn marks", () => {
  it('marks the first command of each turn after the first', () => {
    const log = [entry(0, 1), entry(1, 1), entry(2, 2), entry(3, 2), entry(4, 3)];
    expect(turnStarts(log, 3, 5)).toEqual([
      { turn: 2, index: 2 },
      { turn: 3, index: 4 },
    ]);
  });

  it('marks the turn the game is in at the end of the log when nothing was given in it yet', () => {
    expect(turnStarts([entry(0, 1), entry(1, 1)], 2, 2)).toEqual([{ turn: 2, index: 2 }]);
    expect(turnStarts([], 1, 0)).toEqual([]);
  });
});
