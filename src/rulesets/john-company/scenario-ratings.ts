import { z } from 'zod';
import { type RuleRef, ruleRef } from '../../core/rules/trace.ts';
import {
  NEUTRAL_QUALITIES,
  type NeutralArmy,
  type NeutralFormation,
  type NeutralQuality,
  type NeutralWeight,
} from '../../core/scenario/vocabulary.ts';
import type { RangedWeapon } from './procedures/fire/range-band.ts';
import {
  BATTERY_LAYOUT_OF,
  formationAllowed,
  isBatteryFormation,
  TROOP_LAYOUT_OF,
} from './table/formations.ts';
import type { JcUnitProfile } from './table/unit-profile.ts';
import type { ArtilleryWeapon } from './tables/artillery.ts';
import { MOVEMENT_RATES, RATE_VARIANTS, TROOP_TYPES, type TroopTypeId } from './tables/movement-rates.ts';
import {
  type Arm,
  FORMATIONS,
  type Formation,
  GENERALSHIPS,
  jc4,
  musterDefault,
  type Origin,
} from './vocabulary.ts';

/**
 * John Company's unit ratings, worked out from a scenario's neutral description of a unit (what it
 * is: arm, regular or irregular, origin, army, weapon, quality grade, formation) and overridable per
 * unit by the scenario's `ratings['john-company']` and per scenario by its
 * `overrides['john-company']`. The Resolve Levels are Muster's placeholders (rules-facts gap 24):
 * the Army Lists that held them are lost. docs/scenarios.md lists every default.
 */

/** How a unit may skirmish in John Company: not at all, by its light company, or as a whole unit. */
export const JC_SKIRMISH = ['none', 'light-company', 'unit'] as const;
export type JcSkirmish = (typeof JC_SKIRMISH)[number];

/**
 * The Resolve Level categories: regulars by army, origin and arm; irregulars by arm. A unit's
 * default Resolve Level is its category's value plus its quality grade's adjustment.
 */
export const JC_RESOLVE_CATEGORIES = [
  'british-european-infantry',
  'british-european-cavalry',
  'british-european-artillery',
  'british-indian-infantry',
  'british-indian-cavalry',
  'british-indian-artillery',
  'native-european-infantry',
  'native-european-cavalry',
  'native-european-artillery',
  'native-indian-infantry',
  'native-indian-cavalry',
  'native-indian-artillery',
  'irregular-infantry',
  'irregular-cavalry',
  'irregular-artillery',
] as const;
export type JcResolveCategory = (typeof JC_RESOLVE_CATEGORIES)[number];

/**
 * Muster's placeholder Resolve Levels by category (rules-facts gap 24). Two are the text's own:
 * European infantry (the 1st Bengal Europeans) 20; the rest are invented, to be playtested: Company
 * sepoys 17, regular cavalry 18 (European) or 17 (Indian), native regulars 15, irregular foot 12 and
 * horse 13, gunners as their army's infantry; Europeans in a native power's service 18 (17 mounted).
 */
export const JC_DEFAULT_RESOLVE: Readonly<Record<JcResolveCategory, number>> = {
  'british-european-infantry': 20,
  'british-european-cavalry': 18,
  'british-european-artillery': 20,
  'british-indian-infantry': 17,
  'british-indian-cavalry': 17,
  'british-indian-artillery': 17,
  'native-european-infantry': 18,
  'native-european-cavalry': 17,
  'native-european-artillery': 18,
  'native-indian-infantry': 15,
  'native-indian-cavalry': 15,
  'native-indian-artillery': 15,
  'irregular-infantry': 12,
  'irregular-cavalry': 13,
  'irregular-artillery': 12,
};

/**
 * Added to the category's Resolve Level by quality grade (Muster defaults). With these, the text's
 * second stated value holds: Sikh regular infantry, an elite native regular, is 15 + 2 = 17.
 */
