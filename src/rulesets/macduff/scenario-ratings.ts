import { z } from 'zod';
import type { RuleRef } from '../../core/rules/trace.ts';
import type {
  Arm,
  NeutralArmy,
  NeutralQuality,
  NeutralWeight,
  Origin,
  Weapon,
} from '../../core/scenario/vocabulary.ts';
import { CREW_PER_GUN, GUN_KINDS, type GunKind } from './tables/artillery.ts';
import { CONTROL_ROLL_RANGE } from './tables/command.ts';
import {
  NATIONAL_MODIFIERS,
  type NationalModifier,
  SMALL_ARM_CLASSES,
  type SmallArmClass,
} from './tables/small-arms.ts';
import {
  type Allegiance,
  MACDUFF_ALLEGIANCES,
  md,
  mdReconstruction,
  PERSONALITIES,
  TROOP_TYPES,
  type TroopType,
} from './vocabulary.ts';

/**
 * MacDuff's ratings of a unit, worked out from a scenario's neutral description (arm, regular, weight,
 * lancers, origin, army, weapon, quality, stands) and overridable per unit by the scenario's
 * `ratings.macduff` and per scenario by `overrides.macduff`. docs/rules/macduff.md lists every choice.
 */
export interface MacduffRatings {
  readonly allegiance: Allegiance;
  readonly troop: TroopType;
  /** Guns only: what kind, for crews, movement and fire. */
  readonly gunKind?: GunKind;
  /** Its small arm, or undefined for none (swords, lances, spears, bows). */
  readonly smallArm?: SmallArmClass;
  /** Fighting men (infantry and cavalry) or gunners (artillery). */
  readonly figures: number;
  /** Artillery: guns. */
  readonly guns: number;
  /** Fieldcraft 1-3 for Imperial units (7.8); natives 0 (they are the ones concealed). */
  readonly fieldcraft: number;
  readonly national: NationalModifier;
  readonly lancers: boolean;
  /** A musician or standard bearer is with it (1.4, 1.5): helps casualty recovery (12.5). */
  readonly musicOrColours: boolean;
  /** Natives may begin concealed (7.7). */
  readonly mayConceal: boolean;
}

