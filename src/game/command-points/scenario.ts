import {
  COMMAND_POINTS_SCENARIO_OVERRIDES,
  COMMAND_POINTS_UNIT_OVERRIDES,
  type CpScenarioOverrides,
  type CpUnitOverrides,
} from '../../rulesets/command-points/scenario-ratings.ts';
import { type ScenarioFormat, type ScenarioRules, scenarioFormat } from '../scenario/schema.ts';

declare module '../scenario/schema.ts' {
  interface UnitRatingsBySet {
    'command-points'?: CpUnitOverrides;
  }
  interface ScenarioOverridesBySet {
    'command-points'?: CpScenarioOverrides;
  }
}

/** The command-point rules' part of the scenario format: its sections, `ratings`/`overrides['command-points']`. */
export const commandPointsScenario: ScenarioRules = {
  id: 'command-points',
  label: 'Command Points',
  unitRatings: COMMAND_POINTS_UNIT_OVERRIDES,
  overrides: COMMAND_POINTS_SCENARIO_OVERRIDES,
};

/** The format as the command-point rules read a scenario to play it: their sections checked, others' passed. */
export const CP_SCENARIO_FORMAT: ScenarioFormat = scenarioFormat([commandPointsScenario], 'pass');