export const JC_QUALITY_ADJUSTMENT: Readonly<Record<NeutralQuality, number>> = {
  elite: 2,
  veteran: 1,
  trained: 0,
  raw: -2,
  levy: -4,
};

/** The Resolve Level range a rating may take: 1 to 20, Europeans (and Army List exceptions) to 30. */
export const JC_RESOLVE_MIN = 1;
export const JC_RESOLVE_CAP_INDIAN = 20;
export const JC_RESOLVE_MAX = 30;

/** The source a rating taken from the scenario cites. */
export const SCENARIO_SOURCE = 'Scenario';

const RESOLVE_RULE = musterDefault('Resolve Levels', 'by army, origin and arm, plus quality (gap 24)');

/** A scenario's per-unit overrides of John Company's ratings (`ratings['john-company']`). */
export const JC_UNIT_OVERRIDES = z
  .strictObject({
    resolveLevel: z
      .int()
      .min(JC_RESOLVE_MIN)
      .max(JC_RESOLVE_MAX)
      .exactOptional()
      .describe(
        'Resolve Level, replacing the default by army, origin, arm and quality (1-20; Europeans to 30)',
      ),
    troopType: z
      .enum(TROOP_TYPES)
      .exactOptional()
      .describe('The Movement Rate Tables row the unit moves by (and so its Charge Bonus)'),
    rateVariant: z
      .enum(RATE_VARIANTS)
      .exactOptional()
      .describe('Which of the British "X/Y" movement rates it uses (default the first)'),
    skirmish: z
      .enum(JC_SKIRMISH)
      .exactOptional()
      .describe('May it skirmish: none, by its light company (2+ skirmishers), or as a whole unit'),
    mayExceed20: z
      .boolean()
      .exactOptional()
      .describe('Army List exception: an Indian unit that may exceed 20 before negatives, like a European'),
  })
  .meta({
    id: 'JohnCompanyUnitRatings',
    description: "John Company ratings that replace Muster's defaults for this unit",
  });
export type JcUnitOverrides = z.output<typeof JC_UNIT_OVERRIDES>;

const inches = z.number().min(0).max(72);

/** An object with any of `keys`, each taking `value` (listed key by key, so editors complete them). */
function someOf<const K extends string, S extends z.ZodType>(keys: readonly K[], value: S) {
  return z.strictObject(
    Object.fromEntries(keys.map((k) => [k, value.exactOptional()])) as { [P in K]: z.ZodExactOptional<S> },
  );
}

/** A scenario's overrides of John Company's Muster defaults (`overrides['john-company']`). */
export const JC_SCENARIO_OVERRIDES = z
  .strictObject({
    commandRadius: z
      .strictObject({
        byGeneralship: someOf(GENERALSHIPS, inches)
          .exactOptional()
          .describe(
            'Inches by Generalship (default Witless 6, Lackluster 9, Competent 12, Reliable 15, Genius 18)',
          ),
        commanderInChiefBonus: inches
          .exactOptional()
          .describe("Inches added to the C-in-C's radius (default 6)"),
      })
      .exactOptional()
      .describe("Command Radius (Muster's placeholders, rules-facts gap 1)"),
    ordersDeck: z
      .strictObject({
        cards: z
          .array(
            z.strictObject({
              value: z.int().min(2).max(12),
              count: z.int().min(1),
              events: z.int().min(0),
            }),
          )
          .min(1),
      })
      .superRefine((deck, ctx) => {
        const seen = new Set<number>();
        deck.cards.forEach((card, i) => {
          if (seen.has(card.value))
            ctx.addIssue({
              code: 'custom',
              path: ['cards', i, 'value'],
              message: `a second line for ${card.value}s`,
            });
          seen.add(card.value);
          if (card.events > card.count)
            ctx.addIssue({
              code: 'custom',
              path: ['cards', i, 'events'],
              message: `${card.events} Event cards among only ${card.count} cards`,
            });
        });
      })
      .exactOptional()
      .describe('The Orders deck (default: 36 cards spread as 2d6, the six doubles carrying an Event)'),
    resolveLevels: someOf(JC_RESOLVE_CATEGORIES, z.int().min(JC_RESOLVE_MIN).max(JC_RESOLVE_MAX))
      .exactOptional()
      .describe('Default Resolve Levels by category, replacing Muster placeholders'),
    qualityAdjustments: someOf(NEUTRAL_QUALITIES, z.int().min(-10).max(10))
      .exactOptional()
      .describe('Added to the Resolve Level by quality grade, replacing Muster placeholders'),
  })
  .describe("Overrides of Muster's John Company defaults for this scenario");
