import { describe, expect, it } from 'vitest';
import { MAX_REROLLS } from '../../tables/unit-events.ts';
import type { UnitEventFacts } from './facts.ts';
import { ARTILLERY, CAVALRY, INFANTRY, MUSICIANS, none, run } from './fixtures.ts';

/** Unit events: entries whose condition does not hold are rolled again, up to the limit. */

// Each re-roll condition: a face it sends back, then 17 (musicians, which every table has at 15-19).
const REROLLS: [string, UnitEventFacts, number][] = [
  ['infantry dust in the rain (47)', { ...INFANTRY, raining: true }, 47],
  ['infantry dust in the rain (49)', { ...INFANTRY, raining: true }, 49],
  ['native infantry, friends cut up (88)', { ...INFANTRY, army: 'native' }, 88],
  ['native infantry, friends cut up (89)', { ...INFANTRY, army: 'native' }, 89],
  ['native infantry, fanatics (96)', { ...INFANTRY, army: 'native' }, 96],
  ['native infantry, fanatics (99)', { ...INFANTRY, army: 'native' }, 99],
  ['infantry with no colours left (20)', { ...INFANTRY, coloursLost: 'all' }, 20],
  ['British infantry with no colours left (34)', { ...INFANTRY, army: 'british', coloursLost: 'all' }, 34],
  ['British cavalry, standard (20)', { ...CAVALRY, army: 'british' }, 20],
  ['British cavalry, standard (34)', { ...CAVALRY, army: 'british' }, 34],
  ['cavalry with its standard gone (25)', { ...CAVALRY, coloursLost: 'all' }, 25],
  ['cavalry dust in the rain (48)', { ...CAVALRY, raining: true }, 48],
  ['native cavalry, fanatics (55)', { ...CAVALRY, army: 'native' }, 55],
  ['native cavalry, fanatics (59)', { ...CAVALRY, army: 'native' }, 59],
  ['native cavalry, friends cut up (60)', { ...CAVALRY, army: 'native' }, 60],
  ['native cavalry, friends cut up (61)', { ...CAVALRY, army: 'native' }, 61],
  ['battery on Defend, soft ground (20)', { ...ARTILLERY, defendOrders: true }, 20],
  ['battery on Defend, very rough (25)', { ...ARTILLERY, defendOrders: true }, 25],
  ['battery on Defend, nullah (26)', { ...ARTILLERY, defendOrders: true }, 26],
  ['battery on Defend, firm ground (31)', { ...ARTILLERY, defendOrders: true }, 31],
  ['battery smoke in the rain (32)', { ...ARTILLERY, raining: true }, 32],
  ['battery smoke in the rain (45)', { ...ARTILLERY, raining: true }, 45],
  ['battery not moving, disordered (46)', { ...ARTILLERY, batteryMove: 'none' }, 46],
  ['battery not moving, disordered (48)', { ...ARTILLERY, batteryMove: 'none' }, 48],
  ['battery not moving, gun overturned (63)', { ...ARTILLERY, batteryMove: 'none' }, 63],
  ['battery that prolonged, gun overturned (69)', { ...ARTILLERY, batteryMove: 'prolonge' }, 69],
  ['battery not under artillery fire, caisson (70)', { ...ARTILLERY, underArtilleryFire: false }, 70],
  ['battery not under artillery fire, caisson (85)', { ...ARTILLERY, underArtilleryFire: false }, 85],
];

describe('unit event: entries that do not apply are rolled again', () => {
  it.each(REROLLS)('%s', (_name, facts, face) => {
    const r = run(facts, [face, 17]);
    expect(r.entry).toBe('musicians-lost');
    expect(r.rerolls).toBe(1);
    expect(r.effects).toEqual(MUSICIANS);
  });

  it('a battery that prolonged is moving: 46-48 applies, 63-69 does not', () => {
    const prolonge = { ...ARTILLERY, batteryMove: 'prolonge' as const };
    expect(run(prolonge, [46]).entry).toBe('disordered-without-orders');
    expect(run(prolonge, [63, 66, 17]).rerolls).toBe(2);
  });

  it('the same entries apply when the condition does not hold', () => {
    expect(run(INFANTRY, [47]).entry).toBe('blinded');
    expect(run({ ...INFANTRY, army: 'british' }, [88]).entry).toBe('friends-cut-up');
    expect(run({ ...CAVALRY, army: 'native' }, [20]).entry).toBe('standard-lost');
    expect(run(ARTILLERY, [20, 3]).entry).toBe('soft-ground');
  });

  it(`thrown dice stop after ${MAX_REROLLS} re-rolls: the event lapses`, () => {
    const rain = { ...INFANTRY, raining: true };
    const lapsed = run(rain, Array(MAX_REROLLS + 1).fill(48));
    expect(lapsed.entry).toBeUndefined();
    expect(lapsed.rerolls).toBe(MAX_REROLLS);
    expect(lapsed.effects).toEqual(none('re-roll-limit'));
    const last = run(rain, [...Array(MAX_REROLLS).fill(48), 17]);
    expect(last.entry).toBe('musicians-lost');
    expect(last.rerolls).toBe(MAX_REROLLS);
  });
});
