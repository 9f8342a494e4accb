import { SuppliedDice } from '../../../../core/random/dice.ts';
import type { UnitEventEffect } from '../../tables/unit-events.ts';
import type { ARMS } from '../../vocabulary.ts';
import { resolveUnitEvent } from './event-roll.ts';
import { type UnitEventFacts, unitEventFactsSchema } from './facts.ts';

/**
 * Shared fixtures of the unit event's tests: facts parsed as the procedure takes them, a resolution
 * with typed-in dice that uses every die, facts under which no entry is rolled again, and the effects
 * the entries give.
 */

export const parse = (facts: unknown) => unitEventFactsSchema.parse(facts) as UnitEventFacts;
/** Resolves with typed-in dice in throw order, and checks that every die was used. */
export function run(facts: UnitEventFacts, faces: number[]) {
  const dice = new SuppliedDice(faces);
  const r = resolveUnitEvent(parse(facts), dice);
  dice.assertAllUsed();
  return r;
}

// Facts under which no entry is rolled again.
export const INFANTRY: UnitEventFacts = { arm: 'infantry', army: 'other' };
export const CAVALRY: UnitEventFacts = { arm: 'cavalry', army: 'other' };
export const ARTILLERY: UnitEventFacts = {
  arm: 'artillery',
  army: 'other',
  batteryMove: 'limbered',
  underArtilleryFire: true,
};
export const NO_REROLL: Record<(typeof ARMS)[number], UnitEventFacts> = {
  infantry: INFANTRY,
  cavalry: CAVALRY,
  artillery: ARTILLERY,
};

export const KILLED: UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'killed' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-killed', amount: -2, tests: 'next' },
  {
    kind: 'reaction-modifier',
    unit: 'self',
    modifier: 'unit-commander-killed-earlier',
    amount: -1,
    tests: 'all-after-next',
  },
];
export const WOUNDED: UnitEventEffect[] = [
  { kind: 'unit-commander-casualty', severity: 'wounded' },
  { kind: 'reaction-modifier', unit: 'self', modifier: 'unit-commander-wounded', amount: -1, tests: 'next' },
];
export const MUSICIANS: UnitEventEffect[] = [
  { kind: 'reaction-modifier', unit: 'self', modifier: 'musicians-lost', amount: -1, tests: 'all-future' },
];
export const COLOURS_MINUS_2: UnitEventEffect = {
  kind: 'resolve-change',
  adjustment: 'colours-lost',
  amount: -2,
  permanent: true,
};
export const CAPTURED: UnitEventEffect = {
  kind: 'reaction-modifier',
  unit: 'facing-enemy',
  modifier: 'enemy-colours-captured',
  amount: 1,
  tests: 'all-future',
};
export const CUT_UP: UnitEventEffect[] = [
  { kind: 'resolve-change', adjustment: 'friendly-casualties-cut-up', amount: 1, permanent: true },
];
export const move = (inches: number): UnitEventEffect => ({ kind: 'movement-change', inches, move: 'next' });
export const firm = (inches: number): UnitEventEffect => ({
  kind: 'movement-change',
  inches,
  move: 'next',
  orIfDisordered: 'reform-without-movement-penalty',
});
export const none = (reason: string) => [{ kind: 'no-effect', reason }];
export const order = (o: string, more: object = {}) => [{ kind: 'next-order', order: o, ...more }];
