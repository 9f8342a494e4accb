/**
 * What the movement-allowance procedure is told and what it answers: `MovementFacts` (the path, the
 * troop type and Movement Rate column, the reaction result, the order, events) with its schema, and
 * `MovementAllowanceResult`.
 */
import { z } from 'zod';
import {
  MOVEMENT_RATES,
  movementRate,
  RATE_COLUMNS,
  RATE_VARIANTS,
  type RateColumn,
  type RateVariant,
  TROOP_TYPES,
  type TroopTypeId,
} from '../../tables/movement-rates.ts';
import { mayUseOrder, ORDER_IDS, ORDERS, type OrderId } from '../../tables/orders.ts';
import { MOVEMENT_RESULT_IDS, type MovementResultId } from '../../tables/reaction-table.ts';
import {
  MOVEMENT_EVENTS,
  type MovementEvent,
  TERRAINS,
  WALL_HEIGHTS,
  WATER_HAZARDS,
} from '../../tables/terrain-costs.ts';
import { WITHOUT_ORDERS_RESULT_IDS, type WithoutOrdersResultId } from '../../tables/without-orders.ts';
import type { PathFacts } from './path-cost.ts';

/** Why a unit ends its move Disordered. */
export const DISORDER_CAUSES = [
  'terrain-loss',
  'swamp',
  'town',
  'water',
  'wall-jump',
  'unseen-nullah',
  'mandatory-move',
] as const;
export type DisorderCause = (typeof DISORDER_CAUSES)[number];

/** Each cause of Disorder in a few words, for the referee. */
export const DISORDER_CAUSE_WORDS: Readonly<Record<DisorderCause, string>> = {
  'terrain-loss': 'lost a quarter of its move to terrain',
  swamp: 'swamp',
  town: 'town',
  water: 'crossed water',
  'wall-jump': 'jumped a wall',
  'unseen-nullah': 'an unseen nullah',
  'mandatory-move': 'a mandatory move',
};

/** Everything a unit's movement allowance depends on. */
export interface MovementFacts extends PathFacts {
  readonly troop: TroopTypeId;
  /** The Movement Rate Table column: its formation, or for artillery line/column/prolonge/prolonge-and-fire. */
  readonly formation: RateColumn;
  /** British "X/Y" rates: 'first' (default) or 'second'. */
  readonly rateVariant?: RateVariant | undefined;
  /** The reaction test's effect on movement (default 'normal'). */
  readonly movement?: MovementResultId | undefined;
  /** The Without Orders Table result, when `movement` is 'roll-without-orders'. */
  readonly withoutOrders?: WithoutOrdersResultId | undefined;
  readonly order?: OrderId | undefined;
  /** About faces this move (default: those the order includes, else 0). */
  readonly aboutFaces?: number | undefined;
  /** Inches along the outer edge of the outer stand while wheeling. */
  readonly wheelInches?: number | undefined;
  /** Inches flank marched (regulars only), costing 2 per inch. */
  readonly flankMarchInches?: number | undefined;
  /** Low-wall cost for this infantry unit, replacing 4" (close order and, by Muster, open order and skirmishers) or 3" (mass). */
  readonly lowWallCost?: number | undefined;
  /** Unit events changing this move (Part 4 events tables). */
  readonly events?: readonly MovementEvent[] | undefined;
  /** It stopped at the terrain feature named in its order, or at its closest approach to the enemy (the minimum is waived). */
  readonly reachedObjective?: boolean | undefined;
}

export interface MovementAllowanceResult {
  /** Normal Movement Rate from the table (0 where NA). */
  readonly rate: number;
  /** False where the table gives NA for this troop type and column. */
  readonly rateGiven: boolean;
  /** The move after the reaction result and events (the base for fractions and about faces). */
  readonly fullMove: number;
  /** Inches rolled for "+1 Dice" / "+2 Dice". */
  readonly extraDiceInches: number;
  readonly aboutFaceInches: number;
  /** Maximum Normal Movement Rate (Part 3): after the reaction result and direction changes. */
  readonly maximumNormalMove: number;
  /** What the order lets it use of that (before any Charge Bonus). */
  readonly orderLimit: number;
  readonly chargeBonus: number;
  /** Inches it may spend this activation. */
  readonly available: number;
  /** Inches the intended move spends. */
  readonly used: number;
  readonly left: number;
  /** Inches of ground covered. */
  readonly distance: number;
  readonly terrainLoss: number;
  readonly impassable: boolean;
  readonly fits: boolean;
  /** Inches it must spend (or, for the orders that say so, cover); 0 when none. */
  readonly minimum: number;
  readonly meetsMinimum: boolean;
  readonly disordered: boolean;
  readonly disorderCauses: readonly DisorderCause[];
  readonly standsLost: number;
  /** Whether it may fire this turn given its order and move; undefined when no order was given. */
  readonly mayFire: boolean | undefined;
  readonly mandatory: 'fall-back' | 'forced-back' | 'rout' | undefined;
}

const inches = (what: string) => z.number().min(0).max(200).describe(what);

