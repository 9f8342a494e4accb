import { describe, expect, it } from 'vitest';
import { PrngDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { CONFRONTATION_RESULTS } from '../../tables/confrontation.ts';
import type { ConfrontationFacts } from './facts.ts';
import { noEvents, probabilityOf, run, steady, zeroRfs } from './fixtures.ts';
import { confrontation } from './index.ts';
import { prepareConfrontation, resolveConfrontation } from './resolve.ts';

describe('confrontation: every row of the results table through the procedure (16 stands a side, Steady, RF 0)', () => {
  // [charger level, target level, row, winner, charger lost, target lost, charger status, target status,
  //  charger move, target move, loss dice]
  const rows: [
    number,
    number,
    string,
    string,
    number,
    number,
    string,
    string,
    string,
    string,
    Record<string, number[]>,
  ][] = [
    [18, 18, 'close-combat-recoil', 'none', 2, 2, 'Wavering', 'Wavering', 'recoil', 'recoil', {}],
    [19, 18, 'close-combat-forced-back', 'charger', 1, 2, 'Steady', 'Wavering', 'none', 'forced-back', {}],
    [20, 18, 'close-combat-rout', 'charger', 1, 4, 'Steady', 'Panicked', 'none', 'rout', {}],
    [15, 15, 'confrontation-recoil', 'none', 0, 0, 'Shaken', 'Shaken', 'recoil', 'recoil', {}],
    [
      21,
      18,
      'confrontation-fall-back',
      'charger',
      1,
      1,
      'Steady',
      'Shaken',
      'none',
      'fall-back',
      { chargerLoss: [1] },
    ],
    [
      22,
      18,
      'confrontation-forced-back',
      'charger',
      0,
      2,
      'Steady',
      'Wavering',
      'none',
      'forced-back',
      { chargerLoss: [2] },
    ],
    [
      23,
      18,
      'confrontation-rout',
      'charger',
      1,
      2,
      'Steady',
      'Panicked',
      'none',
      'rout',
      { chargerLoss: [3] },
    ],
    [
      15,
      14,
      'confrontation-fall-back',
      'charger',
      0,
      1,
      'Steady',
      'Shaken',
      'none',
      'fall-back',
      { chargerLoss: [4] },
    ],
    [
      16,
      14,
      'confrontation-forced-back',
      'charger',
      1,
      2,
      'Steady',
      'Wavering',
      'none',
      'forced-back',
      { chargerLoss: [5] },
    ],
    [
      17,
      14,
      'confrontation-forced-back',
      'charger',
      0,
      2,
      'Steady',
      'Wavering',
      'none',
      'forced-back',
      { chargerLoss: [6] },
    ],
    [
      18,
      14,
      'confrontation-rout',
      'charger',
      1,
      2,
      'Steady',
      'Panicked',
      'none',
      'rout',
      { chargerLoss: [1] },
    ],
    [14, 18, 'confrontation-rout', 'target', 2, 1, 'Panicked', 'Steady', 'rout', 'none', { targetLoss: [1] }],
    [17, 18, 'close-combat-forced-back', 'target', 2, 1, 'Wavering', 'Steady', 'forced-back', 'none', {}],
  ];
  it.each(rows)(
    'charger %i v target %i: %s, winner %s, losses %i/%i, %s/%s, moves %s/%s',
    (c, t, row, winner, cLost, tLost, cStatus, tStatus, cMove, tMove, lossDice) => {
      const r = run({ charger: steady(c), target: steady(t) }, { ...zeroRfs, ...noEvents, ...lossDice });
      expect(r.row).toBe(row);
      expect(r.kind).toBe(CONFRONTATION_RESULTS.rows[r.row].kind);
      expect(r.winner).toBe(winner);
      expect(r.difference).toBe(Math.abs(c - t));
      expect([r.charger.standsLost, r.target.standsLost]).toEqual([cLost, tLost]);
      expect([r.charger.standsLeft, r.target.standsLeft]).toEqual([16 - cLost, 16 - tLost]);
      expect([r.charger.status, r.target.status]).toEqual([cStatus, tStatus]);
      expect([r.charger.move, r.target.move]).toEqual([cMove, tMove]);
      expect(r.charger.disordered).toBe(cMove === 'forced-back' || cMove === 'rout');
      expect(r.target.disordered).toBe(tMove === 'forced-back' || tMove === 'rout');
    },
  );

  it('a Recoil moves both back 1.5" (3" apart) unless the target holds works or a square', () => {
    const open = run({ charger: steady(15), target: steady(15) }, { ...zeroRfs, ...noEvents });
    expect([open.charger.recoilInches, open.target.recoilInches]).toEqual([1.5, 1.5]);
    const works = run(
      { charger: steady(15), target: steady(15, { defendingWorksOrSquare: true }) },
      { ...zeroRfs, ...noEvents },
    );
    expect([works.charger.move, works.target.move]).toEqual(['recoil', 'none']);
    expect([works.charger.recoilInches, works.target.recoilInches]).toEqual([3, 0]);
    expect(works.target.status).toBe('Shaken'); // it holds, but still takes the row's status
  });

  it.each([
    [23, 18, { chargerLoss: [2] }, 'this-turn'],
    [14, 18, { targetLoss: [2] }, 'next-turn'],
    [20, 18, {}, 'next-turn'],
    [18, 18, {}, 'none'],
    [15, 15, {}, 'none'],
  ])('charger %i v target %i: the winner may pursue %#: %s', (c, t, lossDice, pursuit) => {
    const r = run({ charger: steady(c), target: steady(t) }, { ...zeroRfs, ...noEvents, ...lossDice });
    expect(r.pursuit).toBe(pursuit);
  });

  it('the exception does nothing when the result is not a Recoil', () => {
    const r = run(
      { charger: steady(20), target: steady(18, { defendingWorksOrSquare: true }) },
      { ...zeroRfs, ...noEvents },
    );
    expect(r.target.move).toBe('rout');
  });

  it('a side losing its last stands is never taken below 0', () => {
    const r = run(
      { charger: steady(23, { stands: 1 }), target: steady(18, { stands: 2 }) },
      { ...zeroRfs, ...noEvents, chargerLoss: [5] },
    );
    expect(r.charger.standsLost).toBe(1);
    expect(r.charger.standsLeft).toBe(0);
    expect(r.target.standsLost).toBe(0); // floor(2 / 6)
  });

  it('the winner keeps its own status, even a poor one', () => {
    const r = run(
      { charger: steady(25, { status: 'Shaken' }), target: steady(18) },
      { ...zeroRfs, ...noEvents, chargerLoss: [2] },
    );
    expect(r.winner).toBe('charger');
    expect(r.charger.status).toBe('Shaken');
  });
});

describe('confrontation: the Event Die (1 for a Confrontation result, 1-2 for Close Combat)', () => {
  it.each([
    [18, 18, 1, true],
    [18, 18, 2, true],
    [18, 18, 3, false],
    [15, 15, 1, true],
    [15, 15, 2, false],
    [15, 15, 6, false],
  ])('levels %i v %i, Event Die %i: event %s', (c, t, face, event) => {
    const r = run(
      { charger: steady(c), target: steady(t) },
      { ...zeroRfs, chargerEventDie: [face], targetEventDie: [6] },
    );
    expect(r.charger.event).toBe(event);
    expect(r.target.event).toBe(false);
  });

  it('P(event) is 1/3 per side in Close Combat and 1/6 in Confrontation', () => {
    const caught: ConfrontationFacts = { charger: steady(15), target: steady(15), targetCaughtEvading: true };
    expect(probabilityOf(caught, 'Event (charger)', 'Event')).toBeCloseTo(1 / 3, 12);
    expect(probabilityOf(caught, 'Event (target)', 'Event')).toBeCloseTo(1 / 3, 12);
    // Levels 30 v 1 can only give a Confrontation Rout.
    const lopsided: ConfrontationFacts = { charger: steady(30), target: steady(1) };
    expect(probabilityOf(lopsided, 'Result', 'Confrontation Rout')).toBeCloseTo(1, 12);
    expect(probabilityOf(lopsided, 'Event (charger)', 'Event')).toBeCloseTo(1 / 6, 12);
  });
});

describe('confrontation: the prepared resolver', () => {
  it('gives exactly what resolve gives, dice for dice', () => {
    for (const example of confrontation.examples) {
      const facts = confrontation.facts.parse(example.facts);
      const run = prepareConfrontation(facts);
      for (let seed = 0; seed < 200; seed++) {
        expect(run(new PrngDice(seedRng(seed)))).toEqual(
          resolveConfrontation(facts, new PrngDice(seedRng(seed))),
        );
      }
    }
  });
});
