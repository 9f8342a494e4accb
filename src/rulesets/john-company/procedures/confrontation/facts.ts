/**
 * What a Confrontation is told and what it answers: `ConfrontationFacts` (each side's Resolve Level,
 * status, stands and tactical modifiers) with its schema, and `ConfrontationResult`.
 */
import { z } from 'zod';
import type { AppliedModifier } from '../../../../core/rules/modifiers.ts';
import { modifierListSchema } from '../../../../core/rules/schemas.ts';
import {
  CONFRONTATION_MODIFIERS,
  type ConfrontationModifierId,
  type ConfrontationRowId,
  type LoserColumn,
} from '../../tables/confrontation.ts';
import { RESOLVE_STATUSES, type ResolveStatus } from '../../vocabulary.ts';
import { type LossRounding, lossRoundingSchema } from './loss-rounding.ts';

export type ConfrontationSide = 'charger' | 'target';

export interface ConfrontationSideFacts {
  /** The unit's Resolve Level (its rating). */
  readonly resolveLevel: number;
  /** Its current Resolve Status (from this turn's Reaction Test): modifier 13. */
  readonly status: ResolveStatus;
  /** Its current stands: "1 in N" losses are worked out from these. */
  readonly stands: number;
  /** All stands of its side in this Confrontation (default: `stands`), for "each 3 additional stands". */
  readonly sideStands?: number;
  /** The other tactical modifiers that apply to it (the derived ones are worked out by Muster). */
  readonly modifiers?: readonly AppliedModifier<ConfrontationModifierId>[];
}

export interface ConfrontationFacts {
  readonly charger: ConfrontationSideFacts & {
    /** Charging cavalry did not square up (its contacting stands did not all touch at once). */
    readonly cavalryDidNotSquareUp?: boolean;
  };
  readonly target: ConfrontationSideFacts & {
    /** Defending walls, buildings, earthworks or fortifications, or in Square: holds on a Recoil. */
    readonly defendingWorksOrSquare?: boolean;
  };
  /** The target fired a Defenders' Volley (hits or not): +1 to it, and -2 to cavalry that did not square up. */
  readonly targetGaveFire?: boolean;
  /** The target tried to evade and the charger caught it: automatic Close Combat Rout, target the loser. */
  readonly targetCaughtEvading?: boolean;
  /** Rounding of "1 in N" losses (default 'floor'). */
  readonly lossRounding?: LossRounding;
  /** Whose stands "1 in N" counts: the unit's own (default) or the opposing unit's. */
  readonly lossBasis?: 'own' | 'opponent';
  /**
   * Both sides' final Modified Resolve Levels, when the referee has already worked them out at the
   * table (every modifier and the Random Factors included): Muster then reads the result from them and
   * throws only the Event Dice and any loss die.
   */
  readonly finalLevels?: { readonly charger: number; readonly target: number };
}

/** A side's mandatory move: none, moving apart after a Recoil, or the loser's Fall Back, Forced Back or Rout. */
export type ConfrontationMove = 'none' | 'recoil' | 'fall-back' | 'forced-back' | 'rout';

export interface ConfrontationSideOutcome {
  /** Its final Modified Resolve Level; null when the target was caught evading (no levels compared). */
  readonly level: number | null;
  readonly standsLost: number;
  readonly standsLeft: number;
  /** Its Resolve Status after the result (the winner keeps its own). */
  readonly status: ResolveStatus;
  readonly move: ConfrontationMove;
  /** Inches it moves back on a Recoil (0 otherwise, and for a defender that holds). */
  readonly recoilInches: number;
  /** Disordered by its mandatory move (Forced Back, Rout). */
  readonly disordered: boolean;
  /** Its Event Die gave an Event (resolved before its mandatory move). */
  readonly event: boolean;
}

export interface ConfrontationResult {
  readonly row: ConfrontationRowId;
  readonly kind: 'close-combat' | 'confrontation';
  readonly caughtEvading: boolean;
  /** The side with the higher level; 'none' on a tie (a Recoil). */
  readonly winner: ConfrontationSide | 'none';
  /** Higher level minus lower; null when the target was caught evading. */
  readonly difference: number | null;
  /** The sub-column read, by the loser's final level; null when caught evading. */
  readonly column: LoserColumn | null;
  /**
   * When the winner may pursue a loser that fell back, was forced back or routed: at once for a charger
   * winning a Confrontation result (with movement left), otherwise from next turn; none after a Recoil.
   */
  readonly pursuit: 'none' | 'this-turn' | 'next-turn';
  readonly charger: ConfrontationSideOutcome;
  readonly target: ConfrontationSideOutcome;
}

/** Each side as a trace or a description names it. */
export const SIDE_LABEL: Readonly<Record<ConfrontationSide, string>> = {
  charger: 'Charger',
  target: 'Target',
};

