import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../../../core/odds/enumerate.ts';
import { DiceInputError, PrngDice, type RollRecord, SuppliedDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import type { AppliedModifier } from '../../../../core/rules/modifiers.ts';
import { enumeratedOddsOf, oddsOf, resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { CONFRONTATION_RESULTS, type ConfrontationModifierId } from '../../tables/confrontation.ts';
import { RESOLVE_STATUSES } from '../../vocabulary.ts';
import { type ConfrontationFacts, type ConfrontationResult, confrontationFactsSchema } from './facts.ts';
import { confrontation } from './index.ts';
import { additionalStandsBonus } from './levels.ts';
import { LOSS_ROUNDINGS, ratioLoss } from './loss-rounding.ts';
import { prepareConfrontation, resolveConfrontation } from './resolve.ts';

/** Random Factor faces (positive, negative) giving `v`. */
const rf = (v: number) => (v >= 0 ? [1 + v, 1] : [1, 1 - v]);
const steady = (
  resolveLevel: number,
  more: Partial<ConfrontationFacts['target']> = {},
): ConfrontationFacts['target'] => ({
  resolveLevel,
  status: 'Steady',
  stands: 16,
  ...more,
});
/** Resolves with typed-in dice by key, rejecting unused ones. */
function run(facts: ConfrontationFacts, dice: Record<string, number[]>): ConfrontationResult {
  const supplied = new SuppliedDice(dice);
  const result = resolveConfrontation(facts, supplied);
  supplied.assertAllUsed();
  return result;
}
const zeroRfs = { chargerRandomFactor: rf(0), targetRandomFactor: rf(0) };
const noEvents = { chargerEventDie: [6], targetEventDie: [6] };
const probabilityOf = (facts: ConfrontationFacts, view: string, outcome: string | number) =>
  oddsOf(confrontation, facts)
    .find((v) => v.name === view)!
    .outcomes.filter((o) => o.outcome === outcome)
    .reduce((p, o) => p + o.probability, 0);

describe('confrontation: the examples (no worked example in the text; built from its units)', () => {
  it('European infantry charge volleying Sikhs: 26 v 19, Confrontation Rout', () => {
    const example = confrontation.examples[0]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result).toEqual({
      row: 'confrontation-rout',
      kind: 'confrontation',
      caughtEvading: false,
      winner: 'charger',
      difference: 7,
      column: '16-and-above',
      pursuit: 'this-turn',
      charger: {
        level: 26,
        standsLost: 0,
        standsLeft: 16,
        status: 'Confident',
        move: 'none',
        recoilInches: 0,
        disordered: false,
        event: false,
      },
      target: {
        level: 19,
        standsLost: 2,
        standsLeft: 10,
        status: 'Panicked',
        move: 'rout',
        recoilInches: 0,
        disordered: true,
        event: true,
      },
    });
    // Charger: 20, charging 21, close order 22, +1 for 16 v 12 stands 23, Confident 24, RF +2 26.
    // Target: 17, close order 18, gave fire 19, Steady 19, RF 0 19.
    expect(r.trace.map((s) => s.total).filter((t) => t !== undefined)).toEqual([
      20, 21, 22, 23, 24, 17, 18, 19, 19, 26, 19,
    ]);
    expect(r.rolls.map((x) => x.key)).toEqual([
      'chargerRandomFactor',
      'targetRandomFactor',
      'chargerEventDie',
      'targetEventDie',
      'chargerLoss',
    ]);
  });

  it('lancers against a square: a tie at 18 is a Close Combat Recoil; the square holds, the lancers go back 3"', () => {
    const example = confrontation.examples[1]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result.row).toBe('close-combat-recoil');
    expect(r.result.winner).toBe('none');
    expect(r.result.charger).toMatchObject({
      level: 18,
      standsLost: 1,
      status: 'Wavering',
      move: 'recoil',
      recoilInches: 3,
    });
    expect(r.result.target).toMatchObject({
      level: 18,
      standsLost: 1,
      status: 'Wavering',
      move: 'none',
      recoilInches: 0,
    });
    expect(r.result.target.event).toBe(true); // face 2: an Event in Close Combat
  });

  it('final levels the referee already has: no modifier added, no Random Factor thrown', () => {
    const example = confrontation.examples[2]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.rolls.map((x) => x.key)).toEqual(['chargerEventDie', 'targetEventDie', 'chargerLoss']);
    // 23 v 18, the loser in the 16-and-above column: a difference of 5 is a Confrontation Rout.
    expect(r.result).toMatchObject({ winner: 'charger', difference: 5, row: 'confrontation-rout' });
    expect(r.result.charger).toMatchObject({ level: 23, standsLost: 1 });
    expect(r.result.target).toMatchObject({ level: 18, standsLost: 1, move: 'rout' });
    // The same levels reached through modifiers and Random Factors give the same result.
    const worked = resolveProcedure(
      confrontation,
      confrontation.facts.parse({
        charger: { resolveLevel: 18, status: 'Steady', stands: 12, modifiers: ['charging'] },
        target: { resolveLevel: 16, status: 'Steady', stands: 10 },
      }),
      { dice: [6, 2, 5, 3, 4, 6, 3] },
    );
    expect(worked.result.charger.level).toBe(23);
    expect(worked.result.target.level).toBe(18);
    expect({ ...worked.result, charger: { ...worked.result.charger } }).toEqual(r.result);
  });

  it('final levels refuse the facts they already include', () => {
    const parsed = confrontationFactsSchema.safeParse({
      charger: { resolveLevel: 18, status: 'Steady', stands: 12, modifiers: ['charging'] },
      target: { resolveLevel: 16, status: 'Steady', stands: 10 },
      targetGaveFire: true,
      finalLevels: { charger: 23, target: 18 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'charger.modifiers',
      'targetGaveFire',
    ]);
  });

  it('a target caught evading: Close Combat Rout, no Random Factors thrown', () => {
    const example = confrontation.examples[3]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.rolls.map((x) => x.key)).toEqual(['chargerEventDie', 'targetEventDie']);
    expect(r.result).toMatchObject({
      row: 'close-combat-rout',
      caughtEvading: true,
      winner: 'charger',
      difference: null,
      column: null,
      pursuit: 'next-turn',
    });
    expect(r.result.charger).toMatchObject({
      level: null,
      standsLost: 1,
      standsLeft: 9,
      status: 'Confident',
      move: 'none',
    });
    expect(r.result.target).toMatchObject({
      level: null,
      standsLost: 3,
      standsLeft: 9,
      status: 'Panicked',
      move: 'rout',
      disordered: true,
    });
  });

  it('describes the result in a few lines', () => {
    const example = confrontation.examples[0]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(confrontation.describe(r.result)).toEqual([
      "Charger 26 v target 19: the charger wins by 7 (loser's column 16-and-above): Confrontation Rout",
      'Charger: loses 0 stands (16 left), Confident, holds',
      'Target: loses 2 stands (10 left), Panicked, Routs (Disordered); Event',
      'The winner may pursue at once',
    ]);
  });
});

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

