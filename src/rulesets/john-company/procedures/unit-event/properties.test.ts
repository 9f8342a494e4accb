import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrngDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { ARMS } from '../../vocabulary.ts';
import { resolveUnitEvent } from './event-roll.ts';
import type { UnitEventFacts } from './facts.ts';
import { ARTILLERY, NO_REROLL, run } from './fixtures.ts';
import { unitEvent } from './index.ts';

/** Unit events: properties of any thrown dice. */

describe('unit event: properties of thrown dice', () => {
  it('never loses more guns than the battery has, and ground never moves a unit more than 15"', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 6 }), (seed, guns) => {
        const facts: UnitEventFacts = { ...ARTILLERY, guns };
        const r = resolveUnitEvent(facts, new PrngDice(seedRng(seed)));
        let lost = 0;
        for (const e of r.effects) {
          if (e.kind === 'guns-lost') lost += e.guns;
          if (e.kind === 'movement-change') expect(Math.abs(e.inches)).toBeGreaterThanOrEqual(1);
          if (e.kind === 'movement-change') expect(Math.abs(e.inches)).toBeLessThanOrEqual(15);
        }
        expect(lost).toBeLessThanOrEqual(guns);
      }),
      { numRuns: 2000 },
    );
  });

  it('the same seed gives the same result, with or without the trace', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...ARMS), (seed, arm) => {
        const facts = { ...NO_REROLL[arm], raining: true };
        const a = resolveUnitEvent(facts, new PrngDice(seedRng(seed)));
        expect(resolveUnitEvent(facts, new PrngDice(seedRng(seed)))).toEqual(a);
        expect(resolveUnitEvent(facts, new PrngDice(seedRng(seed)), new Trace())).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it('typed-in dice give the same result as the PRNG that threw the same faces', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...ARMS), (seed, arm) => {
        const facts = { ...NO_REROLL[arm], army: 'native' as const };
        const r = resolveProcedure(unitEvent, facts, { seed });
        const faces = r.rolls.flatMap((x) => x.faces);
        expect(run(facts, faces)).toEqual(r.result);
      }),
      { numRuns: 300 },
    );
  });
});
