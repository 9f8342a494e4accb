import type { TableMeta } from '../../../core/rules/tables.ts';
import { cp, cpReconstruction, type TrainingGrade } from '../vocabulary.ts';

/** Command: each commander's points for the turn, what a point buys, and the D-point cap. */
export interface CommandTable extends TableMeta {
  /** Command points a commander throws for: one d6 per turn. */
  readonly dicePerCommander: number;
  /** Points to move one formation one move. */
  readonly moveCost: number;
  /** Points to remove one D-point. */
  readonly removeDPointCost: number;
  /** Extra points a commander may spend only on the unit he is attached to. */
  readonly freePointsForAttachedUnit: number;
  /** The most D-points a unit may carry; further ones from fire, combat or morale are casualties. */
  readonly maxDPoints: number;
}

export const COMMAND_TABLE: CommandTable = {
  id: 'command-points',
  title: 'Command points and D-points',
  source: cp('Command; D. Points and Casualties'),
  dicePerCommander: 1,
  moveCost: 1,
  removeDPointCost: 1,
  freePointsForAttachedUnit: 1,
  maxDPoints: 5,
};

/** Where D-points come from: the cap turns those of fire, combat and morale into casualties only. */
export const DPOINT_CAUSES = ['fire', 'combat', 'morale', 'manoeuvre'] as const;
export type DPointCause = (typeof DPOINT_CAUSES)[number];

/** Whether a D-point above the cap becomes a casualty (true) or is ignored (manoeuvre). */
export const EXCESS_BECOMES_CASUALTY: Readonly<Record<DPointCause, boolean>> = {
  fire: true,
  combat: true,
  morale: true,
  manoeuvre: false,
};

/**
 * D-points a halted unit sheds for free when it redresses its ranks, by training grade (LFAS: good
 * units redress by halting, poor ones only when a commander rallies them). The text's paragraph on
 * removing D-points is lost: Muster's reconstruction, scenario-overridable.
 */
export interface RedressTable extends TableMeta {
  readonly freeRemovalWhenHalted: Readonly<Record<TrainingGrade, number>>;
}

export const REDRESS_TABLE: RedressTable = {
  id: 'redress-when-halted',
  title: 'D-points shed by halting (reconstruction)',
  source: cpReconstruction('Removal of DPs'),
  readings: ['Removal of D-points'],
  freeRemovalWhenHalted: { '1st': 2, '2nd': 1, '3rd': 1, '4th': 0, '5th': 0 },
};
