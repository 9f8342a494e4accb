import type { Point } from '../core/geometry/points.ts';
import type { AnyProcedure } from '../core/rules/procedure.ts';
import type { RosterVocabulary, SequenceStep } from '../core/rules/referee.ts';
import type { StandState } from '../core/table/model.ts';
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
  /** What its table in the browser measures and plans for a unit, from a side's view (a set with a table of its own has none). */
  readonly tableAids?: TableAids<never>;
}

/** Where a unit measures from: the centre of its front edge, and the way it faces (degrees, table axes). */
export interface UnitFront extends Point {
  readonly facing: number;
}

/** A distance drawn from a unit's front within an arc, as the rules word it ("long range: up to 10\""). */
export interface ReachBand {
  /** The band in the rules' words: "close range", "long range", "move". */
  readonly label: string;
  /** Its outer edge, inches from the unit's front. */
  readonly inches: number;
  /** Its inner edge, when it starts beyond the front (a least range), inches. */
  readonly least?: number;
}

/**
 * A unit's reach of one kind: bands out from its front, within `arc` degrees either side of its facing
 * (180: all round), and the rule it comes from in words.
 */
export interface Reach {
  readonly bands: readonly ReachBand[];
  readonly arc: number;
  /** What the reach is and why, in the rules' words, for a tooltip and the panel. */
  readonly words: string;
}

/**
 * A unit's move to a chosen point and facing, as the set's command, or why not: the command given as is
 * (the game judges it again), its stands where it would end (the ghost), and the move in words.
 */
export type PlannedMove =
  | {
      readonly ok: true;
      readonly command: { readonly type: string };
      readonly stands: readonly StandState[];
      readonly words: string;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * A unit's attack (a charge) on an enemy unit, planned on the table: the set's command for it, taken from
 * the side's legal commands where those list every attack, else judged as the engine judges it; the
 * point its path heads for, its stands where the rules put them before any dice (none where a roll
 * decides how far it goes), and the attack in words; or why it may not attack that unit now.
 */
export type PlannedAttack =
  | {
      readonly ok: true;
      readonly command: { readonly type: string };
      readonly to: Point;
      readonly stands: readonly StandState[];
      readonly words: string;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * A set's measuring and planning aids for its table in the browser, read from a side's view (its
 * `GamePlay.view`): where a unit stands, its weapon's ranges and arc, how far it may move and charge,
 * whether it sees another unit, a point and facing chosen on the table turned into its move command, and
 * an enemy unit chosen on the table turned into its attack on it.
 * Each `src/game/<set>/table-aids.ts` exports one as `tableAids`; the table finds it by the set's folder.
 */
export interface TableAids<View> {
  /** The unit's front and facing; undefined for a unit the view lacks or that is off the table. */
  readonly front: (view: View, unit: string) => UnitFront | undefined;
  /** Its weapon's range bands and arc of fire; undefined for a unit that has none. */
  readonly weaponRanges: (view: View, unit: string) => Reach | undefined;
  /** How far it may move this turn (its move, each band a way of moving); undefined if it cannot move. */
  readonly reach: (view: View, unit: string) => Reach | undefined;
  /** How far its charge (attack) may carry it, within the arc it may charge in; undefined if it may not charge. */
  readonly chargeReach: (view: View, unit: string) => Reach | undefined;
  /** Whether `from` sees `to` as the set's rules judge sight for fire. */
  readonly lineOfSight: (view: View, from: string, to: string) => boolean;
  /** Whether `side` may give the unit a move now (a point picked on the table then plans one). */
  readonly mayMove: (view: View, side: string, unit: string) => boolean;
  /** The move of the unit to `to`, ending facing `facing`, for `side`; or why it may not go there. */
  readonly moveTo: (view: View, side: string, unit: string, to: Point, facing: number) => PlannedMove;
  /**
   * The unit's attack (charge) on the enemy unit `target` for `side` now, `legal` being the side's legal
   * commands (`GamePlay.legal`); or why it may not attack it, in words (wrong phase, out of reach or arc).
   */
  readonly attackOn: (
    view: View,
    side: string,
    unit: string,
    target: string,
    legal: readonly unknown[],
  ) => PlannedAttack;
}
