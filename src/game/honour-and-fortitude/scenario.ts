import {
  type HfScenarioOverrides,
  type HfUnitOverrides,
  HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES,
  HONOUR_AND_FORTITUDE_UNIT_OVERRIDES,
} from '../../rulesets/honour-and-fortitude/scenario-ratings.ts';
import { type ScenarioFormat, type ScenarioRules, scenarioFormat } from '../scenario/schema.ts';

declare module '../scenario/schema.ts' {
  interface UnitRatingsBySet {
    'honour-and-fortitude'?: HfUnitOverrides;
  }
  interface ScenarioOverridesBySet {
    'honour-and-fortitude'?: HfScenarioOverrides;
  }
}

/** Honour & Fortitude's part of the scenario format: its sections, `ratings`/`overrides['honour-and-fortitude']`. */
export const honourAndFortitudeScenario: ScenarioRules = {
  id: 'honour-and-fortitude',
  label: 'Honour & Fortitude',
  unitRatings: HONOUR_AND_FORTITUDE_UNIT_OVERRIDES,
  overrides: HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES,
};

/** The format as Honour & Fortitude reads a scenario to play it: its own sections checked, others' passed. */
export const HF_SCENARIO_FORMAT: ScenarioFormat = scenarioFormat([honourAndFortitudeScenario], 'pass');