export type JcScenarioOverrides = z.output<typeof JC_SCENARIO_OVERRIDES>;

/** The weapons a unit may carry: a small arm, a gun, or none (swords, lances). */
export type NeutralWeapon = RangedWeapon | 'none';

/**
 * A unit as the mapping reads it: the scenario format's neutral description (a scenario unit is
 * assignable to it, which keeps the two vocabularies in step).
 */
export interface JcUnitDescription {
  /** Its general (the command it belongs to). */
  readonly commander: string;
  readonly arm: Arm;
  readonly regular: boolean;
  readonly weight?: NeutralWeight;
  readonly lancers?: boolean;
  readonly origin: Origin;
  readonly army: NeutralArmy;
  readonly weapon: NeutralWeapon;
  readonly quality: NeutralQuality;
  /** Stands; for artillery, gun models. */
  readonly stands: number;
  /** Artillery: crew stands per gun model (default 1). */
  readonly crews?: number;
  readonly formation: NeutralFormation;
  /** Stands able to skirmish (a line battalion's light company). */
  readonly skirmishers?: number;
  readonly ratings?: { readonly 'john-company'?: JcUnitOverrides };
}

/** The ratings that carry a source (`JcUnitRatings.basis`). */
export type JcRatedField = 'resolveLevel' | 'troop' | 'chargeBonus' | 'skirmish' | 'mayExceed20';

export interface JcUnitRatings {
  /** The unit's John Company profile, ready for play (table/unit-profile.ts). */
  readonly profile: JcUnitProfile;
  readonly formation: Formation;
  /** Its row's Charge Bonus, inches. */
  readonly chargeBonus: number;
  /** How it may skirmish (the profile's `skirmishCapable` and `lightCompanyStands`). */
  readonly skirmish: JcSkirmish;
  /** Where each rating comes from: the rules' tables, Muster's defaults, or the scenario. */
  readonly basis: Readonly<Record<JcRatedField, RuleRef>>;
}

/** The John Company formation of each neutral formation: the layout's names read back (table/formations.ts). */
export const JC_FORMATION_OF = Object.fromEntries(
  FORMATIONS.map((f) => [isBatteryFormation(f) ? BATTERY_LAYOUT_OF[f] : TROOP_LAYOUT_OF[f], f]),
) as Readonly<Record<NeutralFormation, Formation>>;

/** The Movement Rate Tables row of each gun (native rockets and swivel guns are small arms). */
export const JC_GUN_TROOP_TYPE: Readonly<Record<ArtilleryWeapon | 'zamburek', TroopTypeId>> = {
  'british-horse': 'british-horse-artillery',
  'british-field': 'british-field-artillery',
  'british-siege': 'british-siege-artillery',
  'british-rocket': 'british-congreve-rockets',
  'british-light-mortar': 'british-mortars',
  'british-heavy-mortar': 'british-mortars',
  'native-horse': 'aspi-horse-artillery',
  'native-field': 'jinsi-field-artillery',
  'native-siege': 'kalan-siege-artillery',
  'native-mortar': 'gubara-mortars',
  zamburek: 'zambureks',
};

