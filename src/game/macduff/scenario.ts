import {
  MACDUFF_SCENARIO_OVERRIDES,
  MACDUFF_UNIT_OVERRIDES,
  type MacduffScenarioOverrides,
  type MacduffUnitOverrides,
} from '../../rulesets/macduff/scenario-ratings.ts';
import type { ScenarioRules } from '../scenario/schema.ts';

declare module '../scenario/schema.ts' {
  interface UnitRatingsBySet {
    macduff?: MacduffUnitOverrides;
  }
  interface ScenarioOverridesBySet {
    macduff?: MacduffScenarioOverrides;
  }
}

/** MacDuff's part of the scenario format: its sections, `ratings.macduff` and `overrides.macduff`. */
export const macduffScenario: ScenarioRules = {
  id: 'macduff',
  label: 'MacDuff',
  unitRatings: MACDUFF_UNIT_OVERRIDES,
  overrides: MACDUFF_SCENARIO_OVERRIDES,
};
