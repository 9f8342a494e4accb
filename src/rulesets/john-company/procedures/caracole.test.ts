import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../core/random/dice.ts';
import { seedRng } from '../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../core/rules/run.ts';
import { Trace } from '../../../core/rules/trace.ts';
import { CARACOLE_STATUSES } from '../tables/caracole.ts';
import { type CaracoleFacts, caracole, caracoleFactsSchema, resolveCaracole } from './caracole.ts';

const base: CaracoleFacts = { status: 'Confident', remainingMove: 8, chargeBonus: 5 };
const roll = (facts: Partial<CaracoleFacts>, die: number) => {
  const dice = new SuppliedDice({ caracole: [die] });
  const r = resolveCaracole({ ...base, ...facts }, dice);
  dice.assertAllUsed();
  return r;
};
const chance = (facts: CaracoleFacts, view: string, outcome: string | number) =>
  oddsOf(caracole, facts)
    .find((v) => v.name === view)!
    .outcomes.filter((o) => o.outcome === outcome)
    .reduce((p, o) => p + o.probability, 0);

describe('caracole: the examples', () => {
  it('Confident, d6 2: Caracole; (8" + 5") / 3 = 4 ranks at Short range; Disordered at turn end', () => {
    const example = caracole.examples[0]!;
    const r = resolveProcedure(caracole, caracole.facts.parse(example.facts), { dice: example.dice });
    expect(r.result).toEqual({
      roll: 2,
      decision: 'caracole',
      ranksMayFire: 4,
      fireRange: 'short',
      disorderedAtTurnEnd: true,
      next: 'caracole-fire',
    });
    expect(caracole.describe(r.result)[0]).toBe('Roll 2: Caracole');
  });

  it('Steady against guns, d6 4 + 2 = 6: charge to contact', () => {
    const example = caracole.examples[1]!;
    const r = resolveProcedure(caracole, caracole.facts.parse(example.facts), { dice: example.dice });
    expect(r.result).toEqual({
      roll: 6,
      decision: 'charge',
      ranksMayFire: 0,
      fireRange: null,
      disorderedAtTurnEnd: false,
      next: 'confrontation',
    });
    expect(r.trace.map((s) => s.total).filter((t) => t !== undefined)).toEqual([4, 6]);
  });
});

describe('caracole: every cell of the table through the procedure', () => {
  // Authority values: Resolute caracole on 1, Confident 1-3, Steady 1-5; +2 to the die against artillery.
  const upTo = { Resolute: 1, Confident: 3, Steady: 5 } as const;
  const cells = CARACOLE_STATUSES.flatMap((status) =>
    [false, true].flatMap((artillery) =>
      [1, 2, 3, 4, 5, 6].map(
        (die) => [status, artillery, die, die + (artillery ? 2 : 0) <= upTo[status]] as const,
      ),
    ),
  );
  it.each(cells)('%s, artillery %s, d6 %i: caracole %s', (status, chargingArtillery, die, caracoles) => {
    const r = roll({ status, chargingArtillery }, die);
    expect(r.roll).toBe(die + (chargingArtillery ? 2 : 0));
    expect(r.decision).toBe(caracoles ? 'caracole' : 'charge');
    expect(r.disorderedAtTurnEnd).toBe(caracoles);
  });
});

