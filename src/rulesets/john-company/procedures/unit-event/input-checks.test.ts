import { describe, expect, it } from 'vitest';
import { DiceInputError } from '../../../../core/random/dice.ts';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { unitEventFactsSchema } from './facts.ts';
import { INFANTRY, parse } from './fixtures.ts';
import { unitEvent } from './index.ts';

/** Unit events: typed-in dice and facts are checked, with clear messages. */

describe('unit event: typed-in dice and facts are checked', () => {
  const facts = parse(INFANTRY);
  it('rejects dice out of range, too few or too many, with a clear message', () => {
    expect(() => resolveProcedure(unitEvent, facts, { dice: [100] })).toThrow(
      /percentile 00-99 showing 0-99, but got 100/,
    );
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7] })).toThrow(/not enough dice.*commanderHit/);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7, 7] })).toThrow(/d6 showing 1-6, but got 7/);
    expect(() => resolveProcedure(unitEvent, facts, { dice: [52, 4, 11] })).toThrow(
      /d10 showing 1-10, but got 11/,
    );
    expect(() => resolveProcedure(unitEvent, facts, { dice: [7, 4, 4] })).toThrow(/too many dice/);
  });

  it('rejects facts that do not fit the arm', () => {
    const bad = (f: object) => unitEventFactsSchema.safeParse(f).success;
    expect(bad({ arm: 'infantry', army: 'other', defendOrders: true })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'other', guns: 4 })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'other', defendingWorks: true })).toBe(false);
    expect(bad({ arm: 'artillery', army: 'other', coloursLost: 'all' })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'native', coloursLost: 'regimental' })).toBe(false);
    expect(bad({ arm: 'cavalry', army: 'british', coloursLost: 'queens' })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'other', generalsWithin2in: 5 })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'other', nonsense: 1 })).toBe(false);
    expect(bad({ arm: 'infantry', army: 'british', coloursLost: 'regimental' })).toBe(true);
    expect(
      bad({ arm: 'artillery', army: 'native', defendOrders: true, guns: 4, batteryMove: 'prolonge' }),
    ).toBe(true);
    const msg = unitEventFactsSchema.safeParse({ arm: 'infantry', army: 'other', guns: 3 }).error?.issues[0]
      ?.message;
    expect(msg).toBe('guns applies to artillery only');
  });
});
