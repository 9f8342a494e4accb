import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { MORALE_MODIFIER_IDS, type MoraleModifierId } from '../tables/morale.ts';
import { UNIT_STATES } from '../vocabulary.ts';
import { type FireFacts, fire, resolveFire } from './fire.ts';
import { HONOUR_AND_FORTITUDE_PROCEDURES } from './index.ts';
import { type MeleeFacts, meleeRound, resolveMeleeRound } from './melee-round.ts';
import { type MoraleTestFacts, moraleTest, resolveMoraleTest } from './morale-test.ts';
import { movementAllowance } from './movement-allowance.ts';
import { changeFace, counterBatteryExplosion, initiation, unitState } from './small-rolls.ts';

const probability = (report: ReturnType<typeof oddsOf>, view: string, outcome: string | number) =>
  report
    .find((v) => v.name === view)!
    .outcomes.filter((o) => o.outcome === outcome)
    .reduce((p, o) => p + o.probability, 0);
const expectation = (report: ReturnType<typeof oddsOf>, view: string) =>
  report.find((v) => v.name === view)!.outcomes.reduce((s, o) => s + Number(o.outcome) * o.probability, 0);

describe('every procedure', () => {
  const cases = HONOUR_AND_FORTITUDE_PROCEDURES.flatMap((p) =>
    p.examples.map((e, i) => [`${p.id} #${i + 1}`, p, e] as const),
  );
  it.each(cases)('%s: the example resolves with every die used, traced with rule references', (_n, p, e) => {
    const r = resolveProcedure(p, p.facts.parse(e.facts), { dice: e.dice ?? [] });
    expect(r.trace.length).toBeGreaterThan(0);
    for (const step of r.trace) expect(step.rule.source).toMatch(/H&F/);
    expect(p.describe(r.result).length).toBeGreaterThan(0);
  });
  it.each(cases)('%s: every odds view sums to 1', (_n, p, e) => {
    for (const view of oddsOf(p, p.facts.parse(e.facts)))
      expect(view.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
  it('has unique ids and described facts', () => {
    const ids = HONOUR_AND_FORTITUDE_PROCEDURES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of HONOUR_AND_FORTITUDE_PROCEDURES) {
      const json = JSON.stringify(p.facts.toJSONSchema?.({ io: 'input' }) ?? {});
      expect(json).toContain('description');
    }
  });
});

describe('morale test', () => {
  const run = (facts: MoraleTestFacts, dice: number[]) => {
    const supplied = new SuppliedDice(dice);
    const r = resolveMoraleTest(facts, supplied);
    supplied.assertAllUsed();
    return r;
  };
  it('the examples: Retire; Panic!; a router halts Disordered and is Cowed', () => {
    const [a, b, c] = moraleTest.examples;
    expect(run(a!.facts, [...a!.dice!])).toMatchObject({ modified: 6, row: 'fail-by-2', result: 'retire' });
    expect(run(b!.facts, [...b!.dice!])).toMatchObject({
      modified: 5,
      row: 'fail-by-2',
      result: 'panic',
      condition: 'routing',
    });
    expect(run(c!.facts, [...c!.dice!])).toMatchObject({
      modified: 1,
      result: 'halt-disordered',
      condition: 'cowed',
    });
  });
  it('Passive failing by 2 retires on 1-3 of the second die', () => {
    expect(run({ condition: 'passive', morale: 3, modifiers: [] }, [5, 3]).result).toBe('retire');
  });
  it('Heroic reads the Aggressive column and stays Heroic on a 1', () => {
    expect(run({ condition: 'heroic', morale: 4, modifiers: [] }, [1]).condition).toBe('heroic');
    expect(run({ condition: 'heroic', morale: 2, modifiers: [] }, [5]).result).toBe('retire');
  });
  it('exact odds: Active Morale 4, no modifiers: 1/6 Aggressive, 3/6 obey, 1/6 halt, 1/6 retire', () => {
    const odds = oddsOf(moraleTest, { condition: 'active', morale: 4, modifiers: [] });
    expect(probability(odds, 'Result', 'Become Aggressive')).toBeCloseTo(1 / 6, 12);
    expect(probability(odds, 'Result', 'Obey Orders')).toBeCloseTo(3 / 6, 12);
    expect(probability(odds, 'Result', 'Halt')).toBeCloseTo(1 / 6, 12);
    expect(probability(odds, 'Result', 'Retire')).toBeCloseTo(1 / 6, 12);
  });
  it('exact odds agree with 20,000 seeded tests', () => {
    const facts: MoraleTestFacts = { condition: 'passive', morale: 3, modifiers: [{ id: 'in-disorder' }] };
    const exact = probability(oddsOf(moraleTest, facts), 'Result', 'Panic!');
    const dice = new PrngDice(seedRng(7));
    let panics = 0;
    for (let i = 0; i < 20_000; i++) if (resolveMoraleTest(facts, dice).result === 'panic') panics++;
    expect(panics / 20_000).toBeCloseTo(exact, 1);
  });
  it("property: a modifier in the unit's favour never lowers its chance to pass", () => {
    const ids = fc.subarray([...MORALE_MODIFIER_IDS] as MoraleModifierId[]);
    fc.assert(
      fc.property(
        fc.constantFrom(...UNIT_STATES),
        fc.integer({ min: 1, max: 6 }),
        ids,
        (condition, morale, mods) => {
          const facts: MoraleTestFacts = { condition, morale, modifiers: mods.map((id) => ({ id })) };
          const base = probability(oddsOf(moraleTest, facts), 'Passed', 'passed');
          const helped = probability(
            oddsOf(moraleTest, {
              ...facts,
              modifiers: [
                ...facts.modifiers.filter((m) => m.id !== 'in-hard-cover'),
                { id: 'in-hard-cover' },
              ],
            }),
            'Passed',
            'passed',
          );
          const better = probability(
            oddsOf(moraleTest, { ...facts, morale: Math.min(6, morale + 1) }),
            'Passed',
            'passed',
          );
          return helped >= base - 1e-12 && better >= base - 1e-12;
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('fire', () => {
  it('the examples: 10 dice, 2 hits, 1 casualty; field guns at long range, 3 hits, 2 casualties', () => {
    const [a, b] = fire.examples;
    const ra = resolveProcedure(fire, fire.facts.parse(a!.facts), { dice: a!.dice }).result;
    expect(ra).toEqual({ band: 'close', dice: 10, hits: 2, score: 6, row: 6, casualties: 1 });
    const rb = resolveProcedure(fire, fire.facts.parse(b!.facts), { dice: b!.dice }).result;
    expect(rb).toEqual({ band: 'long', dice: 6, hits: 3, score: 6, row: 6, casualties: 2 });
  });
  it('out of range throws no dice', () => {
    const r = resolveFire(
      { weapon: 'matchlock', firers: 10, moraleAndDrill: 5, inches: 9, modifiers: [] },
      new SuppliedDice([]),
    );
    expect(r).toMatchObject({ band: 'out-of-range', dice: 0, casualties: 0 });
  });
  it('an "(n)" cell throws the extra-casualty die; mounted firers take -3', () => {
    const trace = new Trace();
    const dice = new SuppliedDice({ hits: [6, 1], extraCasualty: [2] });
    const r = resolveFire(
      { weapon: 'from-horseback', firers: 4, moraleAndDrill: 6, inches: 1, modifiers: [] },
      dice,
      trace,
    );
    expect(r).toMatchObject({ hits: 1, score: 3, casualties: 1 });
    dice.assertAllUsed();
    expect(trace.steps.some((s) => s.rule.item === 'Firers: Mounted')).toBe(true);
  });
  it('more than 10 hits read as a column of 10 and the rest', () => {
    const faces = Array.from({ length: 13 }, () => 6);
    const r = resolveFire(
      { weapon: 'field-gun', firers: 13, moraleAndDrill: 6, inches: 1, modifiers: [] },
      new SuppliedDice(faces),
    );
    expect(r.casualties).toBe(8 + 2);
  });
  it('property: a better Morale + Drill never lowers the expected casualties; a modifier never raises them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer({ min: -2, max: 12 }), (firers, score) => {
        const facts: FireFacts = {
          weapon: 'flintlock',
          firers,
          moraleAndDrill: score,
          inches: 3,
          modifiers: [],
        };
        const base = expectation(oddsOf(fire, facts), 'Casualties');
        const better = expectation(oddsOf(fire, { ...facts, moraleAndDrill: score + 1 }), 'Casualties');
        const covered = expectation(
          oddsOf(fire, { ...facts, modifiers: [{ id: 'target-in-hard-cover' }] }),
          'Casualties',
        );
        return better >= base - 1e-12 && covered <= base + 1e-12;
      }),
      { numRuns: 100 },
    );
  });
});

describe('melee round', () => {
  it('the example: the charging sepoys win 5 points to 2, the defender Confused', () => {
    const e = meleeRound.examples[0]!;
    const r = resolveProcedure(meleeRound, meleeRound.facts.parse(e.facts), { dice: e.dice }).result;
    // Attacker net +3: bundles 3-4, kills 5-6 on 6,5,3,3,1,2: 2 kills, 2 bundles = 6 points.
    expect(r.attacker).toMatchObject({
      total: 2,
      net: 3,
      row: 'advantage-2-plus',
      kills: 2,
      bundles: 2,
      points: 6,
    });
    // Defender at evens: 6,5,4,2,1,1: 1 kill, 1 bundle = 3 points.
    expect(r.defender).toMatchObject({
      total: -1,
      row: 'evens-or-disadvantage',
      kills: 1,
      bundles: 1,
      points: 3,
    });
    expect(r.loser).toBe('defender');
    expect(r.loserOrder).toBe('confused');
  });
  it('equal points: no loser, the melee goes on', () => {
    const facts: MeleeFacts = {
      attacker: { figures: 1, advantages: [] },
      defender: { figures: 1, advantages: [] },
    };
    expect(resolveMeleeRound(facts, new SuppliedDice([6, 6])).loser).toBe('none');
  });
  it('beaten by 50% is Disordered', () => {
    const facts: MeleeFacts = {
      attacker: { figures: 2, advantages: [] },
      defender: { figures: 2, advantages: [] },
    };
    const r = resolveMeleeRound(facts, new SuppliedDice([6, 5, 6, 1]));
    expect(r).toMatchObject({ loser: 'defender', loserOrder: 'disordered' });
  });
  it('the melee dice odds are the trinomial (exact, summing to 1)', () => {
    const odds = oddsOf(meleeRound, {
      attacker: { figures: 3, advantages: [] },
      defender: { figures: 0, advantages: [] },
    });
    expect(probability(odds, 'Defender figures killed', 3)).toBeCloseTo(1 / 216, 12);
    expect(probability(odds, 'Loser', 'Neither: the melee goes on')).toBeCloseTo((4 / 6) ** 3, 12);
  });
  it('property: an advantage never lowers the chance the other side loses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (a, d) => {
        const facts: MeleeFacts = {
          attacker: { figures: a, advantages: [] },
          defender: { figures: d, advantages: [] },
        };
        const base = probability(oddsOf(meleeRound, facts), 'Loser', 'defender');
        const charged = probability(
          oddsOf(meleeRound, {
            ...facts,
            attacker: { figures: a, advantages: [{ id: 'charging-infantry' }] },
          }),
          'Loser',
          'defender',
        );
        return charged >= base - 1e-12;
      }),
      { numRuns: 40 },
    );
  });
});

describe('the one-die procedures', () => {
  it.each([
    ['heroic', 5],
    ['aggressive', 5],
    ['active', 4],
    ['passive', 3],
    ['cowed', 2],
  ] as const)('initiation, %s: %i in 6', (state, n) => {
    expect(probability(oddsOf(initiation, { state }), 'Initiated', 'initiated')).toBeCloseTo(n / 6, 12);
  });
  it('counter-battery: two guns, a 1 and a 4: one explosion; P(none of 3) = (5/6)^3', () => {
    const e = counterBatteryExplosion.examples[0]!;
    expect(resolveProcedure(counterBatteryExplosion, e.facts, { dice: e.dice }).result).toEqual({
      explosions: 1,
      gunnersLost: 1,
      moraleTestsWithin: 8,
    });
    expect(probability(oddsOf(counterBatteryExplosion, { piecesHit: 3 }), 'Explosions', 0)).toBeCloseTo(
      (5 / 6) ** 3,
      12,
    );
  });
  it('change face: under Drill 4 is 3 in 6; Drill 0 never', () => {
    expect(probability(oddsOf(changeFace, { drill: 4 }), 'Changed face', 'changed')).toBeCloseTo(3 / 6, 12);
    expect(probability(oddsOf(changeFace, { drill: 0 }), 'Changed face', 'changed')).toBe(0);
  });
  it('unit state: Morale 4 + Drill 4: 2/6 Aggressive, 3/6 Active, 1/6 Passive', () => {
    const e = unitState.examples[0]!;
    expect(resolveProcedure(unitState, e.facts, { dice: e.dice }).result).toEqual({
      roll: 3,
      score: 11,
      state: 'active',
    });
    const odds = oddsOf(unitState, { morale: 4, drill: 4 });
    expect(probability(odds, 'State', 'aggressive')).toBeCloseTo(2 / 6, 12);
    expect(probability(odds, 'State', 'active')).toBeCloseTo(3 / 6, 12);
    expect(probability(odds, 'State', 'passive')).toBeCloseTo(1 / 6, 12);
  });
  it('movement: the example, and rough ground for horse is three columns', () => {
    const e = movementAllowance.examples[0]!;
    expect(resolveProcedure(movementAllowance, e.facts).result).toEqual({
      column: 'passive',
      inches: 12,
      order: 'disordered',
    });
    const rough = resolveProcedure(movementAllowance, {
      troopClass: 'irregular-cavalry',
      column: 'heroic',
      ground: 'rough',
      mounted: true,
      skirmishers: false,
    }).result;
    expect(rough).toEqual({ column: 'cowed', inches: 6, order: 'confused' });
  });
});

describe('prepared and traced paths agree dice for dice', () => {
  const fireFacts = fc.record({
    weapon: fc.constantFrom('matchlock', 'flintlock', 'field-gun', 'from-horseback' as const),
    firers: fc.integer({ min: 0, max: 40 }),
    moraleAndDrill: fc.integer({ min: -4, max: 14 }),
    inches: fc.integer({ min: 0, max: 40 }),
    modifiers: fc.subarray([
      { id: 'deep-target' as const },
      { id: 'firers-moving' as const },
      { id: 'target-in-soft-cover' as const },
    ]),
  });
  it('fire', () => {
    fc.assert(
      fc.property(fireFacts, fc.integer({ min: 0, max: 1000 }), (facts, seed) => {
        const f = facts as FireFacts;
        const traced = resolveFire(f, new PrngDice(seedRng(seed)), new Trace());
        return JSON.stringify(fire.prepare!(f)(new PrngDice(seedRng(seed)))) === JSON.stringify(traced);
      }),
      { numRuns: 200 },
    );
  });
  it('morale test and melee round', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNIT_STATES, 'routing' as const),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (condition, morale, a, d, seed) => {
          const m: MoraleTestFacts = { condition, morale, modifiers: [{ id: 'in-disorder' }] };
          const sameMorale =
            JSON.stringify(moraleTest.prepare!(m)(new PrngDice(seedRng(seed)))) ===
            JSON.stringify(resolveMoraleTest(m, new PrngDice(seedRng(seed)), new Trace()));
          const melee: MeleeFacts = {
            attacker: { figures: a, advantages: [{ id: 'charging-infantry' }] },
            defender: { figures: d, advantages: [{ id: 'gunners' }] },
          };
          const sameMelee =
            JSON.stringify(meleeRound.prepare!(melee)(new PrngDice(seedRng(seed)))) ===
            JSON.stringify(resolveMeleeRound(melee, new PrngDice(seedRng(seed)), new Trace()));
          return sameMorale && sameMelee;
        },
      ),
      { numRuns: 200 },
    );
  });
});
