import { z } from 'zod';
import type { GeneralId, StandKind, UnitId, UnitState } from '../../../core/table/model.ts';
import { RANGED_WEAPONS, type RangedWeapon } from '../procedures/fire/range-band.ts';
import {
  MOVEMENT_RATES,
  movementRate,
  RATE_VARIANTS,
  type RateVariant,
  rateColumnOf,
  TROOP_TYPES,
  type TroopType,
  type TroopTypeId,
} from '../tables/movement-rates.ts';
import { COMMAND_RADIUS } from '../tables/orders-deck.ts';
import { statusForLevel } from '../tables/reaction-table.ts';
import {
  type Formation,
  GENERALSHIPS,
  type Generalship,
  LEADERSHIPS,
  type Leadership,
  ORDER_TYPES,
  ORIGINS,
  type OrderType,
  type Origin,
  RESOLVE_STATUSES,
  type ResolveStatus,
} from '../vocabulary.ts';

/**
 * What John Company needs to know about a unit that its stands on the table do not show, as plain JSON:
 * the fixed profile (from the army list) and the changing state (from play). Geometry (where the stands
 * are, the formation) lives in the table's `UnitState`; these add the rest.
 *
 * The troop type (`tables/movement-rates.ts`) already says the arm, regular or irregular, British or
 * native army, the movement rates and the Charge Bonus; the profile adds what the type does not fix.
 */
export interface JcUnitProfile {
  readonly troop: TroopTypeId;
  /** European units may exceed 20 before negatives in a reaction test; Indian units are capped. */
  readonly origin: Origin;
  /** Army List exception: an Indian unit that may exceed 20 like a European one. */
  readonly mayExceed20?: boolean;
  /** Cavalry only: heavy (dragoons, cuirassiers: +1 in Confrontation) or light (default). */
  readonly cavalryWeight?: 'light' | 'heavy';
  /** Regular or irregular lancers (+1 in Confrontation, as heavy cavalry). */
  readonly lancers?: boolean;
  /** Its small arm or its guns (fire tables); none: it does not fire. */
  readonly weapon?: RangedWeapon;
  readonly resolveLevel: number;
  /** Stands at the start of the battle (negative 7 counts quarters of these lost). */
  readonly startingStands: number;
  /** The Army List lets it Form Skirmishers ("specified units only", Part 3). */
  readonly skirmishCapable?: boolean;
  /** Stands of its light company, which may skirmish as a sub-unit (Part 4, Skirmishers). */
  readonly lightCompanyStands?: number;
  /** Native irregular gun crew (-3 to artillery fire). */
  readonly nativeIrregularCrew?: boolean;
  /** Which of the British "X/Y" movement rates it uses (default the first). */
  readonly rateVariant?: RateVariant;
  /** Its immediate General Officer (for the Command Radius). */
  readonly general?: GeneralId;
}

/** Mandatory moves (Part 4, Effects of Resolve on Movement 9-11). */
export const MANDATORY_MOVES = ['fall-back', 'forced-back', 'rout'] as const;
export type MandatoryMove = (typeof MANDATORY_MOVES)[number];

/**
 * What changes during play. Every field is optional (absent or undefined alike); the defaults are a
 * fresh, unengaged unit.
 */
export interface JcUnitState {
  /** Its Resolve Status this turn (default: read from its Resolve Level). */
  readonly status?: ResolveStatus | undefined;
  /** Its status from its last reaction test, if it has taken one. */
  readonly lastStatus?: ResolveStatus | undefined;
  readonly disordered?: boolean | undefined;
  /** Its order type this turn (default 'without-orders': no counter was placed). */
  readonly orders?: OrderType | 'without-orders' | undefined;
  /** The mandatory move it is making, if any. */
  readonly mandatoryMove?: MandatoryMove | undefined;
  readonly standsLostSinceLastCheck?: number | undefined;
  /** In a Confrontation or Fire Combat this turn before its test (so not "uncommitted"). */
  readonly committed?: boolean | undefined;
  readonly targetOfSmallArmsFire?: boolean | undefined;
  readonly targetOfArtilleryFire?: boolean | undefined;
  /** Won a Confrontation since its last test. */
  readonly wonConfrontation?: boolean | undefined;
  /** Moves this turn (before or after firing), changes formation or reforms (fire -4). */
  readonly moving?: boolean | undefined;
  /** Mounted troops off their mounts. */
  readonly dismounted?: boolean | undefined;
  /** Enemy units whose charge at it has been launched this turn. */
  readonly chargedBy?: readonly UnitId[] | undefined;
}

/** A General Officer's ratings (Part 4): Leadership for reactions, Generalship for orders and radius. */
export interface JcGeneralProfile {
  readonly leadership: Leadership;
  readonly generalship: Generalship;
  readonly commanderInChief?: boolean;
  /** Overrides the Command Radius (inches), e.g. after events. */
  readonly commandRadius?: number;
}

/** The profiles and states of everything on a table, keyed as the table keys its units and generals. */
export interface JcForces {
  readonly profiles: Readonly<Record<UnitId, JcUnitProfile>>;
  readonly states?: Readonly<Record<UnitId, JcUnitState>>;
  readonly generals?: Readonly<Record<GeneralId, JcGeneralProfile>>;
}

