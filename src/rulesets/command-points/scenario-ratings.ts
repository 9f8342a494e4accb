import { z } from 'zod';
import type { TableMeta } from '../../core/rules/tables.ts';
import type { RuleRef } from '../../core/rules/trace.ts';
import type {
  Arm,
  NeutralArmy,
  NeutralQuality,
  NeutralWeight,
  Origin,
  Weapon,
} from '../../core/scenario/vocabulary.ts';
import {
  cp,
  cpReconstruction,
  GUN_CLASSES,
  type GunClass,
  gradeRank,
  SMALL_ARMS,
  type SmallArm,
  TRAINING_GRADES,
  type TrainingGrade,
  type TroopArm,
} from './vocabulary.ts';

/**
 * The command-point rules' ratings of a scenario unit, worked out from its neutral description
 * (src/game/scenario/schema.ts: arm, regular, weight, lancers, origin, army, weapon, quality, stands) and
 * overridable per unit by `ratings['command-points']` and per scenario by `overrides['command-points']`.
 * The description is in the scenario format's words (core/scenario/vocabulary.ts).
 */
export interface NeutralUnitDescription {
  readonly arm: Arm;
  readonly regular: boolean;
  readonly weight?: NeutralWeight;
  readonly lancers?: boolean;
  readonly origin: Origin;
  readonly army: NeutralArmy;
  readonly weapon: Weapon;
  readonly quality: NeutralQuality;
  readonly stands: number;
}

/** A unit as the command-point rules rate it. */
export interface CpUnitRatings {
  readonly arm: TroopArm;
  readonly grade: TrainingGrade;
  /** What its infantry fire with (cavalry do not fire in these rules). */
  readonly smallArm: SmallArm;
  /** Artillery only: heavy or light guns. */
  readonly gunClass?: GunClass;
  /** Light infantry and riflemen may take skirmish order. */
  readonly canSkirmish: boolean;
  /** British regular infantry make bayonet attacks (+2 in combat). */
  readonly bayonetAttack: boolean;
  /** Bases (guns, for artillery). */
  readonly bases: number;
}

/** Each rating's rule, for the scenario documentation and the tests. */
export const RATING_RULES: Readonly<Record<Exclude<keyof CpUnitRatings, 'arm' | 'bases'>, RuleRef>> = {
  grade: cpReconstruction('Combat', 'training grade from quality and drill'),
  smallArm: cp('Firing - Infantry', 'musket 0-8", rifle 0-10"'),
  gunClass: cp('Firing - Artillery', 'heavy guns'),
  canSkirmish: cp('Firing - Infantry', 'skirmishers'),
  bayonetAttack: cp('Combat', 'British regulars making bayonet attack'),
};

/** LFAS's class for each neutral quality grade, before the irregulars' step down. */
export const GRADE_OF_QUALITY: Readonly<Record<NeutralQuality, TrainingGrade>> = {
  elite: '1st',
  veteran: '2nd',
  trained: '3rd',
  raw: '4th',
  levy: '5th',
};

/** What each weapon of the scenario format is in these rules. */
export type WeaponRating =
  | { readonly kind: 'small-arm'; readonly smallArm: SmallArm }
  | { readonly kind: 'gun'; readonly gunClass: GunClass };

export interface WeaponTable extends TableMeta {
  readonly rows: Readonly<Record<Weapon, WeaponRating>>;
}

const arm = (smallArm: SmallArm): WeaponRating => ({ kind: 'small-arm', smallArm });
const gun = (gunClass: GunClass): WeaponRating => ({ kind: 'gun', gunClass });

/**
 * Every weapon id of the scenario format: rifles (and rifled muskets) have the rifle's range, other
 * firearms the musket's; javelins, swords and lances do not fire. Field and siege guns are heavy; horse
 * guns, rockets and mortars light (Muster's reading: the text names only heavy guns).
 */
export const WEAPON_RATINGS: WeaponTable = {
  id: 'weapon-ratings',
  title: 'Weapons as the command-point rules rate them',
  source: cp('Firing'),
  readings: ['Weapons and gun classes'],
  rows: {
    'rifled-musket': arm('rifle'),
    'percussion-musket': arm('musket'),
    'flintlock-musket': arm('musket'),
    'percussion-rifle': arm('rifle'),
    'flintlock-rifle': arm('rifle'),
    carbine: arm('musket'),
    matchlock: arm('musket'),
    zamburek: arm('musket'),
    'swivel-gun': arm('musket'),
    bows: arm('musket'),
    javelin: arm('none'),
    'native-rockets': arm('musket'),
    'british-horse': gun('light'),
    'british-field': gun('heavy'),
    'british-siege': gun('heavy'),
    'british-rocket': gun('light'),
    'british-light-mortar': gun('light'),
    'british-heavy-mortar': gun('heavy'),
    'native-horse': gun('light'),
    'native-field': gun('heavy'),
    'native-siege': gun('heavy'),
    'native-mortar': gun('light'),
    none: arm('none'),
  },
};

