import { jcUnitRatings } from '../../rulesets/john-company/scenario-ratings.ts';
import type { RosterRating } from '../rule-set.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';

/** John Company (as setup.ts rates them): the Resolve Level, the troop type, and skirmishers if any. */
export function rateJohnCompany(unit: Unit, scenario: Scenario): RosterRating[] {
  const { profile, skirmish } = jcUnitRatings(unit, scenario.overrides?.['john-company']);
  return [
    { label: 'Resolve Level', value: String(profile.resolveLevel) },
    { label: 'Troop type', value: profile.troop },
    ...(skirmish === 'none' ? [] : [{ label: 'Skirmish', value: skirmish }]),
  ];
}
