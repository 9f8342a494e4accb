import type {
  HfScenarioOverrides,
  HfUnitOverrides,
} from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import type { Scenario, Unit } from '../scenario/schema.ts';

/**
 * A scenario's Honour & Fortitude replacements: per scenario (`overrides['honour-and-fortitude']`,
 * HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES) and per unit (`ratings['honour-and-fortitude']`,
 * HONOUR_AND_FORTITUDE_UNIT_OVERRIDES), as the scenario schema has already checked them.
 */
export function scenarioOverrides(scenario: Scenario): HfScenarioOverrides {
  return scenario.overrides?.['honour-and-fortitude'] ?? {};
}

export function unitOverrides(unit: Unit): HfUnitOverrides | undefined {
  return unit.ratings?.['honour-and-fortitude'];
}
