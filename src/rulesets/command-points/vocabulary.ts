import { type RuleRef, ruleRef } from '../../core/rules/trace.ts';

/** The rule set's id, as scenarios and the registries name it. */
export const COMMAND_POINTS_ID = 'command-points';

/** The printed text: Mark Hannam's rules in The Gauntlet No. 12 (after Callan's LFAS). */
export const CP_SOURCE = 'Hannam, Command Points & D. Points (Gauntlet 12)';
/** Where the text lost a chart and Muster designed the missing piece (docs/rules/command-points.md). */
export const CP_RECONSTRUCTION = "Muster's reconstruction of Hannam (after Callan's LFAS)";

/** A reference to a section of the printed text, e.g. cp('Firing - Artillery', 'short range'). */
export function cp(section: string, item?: string): RuleRef {
  return ruleRef(CP_SOURCE, section, item);
}

/** A reference to a piece Muster designed where the text is lost; `section` names the lost section. */
export function cpReconstruction(section: string, item?: string): RuleRef {
  return ruleRef(CP_RECONSTRUCTION, section, item);
}

/**
 * LFAS's training grades, best first: 1st class (elite) to 5th class (poor militia, unmotivated
 * natives). Hannam refers to a unit's training grade in combat but its scale is lost.
 */
export const TRAINING_GRADES = ['1st', '2nd', '3rd', '4th', '5th'] as const;
export type TrainingGrade = (typeof TRAINING_GRADES)[number];

/** Lower is better: 0 for 1st class. */
export function gradeRank(grade: TrainingGrade): number {
  return TRAINING_GRADES.indexOf(grade);
}

/** The kinds of troops the text distinguishes. */
export const TROOP_ARMS = ['infantry', 'cavalry', 'artillery'] as const;
export type TroopArm = (typeof TROOP_ARMS)[number];

/** Small arms as the text rates them (musket 0-8", rifle 0-10"), or none (sword, lance). */
export const SMALL_ARMS = ['musket', 'rifle', 'none'] as const;
export type SmallArm = (typeof SMALL_ARMS)[number];

/** Guns as the text rates them: heavy (ranges printed) and light (ranges lost). */
export const GUN_CLASSES = ['heavy', 'light'] as const;
export type GunClass = (typeof GUN_CLASSES)[number];