describe('confrontation: Modified Resolve Levels', () => {
  it.each([
    [16, 12, 1],
    [12, 16, -1],
    [10, 10, 0],
    [12, 10, 0],
    [13, 10, 1],
    [15, 9, 2],
    [24, 6, 5],
    [40, 10, 5],
    [10, 40, -5],
  ])('stands %i v %i: "each 3 additional stands" gives %i (positive: the charger)', (c, t, bonus) => {
    expect(additionalStandsBonus(c, t)).toBe(bonus);
  });

  it('counts side totals (sideStands), not just the units in contact', () => {
    const trace = new Trace();
    const r = resolveConfrontation(
      { charger: steady(16, { stands: 8, sideStands: 20 }), target: steady(16, { stands: 10 }) },
      new SuppliedDice({ ...zeroRfs, ...noEvents, chargerLoss: [2] }),
      trace,
    );
    expect(r.charger.level).toBe(16 + 3); // 20 v 10: +3
    expect(r.target.level).toBe(16);
    const step = trace.steps.find(
      (s) => s.rule.item === '5 each 3 additional stands' && s.delta !== undefined,
    )!;
    expect(step.delta).toBe(3);
  });

  it.each(RESOLVE_STATUSES.map((s, i) => [s, [2, 1, 0, -2, -4, -8][i]!] as const))(
    'status %s adds %i',
    (status, delta) => {
      const r = run(
        { charger: steady(20, { status }), target: steady(10) },
        { ...zeroRfs, ...noEvents, chargerLoss: [2] },
      );
      expect(r.charger.level).toBe(20 + delta);
    },
  );

  it('the defender gets +1 for its volley; cavalry that did not square up gets -2 only if volleyed', () => {
    const facts = (gaveFire: boolean): ConfrontationFacts => ({
      charger: { ...steady(18), cavalryDidNotSquareUp: true },
      target: steady(18),
      targetGaveFire: gaveFire,
    });
    const volleyed = run(facts(true), { ...zeroRfs, ...noEvents, targetLoss: [2] });
    expect([volleyed.charger.level, volleyed.target.level]).toEqual([16, 19]);
    const quiet = run(facts(false), { ...zeroRfs, ...noEvents });
    expect([quiet.charger.level, quiet.target.level]).toEqual([18, 18]);
  });

  it('adds each listed modifier at its value (no cap, no clamp)', () => {
    const all: AppliedModifier<ConfrontationModifierId>[] = [
      { id: 'charging' },
      { id: 'uphill' },
      { id: 'infantry-close-order' },
      { id: 'heavy-cavalry-or-lancers' },
      { id: 'cavalry-v-infantry' },
      { id: 'mass' },
      { id: 'regular-light-cavalry' },
      { id: 'open-order' },
    ];
    const r = run(
      {
        charger: steady(30, { status: 'Resolute', modifiers: all }),
        target: steady(1, { status: 'Panicked', modifiers: [{ id: 'open-order' }] }),
      },
      { chargerRandomFactor: rf(5), targetRandomFactor: rf(-5), ...noEvents, chargerLoss: [2] },
    );
    expect(r.charger.level).toBe(30 + 1 + 1 + 1 + 1 + 2 + 0 + 0 - 2 + 2 + 5); // 41
    expect(r.target.level).toBe(1 - 2 - 8 - 5); // -14
    expect(r.difference).toBe(55);
    expect(r.row).toBe('confrontation-rout');
  });

  it('the trace gives each side its modifiers in the text order, then both Random Factors', () => {
    const trace = new Trace();
    const r = resolveConfrontation(
      {
        charger: {
          ...steady(17, {
            modifiers: [{ id: 'open-order' }, { id: 'charging' }, { id: 'cavalry-v-infantry' }],
          }),
          cavalryDidNotSquareUp: true,
        },
        target: steady(15, { stands: 10, modifiers: [{ id: 'uphill' }] }),
        targetGaveFire: true,
      },
      new SuppliedDice({
        chargerRandomFactor: [3, 5],
        targetRandomFactor: [4, 1],
        ...noEvents,
        targetLoss: [1],
      }),
      trace,
    );
    const items = (from: number, to: number) =>
      trace.steps.slice(from, to).map((s) => Number.parseInt(s.rule.item ?? '0', 10));
    const chargerStart = trace.steps.findIndex((s) => s.label === 'Charger: Resolve Level');
    const targetStart = trace.steps.findIndex((s) => s.label === 'Target: Resolve Level');
    expect(items(chargerStart + 1, targetStart)).toEqual([1, 5, 7, 11, 12, 13]);
    const chargerRf = trace.steps.findIndex((s) => s.roll === 'chargerRandomFactor');
    expect(chargerRf).toBeGreaterThan(targetStart);
    expect(trace.steps[chargerRf]).toMatchObject({ delta: -2, total: r.charger.level });
    const targetRf = trace.steps.find((s) => s.roll === 'targetRandomFactor')!;
    expect(targetRf).toMatchObject({ delta: 3, total: r.target.level });
    // Charger 17 +1 +2 (16 v 10) +2 -2 -2 +0 -2 = 16; target 15 +1 +1 +0 +3 = 20.
    expect([r.charger.level, r.target.level]).toEqual([16, 20]);
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

describe('confrontation: "1 in N" stand losses', () => {
  it.each([
    // stands, N, floor, nearest, ceil
    [16, 6, 2, 3, 3],
    [16, 8, 2, 2, 2],
    [15, 10, 1, 2, 2],
    [14, 10, 1, 1, 2],
    [7, 8, 0, 1, 1],
    [3, 8, 0, 0, 1],
    [12, 4, 3, 3, 3],
    [1, 10, 0, 0, 1],
  ])('%i stands at 1 in %i: floor %i, nearest %i, ceil %i', (stands, n, floor, nearest, ceil) => {
    const none = new SuppliedDice([]);
    expect(ratioLoss(stands, n, 'floor', none, 'x')).toBe(floor);
    expect(ratioLoss(stands, n, 'nearest', none, 'x')).toBe(nearest);
    expect(ratioLoss(stands, n, 'ceil', none, 'x')).toBe(ceil);
  });

  it.each([
    [16, 6, 4, 3],
    [16, 6, 5, 2],
    [16, 8, 1, 2], // no remainder: no die thrown, the 1 is left over
    [9, 10, 9, 1],
    [9, 10, 10, 0],
  ])('remainder-chance: %i stands at 1 in %i with a d(N) of %i loses %i', (stands, n, face, lost) => {
    const dice = new SuppliedDice([face]);
    expect(ratioLoss(stands, n, 'remainder-chance', dice, 'x')).toBe(lost);
    if (stands % n === 0) expect(() => dice.assertAllUsed()).toThrow(/too many dice/);
    else dice.assertAllUsed();
  });

  it('remainder-chance keeps the expected loss exactly S/N', () => {
    const facts: ConfrontationFacts = {
      charger: steady(30, { stands: 13 }),
      target: steady(1, { stands: 13 }),
      lossRounding: 'remainder-chance',
    };
    const lost = oddsOf(confrontation, facts).find((v) => v.name === 'Stands lost by the target')!;
    const mean = lost.outcomes.reduce((m, o) => m + (o.outcome as number) * o.probability, 0);
    expect(mean).toBeCloseTo(13 / 6, 12); // Confrontation Rout: 1 in 6
  });

  it('lossBasis opponent counts the enemy stands, never more than the unit has', () => {
    const r = run(
      // 24 v 3 stands: +5 to the charger, 15 + 5 = 20 v 18.
      { charger: steady(15, { stands: 24 }), target: steady(18, { stands: 3 }), lossBasis: 'opponent' },
      { ...zeroRfs, ...noEvents },
    );
    expect(r.row).toBe('close-combat-rout');
    expect(r.target.standsLost).toBe(3); // floor(24 / 4) = 6, capped at its 3
    expect(r.charger.standsLost).toBe(0); // floor(3 / 10)
  });
});

describe('confrontation: facts are checked at the boundary', () => {
  const ok = { charger: steady(18), target: steady(16) };
  it.each([
    [
      'a derived modifier (additional stands)',
      { ...ok, charger: { ...steady(18), modifiers: ['additional-stands'] } },
      /worked out by Muster/,
    ],
    [
      'a derived modifier (status)',
      { ...ok, target: { ...steady(16), modifiers: ['status-resolute'] } },
      /give status instead/,
    ],
    [
      'a derived modifier (defender gave fire)',
      { ...ok, target: { ...steady(16), modifiers: ['defender-gave-fire'] } },
      /targetGaveFire/,
    ],
    ['an unknown modifier', { ...ok, target: { ...steady(16), modifiers: ['elephants'] } }, /Invalid option/],
    [
      'a Wavering target giving fire',
      { ...ok, target: steady(16, { status: 'Wavering' }), targetGaveFire: true },
      /may not fire/,
    ],
    [
      'a caught target giving fire',
      { ...ok, targetGaveFire: true, targetCaughtEvading: true },
      /caught while evading/,
    ],
    ['sideStands below stands', { ...ok, charger: steady(18, { sideStands: 10 }) }, /cannot be fewer/],
    [
      'the charger on a city wall',
      { ...ok, charger: { ...steady(18), modifiers: ['fortified-city-wall'] } },
      /defender of the wall/,
    ],
    ['an unknown fact', { ...ok, weather: 'rain' }, /Unrecognized key/],
    ['a resolve level of 0', { ...ok, charger: steady(0) }, /Too small/],
    ['no stands', { ...ok, target: steady(16, { stands: 0 }) }, /Too small/],
  ])('rejects %s', (_what, facts, message) => {
    const parsed = confrontationFactsSchema.safeParse(facts);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toMatch(message);
  });

  it('accepts a full set of facts and sorts modifier lists', () => {
    const parsed = confrontationFactsSchema.parse({
      charger: { ...steady(18), modifiers: ['open-order', 'charging'], cavalryDidNotSquareUp: true },
      target: { ...steady(16), defendingWorksOrSquare: true, modifiers: ['fortified-city-wall'] },
      targetGaveFire: true,
      lossRounding: 'nearest',
      lossBasis: 'own',
    });
    expect(parsed.charger.modifiers!.map((m) => m.id).sort()).toEqual(['charging', 'open-order']);
  });
});

describe('confrontation: typed-in dice', () => {
  const facts = confrontation.facts.parse(confrontation.examples[0]!.facts);
  it('rejects too few dice, naming the roll', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3] })).toThrow(
      /not enough dice: .*targetRandomFactor/,
    );
  });
  it('rejects a face out of range', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [7, 2, 3, 3, 5, 1, 4] })).toThrow(
      /die out of range: .*chargerRandomFactor.*got 7/,
    );
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3, 3, 0, 1, 4] })).toThrow(
      /die out of range: .*chargerEventDie.*got 0/,
    );
  });
  it('rejects surplus dice', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3, 3, 5, 1, 4, 6] })).toThrow(
      /too many dice/,
    );
  });
  it('takes dice by key too', () => {
    const r = resolveProcedure(confrontation, facts, {
      dice: {
        chargerLoss: [4],
        targetEventDie: [1],
        chargerEventDie: [5],
        targetRandomFactor: [3, 3],
        chargerRandomFactor: [4, 2],
      },
    });
    expect(r.result.charger.level).toBe(26);
    expect(r.result.target.event).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

const USER_MODIFIERS = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
  'mass',
  'regular-light-cavalry',
  'open-order',
] as const;
const POSITIVE = [
  'charging',
  'uphill',
  'infantry-close-order',
  'heavy-cavalry-or-lancers',
  'cavalry-v-infantry',
] as const;

const arbSide = fc.record({
  resolveLevel: fc.integer({ min: 1, max: 30 }),
  status: fc.constantFrom(...RESOLVE_STATUSES),
  stands: fc.integer({ min: 1, max: 24 }),
  extraStands: fc.integer({ min: 0, max: 15 }),
  modifiers: fc.subarray([...USER_MODIFIERS]),
});
const arbFacts: fc.Arbitrary<ConfrontationFacts> = fc
  .record({
    charger: arbSide,
    target: arbSide,
    gaveFire: fc.boolean(),
    notSquaredUp: fc.boolean(),
    works: fc.boolean(),
    caught: fc.integer({ min: 0, max: 9 }),
    rounding: fc.constantFrom(...LOSS_ROUNDINGS),
    basis: fc.constantFrom('own', 'opponent'),
  })
  .map((a) => {
    const side = (s: typeof a.charger) => ({
      resolveLevel: s.resolveLevel,
      status: s.status,
      stands: s.stands,
      sideStands: s.stands + s.extraStands,
      modifiers: s.modifiers,
    });
    const caught = a.caught === 0;
    const canFire = !caught && a.target.status !== 'Wavering' && a.target.status !== 'Panicked';
    return confrontationFactsSchema.parse({
      charger: { ...side(a.charger), cavalryDidNotSquareUp: a.notSquaredUp },
      target: { ...side(a.target), defendingWorksOrSquare: a.works },
      targetGaveFire: canFire && a.gaveFire,
      targetCaughtEvading: caught,
      lossRounding: a.rounding,
      lossBasis: a.basis,
    }) as ConfrontationFacts;
  });

describe('confrontation: properties', () => {
  it('exact odds sum to 1 in every view', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        for (const view of oddsOf(confrontation, facts)) {
          const total = view.outcomes.reduce((p, o) => p + o.probability, 0);
          expect(total).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('adding a positive tactical modifier to one side never lowers its chance of winning', () => {
    fc.assert(
      fc.property(arbFacts, fc.constantFrom(...POSITIVE), fc.boolean(), (facts, id, toCharger) => {
        const side = toCharger ? 'charger' : 'target';
        const unit = facts[side];
        if (facts.targetCaughtEvading || unit.modifiers?.some((m) => m.id === id)) return;
        const better: ConfrontationFacts = {
          ...facts,
          [side]: { ...unit, modifiers: [...(unit.modifiers ?? []), { id }] },
        };
        const before = probabilityOf(facts, 'Winner', side);
        const after = probabilityOf(better, 'Winner', side);
        expect(after).toBeGreaterThanOrEqual(before - 1e-12);
      }),
      { numRuns: 60 },
    );
  });

  it('more stands on a side never lower its chance of winning', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer({ min: 1, max: 20 }), (facts, more) => {
        if (facts.targetCaughtEvading) return;
        const c = facts.charger;
        const better: ConfrontationFacts = {
          ...facts,
          charger: { ...c, sideStands: (c.sideStands ?? c.stands) + more },
        };
        expect(probabilityOf(better, 'Winner', 'charger')).toBeGreaterThanOrEqual(
          probabilityOf(facts, 'Winner', 'charger') - 1e-12,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('losses never exceed what the row allows, nor the stands a unit has', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        forEachOutcome(
          (dice) => resolveConfrontation(facts, dice),
          (r) => {
            const row = CONFRONTATION_RESULTS.rows[r.row];
            for (const side of ['charger', 'target'] as const) {
              const o = r[side];
              const own = facts[side].stands;
              const opponent = facts[side === 'charger' ? 'target' : 'charger'].stands;
              const loss =
                r.winner === side ? row.winnerLoss : r.winner === 'none' ? row.winnerLoss : row.loserLoss;
              const basis = facts.lossBasis === 'opponent' ? opponent : own;
              const most = loss.kind === 'none' ? 0 : loss.kind === 'odd-d6' ? 1 : Math.ceil(basis / loss.n);
              expect(o.standsLost).toBeGreaterThanOrEqual(0);
              expect(o.standsLost).toBeLessThanOrEqual(Math.min(most, own));
              expect(o.standsLeft).toBe(own - o.standsLost);
            }
          },
        );
      }),
      { numRuns: 25 },
    );
  });

  it('the traced and untraced paths give the same result; the same seed gives the same result', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer(), (facts, seed) => {
        const plain = resolveConfrontation(facts, new PrngDice(seedRng(seed)));
        const trace = new Trace();
        const traced = resolveConfrontation(facts, new PrngDice(seedRng(seed)), trace);
        expect(traced).toEqual(plain);
        expect(resolveConfrontation(facts, new PrngDice(seedRng(seed)))).toEqual(plain);
        if (!facts.targetCaughtEvading) {
          expect(trace.steps.find((s) => s.roll === 'chargerRandomFactor')!.total).toBe(plain.charger.level);
          expect(trace.steps.find((s) => s.roll === 'targetRandomFactor')!.total).toBe(plain.target.level);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('exact odds agree with 100,000 seeded confrontations', () => {
    const facts: ConfrontationFacts = {
      charger: steady(18, { status: 'Confident', stands: 12, modifiers: [{ id: 'charging' }] }),
      target: steady(17, { stands: 14, modifiers: [{ id: 'infantry-close-order' }] }),
      targetGaveFire: true,
    };
    const exact = oddsOf(confrontation, facts);
    const n = 100_000;
    const dice = new PrngDice(seedRng(2024));
    const counts = exact.map(() => new Map<string | number, number>());
    for (let i = 0; i < n; i++) {
      const r = resolveConfrontation(facts, dice);
      confrontation.odds.forEach((view, v) => {
        const key = view.project(r);
        const k = view.label ? view.label(key) : key;
        counts[v]!.set(k, (counts[v]!.get(k) ?? 0) + 1);
      });
    }
    exact.forEach((view, v) => {
      for (const { outcome, probability } of view.outcomes) {
        const seen = (counts[v]!.get(outcome) ?? 0) / n;
        // 5 standard errors of a proportion from 100,000 trials is at most 0.008.
        expect(Math.abs(seen - probability)).toBeLessThan(0.008);
      }
      expect([...counts[v]!.keys()].every((k) => view.outcomes.some((o) => o.outcome === k))).toBe(true);
    });
  });
});

describe('confrontation: exact odds, spot checks', () => {
  it('two equal Steady units at 18: a tie (Recoil) when the Random Factors are equal, else an even split', () => {
    const facts: ConfrontationFacts = { charger: steady(18), target: steady(18) };
    // P(RFc = RFt) = sum over v of P(v)^2 = (1+4+9+16+25+36+25+16+9+4+1)/1296 = 146/1296.
    expect(probabilityOf(facts, 'Winner', 'none (Recoil)')).toBeCloseTo(146 / 1296, 12);
    expect(probabilityOf(facts, 'Winner', 'charger')).toBeCloseTo((1 - 146 / 1296) / 2, 12);
  });

  it('odds views: winner, result, losses, events and new statuses', () => {
    const odds = oddsOf(confrontation, { charger: steady(18), target: steady(18) });
    expect(odds.map((v) => v.name)).toEqual([
      'Winner',
      'Result',
      'Stands lost by the charger',
      'Stands lost by the target',
      'Event (charger)',
      'Event (target)',
      'New statuses (charger / target)',
    ]);
  });

  it('uses few enumerated paths (121 Random Factor pairs x 2 x 2 Event Dice, x 2 where a winner rolls odd)', () => {
    let paths = 0;
    forEachOutcome(
      (dice) => resolveConfrontation({ charger: steady(18), target: steady(18) }, dice),
      () => {
        paths++;
      },
    );
    expect(paths).toBeGreaterThan(484);
    expect(paths).toBeLessThanOrEqual(968);
  });
});

describe('confrontation: the definition', () => {
  it('documents every roll key it throws', () => {
    const keys = new Set(confrontation.rolls.map((r) => r.key));
    fc.assert(
      fc.property(arbFacts, fc.integer(), (facts, seed) => {
        const record: RollRecord[] = [];
        resolveConfrontation(facts, new PrngDice(seedRng(seed), record));
        for (const r of record) expect(keys.has(r.key)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('every example parses and resolves with exactly its typed-in dice', () => {
    for (const example of confrontation.examples) {
      const facts = confrontation.facts.parse(example.facts);
      const run = resolveProcedure(confrontation, facts, { dice: example.dice });
      expect(run.rolls.every((r) => r.source === 'supplied')).toBe(true);
      expect(run.rolls.flatMap((r) => r.faces)).toEqual(example.dice);
    }
  });

  it('describes every fact (the CLI docs and JSON Schema come from these)', () => {
    for (const key of [
      'charger',
      'target',
      'targetGaveFire',
      'targetCaughtEvading',
      'lossRounding',
      'lossBasis',
    ])
      expect(
        confrontationFactsSchema.shape[key as keyof typeof confrontationFactsSchema.shape].description,
      ).toBeTruthy();
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

describe('confrontation: the odds shortcut (the sub-tree after the Random Factors, once per winner and row)', () => {
  it('gives exactly the enumeration of every path: the same outcomes in the same order, the same sums bit for bit', () => {
    fc.assert(
      fc.property(arbFacts, (facts) => {
        expect(oddsOf(confrontation, facts)).toEqual(enumeratedOddsOf(confrontation, facts));
      }),
      { numRuns: 400 },
    );
  });

  it('is what oddsOf uses, and agrees on the examples too', () => {
    expect(confrontation.tallyOdds).toBeTypeOf('function');
    for (const example of confrontation.examples) {
      const facts = confrontation.facts.parse(example.facts);
      expect(oddsOf(confrontation, facts)).toEqual(enumeratedOddsOf(confrontation, facts));
    }
  });
});
