import { z } from 'zod';
import type { RuleRef } from '../../core/rules/trace.ts';
import type {
  Arm,
  NeutralArmy,
  NeutralFormation,
  NeutralQuality,
  NeutralWeight,
  Origin,
  Weapon,
} from '../../core/scenario/vocabulary.ts';
import { DRILL_SCALE, MORALE_SCALE } from './tables/reconstruction.ts';
import {
  FIRE_WEAPONS,
  type FireWeapon,
  hf,
  MOVEMENT_COLUMNS,
  reconstruction,
  type TroopClass,
  UNIT_STATES,
} from './vocabulary.ts';

/**
 * Honour & Fortitude's unit ratings, worked out from a scenario's neutral description of a unit and
 * overridable per unit by `ratings['honour-and-fortitude']` (HONOUR_AND_FORTITUDE_UNIT_OVERRIDES) and per
 * scenario by `overrides['honour-and-fortitude']` (HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES). The Morale
 * and Drill scales are Muster's reconstruction (rules-facts gap 29): the sheet uses them but does not
 * give them. docs/rules/honour-and-fortitude.md lists every default.
 */

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
  readonly formation: NeutralFormation;
}

export interface HfRatings {
  readonly morale: number;
  readonly drill: number;
  /** The Firing table's weapon, or null for troops that do not fire (swords, lances). */
  readonly weapon: FireWeapon | null;
  readonly mounted: boolean;
  readonly irregularCavalry: boolean;
  readonly heavyCavalry: boolean;
  readonly elephant: boolean;
  /** Infantry that may claim "good order infantry with bayonets" in melee. */
  readonly bayonets: boolean;
  /** Always moves in the Plodders column. */
  readonly plodders: boolean;
  /** A fixed starting state instead of the Morale + Drill + d6 roll. */
  readonly state?: (typeof UNIT_STATES)[number];
}

/** Each rating with the rule it comes from. */
export interface HfRatingsWithSources {
  readonly ratings: HfRatings;
  readonly sources: Readonly<Record<keyof HfRatings, RuleRef>>;
}

/** Morale by quality grade (Muster's reconstruction: elite 6 .. levy 2 on the 1-6 scale). */
export const MORALE_BY_QUALITY: Readonly<Record<NeutralQuality, number>> = {
  elite: 6,
  veteran: 5,
  trained: 4,
  raw: 3,
  levy: 2,
};

/** Drill by kind of army: British regulars 4, a native power's regulars 3, irregulars 1. */
export const DRILL_BY_KIND = { 'british-regular': 4, 'native-regular': 3, irregular: 1 } as const;
/** Drill adjustment by quality grade. */
export const DRILL_BY_QUALITY: Readonly<Record<NeutralQuality, number>> = {
  elite: 1,
  veteran: 1,
  trained: 0,
  raw: -1,
  levy: -1,
};

/**
 * The Firing table's weapon for each neutral weapon (H&F QRS, Firing). Percussion smoothbores shoot as
 * flintlocks, rifled muskets as Enfields, swivel guns and zambureks as jingals; bows as matchlocks, and
 * rockets as light guns, are Muster's reconstruction (the sheet has neither). Horse and foot artillery
 * by calibre: horse guns light, field guns and light mortars field, siege guns and heavy mortars siege.
 */
export const WEAPON_OF: Readonly<Record<Weapon, FireWeapon | null>> = {
  'rifled-musket': 'enfield-rifle',
  'percussion-musket': 'flintlock',
  'flintlock-musket': 'flintlock',
  'percussion-rifle': 'rifle',
  'flintlock-rifle': 'rifle',
  carbine: 'flintlock',
  matchlock: 'matchlock',
  zamburek: 'enfield-rifle',
  'swivel-gun': 'enfield-rifle',
  bows: 'matchlock',
  javelin: 'from-horseback',
  'native-rockets': 'light-gun',
  'british-horse': 'light-gun',
  'british-field': 'field-gun',
  'british-siege': 'siege-gun',
  'british-rocket': 'light-gun',
  'british-light-mortar': 'field-gun',
  'british-heavy-mortar': 'siege-gun',
  'native-horse': 'light-gun',
  'native-field': 'field-gun',
  'native-siege': 'siege-gun',
  'native-mortar': 'field-gun',
  none: null,
};

const MUSKETS: ReadonlySet<Weapon> = new Set<Weapon>([
  'rifled-musket',
  'percussion-musket',
  'flintlock-musket',
  'percussion-rifle',
  'flintlock-rifle',
]);

const clamp = (v: number, scale: { min: number; max: number }) => Math.max(scale.min, Math.min(scale.max, v));

