import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../../core/table/fixtures.ts';
import type { StandKind, UnitStandState, UnitState } from '../../../../core/table/model.ts';
import { JohnCompanySight } from '../line-of-sight.ts';

/**
 * Skirmish screens in line of sight (Part 4, Skirmishers), on hand-checked geometry. Stands are 2" wide
 * and 1" deep, facing along y. The skirmish line `k` stands across y = 25 with its stands' centres at
 * x = 26, 30 and 34 (a stand's width apart: gaps from 27 to 29 and 31 to 33); its front edge is at 25.5.
 */

const stand = (id: string, x: number, y: number, kind: StandKind = 'infantry'): UnitStandState => ({
  id,
  kind,
  x,
  y,
  facing: 90,
  width: 2,
  depth: 1,
  rank: 0,
  file: 0,
});
const solo = (id: string, x: number, y: number, side: string, kind: StandKind = 'infantry'): UnitState => ({
  id,
  side,
  formation: 'close-order-line',
  facing: 90,
  stands: [stand(id, x, y, kind)],
});
const skirmishers = (side: string, kind: StandKind = 'infantry'): UnitState => ({
  id: 'k',
  side,
  formation: 'skirmish-order',
  facing: 270,
  stands: [stand('k1', 26, 25, kind), stand('k2', 30, 25, kind), stand('k3', 34, 25, kind)],
});

function sightOf(units: UnitState[]): JohnCompanySight {
  return new JohnCompanySight(tableOf({ units }));
}
const at = (s: JohnCompanySight, id: string) => s.index.standIndex(id);
const fires = (s: JohnCompanySight, a: string, b: string) => s.firesIndex(at(s, a), at(s, b));
const spots = (s: JohnCompanySight, a: string, b: string) => s.spotsIndex(at(s, a), at(s, b));

describe('fire through or over skirmishers', () => {
  it('is blocked through a gap of an enemy skirmish line, though the eye sees through it', () => {
    // a at x = 28 fires at b straight through the gap between k1 and k2.
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), solo('b', 28, 40, 'blue')]);
    expect(s.sees('a', 'b')).toBe(true);
    expect(fires(s, 'a', 'b')).toBe(false);
    const v = s.verdict({ stand: 'a' }, { stand: 'b' }, 'fire');
    expect(v.blocked?.reason).toBe('skirmishers-in-the-way');
    expect(v.blocked?.by).toEqual({ kind: 'stand', standId: 'k1', ownerId: 'k' });
    expect(v.blocked?.rule).toEqual({
      source: 'John Company Part 4',
      section: 'Skirmishers',
      item: 'skirmish lines screen from view and fire',
    });
    expect(s.verdict({ stand: 'a' }, { stand: 'b' }).visible).toBe(true);
  });

  it('is blocked through a friendly skirmish line too', () => {
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('red'), solo('b', 28, 40, 'blue')]);
    expect(fires(s, 'a', 'b')).toBe(false);
    expect(fires(s, 'b', 'a')).toBe(false);
  });

  it('reaches the skirmishers themselves, and the skirmishers fire out', () => {
    const s = sightOf([solo('a', 30, 10, 'red'), skirmishers('blue'), solo('b', 28, 40, 'blue')]);
    expect(fires(s, 'a', 'k2')).toBe(true);
    expect(fires(s, 'k2', 'a')).toBe(true);
  });

  it('passes beside the end of the line, more than half a stand width from its last stand', () => {
    // k3 spans x 33..35: half a width beyond it is 36.
    const clear = sightOf([solo('a', 37, 10, 'red'), skirmishers('blue'), solo('b', 37, 40, 'blue')]);
    expect(fires(clear, 'a', 'b')).toBe(true);
    const grazing = sightOf([solo('a', 35.8, 10, 'red'), skirmishers('blue'), solo('b', 35.8, 40, 'blue')]);
    expect(grazing.sees('a', 'b')).toBe(true);
    expect(fires(grazing, 'a', 'b')).toBe(false);
  });

  it('cannot reach a unit close behind its screen: the fire goes into the skirmishers', () => {
    // b's front edge is 2" behind the skirmishers' rear edge: seen, but not to be fired at through them.
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), solo('b', 28, 28, 'blue')]);
    expect(spots(s, 'a', 'b')).toBe(true);
    expect(fires(s, 'a', 'b')).toBe(false);
  });
});

describe('skirmish lines screen from view', () => {
  it('hide a unit of their side more than 3" behind them', () => {
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), solo('b', 28, 40, 'blue')]);
    expect(spots(s, 'a', 'b')).toBe(false);
    expect(s.unitSpotsUnit('a', 'b')).toBe(false);
    const v = s.verdict({ stand: 'a' }, { stand: 'b' }, 'view');
    expect(v.blocked?.reason).toBe('screened-by-skirmishers');
    expect(v.blocked?.label).toBe(
      'Screened by the skirmish line of k: more than 3" behind it (6" for cavalry behind infantry)',
    );
  });

  it('show a unit 3" or less behind them (which a charge may then target)', () => {
    // Edge to edge: skirmishers 24.5..25.5, b 28.0..29.0: 2.5".
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), solo('b', 28, 28.5, 'blue')]);
    expect(spots(s, 'a', 'b')).toBe(true);
    expect(s.unitSpotsUnit('a', 'b')).toBe(true);
  });

  it('hide infantry 5" behind infantry skirmishers, but not cavalry (6")', () => {
    // Edge to edge: 25.5 to 30.5 is 5".
    const foot = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), solo('b', 28, 31, 'blue')]);
    expect(spots(foot, 'a', 'b')).toBe(false);
    const horse = sightOf([
      solo('a', 28, 10, 'red'),
      skirmishers('blue'),
      solo('b', 28, 31, 'blue', 'cavalry'),
    ]);
    expect(spots(horse, 'a', 'b')).toBe(true);
    const far = sightOf([
      solo('a', 28, 10, 'red'),
      skirmishers('blue'),
      solo('b', 28, 33, 'blue', 'cavalry'),
    ]);
    expect(spots(far, 'a', 'b')).toBe(false);
  });

  it('cavalry skirmishers hide cavalry more than 3" behind them', () => {
    const s = sightOf([
      solo('a', 28, 10, 'red'),
      skirmishers('blue', 'cavalry'),
      solo('b', 28, 31, 'blue', 'cavalry'),
    ]);
    expect(spots(s, 'a', 'b')).toBe(false);
  });

  it('hide only their own side, and nothing outside the line', () => {
    const own = sightOf([solo('a', 28, 10, 'red'), skirmishers('red'), solo('b', 28, 40, 'blue')]);
    expect(spots(own, 'a', 'b')).toBe(true);
    const aside = sightOf([solo('a', 40, 10, 'red'), skirmishers('blue'), solo('b', 40, 40, 'blue')]);
    expect(spots(aside, 'a', 'b')).toBe(true);
    expect(aside.unitSpotsUnit('a', 'b')).toBe(true);
  });

  it('do not hide other skirmishers behind them', () => {
    const other: UnitState = {
      id: 'm',
      side: 'blue',
      formation: 'skirmish-order',
      facing: 270,
      stands: [stand('m1', 28, 40)],
    };
    const s = sightOf([solo('a', 28, 10, 'red'), skirmishers('blue'), other]);
    expect(spots(s, 'a', 'm1')).toBe(true);
    expect(fires(s, 'a', 'm1')).toBe(false);
  });
});
