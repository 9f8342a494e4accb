import { describe, expect, it } from 'vitest';
import { tableOf } from '../../core/table/fixtures.ts';
import type { UnitStandState, UnitState } from '../../core/table/model.ts';
import { blockInWords, sightLinesFrom } from './sight.ts';

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
    const lines = sightLinesFrom(table, 'a', nameOf);
    expect(lines.find((l) => l.target === 'k')).toEqual({ target: 'k', visible: true });
    expect(lines.find((l) => l.target === 'b')).toMatchObject({
      visible: false,
      blocked: expect.stringMatching(/^Screened by the skirmish line of The K skirmishers: /),
    });
    const close = tableOf({
      units: [unit('a', 'red', [stand('a1', 28, 10)]), screen, unit('b', 'blue', [stand('b1', 28, 28)])],
    });
    expect(sightLinesFrom(close, 'a', nameOf).find((l) => l.target === 'b')).toEqual({
      target: 'b',
      visible: true,
    });
  });
});

const nameOf = (id: string) => `The ${id.toUpperCase()} skirmishers`;

describe('a blocked line in words', () => {
  const rule = { source: 'john-company', section: 'Line of sight' } as never;
  it('names the unit in the way, never its stand', () => {
    const by = { kind: 'stand', standId: 'k2', ownerId: 'k' } as const;
    const words = blockInWords(
      { reason: 'stand-in-the-way', by, rule, label: 'Stand k2 of k is in the way' },
      nameOf,
    );
    expect(words).toBe('The K skirmishers is in the way');
  });
  it('says a feature of the table in words, never its id', () => {
    const by = { kind: 'terrain', featureId: 'garden-wall', terrainKind: 'wall-low' } as const;
    const label = 'wall-low garden-wall is in the way';
    expect(blockInWords({ reason: 'barrier', by, rule, label }, nameOf)).toBe(
      'The garden wall is in the way',
    );
    const woods = { kind: 'terrain', featureId: 'thick-woods', terrainKind: 'heavy-woods' } as const;
    const deep = 'Target more than 2" inside thick-woods';
    expect(blockInWords({ reason: 'woods-too-deep-to-see-in', by: woods, rule, label: deep }, nameOf)).toBe(
      'Target more than 2" inside the thick woods',
    );
  });
});
