import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../../core/table/fixtures.ts';
import type { TableState, UnitState } from '../../../../core/table/model.ts';
import { JohnCompanySight } from '../line-of-sight.ts';
import { TableSpotting } from './spotting.ts';

/**
 * Spotting carried from one table to the next, on hand-checked geometry: one-stand units 2" wide and
 * 1" deep facing along y; red's `a` at x = 28, y = 10 looks at blue's `b` at x = 28, y = 40.
 */

const solo = (id: string, x: number, y: number, side: string): UnitState => ({
  id,
  side,
  formation: 'close-order-line',
  facing: 90,
  stands: [{ id, kind: 'infantry', x, y, facing: 90, width: 2, depth: 1, rank: 0, file: 0 }],
});

/** The spotting of `table`, counting the sights it builds. */
function spottingOf(table: TableState, defenders: string[] = []) {
  const built = { sights: 0 };
  const spotting = new TableSpotting(table, defenders, () => {
    built.sights++;
    return new JohnCompanySight(table, { townDefenders: defenders });
  });
  return { spotting, built };
}

/** `table` with `unit` put in (or replaced), on the same terrain. */
const withUnit = (table: TableState, unit: UnitState): TableState => ({
  ...table,
  units: { ...table.units, [unit.id]: unit },
});

/** Red's `a` sees blue's `b`; blue's `f` stands far off. */
const farTable = () =>
  tableOf({ units: [solo('a', 28, 10, 'red'), solo('b', 28, 40, 'blue'), solo('f', 60, 40, 'blue')] });

/** The spottings of `count` tables after `first` (`farTable`), made in turn, `f` 2" further off each time. */
const spottingsAfter = (first: TableState, count: number) =>
  Array.from({ length: count }, (_, i) => spottingOf(withUnit(first, solo('f', 62 + 2 * i, 40, 'blue'))));

describe('spotting carried from one table to the next', () => {
  it('keeps a positive verdict while nothing moves near its line, without building a sight', () => {
    const first = tableOf({
      units: [solo('a', 28, 10, 'red'), solo('b', 28, 40, 'blue'), solo('f', 60, 40, 'blue')],
    });
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(true);
    const next = spottingOf(withUnit(first, solo('f', 62, 40, 'blue')));
    expect(next.spotting.carried, 'carried only when asked').toBe(0);
    expect(next.spotting.spots('red', 'b')).toBe(true);
    expect(next.spotting.carried).toBe(1);
    expect(next.built.sights).toBe(0);
  });

  it('drops a positive verdict when a unit moves onto its line', () => {
    const first = tableOf({
      units: [solo('a', 28, 10, 'red'), solo('b', 28, 40, 'blue'), solo('w', 60, 25, 'blue')],
    });
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(true);
    const next = spottingOf(withUnit(first, solo('w', 28, 25, 'blue')));
    expect(next.spotting.spots('red', 'b')).toBe(false);
    expect(next.built.sights).toBe(1);
  });

  it('asks again the spotters whose band a move changed: a unit moving off the line opens it', () => {
    const first = tableOf({
      units: [solo('a', 28, 10, 'red'), solo('b', 28, 40, 'blue'), solo('w', 28, 25, 'blue')],
    });
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(false);
    const next = spottingOf(withUnit(first, solo('w', 60, 25, 'blue')));
    expect(next.spotting.spots('red', 'b')).toBe(true);
  });

  it('keeps a negative verdict when the move is far from every spotter’s band', () => {
    const first = tableOf({
      units: [
        solo('a', 28, 10, 'red'),
        solo('b', 28, 40, 'blue'),
        solo('w', 28, 25, 'blue'),
        solo('f', 60, 40, 'blue'),
      ],
    });
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(false);
    const next = spottingOf(withUnit(first, solo('f', 62, 40, 'blue')));
    expect(next.spotting.spots('red', 'b')).toBe(false);
    expect(next.built.sights).toBe(0);
  });

  it('carries nothing about a unit whose town defence changed', () => {
    const first = tableOf({ units: [solo('a', 28, 10, 'red'), solo('b', 28, 40, 'blue')] });
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(true);
    const next = spottingOf({ ...first }, ['b']);
    expect(next.spotting.carried).toBe(0);
    expect(next.spotting.spots('red', 'b')).toBe(true);
    expect(next.built.sights).toBe(1);
  });

  it('carries a verdict when asked, through spottings never asked, as far as eight back', () => {
    const first = farTable();
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(true);
    const eighth = spottingsAfter(first, 8).at(-1)!;
    expect(eighth.spotting.spots('red', 'b')).toBe(true);
    expect(eighth.spotting.carried).toBe(1);
    expect(eighth.built.sights).toBe(0);
  });

  it('works out a verdict known only nine spottings back', () => {
    const first = farTable();
    expect(spottingOf(first).spotting.spots('red', 'b')).toBe(true);
    const ninth = spottingsAfter(first, 9).at(-1)!;
    expect(ninth.spotting.spots('red', 'b')).toBe(true);
    expect(ninth.spotting.carried).toBe(0);
    expect(ninth.built.sights).toBe(1);
  });
});
