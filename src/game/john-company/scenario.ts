import {
  JC_SCENARIO_OVERRIDES,
  JC_UNIT_OVERRIDES,
  type JcScenarioOverrides,
  type JcUnitOverrides,
  jcUnitProblems,
} from '../../rulesets/john-company/scenario-ratings.ts';
import { WATERCOURSES } from '../../rulesets/john-company/table/terrain.ts';
import { type ScenarioFormat, type ScenarioRules, scenarioFormat } from '../scenario/schema.ts';

declare module '../scenario/schema.ts' {
  interface UnitRatingsBySet {
    'john-company'?: JcUnitOverrides;
  }
  interface ScenarioOverridesBySet {
    'john-company'?: JcScenarioOverrides;
  }
}

/**
 * John Company's part of the scenario format: its sections (`ratings['john-company']`,
 * `overrides['john-company']`), the units its rules cannot play (a movement row of another arm, a
 * formation the unit's class may not use, a light company too small) and its water hazards' widths and
 * crossing dice (Part 3, Water Hazards).
 */
export const johnCompanyScenario: ScenarioRules = {
  id: 'john-company',
  label: 'John Company',
  unitRatings: JC_UNIT_OVERRIDES,
  overrides: JC_SCENARIO_OVERRIDES,
  unitProblems: jcUnitProblems,
  watercourses: WATERCOURSES,
};

/** The format as John Company reads a scenario to play it: its own sections checked, others' passed. */
export const JC_SCENARIO_FORMAT: ScenarioFormat = scenarioFormat([johnCompanyScenario], 'pass');
