import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import type { AnyPlayableRuleSet } from './engine/battle.ts';
import type { Scenario, ScenarioRules, Unit } from './scenario/schema.ts';

/** A rule set's procedures and the referee's aids: what `muster resolve`, its docs and the referee use. */
export interface RuleSetEntry {
  readonly id: string;
  readonly title: string;
  readonly procedures: readonly AnyProcedure[];
  /** The turn as a checklist, each step naming the procedures it uses. */
  readonly sequence: readonly SequenceStep[];
  /** What a referee tracks per unit. */
  readonly roster: RosterVocabulary;
}

/** One rating of a unit on the referee's roster, as the rule set words it ("Resolve Level": "4"). */
export interface RosterRating {
  readonly label: string;
  readonly value: string;
}

/**
 * A rule set's whole face to the shells, one module per set (`src/game/<set>/index.ts`) listed once in
 * the registry (src/game/registry.ts): its procedures and referee aids, its whole battle (the
 * `PlayableRuleSet`: command schema, what each viewer sees and reads of the log, how a situation is
 * described, undo, previews, the computer opponent), how it rates a scenario's units and its part of the
 * scenario format. The shells reach
 * a rule set only through this; none names one.
 */
export interface RuleSetModule extends RuleSetEntry {
  /** Its whole battles; same id and title as the module. */
  readonly playable: AnyPlayableRuleSet;
  /** How it rates a scenario's unit for the referee's roster (its own scenario-ratings mapping). */
  readonly rateUnit: (unit: Unit, scenario: Scenario) => RosterRating[];
  /** Its part of the scenario format: its sections (`ratings[<id>]`, `overrides[<id>]`) and limits. */
  readonly scenario: ScenarioRules;
}