function isGun(weapon: NeutralWeapon): weapon is ArtilleryWeapon | 'zamburek' {
  return weapon in JC_GUN_TROOP_TYPE;
}

/** The Resolve Level category of a unit. */
export function jcResolveCategory(unit: JcUnitDescription): JcResolveCategory {
  if (!unit.regular) return `irregular-${unit.arm}`;
  return `${unit.army}-${unit.origin}-${unit.arm}`;
}

/**
 * The default Movement Rate Tables row: guns by their weapon (artillery without a gun, which the
 * scenario validation rejects, as field artillery of its army); irregular foot and horse of any army
 * as the native irregulars (the British tables have no irregular rows); regulars by their army.
 */
export function jcDefaultTroopType(unit: JcUnitDescription): TroopTypeId {
  if (unit.arm === 'artillery') {
    if (isGun(unit.weapon)) return JC_GUN_TROOP_TYPE[unit.weapon];
    return unit.army === 'british' ? 'british-field-artillery' : 'jinsi-field-artillery';
  }
  if (!unit.regular)
    return unit.arm === 'infantry' ? 'native-irregular-infantry' : 'native-irregular-cavalry';
  if (unit.army === 'british') return unit.arm === 'infantry' ? 'british-infantry' : 'british-cavalry';
  return unit.arm === 'infantry' ? 'native-regular-infantry' : 'native-regular-cavalry';
}

/**
 * Default skirmishing ("Specified Units Only", Part 3 order 8; light companies, Part 4): regular
 * light infantry and regular light cavalry skirmish as whole units; a regular line battalion with at
 * least 2 stands able to skirmish has a light company; everyone else does not skirmish.
 */
export function jcDefaultSkirmish(unit: JcUnitDescription): JcSkirmish {
  if (!unit.regular || unit.arm === 'artillery') return 'none';
  if (unit.weight === 'light') return 'unit';
  if (unit.arm === 'infantry' && (unit.skirmishers ?? 0) >= 2) return 'light-company';
  return 'none';
}

function scenarioRule(field: string): RuleRef {
  return ruleRef(SCENARIO_SOURCE, "ratings['john-company']", field);
}

/**
 * A unit's John Company ratings: each from the unit's overrides if given, else from the scenario's
 * overridden defaults, else from Muster's. A default Resolve Level is clamped to 1..20 (1..30 for
 * Europeans and Indian units that may exceed 20); an override is taken as given. The profile counts
 * an artillery unit's crew stands as its stands (`countsAsStand`).
 */
