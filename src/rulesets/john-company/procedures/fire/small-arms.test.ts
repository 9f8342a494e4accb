import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import type { AnyProcedure } from '../../../../core/rules/procedure.ts';
import { oddsOf, resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { SMALL_ARMS_WEAPONS } from '../../tables/small-arms.ts';
import { FORMATIONS } from '../../vocabulary.ts';
import { artilleryFire, resolveArtilleryFire } from './artillery.ts';
import type { SmallArmsFireFacts } from './facts.ts';
import { ART_BASE, BASE, RF0, sa } from './fixtures.ts';
import type { FireResult } from './result.ts';
import { resolveSmallArmsFire, smallArmsFire } from './small-arms.ts';

describe('small-arms fire: worked examples', () => {
  it("the text's loss count: 16 stands at FFF 7 lose the target 3 stands", () => {
    const ex = smallArmsFire.examples[0]!;
    const r = sa(ex.facts, [...ex.dice!]);
    expect(r).toMatchObject({ fired: true, band: 'medium', standsFiring: 16, fff: 7, tableLosses: 3 });
    expect(r.standsLost).toBe(3);
    expect(r.event).toBe(false);
  });

  it('the screening example: rifles at skirmishers, 2 casualties split 1 and 1, an Event', () => {
    const ex = smallArmsFire.examples[1]!;
    const r = sa(ex.facts, [...ex.dice!]);
    expect(r).toMatchObject({
      fff: 6,
      tableLosses: 2,
      targetStandsLost: 1,
      screenedStandsLost: 1,
      event: true,
    });
  });

  it('every example resolves with exactly its typed-in dice', () => {
    for (const def of [smallArmsFire, artilleryFire] as const) {
      for (const ex of def.examples) {
        const proc: AnyProcedure = def;
        const run = resolveProcedure(proc, proc.facts.parse(ex.facts), { dice: ex.dice });
        expect(run.rolls.every((r) => r.source === 'supplied')).toBe(true);
        expect(run.rolls.flatMap((r) => r.faces)).toEqual(ex.dice);
      }
    }
  });
});

describe('small-arms fire: modifiers from the facts', () => {
  it.each<[string, Partial<SmallArmsFireFacts>, number]>([
    ['base', {}, 15],
    ['percussion musket', { weapon: 'percussion-musket' }, 13],
    ['flintlock musket', { weapon: 'flintlock-musket' }, 12],
    ['flintlock rifle', { weapon: 'flintlock-rifle' }, 10],
    ['percussion rifle (Muster -4)', { weapon: 'percussion-rifle' }, 11],
    ['carbine', { weapon: 'carbine' }, 6],
    ['matchlock', { weapon: 'matchlock' }, 6],
    ['bows', { weapon: 'bows' }, 6],
    ['javelin at short', { weapon: 'javelin', range: 'short' }, 5],
    ['zamburek', { weapon: 'zamburek' }, 10],
    ['swivel gun (Muster -5)', { weapon: 'swivel-gun' }, 10],
    ['native rockets', { weapon: 'native-rockets' }, 8],
    ['firer disordered', { disordered: true }, 11],
    ['firer mounted', { mounted: true }, 12],
    ['firer moving', { moving: true }, 11],
    ['all three', { disordered: true, mounted: true, moving: true }, 4],
    ['light woods', { targetCover: 'light-woods' }, 13],
    ['heavy woods', { targetCover: 'heavy-woods' }, 11],
    ['entrenchments', { targetCover: 'entrenchments-or-buildings' }, 9],
    ['square', { targetFormation: 'square' }, 15],
    ['close-order line', { targetFormation: 'close-order-line' }, 13],
    ['mass', { targetFormation: 'mass' }, 13],
    ['open-order line (Muster -2)', { targetFormation: 'open-order-line' }, 13],
    ['deployed artillery', { targetFormation: 'artillery-deployed' }, 7],
    ['skirmishers', { targetFormation: 'skirmish-order' }, 3],
    ['short', { range: 'short' }, 14],
    ['medium', { range: 'medium' }, 11],
    ['long', { range: 'long' }, 7],
    ['extreme', { range: 'extreme' }, 3],
    ['Resolute', { status: 'Resolute' }, 15],
    ['Confident', { status: 'Confident' }, 15],
    ['Shaken', { status: 'Shaken' }, 13],
    ['Wavering', { status: 'Wavering' }, 11],
    ['weapon modifier set in the facts', { weapon: 'percussion-rifle', weaponModifier: -6 }, 9],
    [
      'open-order modifier set in the facts',
      { targetFormation: 'open-order-line', openOrderTargetModifier: -5 },
      10,
    ],
  ])('%s: FFF %i with a Random Factor of 0', (_, change, fff) => {
    expect(sa({ ...BASE, ...change }, RF0).fff).toBe(fff);
  });

  it('applies the modifiers in the text order, one trace step each, naming their rule', () => {
    const trace = new Trace();
    sa(
      {
        ...BASE,
        weapon: 'flintlock-musket',
        disordered: true,
        targetCover: 'light-woods',
        targetFormation: 'mass',
        range: 'long',
        status: 'Shaken',
      },
      RF0,
      trace,
    );
    const deltas = trace.steps.filter((s) => s.delta !== undefined).map((s) => [s.label, s.delta]);
    expect(deltas).toEqual([
      ['Flintlock musket', -3],
      ['Firer disordered', -4],
      ['Target in light woods', -2],
      ['Target in mass', -2],
      ['Long range', -8],
      ['Firer Shaken', -2],
      ['Random Factor', 0],
    ]);
    for (const s of trace.steps) expect(s.rule.source).toMatch(/John Company Part 4|Muster reading/);
  });

  it('an override is traced as set in the facts', () => {
    const trace = new Trace();
    sa({ ...BASE, weapon: 'percussion-rifle', weaponModifier: -6 }, RF0, trace);
    expect(
      trace.steps.some((s) => s.label === 'Percussion rifle (Muster default): value set in the facts'),
    ).toBe(true);
  });
});

describe('stands firing', () => {
  it('firearms fire with the front rank only; bows and javelins with two ranks', () => {
    const { standsFiring: _, ...counted } = BASE;
    const front = { ...counted, frontRankStands: 6, secondRankStands: 6 };
    expect(sa(front, RF0).standsFiring).toBe(6);
    expect(sa({ ...front, weapon: 'bows' }, RF0).standsFiring).toBe(12);
    expect(sa({ ...front, weapon: 'javelin', range: 'short' }, RF0).standsFiring).toBe(12);
  });

  it.each([
    ['infantry', 1, 2],
    ['infantry', 3, 6],
    ['cavalry', 1, 3],
    ['artillery', 2, 6],
    ['infantry', 10, 10],
  ] as const)(
    'enfilade on %s with %i rank(s) lets at most %i of 10 stands fire',
    (targetArm, targetRanks, n) => {
      const r = sa(
        { ...BASE, targetFormation: 'close-order-line', enfilade: { targetRanks, targetArm } },
        RF0,
      );
      expect(r.standsFiring).toBe(n);
    },
  );
});

describe('typed-in dice', () => {
  const facts = smallArmsFire.facts.parse(BASE);
  it('rejects too few dice', () => {
    expect(() => resolveProcedure(smallArmsFire, facts, { dice: [3, 3] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(smallArmsFire, facts, { dice: [3, 3] })).toThrow(
      /not enough dice.*eventDie/,
    );
  });
  it('rejects a die out of range', () => {
    expect(() => resolveProcedure(smallArmsFire, facts, { dice: [3, 7, 1] })).toThrow(
      /die out of range.*got 7/,
    );
  });
  it('rejects surplus dice', () => {
    expect(() => resolveProcedure(smallArmsFire, facts, { dice: [3, 3, 1, 4] })).toThrow(/too many dice.*4/);
  });
  it('accepts dice by roll key', () => {
    const r = resolveProcedure(smallArmsFire, facts, { dice: { randomFactor: [6, 2], eventDie: [1] } });
    expect(r.result).toMatchObject({ fff: 19, event: true });
  });
});

describe('exact odds and properties', () => {
  const sum = (outcomes: readonly { probability: number }[]) =>
    outcomes.reduce((s, o) => s + o.probability, 0);

  it('the example odds: 16 stands at FFF 12 ± the Random Factor', () => {
    const odds = oddsOf(smallArmsFire, smallArmsFire.facts.parse(smallArmsFire.examples[0]!.facts));
    const lost = new Map(odds[0]!.outcomes.map((o) => [o.outcome, o.probability]));
    // FFF 7 (RF -5): 3; 8-9: 3... read each FFF's 10 + 6 columns.
    expect(lost.get(3)).toBeCloseTo(6 / 36, 12); // FFF 7, 8, 9 (1 + 2 + 3 ways)
    expect(lost.get(5)).toBeCloseTo(20 / 36, 12); // FFF 10-13 (4 + 5 + 6 + 5 ways)
    expect(lost.get(6)).toBeCloseTo(9 / 36, 12); // FFF 14-16 (4 + 3 + 2)
    expect(lost.get(7)).toBeCloseTo(1 / 36, 12); // FFF 17
    expect(odds[3]!.outcomes.find((o) => o.outcome === 'event')!.probability).toBeCloseTo(1 / 6, 12);
  });

  it('reports the losses per unit when the target screens another', () => {
    const screened = oddsOf(smallArmsFire, smallArmsFire.facts.parse(smallArmsFire.examples[1]!.facts));
    const view = (name: string, odds: typeof screened) => odds.find((v) => v.name === name)!.outcomes;
    // FFF 1 + RF from 10 stands: nothing at FFF 0 or less, 1 at FFF 1-5, 2 at FFF 6 (RF +5, 1/36).
    expect(view('Stands lost by the screened unit', screened)).toEqual([
      { outcome: 0, probability: expect.closeTo(35 / 36, 12) },
      { outcome: 1, probability: expect.closeTo(1 / 36, 12) },
    ]);
    // The skirmishers lose 1 whenever anything is lost: RF 0..+5, 21 of 36.
    expect(view('Stands lost by the target', screened).find((o) => o.outcome === 1)!.probability).toBeCloseTo(
      21 / 36,
      12,
    );
    const plain = oddsOf(smallArmsFire, smallArmsFire.facts.parse(smallArmsFire.examples[0]!.facts));
    expect(view('Stands lost by the screened unit', plain)).toEqual([
      { outcome: 'not screened', probability: 1 },
    ]);
  });

  it('property: screened losses alternate, the skirmishers taking the odd one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 60 }),
        (resolveLevel, standsFiring) => {
          const facts = smallArmsFire.facts.parse({
            ...BASE,
            resolveLevel,
            standsFiring,
            targetFormation: 'skirmish-order',
            screening: {},
          });
          forEachFace(facts, (r) => {
            expect(r.targetStandsLost + r.screenedStandsLost).toBe(r.tableLosses);
            expect(r.targetStandsLost - r.screenedStandsLost).toBe(r.tableLosses % 2);
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  const factsArb = fc.record({
    weapon: fc.constantFrom(...SMALL_ARMS_WEAPONS.filter((w) => w !== 'javelin')),
    resolveLevel: fc.integer({ min: 1, max: 25 }),
    status: fc.constantFrom('Resolute', 'Steady', 'Shaken', 'Wavering', 'Panicked' as const),
    standsFiring: fc.integer({ min: 0, max: 40 }),
    targetFormation: fc.constantFrom(...FORMATIONS),
    range: fc.constantFrom('point-blank', 'short', 'medium', 'long', 'extreme' as const),
    targetStands: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    blinded: fc.boolean(),
  });
  const clean = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

  it('property: exact odds sum to 1 and losses stay within the table and the stands present', () => {
    fc.assert(
      fc.property(factsArb, (raw) => {
        const facts = smallArmsFire.facts.parse(clean(raw));
        for (const view of oddsOf(smallArmsFire, facts)) expect(sum(view.outcomes)).toBeCloseTo(1, 12);
        forEachFace(facts, (r) => {
          expect(r.standsLost).toBeLessThanOrEqual(Math.max(0, r.standsFiring));
          if (facts.targetStands !== undefined) expect(r.standsLost).toBeLessThanOrEqual(facts.targetStands);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('property: a better Resolve Level or a removed negative modifier never loses fewer stands', () => {
    fc.assert(
      fc.property(
        factsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (raw, plus, minus) => {
          const facts = smallArmsFire.facts.parse(clean(raw));
          const dice = [plus, minus, 6];
          const base = resolveSmallArmsFire(facts, new SuppliedDice(dice));
          const better = resolveSmallArmsFire(
            { ...facts, resolveLevel: facts.resolveLevel + 3 },
            new SuppliedDice(dice),
          );
          expect(better.standsLost).toBeGreaterThanOrEqual(base.standsLost);
          const moving = resolveSmallArmsFire({ ...facts, moving: true }, new SuppliedDice(dice));
          expect(base.standsLost).toBeGreaterThanOrEqual(moving.standsLost);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: the prepared fast path and the traced path agree exactly, dice for dice', () => {
    fc.assert(
      fc.property(factsArb, fc.integer(), fc.boolean(), (raw, seed, screen) => {
        const facts = smallArmsFire.facts.parse(
          clean({
            ...raw,
            ...(screen ? { targetFormation: 'skirmish-order', screening: { screenedStands: 3 } } : {}),
          }),
        );
        const run = smallArmsFire.prepare!(facts);
        const a = new PrngDice(seedRng(seed));
        const b = new PrngDice(seedRng(seed));
        for (let i = 0; i < 5; i++) expect(run(a)).toEqual(resolveSmallArmsFire(facts, b, new Trace()));
        const art = artilleryFire.facts.parse({
          ...ART_BASE,
          resolveLevel: raw.resolveLevel,
          status: raw.status,
        });
        const runArt = artilleryFire.prepare!(art);
        for (let i = 0; i < 5; i++) expect(runArt(a)).toEqual(resolveArtilleryFire(art, b, new Trace()));
      }),
      { numRuns: 200 },
    );
  });

  it('property: the same seed gives the same result', () => {
    fc.assert(
      fc.property(factsArb, fc.integer(), (raw, seed) => {
        const facts = smallArmsFire.facts.parse(clean(raw));
        expect(resolveSmallArmsFire(facts, new PrngDice(seedRng(seed)))).toEqual(
          resolveSmallArmsFire(facts, new PrngDice(seedRng(seed))),
        );
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['small arms', smallArmsFire, smallArmsFire.examples[0]!.facts],
    ['artillery', artilleryFire, { ...ART_BASE, resolveLevel: 10, crewStands: 12, blinded: true }],
  ] as const)('%s: exact odds agree with 100,000 seeded throws', (_, def, rawFacts) => {
    const d: AnyProcedure = def;
    const facts = d.facts.parse(rawFacts);
    const exact = new Map(oddsOf(d, facts)[0]!.outcomes.map((o) => [o.outcome, o.probability]));
    const dice = new PrngDice(seedRng(20240601));
    const counts = new Map<number, number>();
    const events = { n: 0 };
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const r: FireResult = d.resolve(facts, dice);
      counts.set(r.standsLost, (counts.get(r.standsLost) ?? 0) + 1);
      if (r.event) events.n++;
    }
    for (const [k, p] of exact) expect(Math.abs((counts.get(k as number) ?? 0) / N - p)).toBeLessThan(0.006);
    for (const k of counts.keys()) expect(exact.has(k)).toBe(true);
    expect(Math.abs(events.n / N - 1 / 6)).toBeLessThan(0.006);
  });
});

/** Runs every Random Factor and Event Die face through the procedure. */
function forEachFace(facts: SmallArmsFireFacts, check: (r: FireResult) => void): void {
  for (let p = 1; p <= 6; p++)
    for (let n = 1; n <= 6; n++)
      for (const e of [1, 6]) check(resolveSmallArmsFire(facts, new SuppliedDice([p, n, e])));
}