const DERIVED: Readonly<Record<string, string>> = {
  'additional-stands': 'give stands (and sideStands) for both sides instead',
  'defender-gave-fire': 'give targetGaveFire instead',
  'cavalry-not-squared-up': 'give charger.cavalryDidNotSquareUp and targetGaveFire instead',
  'status-resolute': 'give status instead',
  'status-confident': 'give status instead',
  'status-steady': 'give status instead',
  'status-shaken': 'give status instead',
  'status-wavering': 'give status instead',
  'status-panicked': 'give status instead',
};

const sideShape = {
  resolveLevel: z.number().int().min(1).max(30).describe("The unit's Resolve Level (its rating)"),
  status: z
    .enum(RESOLVE_STATUSES)
    .describe(
      "Its current Resolve Status (from this turn's Reaction Test); gives Resolute +2 .. Panicked -8",
    ),
  stands: z.number().int().min(1).max(99).describe('Its current stands; "1 in N" losses count these'),
  sideStands: z
    .number()
    .int()
    .min(1)
    .max(999)
    .optional()
    .describe(
      'All stands of its side in this Confrontation (default: stands); +1 per 3 more than the other side, max +5',
    ),
  modifiers: modifierListSchema(CONFRONTATION_MODIFIERS, DERIVED).optional(),
};

export const confrontationFactsSchema = z
  .object({
    charger: z
      .object({
        ...sideShape,
        cavalryDidNotSquareUp: z
          .boolean()
          .optional()
          .describe(
            'Charging cavalry did not square up (its contacting stands did not all touch at once); -2 if the target gave fire',
          ),
      })
      .strict()
      .describe('The charging unit'),
    target: z
      .object({
        ...sideShape,
        defendingWorksOrSquare: z
          .boolean()
          .optional()
          .describe(
            'Defending walls, buildings, earthworks or fortifications, or in Square: it does not move on a Recoil; the charger moves back 3" instead',
          ),
      })
      .strict()
      .describe('The unit charged'),
    targetGaveFire: z
      .boolean()
      .optional()
      .describe("The target fired a Defenders' Volley before the Confrontation (hits or not)"),
    targetCaughtEvading: z
      .boolean()
      .optional()
      .describe('The target tried to evade and was caught: automatic Close Combat Rout, the target losing'),
    lossRounding: lossRoundingSchema,
    lossBasis: z
      .enum(['own', 'opponent'])
      .optional()
      .describe('Whose stands a "1 in N" loss counts: own (default) or the opposing unit\'s'),
    finalLevels: z
      .object({
        charger: z.number().int().min(-30).max(60).describe("The charger's final Modified Resolve Level"),
        target: z.number().int().min(-30).max(60).describe("The target's final Modified Resolve Level"),
      })
      .strict()
      .optional()
      .describe(
        'Both final Modified Resolve Levels, if already worked out at the table (modifiers and Random Factors included): Muster reads the result from them and throws only the Event Dice and any loss die',
      ),
  })
  .strict()
  .superRefine((f, ctx) => {
    for (const side of ['charger', 'target'] as const) {
      const unit = f[side];
      if (unit.sideStands !== undefined && unit.sideStands < unit.stands)
        ctx.addIssue({
          code: 'custom',
          path: [side, 'sideStands'],
          message: `sideStands (${unit.sideStands}) cannot be fewer than the unit's own stands (${unit.stands})`,
        });
    }
    if (f.charger.modifiers?.some((m) => m.id === 'fortified-city-wall'))
      ctx.addIssue({
        code: 'custom',
        path: ['charger', 'modifiers'],
        message: 'fortified-city-wall is for the defender of the wall, not the charger',
      });
    if (f.targetGaveFire && (f.target.status === 'Wavering' || f.target.status === 'Panicked'))
      ctx.addIssue({
        code: 'custom',
        path: ['targetGaveFire'],
        message: `a ${f.target.status} target may not fire a Defenders' Volley`,
      });
    if (f.finalLevels) {
      const included = [
        ...(['charger', 'target'] as const).flatMap((side) => [
          ...(f[side].modifiers?.length ? [[side, 'modifiers']] : []),
          ...(f[side].sideStands !== undefined ? [[side, 'sideStands']] : []),
        ]),
        ...(f.charger.cavalryDidNotSquareUp ? [['charger', 'cavalryDidNotSquareUp']] : []),
        ...(f.targetGaveFire ? [['targetGaveFire']] : []),
        ...(f.targetCaughtEvading ? [['targetCaughtEvading']] : []),
      ];
      for (const path of included)
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            f.targetCaughtEvading && path[0] === 'targetCaughtEvading'
              ? 'a target caught while evading has no levels to compare: leave out finalLevels'
              : 'finalLevels already include every modifier: leave this out, or leave out finalLevels',
        });
    }
    if (f.targetGaveFire && f.targetCaughtEvading)
      ctx.addIssue({
        code: 'custom',
        path: ['targetGaveFire'],
        message: 'a target caught while evading did not stand to fire a Defenders Volley',
      });
  });