export function jcUnitRatings(unit: JcUnitDescription, scenario?: JcScenarioOverrides): JcUnitRatings {
  const o = unit.ratings?.['john-company'];
  const category = jcResolveCategory(unit);
  const mayExceed20 = o?.mayExceed20 ?? false;
  const cap = unit.origin === 'european' || mayExceed20 ? JC_RESOLVE_MAX : JC_RESOLVE_CAP_INDIAN;
  const base = scenario?.resolveLevels?.[category] ?? JC_DEFAULT_RESOLVE[category];
  const adjustment = scenario?.qualityAdjustments?.[unit.quality] ?? JC_QUALITY_ADJUSTMENT[unit.quality];
  const resolveLevel = o?.resolveLevel ?? Math.max(JC_RESOLVE_MIN, Math.min(cap, base + adjustment));
  const troop = o?.troopType ?? jcDefaultTroopType(unit);
  const row = MOVEMENT_RATES.troops[troop];
  const skirmish = o?.skirmish ?? jcDefaultSkirmish(unit);
  const startingStands = unit.arm === 'artillery' ? unit.stands * (unit.crews ?? 1) : unit.stands;
  const profile: JcUnitProfile = {
    troop,
    origin: unit.origin,
    resolveLevel,
    startingStands,
    general: unit.commander,
    ...(mayExceed20 ? { mayExceed20 } : {}),
    ...(unit.arm === 'cavalry' ? { cavalryWeight: unit.weight === 'heavy' ? 'heavy' : 'light' } : {}),
    ...(unit.arm === 'cavalry' && unit.lancers === true ? { lancers: true } : {}),
    ...(unit.weapon === 'none' ? {} : { weapon: unit.weapon }),
    ...(skirmish === 'unit' ? { skirmishCapable: true } : {}),
    ...(skirmish === 'light-company' ? { lightCompanyStands: unit.skirmishers ?? 0 } : {}),
    ...(unit.arm === 'artillery' && !unit.regular ? { nativeIrregularCrew: true } : {}),
    ...(o?.rateVariant === undefined ? {} : { rateVariant: o.rateVariant }),
  };
  const scenarioDefaults =
    scenario?.resolveLevels?.[category] !== undefined ||
    scenario?.qualityAdjustments?.[unit.quality] !== undefined;
  return {
    profile,
    formation: JC_FORMATION_OF[unit.formation],
    chargeBonus: row.chargeBonus,
    skirmish,
    basis: {
      resolveLevel:
        o?.resolveLevel !== undefined
          ? scenarioRule('resolveLevel')
          : scenarioDefaults
            ? ruleRef(SCENARIO_SOURCE, "overrides['john-company']", 'resolveLevels, qualityAdjustments')
            : RESOLVE_RULE,
      troop: o?.troopType !== undefined ? scenarioRule('troopType') : row.rule,
      chargeBonus: row.rule,
      skirmish:
        o?.skirmish !== undefined
          ? scenarioRule('skirmish')
          : musterDefault('Skirmishers', 'regular light troops as units; line battalions by light company'),
      mayExceed20:
        o?.mayExceed20 !== undefined
          ? scenarioRule('mayExceed20')
          : jc4('How To Make A Reaction Test', '1. Indian units capped at 20'),
    },
  };
}

/** A problem with a unit's John Company ratings: `path` is relative to the unit. */
export interface JcUnitProblem {
  readonly path: string;
  readonly message: string;
}

const OVERRIDE_PATH = 'ratings["john-company"]';

/**
 * What makes a unit unplayable under John Company, or nothing: a movement row of another arm, a
 * formation its class may not use (`formationAllowed`), a light company of fewer than 2 stands or
 * with no stands left behind, skirmishing for a row with no skirmish rate.
 */
export function jcUnitProblems(unit: JcUnitDescription): JcUnitProblem[] {
  const problems: JcUnitProblem[] = [];
  const o = unit.ratings?.['john-company'];
  const r = jcUnitRatings(unit);
  const row = MOVEMENT_RATES.troops[r.profile.troop];
  if (row.arm !== unit.arm) {
    // Only an override can do this: the default row always has the unit's arm.
    problems.push({
      path: `${OVERRIDE_PATH}.troopType`,
      message: `"${r.profile.troop}" is a row for ${row.arm}, but the unit is ${unit.arm}`,
    });
    return problems;
  }
  const permission = formationAllowed(r.profile, r.formation);
  if (!permission.allowed)
    problems.push({ path: 'formation', message: `${permission.label} (${r.formation})` });
  const skirmishPath = o?.skirmish !== undefined ? `${OVERRIDE_PATH}.skirmish` : 'skirmishers';
  if (r.skirmish === 'unit' && row.rates['skirmish-order'] === undefined)
    problems.push({ path: skirmishPath, message: `the ${row.label} row has no skirmish-order rate` });
  if (r.skirmish === 'light-company') {
    const company = r.profile.lightCompanyStands ?? 0;
    if (company < 2)
      problems.push({
        path: skirmishPath,
        message: `a light company needs 2 stands able to skirmish, not ${company}`,
      });
    else if (company >= unit.stands)
      problems.push({ path: 'skirmishers', message: 'a light company leaves no stands in the battalion' });
  }
  return problems;
}
