import { describe, expect, it } from 'vitest';
import { tableOf } from '../../core/table/fixtures.ts';
import type { UnitStandState, UnitState } from '../../core/table/model.ts';
import { sightLinesFrom } from './sight.ts';

const stand = (id: string, x: number, y: number): UnitStandState => ({
  id,
  kind: 'infantry',
  x,
  y,
  facing: 90,
  width: 2,
  depth: 1,
  rank: 0,
  file: 0,
});
const unit = (
  id: string,
  side: string,
  stands: UnitStandState[],
  formation = 'close-order-line',
): UnitState => ({
  id,
  side,
  formation,
  facing: 90,
  stands,
});

describe("a selected unit's lines of sight", () => {
  it('count skirmish screens as spotting does: a unit far behind its skirmishers is not seen, and says why', () => {
    const screen = unit(
      'k',
      'blue',
      [stand('k1', 26, 25), stand('k2', 30, 25), stand('k3', 34, 25)],
      'skirmish-order',
    );
    const table = tableOf({
      units: [unit('a', 'red', [stand('a1', 28, 10)]), screen, unit('b', 'blue', [stand('b1', 28, 40)])],
    });
    const lines = sightLinesFrom(table, 'a');
    expect(lines.find((l) => l.target === 'k')).toEqual({ target: 'k', visible: true });
    expect(lines.find((l) => l.target === 'b')).toMatchObject({
      visible: false,
      blocked: expect.stringMatching(/^Screened by the skirmish line/),
    });
    const close = tableOf({
      units: [unit('a', 'red', [stand('a1', 28, 10)]), screen, unit('b', 'blue', [stand('b1', 28, 28)])],
    });
    expect(sightLinesFrom(close, 'a').find((l) => l.target === 'b')).toEqual({ target: 'b', visible: true });
  });
});
