import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrngDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../../core/rules/run.ts';
import { GENERAL_MOVEMENT } from '../../tables/general-movement.ts';
import { MOVEMENT_RATES, RATE_COLUMNS, TROOP_TYPES } from '../../tables/movement-rates.ts';
import { ORDERS } from '../../tables/orders.ts';
import { COMMAND_RADIUS, DEFAULT_ORDERS_DECK, ORDERS_PER_GENERAL } from '../../tables/orders-deck.ts';
import { TERRAIN_COSTS, TERRAINS, WALL_COSTS, WATER_COSTS } from '../../tables/terrain-costs.ts';
import { ORDERS_DRAW_READINGS } from '../orders-draw.ts';
import { resolveMovementAllowance } from './allowance.ts';
import type { MovementFacts } from './facts.ts';
import { MOVEMENT_ALLOWANCE_READINGS, movementAllowance } from './index.ts';

describe('movement allowance: exact odds and properties', () => {
  const sum = (outcomes: readonly { probability: number }[]) =>
    outcomes.reduce((s, o) => s + o.probability, 0);

  it('the examples enumerate exactly; every view sums to 1', () => {
    for (const ex of movementAllowance.examples) {
      for (const view of oddsOf(movementAllowance, movementAllowance.facts.parse(ex.facts)))
        expect(sum(view.outcomes)).toBeCloseTo(1, 12);
    }
  });

  it('+2 Dice on a 7" column: 9"..19" available with the 2d6 spread', () => {
    const [available] = oddsOf(movementAllowance, {
      troop: 'british-infantry',
      formation: 'close-order-column',
      movement: 'normal-plus-2-dice',
    });
    expect(available!.outcomes).toHaveLength(11);
    expect(available!.outcomes.find((o) => o.outcome === 14)!.probability).toBeCloseTo(6 / 36, 12);
  });

  it('a medium-wall jump loses 1 or 2 stands with probability 1/6 each', () => {
    const odds = oddsOf(movementAllowance, {
      troop: 'british-cavalry',
      formation: 'close-order-line',
      walls: ['medium'],
    });
    const lost = odds.find((v) => v.name === 'Stands lost jumping walls')!;
    expect(lost.outcomes).toEqual([
      { outcome: 0, probability: 4 / 6 },
      { outcome: 1, probability: 1 / 6 },
      { outcome: 2, probability: 1 / 6 },
    ]);
  });

  it('exact odds agree with 100,000 seeded rolls', () => {
    const facts: MovementFacts = {
      troop: 'native-regular-cavalry',
      formation: 'close-order-line',
      movement: 'normal-plus-1-dice',
      moveInches: 6,
      walls: ['medium'],
      water: ['stream'],
    };
    const odds = oddsOf(movementAllowance, facts);
    const fitsView = odds.find((v) => v.name === 'Fits')!;
    const lostView = odds.find((v) => v.name === 'Stands lost jumping walls')!;
    const dice = new PrngDice(seedRng(3));
    const n = 100_000;
    const fits = new Map<string, number>();
    const lost = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const r = resolveMovementAllowance(facts, dice);
      const k = r.fits ? 'fits' : r.impassable ? 'impassable' : 'too far';
      fits.set(k, (fits.get(k) ?? 0) + 1);
      lost.set(r.standsLost, (lost.get(r.standsLost) ?? 0) + 1);
    }
    for (const o of fitsView.outcomes)
      expect(Math.abs((fits.get(o.outcome as string) ?? 0) / n - o.probability)).toBeLessThan(0.006);
    for (const o of lostView.outcomes)
      expect(Math.abs((lost.get(o.outcome as number) ?? 0) / n - o.probability)).toBeLessThan(0.006);
  });

  const arbFacts = fc.record({
    troop: fc.constantFrom(...TROOP_TYPES),
    formation: fc.constantFrom(...RATE_COLUMNS),
    movement: fc.constantFrom(
      'normal',
      'half-normal',
      'normal-plus-1-dice',
      'normal-and-charge-bonus',
      'fall-back',
      'rout',
    ),
    moveInches: fc.integer({ min: 0, max: 12 }),
    terrain: fc.array(
      fc.record({ terrain: fc.constantFrom(...TERRAINS), inches: fc.integer({ min: 0, max: 4 }) }),
      { maxLength: 3 },
    ),
    water: fc.array(fc.constantFrom('nullah' as const, 'stream' as const), { maxLength: 2 }),
    aboutFaces: fc.integer({ min: 0, max: 2 }),
  });

  it('firm ground never shortens the move; more ground never costs less; the same seed gives the same result', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer(), (raw, seed) => {
        const facts = raw as MovementFacts;
        const base = resolveMovementAllowance(facts, new PrngDice(seedRng(seed)));
        expect(resolveMovementAllowance(facts, new PrngDice(seedRng(seed)))).toEqual(base);
        const firm = resolveMovementAllowance(
          { ...facts, events: ['firm-ground'] },
          new PrngDice(seedRng(seed)),
        );
        expect(firm.fullMove).toBeGreaterThanOrEqual(base.fullMove);
        const further = resolveMovementAllowance(
          { ...facts, moveInches: (facts.moveInches ?? 0) + 1 },
          new PrngDice(seedRng(seed)),
        );
        expect(further.used).toBe(base.used + 1);
        expect(base.available).toBeGreaterThanOrEqual(0);
        expect(base.fits).toBe(!base.impassable && base.used <= base.available);
        expect(base.disordered).toBe(base.disorderCauses.length > 0);
      }),
    );
  });

  it('exact odds of any such move sum to 1', () => {
    fc.assert(
      fc.property(arbFacts, (raw) => {
        for (const view of oddsOf(movementAllowance, raw as MovementFacts))
          expect(sum(view.outcomes)).toBeCloseTo(1, 9);
      }),
      { numRuns: 50 },
    );
  });
});