/** The unit's ratings worked out from its description, each with its source. Pure. */
export function hfRatingsOf(unit: NeutralUnit): HfRatingsWithSources {
  const kind = !unit.regular ? 'irregular' : unit.army === 'british' ? 'british-regular' : 'native-regular';
  const mounted = unit.arm === 'cavalry';
  const handWeapon = WEAPON_OF[unit.weapon];
  const weapon = mounted && handWeapon !== null && !isGunWeapon(handWeapon) ? 'from-horseback' : handWeapon;
  const ratings: HfRatings = {
    morale: MORALE_BY_QUALITY[unit.quality],
    drill: clamp(DRILL_BY_KIND[kind] + DRILL_BY_QUALITY[unit.quality], DRILL_SCALE),
    weapon,
    mounted,
    irregularCavalry: mounted && !unit.regular,
    heavyCavalry: mounted && unit.weight === 'heavy',
    elephant: false,
    bayonets: unit.arm === 'infantry' && unit.regular && MUSKETS.has(unit.weapon),
    plodders: unit.weapon === 'native-siege',
  };
  return {
    ratings,
    sources: {
      morale: reconstruction('Ratings', `Morale by quality (${unit.quality})`),
      drill: reconstruction('Ratings', `Drill by army (${kind}) and quality (${unit.quality})`),
      weapon: mounted ? hf('Firing', 'Weapon used from horseback') : hf('Firing', 'ranges'),
      mounted: hf('Firing', 'Mounted'),
      irregularCavalry: hf('Movement', 'Irregular Cavalry'),
      heavyCavalry: hf('Melees', 'Heavy Cavalry'),
      elephant: hf('Melees', 'Elephant'),
      bayonets: hf('Melees', 'Good order Infantry with bayonets'),
      plodders: reconstruction('Movement', 'Plodders: bullock-drawn native siege guns'),
      state: reconstruction('Unit state', 'Morale + Drill + d6'),
    },
  };
}

function isGunWeapon(w: FireWeapon): boolean {
  return w === 'light-gun' || w === 'field-gun' || w === 'siege-gun';
}

/** The Movement table row for a unit in a formation (neutral formation words). */
export function troopClassOf(
  ratings: Pick<HfRatings, 'mounted' | 'irregularCavalry' | 'weapon'>,
  arm: Arm,
  formation: NeutralFormation,
): TroopClass {
  if (arm === 'artillery')
    return ratings.weapon === 'siege-gun' ? 'infantry-line-siege-guns' : 'infantry-column-field-guns';
  if (ratings.mounted)
    return ratings.irregularCavalry ? 'irregular-cavalry' : 'skirmishers-regular-cavalry-elephants';
  if (formation === 'skirmish') return 'skirmishers-regular-cavalry-elephants';
  if (formation === 'line' || formation === 'open-line') return 'infantry-line-siege-guns';
  return 'infantry-column-field-guns';
}

/** A scenario's per-unit replacements for the ratings above (`ratings['honour-and-fortitude']`). */
export const HONOUR_AND_FORTITUDE_UNIT_OVERRIDES = z
  .strictObject({
    morale: z.int().min(MORALE_SCALE.min).max(MORALE_SCALE.max).optional().describe('Morale rating, 1-6'),
    drill: z.int().min(DRILL_SCALE.min).max(DRILL_SCALE.max).optional().describe('Drill rating, 0-5'),
    weapon: z
      .enum(FIRE_WEAPONS)
      .nullable()
      .optional()
      .describe('The Firing table weapon, or null: does not fire'),
    elephant: z.boolean().optional().describe('Elephants (+2 in melee; charging elephants scare)'),
    heavyCavalry: z.boolean().optional().describe('Heavy cavalry (+1 in melee)'),
    bayonets: z.boolean().optional().describe('Good-order infantry with bayonets (+1 in melee)'),
    plodders: z.boolean().optional().describe('Always moves in the Plodders column'),
    state: z.enum(UNIT_STATES).optional().describe('A fixed starting state instead of the roll'),
  })
  .describe("Honour & Fortitude ratings replacing those worked out from the unit's description");
export type HfUnitOverrides = z.output<typeof HONOUR_AND_FORTITUDE_UNIT_OVERRIDES>;

/** A scenario's replacements for Muster's reconstructed defaults (`overrides['honour-and-fortitude']`). */
export const HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES = z
  .strictObject({
    stateThresholds: z
      .strictObject({
        aggressive: z.int().describe('Lowest Morale + Drill + d6 for Aggressive (default 13)'),
        active: z.int().describe('Lowest for Active (default 10)'),
        passive: z.int().describe('Lowest for Passive; below is Cowed (default 7)'),
      })
      .optional()
      .describe('The unit state roll thresholds'),
    compulsoryMoves: z
      .strictObject({
        retire: z.enum(MOVEMENT_COLUMNS).describe('Movement column of a Retire (default passive)'),
        panic: z.enum(MOVEMENT_COLUMNS).describe('Movement column of a Panic! (default active)'),
        run: z.enum(MOVEMENT_COLUMNS).describe('Movement column of a Run! (default aggressive)'),
      })
      .optional()
      .describe('How far Retire, Panic! and Run! move a unit'),
    initialOrders: z
      .enum(['hold', 'advance'])
      .optional()
      .describe("Every unit's initial orders (default hold: the first move needs an Initiation Roll)"),
  })
  .describe("Honour & Fortitude: replacements for Muster's reconstructed defaults");
export type HfScenarioOverrides = z.output<typeof HONOUR_AND_FORTITUDE_SCENARIO_OVERRIDES>;

/** The ratings with a scenario's per-unit overrides applied. */
export function withUnitOverrides(ratings: HfRatings, overrides: HfUnitOverrides | undefined): HfRatings {
  if (!overrides) return ratings;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...ratings, ...defined };
}