const FRESH: JcUnitState = {};

/** The unit's state, or a fresh one. */
export function stateOf(forces: JcForces, unit: UnitId): JcUnitState {
  return forces.states?.[unit] ?? FRESH;
}

/** The unit's profile; a unit on the table without one is a programming error. */
export function profileOf(forces: JcForces, unit: UnitId): JcUnitProfile {
  const p = forces.profiles[unit];
  if (!p) throw new Error(`no John Company profile for unit ${unit}`);
  return p;
}

export function troopOf(profile: JcUnitProfile): TroopType {
  return MOVEMENT_RATES.troops[profile.troop];
}

/** Its status this turn: as set, or read from its Resolve Level (a unit that has not tested). */
export function currentStatus(profile: JcUnitProfile, state: JcUnitState): ResolveStatus {
  return state.status ?? statusForLevel(profile.resolveLevel);
}

/**
 * Its Normal Movement Rate in its formation (inches), or undefined where the table gives NA (a British
 * square, a deployed mortar). Deployed guns move by Prolonge; limbered ones in column.
 */
export function normalMoveOf(profile: JcUnitProfile, formation: Formation): number | undefined {
  return movementRate(profile.troop, rateColumnOf(formation), profile.rateVariant);
}

/** Mounted for reaction positive 4: cavalry, horse artillery and Zambureks, unless dismounted. */
export function isMounted(profile: JcUnitProfile, state: JcUnitState): boolean {
  const t = troopOf(profile);
  return (t.arm === 'cavalry' || t.artillery === 'horse' || t.artillery === 'zamburek') && !state.dismounted;
}

/**
 * Stand kinds that count as the unit's stands for losses, outnumbering and Confrontation: troops and
 * gun crews. Gun models and limbers do not (fire counts a battery's crew stands, and counter-battery
 * fire removes a crew stand per gun knocked out).
 */
export function countsAsStand(kind: StandKind): boolean {
  return kind === 'infantry' || kind === 'cavalry' || kind === 'crew';
}

/** The unit's stands that count (see `countsAsStand`). */
export function countedStands(unit: UnitState): number {
  let n = 0;
  for (const s of unit.stands) if (countsAsStand(s.kind)) n++;
  return n;
}

/** A General Officer's Command Radius (inches): Muster's placeholders by Generalship, C-in-C +6". */
export function commandRadiusOf(general: JcGeneralProfile): number {
  if (general.commandRadius !== undefined) return general.commandRadius;
  const base = COMMAND_RADIUS.byGeneralship[general.generalship];
  return general.commanderInChief ? base + COMMAND_RADIUS.commanderInChiefBonus : base;
}

// ---------------------------------------------------------------------------------------------
// Schemas: profiles and states arrive as JSON (scenarios, saved games) and are checked at the boundary.

export const jcUnitProfileSchema = z
  .object({
    troop: z.enum(TROOP_TYPES),
    origin: z.enum(ORIGINS),
    mayExceed20: z.boolean().optional(),
    cavalryWeight: z.enum(['light', 'heavy']).optional(),
    lancers: z.boolean().optional(),
    weapon: z.enum(RANGED_WEAPONS).optional(),
    resolveLevel: z.number().int().min(1).max(30),
    startingStands: z.number().int().min(1).max(99),
    skirmishCapable: z.boolean().optional(),
    lightCompanyStands: z.number().int().min(0).max(99).optional(),
    nativeIrregularCrew: z.boolean().optional(),
    rateVariant: z.enum(RATE_VARIANTS).optional(),
    general: z.string().optional(),
  })
  .strict();

export const jcUnitStateSchema = z
  .object({
    status: z.enum(RESOLVE_STATUSES).optional(),
    lastStatus: z.enum(RESOLVE_STATUSES).optional(),
    disordered: z.boolean().optional(),
    orders: z.enum([...ORDER_TYPES, 'without-orders']).optional(),
    mandatoryMove: z.enum(MANDATORY_MOVES).optional(),
    standsLostSinceLastCheck: z.number().int().min(0).max(99).optional(),
    committed: z.boolean().optional(),
    targetOfSmallArmsFire: z.boolean().optional(),
    targetOfArtilleryFire: z.boolean().optional(),
    wonConfrontation: z.boolean().optional(),
    moving: z.boolean().optional(),
    dismounted: z.boolean().optional(),
    chargedBy: z.array(z.string()).optional(),
  })
  .strict();

export const jcGeneralProfileSchema = z
  .object({
    leadership: z.enum(LEADERSHIPS),
    generalship: z.enum(GENERALSHIPS),
    commanderInChief: z.boolean().optional(),
    commandRadius: z.number().min(0).max(100).optional(),
  })
  .strict();

export const jcForcesSchema = z
  .object({
    profiles: z.record(z.string(), jcUnitProfileSchema),
    states: z.record(z.string(), jcUnitStateSchema).optional(),
    generals: z.record(z.string(), jcGeneralProfileSchema).optional(),
  })
  .strict();