describe('caracole: ranks that may fire', () => {
  it.each([
    [8, 5, undefined, false, 4],
    [0, 5, undefined, false, 1],
    [1, 1, undefined, false, 0],
    [13, 5, undefined, false, 6],
    [13, 5, 3, false, 3],
    [2.5, 0.5, undefined, false, 1],
    [0, 0, undefined, true, 1],
    [20, 5, undefined, true, 1],
  ])(
    'remaining %f" + bonus %f", %s ranks, counter-charged %s: %i',
    (remainingMove, chargeBonus, ranks, counter, n) => {
      const r = roll(
        {
          status: 'Steady',
          remainingMove,
          chargeBonus,
          counterChargedByCavalry: counter,
          ...(ranks === undefined ? {} : { ranks }),
        },
        1,
      );
      expect(r.ranksMayFire).toBe(n);
    },
  );

  it.each([
    ['Resolute', 'point-blank'],
    ['Confident', 'short'],
    ['Steady', 'medium'],
  ] as const)('%s fires at %s range', (status, range) => {
    expect(roll({ status }, 1).fireRange).toBe(range);
  });

  it('traces the cap at the unit ranks and the counter-charge', () => {
    const trace = new Trace();
    resolveCaracole({ ...base, remainingMove: 20, ranks: 2 }, new SuppliedDice([1]), trace);
    expect(trace.steps.some((s) => s.rule.section === 'Caracole: ranks that may fire' && s.value === 2)).toBe(
      true,
    );
    const counter = new Trace();
    resolveCaracole({ ...base, counterChargedByCavalry: true }, new SuppliedDice([1]), counter);
    expect(counter.steps.some((s) => s.rule.item === 'counter-charged by cavalry' && s.value === 1)).toBe(
      true,
    );
  });
});

describe('caracole: exact odds', () => {
  it.each([
    ['Resolute', false, 1 / 6],
    ['Confident', false, 3 / 6],
    ['Steady', false, 5 / 6],
    ['Resolute', true, 0],
    ['Confident', true, 1 / 6],
    ['Steady', true, 3 / 6],
  ] as const)('%s, against artillery %s: P(caracole) = %f', (status, chargingArtillery, p) => {
    expect(chance({ ...base, status, chargingArtillery }, 'Decision', 'Caracole')).toBeCloseTo(p, 12);
  });

  it('odds sum to 1 and agree with 100,000 seeded rolls', () => {
    const facts: CaracoleFacts = { status: 'Steady', remainingMove: 7, chargeBonus: 5 };
    const exact = oddsOf(caracole, facts);
    for (const view of exact) expect(view.outcomes.reduce((p, o) => p + o.probability, 0)).toBeCloseTo(1, 12);
    const dice = new PrngDice(seedRng(5));
    let caracoles = 0;
    for (let i = 0; i < 100_000; i++) if (resolveCaracole(facts, dice).decision === 'caracole') caracoles++;
    expect(Math.abs(caracoles / 100_000 - 5 / 6)).toBeLessThan(0.006);
  });

  it('same seed, same result; traced and untraced agree', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARACOLE_STATUSES),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 }),
        fc.integer(),
        (status, chargingArtillery, remainingMove, seed) => {
          const facts: CaracoleFacts = { status, chargingArtillery, remainingMove, chargeBonus: 5 };
          const a = resolveCaracole(facts, new PrngDice(seedRng(seed)));
          expect(resolveCaracole(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(a);
          expect(a.ranksMayFire).toBe(a.decision === 'caracole' ? Math.floor((remainingMove + 5) / 3) : 0);
        },
      ),
    );
  });
});

describe('caracole: boundary', () => {
  it.each([
    ['a Shaken unit', { ...base, status: 'Shaken' }, /Invalid option/],
    ['negative movement', { ...base, remainingMove: -1 }, /Too small/],
    ['an unknown fact', { ...base, elephants: true }, /Unrecognized key/],
    ['zero ranks', { ...base, ranks: 0 }, /Too small/],
  ])('rejects %s', (_what, facts, message) => {
    const parsed = caracoleFactsSchema.safeParse(facts);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toMatch(message);
  });

  it('rejects wrong typed-in dice with a clear message', () => {
    expect(() => resolveProcedure(caracole, base, { dice: [] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(caracole, base, { dice: [] })).toThrow(/not enough dice: .*"caracole"/);
    expect(() => resolveProcedure(caracole, base, { dice: [7] })).toThrow(/die out of range: .*got 7/);
    expect(() => resolveProcedure(caracole, base, { dice: [3, 3] })).toThrow(/too many dice/);
  });
});
