/**
 * What a shot is told: the facts of small-arms and artillery fire (the firer, its target, the range)
 * as types and as the schemas that check them, Part 4 "Small Arms And Artillery Fire". A referee
 * gives these; the fire procedures, the defenders' volley and counter-battery fire read them.
 */
import { z } from 'zod';
import { ARTILLERY_WEAPONS, type ArtilleryWeapon } from '../../tables/artillery.ts';
import { TARGET_COVERS, type TargetCover } from '../../tables/firing-table.ts';
import { SMALL_ARMS_WEAPONS, type SmallArmsWeapon } from '../../tables/small-arms.ts';
import {
  ARMS,
  type Arm,
  FORMATIONS,
  type Formation,
  RANGE_BANDS,
  type RangeBand,
  RESOLVE_STATUSES,
  type ResolveStatus,
} from '../../vocabulary.ts';

/** Enfilade: fire from within 10° of the end of a line or the flank of a column. */
export interface EnfiladeFacts {
  /** Ranks of stands in the target: the firer may use 2 stands per rank (3 against cavalry or artillery). */
  readonly targetRanks: number;
  readonly targetArm: Arm;
}

/** The target is a skirmish screen with a formed unit 3" or less behind it, which takes every other casualty. */
export interface ScreeningFacts {
  /** Stands in the screened unit (caps its losses); omit if not limited. */
  readonly screenedStands?: number;
}

/** What the target is, for the target-formation and cover modifiers and the loss caps. */
export interface FireTargetFacts {
  readonly targetFormation: Formation;
  readonly targetDisordered?: boolean;
  /** Train troops (wagons, bullocks, followers): the crews-or-train row, whatever the formation. */
  readonly targetIsTrain?: boolean;
  readonly targetCover?: TargetCover;
  /** Stands in the target: its losses never exceed this. */
  readonly targetStands?: number;
  readonly screening?: ScreeningFacts;
  readonly enfilade?: EnfiladeFacts;
  /** Overrides the open-order target modifier (Muster default −2). */
  readonly openOrderTargetModifier?: number;
}

export interface FirerFacts {
  readonly resolveLevel: number;
  readonly status: ResolveStatus;
  readonly disordered?: boolean;
  readonly moving?: boolean;
  /** The firer was blinded by dust or smoke (an event): its Final Fire Factor is halved for this shot. */
  readonly blinded?: boolean;
}

export interface RangeFacts {
  /** The range band, when the referee gives it (exactly one of `range` and `distance`). */
  readonly range?: RangeBand;
  /** Distance in inches, front edge to front edge; the band is looked up for the weapon. */
  readonly distance?: number;
}

/** Small-arms fire facts without the range (as a defenders' volley takes them). */
export interface SmallArmsVolleyFacts extends FirerFacts, FireTargetFacts {
  readonly weapon: SmallArmsWeapon;
  readonly mounted?: boolean;
  /** Stands firing, counted by the referee (give this or `frontRankStands`). */
  readonly standsFiring?: number;
  /** Stands in the firer's front rank that bear on the target: firearms fire with these only. */
  readonly frontRankStands?: number;
  /** Stands in its second rank that bear: bows and javelins fire with these too. */
  readonly secondRankStands?: number;
  /** Overrides the weapon modifier (Muster defaults: percussion rifle −4, swivel gun −5). */
  readonly weaponModifier?: number;
}

export interface SmallArmsFireFacts extends SmallArmsVolleyFacts, RangeFacts {}

/** What every artillery shot needs besides its target's formation (counter-battery shares these). */
export interface ArtilleryShotFacts extends FirerFacts {
  readonly weapon: ArtilleryWeapon;
  /** Crew stands of the guns in the front rank that bear on the target (the gun models do not count). */
  readonly crewStands: number;
  readonly nativeIrregularCrew?: boolean;
  readonly targetCover?: TargetCover;
  /** Overrides the disordered-battery modifier (Muster default −4). */
  readonly disorderedBatteryModifier?: number;
}

export interface ArtilleryVolleyFacts extends ArtilleryShotFacts, FireTargetFacts {}

export interface ArtilleryFireFacts extends ArtilleryVolleyFacts, RangeFacts {}

// ---------------------------------------------------------------------------------------------
// Schemas

const count = (max: number) => z.number().int().min(0).max(max);

/** Fields of every fire's facts, shared by the schemas of this area. */
const firerShape = {
  resolveLevel: z
    .number()
    .int()
    .min(1)
    .max(30)
    .describe("The firing unit's Resolve Level (its rating, 1-20; Europeans may be rated higher)"),
  status: z
    .enum(RESOLVE_STATUSES)
    .describe("The firer's current Resolve Status: Shaken -2, Wavering -4, Panicked may not fire"),
  disordered: z.boolean().optional().describe('The firer is Disordered (-4)'),
  moving: z
    .boolean()
    .optional()
    .describe('The firer moves this turn (before or after firing), changes formation or reforms (-4)'),
  blinded: z
    .boolean()
    .optional()
    .describe(
      'Blinded by dust or smoke (an event): the Final Fire Factor is halved, rounded down, for this shot',
    ),
};

export const rangeShape = {
  range: z
    .enum(RANGE_BANDS)
    .optional()
    .describe('The range band (give this or distance): a band the weapon lacks means no fire'),
  distance: z
    .number()
    .min(0)
    .max(200)
    .optional()
    .describe(
      'Distance in inches, front edge to front edge (give this or range); beyond extreme range: no fire',
    ),
};

