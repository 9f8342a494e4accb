import { hfRatingsOf, withUnitOverrides } from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import {
  stateForScore,
  UNIT_STATE_TABLE,
} from '../../rulesets/honour-and-fortitude/tables/reconstruction.ts';
import type { RosterRating } from '../rule-set.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Honour & Fortitude (as setup.ts rates them): Morale and Drill, the
 * starting state (fixed by the scenario, or the states its Morale + Drill + d6 can give against the
 * scenario's thresholds), and its weapon on the Firing table.
 */
export function rateHonourAndFortitude(unit: Unit, scenario: Scenario): RosterRating[] {
  const r = withUnitOverrides(hfRatingsOf(unit).ratings, unit.ratings?.['honour-and-fortitude']);
  const thresholds =
    scenario.overrides?.['honour-and-fortitude']?.stateThresholds ?? UNIT_STATE_TABLE.thresholds;
  const worst = stateForScore(r.morale + r.drill + 1, thresholds);
  const best = stateForScore(r.morale + r.drill + 6, thresholds);
  const state = r.state
    ? capitalized(r.state)
    : `${worst === best ? capitalized(best) : `${capitalized(worst)} to ${capitalized(best)}`} (Morale + Drill + d6)`;
  return [
    { label: 'Morale', value: String(r.morale) },
    { label: 'Drill', value: String(r.drill) },
    { label: 'Starting state', value: state },
    { label: 'Fires as', value: r.weapon ?? 'does not fire' },
    ...(r.plodders ? [{ label: 'Moves', value: 'Plodders' }] : []),
  ];
}
