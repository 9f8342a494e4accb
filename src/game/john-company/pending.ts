import type { UnitId } from '../../core/table/model.ts';
import type { ConfrontationResult } from '../../rulesets/john-company/procedures/confrontation/facts.ts';
import type { UnitEventEffect } from '../../rulesets/john-company/tables/unit-events.ts';

/**
 * Pending steps: what one part of the sequence of play leaves for another to do next, as plain data
 * (a unit event raised in a Confrontation, the effects it rolled, the fire or the fanatics they bring,
 * the Confrontation's moves and pursuit after its events). A module schedules a step instead of calling
 * the module that handles it, so no module calls back into the one that called it; the sequence of play
 * runs the steps (run-pending.ts) before it goes on.
 *
 * The steps are a stack: the steps a step schedules run before those scheduled earlier, so the order of
 * the events is that of the rules' nested procedures (an event's effects before the Confrontation's
 * mandatory moves). A step is scheduled only as the last thing its scheduler does; every step has run
 * when a command's draft is finished.
 */
export type PendingStep =
  /** A unit event (Part 4, Events), rolled if the unit is still in the battle; `opponent` in a Confrontation. */
  | { readonly kind: 'unit-event'; readonly unit: UnitId; readonly opponent?: UnitId }
  /** One effect of a unit event the unit rolled (`side` its side when it rolled). */
  | {
      readonly kind: 'unit-event-effect';
      readonly unit: UnitId;
      readonly side: string;
      readonly effect: UnitEventEffect;
      readonly opponent?: UnitId;
    }
  /** An event makes a unit fire at a target (Events: "fires on"). */
  | { readonly kind: 'event-fire'; readonly firer: UnitId; readonly target: UnitId }
  /** Hidden fanatics charge a unit (Infantry Events 96-99, Cavalry Events 55-59). */
  | { readonly kind: 'fanatics'; readonly unit: UnitId; readonly stands: number }
  /**
   * A Confrontation's results after its events: the winner, the mandatory moves, the pursuit.
   * `remaining` is the charger's move left for a pursuit this turn; `depth` how many pursuits led here.
   */
  | {
      readonly kind: 'confrontation-outcome';
      readonly charger: UnitId;
      readonly target: UnitId;
      readonly result: ConfrontationResult;
      readonly remaining: number;
      readonly depth: number;
    }
  /** A pursuer goes after a beaten unit with `inches` of move (Part 3, Pursue). */
  | {
      readonly kind: 'pursuit';
      readonly pursuer: UnitId;
      readonly fleeing: UnitId;
      readonly inches: number;
      readonly depth: number;
    };

/** Schedules steps to run in the order given, before any step scheduled earlier. */
export function schedule(d: { readonly pending: PendingStep[] }, ...steps: PendingStep[]): void {
  for (let i = steps.length - 1; i >= 0; i--) d.pending.push(steps[i]!);
}