const enfiladeSchema = z
  .object({
    targetRanks: z.number().int().min(1).max(30).describe('Ranks of stands in the target'),
    targetArm: z
      .enum(ARMS)
      .describe('The target arm: 3 stands fire per rank against cavalry or artillery, else 2'),
  })
  .strict()
  .describe(
    'Enfilade fire (within 10° of the end of a line or the flank of a column): stands firing are capped at 2 per target rank (3 against cavalry or artillery), and a line uses the enfiladed-line modifier (0)',
  );

const screeningSchema = z
  .object({
    screenedStands: count(99).optional().describe('Stands in the screened unit (caps its losses)'),
  })
  .strict()
  .describe(
    'The target skirmishers screen a formed unit 3" or less behind them: it takes every other casualty (the skirmishers take the first)',
  );

const targetShape = {
  targetFormation: z
    .enum(FORMATIONS)
    .describe(
      "The target's formation: column or square 0; close-order line -2 (artillery -1); mass -2; open order -2 (Muster default); skirmish order -12; artillery -8",
    ),
  targetDisordered: z
    .boolean()
    .optional()
    .describe(
      'The target is Disordered: the Disordered row (-2) replaces its formation row, except for skirmishers and crews',
    ),
  targetIsTrain: z.boolean().optional().describe('The target is train troops (-8, as artillery crews)'),
  targetCover: z
    .enum(TARGET_COVERS)
    .optional()
    .describe(
      'Cover the target is in (default open): light woods, heavy woods or jungle, entrenchments or buildings',
    ),
  targetStands: count(99).optional().describe('Stands in the target: its losses never exceed this'),
  screening: screeningSchema.optional(),
  enfilade: enfiladeSchema.optional(),
  openOrderTargetModifier: z
    .number()
    .int()
    .min(-20)
    .max(0)
    .optional()
    .describe('Overrides the open-order target modifier (Muster default -2 for small arms and artillery)'),
};

export const smallArmsShape = {
  weapon: z.enum(SMALL_ARMS_WEAPONS).describe("The firers' weapon: gives its range row and modifier"),
  ...firerShape,
  mounted: z.boolean().optional().describe('The firers are mounted (-3)'),
  standsFiring: count(60)
    .optional()
    .describe('Stands firing, as counted by the referee (give this or frontRankStands)'),
  frontRankStands: count(60)
    .optional()
    .describe('Stands in the front rank that bear on the target (firearms fire with these only)'),
  secondRankStands: count(60)
    .optional()
    .describe('Stands in the second rank that bear on the target (bows and javelins fire with these too)'),
  weaponModifier: z
    .number()
    .int()
    .min(-20)
    .max(10)
    .optional()
    .describe('Overrides the weapon modifier (Muster defaults: percussion rifle -4, swivel gun -5)'),
  ...targetShape,
};

export const artilleryShotShape = {
  weapon: z.enum(ARTILLERY_WEAPONS).describe('The guns: give their range row and modifier'),
  ...firerShape,
  crewStands: count(60).describe(
    'Crew stands of the front-rank guns that bear on the target (gun models do not count)',
  ),
  nativeIrregularCrew: z.boolean().optional().describe('Native irregular gun crew (-3)'),
  targetCover: targetShape.targetCover,
  disorderedBatteryModifier: z
    .number()
    .int()
    .min(-20)
    .max(0)
    .optional()
    .describe('Overrides the disordered-battery modifier (Muster default -4, as for small arms)'),
};

export const artilleryShape = {
  ...artilleryShotShape,
  ...targetShape,
};

type Ctx = z.core.$RefinementCtx;

export function checkRange(
  v: { readonly range?: RangeBand | undefined; readonly distance?: number | undefined },
  ctx: Ctx,
): void {
  if ((v.range === undefined) === (v.distance === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['range'],
      message: 'give exactly one of range (a band) and distance (inches)',
    });
  }
}

export function checkTarget(
  v: { readonly targetFormation: Formation; readonly screening?: unknown; readonly enfilade?: unknown },
  ctx: Ctx,
): void {
  if (v.screening && v.targetFormation !== 'skirmish-order') {
    ctx.addIssue({
      code: 'custom',
      path: ['screening'],
      message: 'screening applies only when the target is in skirmish order',
    });
  }
  if (
    v.enfilade &&
    (v.targetFormation === 'skirmish-order' || v.targetFormation === 'mass' || v.targetFormation === 'square')
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['enfilade'],
      message: `enfilade applies to lines, columns and artillery, not to a target in ${v.targetFormation}`,
    });
  }
}

export function checkSmallArmsStands(
  v: {
    readonly standsFiring?: number | undefined;
    readonly frontRankStands?: number | undefined;
    readonly secondRankStands?: number | undefined;
  },
  ctx: Ctx,
): void {
  if ((v.standsFiring === undefined) === (v.frontRankStands === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['standsFiring'],
      message:
        'give exactly one of standsFiring (counted) and frontRankStands (Muster counts the ranks that fire)',
    });
  }
  if (v.secondRankStands !== undefined && v.frontRankStands === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['secondRankStands'],
      message: 'secondRankStands needs frontRankStands',
    });
  }
}

export const smallArmsFireSchema = z
  .object({ ...smallArmsShape, ...rangeShape })
  .strict()
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    checkTarget(v, ctx);
    checkSmallArmsStands(v, ctx);
  });

export const artilleryFireSchema = z
  .object({ ...artilleryShape, ...rangeShape })
  .strict()
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    checkTarget(v, ctx);
  });