/** The neutral description this mapping reads, in the scenario format's words (core/scenario/vocabulary.ts). */
export interface NeutralUnit {
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

/** Where each rating comes from. */
export const MACDUFF_RATING_RULES: Readonly<Record<keyof MacduffRatings, RuleRef>> = {
  allegiance: md('2.1 General rule', 'red for Imperial units, black for native'),
  troop: md('1. Organisation'),
  gunKind: md('1.6 Artillery'),
  smallArm: mdReconstruction('8.2 To Hit', 'scenario weapons as small-arms classes'),
  figures: mdReconstruction('1.2 Scales and basing', 'figures per stand'),
  guns: md('1.6 Artillery'),
  fieldcraft: md('7.8 Field Craft'),
  national: md('8.3 National Modifiers'),
  lancers: md('1.5 Regular Cavalry', 'lancers'),
  musicOrColours: md('1.4 Regular Infantry', 'musician and standard bearer'),
  mayConceal: md('7.7 Concealment'),
};

/**
 * The scenario weapons (1750-1860) as MacDuff's small-arms classes: every muzzle-loading smoothbore
 * (flintlock, percussion or matchlock musket, swivel guns) is a smoothbore musket; carbines are smoothbore
 * carbines; rifled muskets and zamburaks fire as jezzails (rifled muzzle-loaders); flintlock and
 * percussion rifles are early rifles firing patched ball (8.4 d). Bows, javelins, rockets and no weapon
 * give no small-arms fire (thrown weapons belong to the charge, 8.8).
 */
export const SMALL_ARM_OF_WEAPON: Readonly<Partial<Record<Weapon, SmallArmClass | undefined>>> = {
  'flintlock-musket': 'smoothbore-musket',
  'percussion-musket': 'smoothbore-musket',
  matchlock: 'smoothbore-musket',
  'swivel-gun': 'smoothbore-musket',
  carbine: 'smoothbore-carbine',
  'rifled-musket': 'rifled-muzzle-loader',
  zamburek: 'rifled-muzzle-loader',
  'flintlock-rifle': 'patched-ball-rifle',
  'percussion-rifle': 'patched-ball-rifle',
  bows: undefined,
  javelin: undefined,
  'native-rockets': undefined,
  none: undefined,
};

/** The scenario's guns as MacDuff's kinds: siege guns are heavy, horse guns horse, the rest field guns. */
export const GUN_KIND_OF_WEAPON: Readonly<Partial<Record<Weapon, GunKind>>> = {
  'british-horse': 'horse',
  'native-horse': 'horse',
  'british-field': 'field',
  'native-field': 'field',
  'british-rocket': 'field',
  'british-light-mortar': 'field',
  'british-heavy-mortar': 'heavy',
  'native-mortar': 'heavy',
  'british-siege': 'heavy',
  'native-siege': 'heavy',
};

/** Figures per stand where the scenario's basing gives none: 4 foot, 2 horse (Muster's reading). */
export const DEFAULT_FIGURES_PER_STAND = { infantry: 4, cavalry: 2 } as const;

/** MacDuff's ratings for a neutral unit. `figuresPerStand` comes from the scenario's basing. */
export function macduffRatings(unit: NeutralUnit, figuresPerStand?: number): MacduffRatings {
  const allegiance: Allegiance = unit.army === 'british' ? 'imperial' : 'native';
  const base = {
    allegiance,
    national: (allegiance === 'native' ? 'native-against-british' : 'none') as NationalModifier,
    lancers: unit.arm === 'cavalry' && unit.lancers === true,
    musicOrColours: unit.regular && unit.arm !== 'artillery',
    mayConceal: allegiance === 'native',
    fieldcraft: allegiance === 'native' ? 0 : fieldcraftOf(unit),
  };
  if (unit.arm === 'artillery') {
    const gunKind = GUN_KIND_OF_WEAPON[unit.weapon] ?? 'field';
    return {
      ...base,
      troop: gunKind === 'heavy' ? 'heavy-gun' : gunKind === 'machine-gun' ? 'machine-gun' : 'field-gun',
      gunKind,
      figures: unit.stands * CREW_PER_GUN[gunKind],
      guns: unit.stands,
    };
  }
  const smallArm = SMALL_ARM_OF_WEAPON[unit.weapon];
  const troop: TroopType =
    unit.arm === 'infantry'
      ? unit.regular
        ? 'regular-infantry'
        : 'irregular-infantry'
      : unit.regular && unit.weight === 'heavy'
        ? 'heavy-cavalry'
        : 'light-cavalry';
  const perStand = figuresPerStand ?? DEFAULT_FIGURES_PER_STAND[unit.arm];
  return { ...base, troop, ...(smallArm ? { smallArm } : {}), figures: unit.stands * perStand, guns: 0 };
}

/**
 * Fieldcraft (7.8): 1 for most Europeans, 2 for veteran (and elite) Europeans and for sepoys, 3 for
 * frontier horse (irregular light horse of the Company's own raising).
 */
function fieldcraftOf(unit: NeutralUnit): number {
  if (unit.arm === 'cavalry' && !unit.regular) return 3;
  if (unit.origin === 'indian') return 2;
  return unit.quality === 'veteran' || unit.quality === 'elite' ? 2 : 1;
}

/** A scenario's per-unit replacements for the ratings (`ratings.macduff`). */
export const MACDUFF_UNIT_OVERRIDES = z
  .strictObject({
    allegiance: z
      .enum(MACDUFF_ALLEGIANCES)
      .optional()
      .describe('imperial (red cards) or native (black cards)'),
    troop: z.enum(TROOP_TYPES).optional().describe('MacDuff troop type'),
    gunKind: z
      .enum(GUN_KINDS)
      .optional()
      .describe('Guns: field, horse, mountain-or-6pdr, heavy or machine-gun'),
    smallArm: z.enum(SMALL_ARM_CLASSES).optional().describe('Small-arms class'),
    figures: z.int().min(1).max(200).optional().describe('Figures (gunners for artillery)'),
    fieldcraft: z.int().min(0).max(3).optional().describe('Fieldcraft 1-3'),
    national: z.enum(NATIONAL_MODIFIERS).optional().describe('National shooting modifier'),
    lancers: z.boolean().optional(),
    musicOrColours: z.boolean().optional().describe('A musician or standard bearer is with it'),
    mayConceal: z.boolean().optional().describe('It may begin the battle concealed'),
  })
  .describe('MacDuff ratings replacing those worked out from the description');
export type MacduffUnitOverrides = z.output<typeof MACDUFF_UNIT_OVERRIDES>;

const bandScore = z
  .int()
  .min(CONTROL_ROLL_RANGE.min)
  .max(CONTROL_ROLL_RANGE.max + 1);

/** A scenario's replacements for Muster's MacDuff defaults (`overrides.macduff`). */
export const MACDUFF_SCENARIO_OVERRIDES = z
  .strictObject({
    controlBands: z
      .strictObject({
        noAdvanceAtMost: bandScore.describe(
          'Highest modified Control Check score meaning "no advance" (Muster: 1)',
        ),
        chargeAtLeast: bandScore.describe('Lowest score meaning "charge or shoot" (Muster: 6)'),
      })
      .refine((b) => b.noAdvanceAtMost < b.chargeAtLeast, 'noAdvanceAtMost must be below chargeAtLeast')
      .optional()
      .describe("The Control Check chart's bands (rules-facts gap 31)"),
    personalityByFace: z
      .array(z.enum(PERSONALITIES))
      .length(6)
      .optional()
      .describe('The Personality chart, one personality per face (rules-facts gap 32)'),
    smallArmRanges: z
      .partialRecord(
        z.enum(SMALL_ARM_CLASSES),
        z.strictObject({ close: z.number().positive(), long: z.number().positive() }),
      )
      .optional()
      .describe(
        "Close and long ranges in inches replacing Muster's reconstructed table (rules-facts gap 33)",
      ),
  })
  .describe("Replacements for Muster's MacDuff defaults");
export type MacduffScenarioOverrides = z.output<typeof MACDUFF_SCENARIO_OVERRIDES>;

/** The ratings with a scenario's per-unit overrides applied. */
export function withOverrides(
  ratings: MacduffRatings,
  overrides: MacduffUnitOverrides | undefined,
): MacduffRatings {
  if (!overrides) return ratings;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...ratings, ...defined };
}