describe('orders and movement: readings are documented', () => {
  const doc = readFileSync(
    new URL('../../../../../docs/rules/john-company/orders-and-movement.md', import.meta.url),
    'utf8',
  );
  const headings = new Set(
    doc
      .split('\n')
      .filter((l) => l.startsWith('### '))
      .map((l) => l.slice(4).trim()),
  );
  const named = new Set([
    ...(MOVEMENT_RATES.readings ?? []),
    ...(TERRAIN_COSTS.readings ?? []),
    ...(WALL_COSTS.readings ?? []),
    ...(WATER_COSTS.readings ?? []),
    ...(ORDERS.readings ?? []),
    ...(ORDERS_PER_GENERAL.readings ?? []),
    ...(DEFAULT_ORDERS_DECK.readings ?? []),
    ...(COMMAND_RADIUS.readings ?? []),
    ...(GENERAL_MOVEMENT.readings ?? []),
    ...MOVEMENT_ALLOWANCE_READINGS,
    ...ORDERS_DRAW_READINGS,
  ]);
  it.each([...named])('"%s" has a ### entry in orders-and-movement.md', (heading) => {
    expect(headings.has(heading)).toBe(true);
  });
  it('every ### entry is named by a table or procedure', () => {
    expect([...headings].filter((h) => !named.has(h))).toEqual([]);
  });
});

describe('movement allowance: roll keys', () => {
  it('documents every key it throws under, one per entry', () => {
    expect(movementAllowance.rolls.map((r) => r.key)).toEqual([
      'extraDice',
      'soft-sand',
      'very-rough-ground',
      'very-rough-ground-cavalry',
      'unseen-nullah',
      'firm-ground',
      'wallJump',
      'nullah',
      'stream',
      'river',
    ]);
    const r = resolveProcedure(
      movementAllowance,
      {
        troop: 'british-cavalry',
        formation: 'close-order-line',
        movement: 'normal-plus-1-dice',
        events: ['very-rough-ground', 'firm-ground'],
        walls: ['medium'],
        water: ['nullah', 'stream', 'river'],
      },
      { seed: 4 },
    );
    const keys = new Set(movementAllowance.rolls.map((x) => x.key));
    for (const roll of r.rolls) expect(keys.has(roll.key)).toBe(true);
  });
});
