import { SuppliedDice } from '../../../../core/random/dice.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import { artilleryFire, resolveArtilleryFire } from './artillery.ts';
import type { ArtilleryFireFacts, SmallArmsFireFacts } from './facts.ts';
import type { FireResult } from './result.ts';
import { resolveSmallArmsFire, smallArmsFire } from './small-arms.ts';

/**
 * Shared fixtures of the fire procedures' tests: resolving with typed-in dice (every die used), and
 * the base facts each test changes.
 */

/** Resolves with typed-in dice, rejecting unused ones. */
export function sa(facts: SmallArmsFireFacts, faces: number[], trace?: Trace): FireResult {
  const dice = new SuppliedDice(faces);
  const r = resolveSmallArmsFire(smallArmsFire.facts.parse(facts), dice, trace);
  dice.assertAllUsed();
  return r;
}
export function art(facts: ArtilleryFireFacts, faces: number[], trace?: Trace): FireResult {
  const dice = new SuppliedDice(faces);
  const r = resolveArtilleryFire(artilleryFire.facts.parse(facts), dice, trace);
  dice.assertAllUsed();
  return r;
}

/** Steady rifled muskets at a close-order column at point blank: FFF = Resolve Level + RF. */
export const BASE: SmallArmsFireFacts = {
  weapon: 'rifled-musket',
  resolveLevel: 15,
  status: 'Steady',
  standsFiring: 10,
  targetFormation: 'close-order-column',
  range: 'point-blank',
};
/** Random Factor 0, no event. */
export const RF0 = [3, 3, 6];

export const ART_BASE: ArtilleryFireFacts = {
  weapon: 'british-horse',
  resolveLevel: 13,
  status: 'Steady',
  crewStands: 4,
  targetFormation: 'close-order-column',
  range: 'point-blank',
};