/** The path facts, shared with the General Officers' movement. */
export const pathFactsShape = {
  moveInches: inches('Inches moved straight ahead or oblique over open ground (default 0)').optional(),
  terrain: z
    .array(
      z
        .object({
          terrain: z
            .enum(TERRAINS)
            .describe(
              'open (1 per inch), difficult (3), swamp (3, Disorders), light-woods (2 infantry, 3 others), heavy-woods (4 regular infantry, 3 irregular, impassable to cavalry and guns), town (2, Disorders), town-on-road (2)',
            ),
          inches: inches('Inches of that ground actually crossed'),
        })
        .strict(),
    )
    .max(30)
    .optional()
    .describe('Terrain crossed, each with the inches actually crossed in it'),
  walls: z
    .array(z.enum(WALL_HEIGHTS))
    .max(20)
    .optional()
    .describe(
      'Walls crossed, one entry each: low (up to 3 ft), medium (4-5 ft), high (6 ft+). Infantry 4" low (mass 3"), +2" medium, +4" high; cavalry jump low 5", medium 9" (Disordered; 1d6 stands-lost roll), never high; guns only through a gap (not a crossing)',
    ),
  water: z
    .array(z.enum(WATER_HAZARDS))
    .max(10)
    .optional()
    .describe(
      'Water hazards crossed, one entry each: nullah (lose 1d6"), stream (2d6"), river (3d6" or 4d6")',
    ),
  riverDice: z
    .union([z.literal(3), z.literal(4)])
    .optional()
    .describe('Dice lost crossing a fordable river, fixed before play (default 3)'),
};

export const movementFactsSchema = z
  .object({
    troop: z.enum(TROOP_TYPES).describe('Troop type: its row of the British or Native Movement Rate Table'),
    formation: z
      .enum(RATE_COLUMNS)
      .describe(
        'Movement Rate Table column: the formation (infantry, cavalry), or artillery-line / artillery-column (limbered) / artillery-prolonge / artillery-prolonge-and-fire',
      ),
    rateVariant: z
      .enum(RATE_VARIANTS)
      .optional()
      .describe('Which of the British X/Y rates: first (default) or second; native rates have one value'),
    movement: z
      .enum(MOVEMENT_RESULT_IDS)
      .optional()
      .describe("The reaction test's effect on movement (default normal)"),
    withoutOrders: z
      .enum(WITHOUT_ORDERS_RESULT_IDS)
      .optional()
      .describe('The Without Orders Table result (required when movement is roll-without-orders)'),
    order: z.enum(ORDER_IDS).optional().describe('Its order (limits, minimum move and fire); optional'),
    aboutFaces: z
      .number()
      .int()
      .min(0)
      .max(3)
      .optional()
      .describe('About faces, each 1/4 of the move (default: those its order includes, else 0)'),
    wheelInches: inches(
      'Inches wheeled, measured along the outer edge of the outer stand (default 0)',
    ).optional(),
    flankMarchInches: inches(
      'Inches flank marched, costing 2 per inch; regulars only (default 0)',
    ).optional(),
    ...pathFactsShape,
    lowWallCost: z
      .number()
      .min(0)
      .max(20)
      .optional()
      .describe('Replaces the low-wall cost for this infantry unit (default 4"; mass 3")'),
    events: z
      .array(z.enum(MOVEMENT_EVENTS))
      .max(4)
      .optional()
      .describe(
        'Unit events on this move: soft-sand (-1d6"), very-rough-ground (-1d6-3"; cavalry -2d6"), unseen-nullah (-2d6"; cavalry and guns -2d6-3"; Disordered), firm-ground (+1d6")',
      ),
    reachedObjective: z
      .boolean()
      .optional()
      .describe(
        "It stopped at its order's named terrain feature or closest approach to the enemy (waives the minimum)",
      ),
  })
  .strict()
  .superRefine((f, ctx) => {
    const troop = MOVEMENT_RATES.troops[f.troop];
    if (movementRate(f.troop, f.formation, f.rateVariant) === undefined) {
      const rated = RATE_COLUMNS.filter((c) => movementRate(f.troop, c, f.rateVariant) !== undefined);
      ctx.addIssue({
        code: 'custom',
        path: ['formation'],
        message: `${troop.label} has no movement rate in ${f.formation} (NA on its Movement Rate Table): it cannot move so; the formations it moves in are ${rated.join(', ')}`,
      });
    }
    const movement = f.movement ?? 'normal';
    if (movement === 'roll-without-orders' && f.withoutOrders === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['withoutOrders'],
        message: 'movement roll-without-orders needs the Without Orders Table result (withoutOrders)',
      });
    if (movement !== 'roll-without-orders' && f.withoutOrders !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['withoutOrders'],
        message: 'withoutOrders is only for movement roll-without-orders',
      });
    if ((f.flankMarchInches ?? 0) > 0 && !troop.regular)
      ctx.addIssue({
        code: 'custom',
        path: ['flankMarchInches'],
        message: `${troop.label} cannot flank march: only regular units may`,
      });
    if (f.order !== undefined) {
      const order = ORDERS.orders[f.order];
      if (!mayUseOrder(f.order, f.troop))
        ctx.addIssue({
          code: 'custom',
          path: ['order'],
          message: `${order.name} is not allowed to ${troop.label} (for ${order.users.replaceAll('-', ' ')})`,
        });
      if (order.rateColumn !== undefined && f.formation !== order.rateColumn)
        ctx.addIssue({
          code: 'custom',
          path: ['formation'],
          message: `${order.name} moves at the ${order.rateColumn} rate: give formation ${order.rateColumn}`,
        });
      if (
        f.order === 'support' &&
        troop.arm === 'artillery' &&
        f.formation !== 'artillery-prolonge' &&
        f.formation !== 'artillery-prolonge-and-fire'
      )
        ctx.addIssue({
          code: 'custom',
          path: ['formation'],
          message: 'supporting artillery moves at its Prolonge or Prolonge & Fire rate',
        });
    }
    if (f.events && new Set(f.events).size !== f.events.length)
      ctx.addIssue({ code: 'custom', path: ['events'], message: 'an event is listed twice' });
  });