/** Per unit: ratings replacing those worked out from the description (a scenario's `ratings['command-points']`). */
export const COMMAND_POINTS_UNIT_OVERRIDES = z
  .strictObject({
    grade: z.enum(TRAINING_GRADES).optional().describe('Training grade, 1st (elite) to 5th (poor militia)'),
    smallArm: z.enum(SMALL_ARMS).optional().describe('musket, rifle or none'),
    gunClass: z.enum(GUN_CLASSES).optional().describe('Artillery: heavy or light'),
    canSkirmish: z.boolean().optional().describe('May take skirmish order'),
    bayonetAttack: z.boolean().optional().describe('Makes bayonet attacks (+2 in combat)'),
  })
  .describe('Command-point ratings replacing those worked out from the description');
export type CpUnitOverrides = z.output<typeof COMMAND_POINTS_UNIT_OVERRIDES>;

const ranges = z
  .strictObject({
    short: z.number().positive().describe('Short range, inches'),
    long: z.number().positive().describe('Long range, inches'),
  })
  .refine((r) => r.short <= r.long, { message: 'short range cannot exceed long range' });

/** Per scenario: Muster's defaults it may replace, chiefly the reconstructions of lost charts. */
export const COMMAND_POINTS_SCENARIO_OVERRIDES = z
  .strictObject({
    lightGunRanges: ranges.optional().describe('Light guns\' ranges (Muster\'s reconstruction: 8" and 30")'),
    heavyGunRanges: ranges.optional().describe('Heavy guns\' ranges (printed: 10" and 42")'),
    gradeFactors: z
      .partialRecord(z.enum(TRAINING_GRADES), z.int().min(-6).max(6))
      .optional()
      .describe("Training-grade combat factors (Muster's reconstruction: +2, +1, 0, -1, -2)"),
    redressWhenHalted: z
      .partialRecord(z.enum(TRAINING_GRADES), z.int().min(0).max(5))
      .optional()
      .describe("D-points shed by halting, by grade (Muster's reconstruction: 2, 1, 1, 0, 0)"),
    lightWoundPoints: z
      .int()
      .min(0)
      .max(6)
      .optional()
      .describe("Points a light wound costs (Muster's reconstruction: 2)"),
    moraleRetreatAtDPoints: z
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('D-points at which a unit retreats (Muster: 5)'),
    moraleRoutAtLossFraction: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe('Fraction of bases lost at which a unit at the cap routs (Muster: 0.5)'),
  })
  .describe("Replacements for Muster's command-point defaults");
export type CpScenarioOverrides = z.output<typeof COMMAND_POINTS_SCENARIO_OVERRIDES>;

/** The training grade: the quality's class, one class worse for irregulars (never below 5th). */
export function trainingGrade(unit: Pick<NeutralUnitDescription, 'quality' | 'regular'>): TrainingGrade {
  const rank = gradeRank(GRADE_OF_QUALITY[unit.quality]) + (unit.regular ? 0 : 1);
  return TRAINING_GRADES[Math.min(rank, TRAINING_GRADES.length - 1)]!;
}

/** A unit's ratings from its neutral description, then its overrides. Pure. */
export function commandPointsUnitRatings(
  unit: NeutralUnitDescription,
  overrides?: CpUnitOverrides,
): CpUnitRatings {
  const weapon = WEAPON_RATINGS.rows[unit.weapon];
  const smallArm = unit.arm === 'infantry' && weapon.kind === 'small-arm' ? weapon.smallArm : 'none';
  const gunClass = unit.arm === 'artillery' ? (weapon.kind === 'gun' ? weapon.gunClass : 'light') : undefined;
  const worked: CpUnitRatings = {
    arm: unit.arm,
    grade: trainingGrade(unit),
    smallArm,
    ...(gunClass ? { gunClass } : {}),
    canSkirmish: unit.arm === 'infantry' && (unit.weight === 'light' || smallArm === 'rifle'),
    bayonetAttack: unit.arm === 'infantry' && unit.regular && unit.army === 'british',
    bases: unit.stands,
  };
  if (!overrides) return worked;
  const { gunClass: overGun, ...rest } = overrides;
  return {
    ...worked,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(unit.arm === 'artillery' && overGun ? { gunClass: overGun } : {}),
  };
}
