import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { nd6 } from '../../../core/random/rolls.ts';
import { measureText } from '../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers } from '../../../core/rules/modifiers.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  MOVEMENT_RATES,
  type MoverClass,
  movementRate,
  RATE_COLUMNS,
  RATE_VARIANTS,
  type RateColumn,
  type RateVariant,
  TROOP_TYPES,
  type TroopTypeId,
} from '../tables/movement-rates.ts';
import { mayUseOrder, ORDER_IDS, ORDERS, type OrderId } from '../tables/orders.ts';
import { MOVEMENT_RESULT_IDS, MOVEMENT_RESULTS, type MovementResultId } from '../tables/reaction-table.ts';
import {
  EVENT_MOVEMENT_MODIFIERS,
  type EventMovementModifierId,
  MOVEMENT_EVENT_ROWS,
  MOVEMENT_EVENTS,
  type MovementEvent,
  RIVER_DICE_DEFAULT_RULE,
  TERRAIN_COSTS,
  TERRAIN_DISORDER_FRACTION,
  TERRAIN_DISORDER_RULE,
  TERRAINS,
  type TerrainId,
  WALL_COSTS,
  WALL_HEIGHTS,
  WALL_JUMP_ROLL,
  WATER_COSTS,
  WATER_HAZARDS,
  type WallHeight,
  type WaterHazard,
} from '../tables/terrain-costs.ts';
import { WITHOUT_ORDERS_RESULT_IDS, type WithoutOrdersResultId } from '../tables/without-orders.ts';
import { jc3, jc4, musterDefault } from '../vocabulary.ts';

/** Ground crossed, in actual inches, of one kind. */
export interface TerrainSegment {
  readonly terrain: TerrainId;
  readonly inches: number;
}

/** The ground a move crosses, shared by units and General Officers. */
export interface PathFacts {
  /** Inches straight ahead or oblique over open ground. */
  readonly moveInches?: number;
  readonly terrain?: readonly TerrainSegment[];
  /** One entry per wall, barricade or entrenchment crossed (a gap wide enough is not a crossing). */
  readonly walls?: readonly WallHeight[];
  /** One entry per water hazard crossed. */
  readonly water?: readonly WaterHazard[];
  /** Dice lost crossing a fordable river, fixed before play: 3 (Muster's default) or 4. */
  readonly riverDice?: 3 | 4;
}

/** How a mover crosses walls. */
export type WallMode = 'close-order-infantry' | 'mass' | 'cavalry' | 'rider' | 'artillery';

/** What crossing the path cost; filled in by `costPath`. */
export interface PathCost {
  /** Inches of movement spent. */
  used: number;
  /** Inches spent beyond the ground covered (terrain multipliers, walls, water). */
  loss: number;
  /** Inches of ground covered. */
  distance: number;
  impassable: boolean;
  standsLost: number;
  crossedWater: boolean;
  jumpedWall: boolean;
  /** The first crossed terrain that Disorders whatever the cost (swamp, town off the road). */
  disorderingTerrain: TerrainId | undefined;
}

export function newPathCost(): PathCost {
  return {
    used: 0,
    loss: 0,
    distance: 0,
    impassable: false,
    standsLost: 0,
    crossedWater: false,
    jumpedWall: false,
    disorderingTerrain: undefined,
  };
}

const EMPTY: readonly never[] = [];

/**
 * Adds the cost of the path's open ground, terrain, walls and water to `out`, throwing the dice for
 * cavalry wall jumps (key 'wallJump', medium walls only, when `rollWallJumps`) and water crossings
 * (keys 'nullah', 'stream', 'river'; several crossings of one kind take that key's dice in order).
 */
export function costPath(
  path: PathFacts,
  mover: MoverClass,
  wallMode: WallMode,
  lowWallCost: number | undefined,
  rollWallJumps: boolean,
  waterForbidden: boolean,
  dice: DiceSource,
  out: PathCost,
  trace?: Trace,
): void {
  const open = path.moveInches ?? 0;
  if (open > 0) {
    out.used += open;
    out.distance += open;
    trace?.add({
      rule: TERRAIN_COSTS.terrains.open.rule,
      label: `Open ground ${fmt(open)}"`,
      delta: open,
      total: out.used,
    });
  }
  const segments = path.terrain ?? EMPTY;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const def = TERRAIN_COSTS.terrains[seg.terrain];
    const per = def.cost[mover];
    out.distance += seg.inches;
    if (per === null) {
      out.impassable = true;
      trace?.add({
        rule: def.rule,
        label: `${def.label}: impassable to this troop type`,
        value: 'impassable',
      });
      continue;
    }
    const cost = per * seg.inches;
    out.used += cost;
    out.loss += cost - seg.inches;
    if (def.disorders && seg.inches > 0 && out.disorderingTerrain === undefined)
      out.disorderingTerrain = def.id;
    trace?.add({
      rule: def.rule,
      label: `${def.label}: ${fmt(seg.inches)}" at ${per} per inch${def.disorders ? ' (Disorders)' : ''}`,
      delta: cost,
      total: out.used,
    });
  }
  const walls = path.walls ?? EMPTY;
  for (let i = 0; i < walls.length; i++) {
    const height = walls[i]!;
    let cost: number | null;
    if (wallMode === 'artillery') cost = null;
    else if (wallMode === 'cavalry' || wallMode === 'rider') cost = WALL_COSTS.cavalryJump[height];
    else
      cost =
        (lowWallCost ?? (wallMode === 'mass' ? WALL_COSTS.lowWall.mass : WALL_COSTS.lowWall.closeOrder)) +
        WALL_COSTS.extra[height];
    if (cost === null) {
      out.impassable = true;
      trace?.add({
        rule: WALL_COSTS.source,
        label: `${height} wall: cannot be crossed by ${wallMode === 'artillery' ? 'guns (no gap)' : 'jumping'}`,
        value: 'impassable',
      });
      continue;
    }
    out.used += cost;
    out.loss += cost;
    if (wallMode === 'cavalry') out.jumpedWall = true;
    trace?.add({
      rule: jc3('Walls, Barricades, and Entrenchments', wallMode === 'cavalry' ? 'cavalry jumping' : height),
      label: `${height} wall${wallMode === 'cavalry' || wallMode === 'rider' ? ' jumped' : ' crossed'}`,
      delta: cost,
      total: out.used,
    });
    if (rollWallJumps && wallMode === 'cavalry' && height === 'medium') {
      const lost = dice.roll(WALL_JUMP_ROLL, 'wallJump');
      out.standsLost += lost;
      trace?.add({
        rule: jc3('Walls, Barricades, and Entrenchments', 'medium wall jump: 1d6, 1-2 stands lost'),
        label: 'Stands lost jumping the medium wall',
        value: lost,
        roll: 'wallJump',
      });
    }
  }
  const water = path.water ?? EMPTY;
  for (let i = 0; i < water.length; i++) {
    const kind = water[i]!;
    out.crossedWater = true;
    if (waterForbidden) {
      out.impassable = true;
      trace?.add({
        rule: jc3('Water Hazards', 'artillery cannot prolonge across water'),
        label: `${WATER_COSTS.hazards[kind].label}: guns cannot prolonge across`,
        value: 'impassable',
      });
      continue;
    }
    const n =
      kind === 'nullah'
        ? WATER_COSTS.dice.nullah
        : kind === 'stream'
          ? WATER_COSTS.dice.stream
          : (path.riverDice ?? WATER_COSTS.defaultRiverDice);
    const lost = dice.roll(nd6(n), kind);
    out.used += lost;
    out.loss += lost;
    trace?.add({
      rule:
        kind === 'river' && path.riverDice === undefined
          ? RIVER_DICE_DEFAULT_RULE
          : WATER_COSTS.hazards[kind].rule,
      label: `${WATER_COSTS.hazards[kind].label}: lose ${n}d6"`,
      delta: lost,
      total: out.used,
      roll: kind,
    });
  }
}

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

/** Everything a unit's movement allowance depends on. */
export interface MovementFacts extends PathFacts {
  readonly troop: TroopTypeId;
  /** The Movement Rate Table column: its formation, or for artillery line/column/prolonge/prolonge-and-fire. */
  readonly formation: RateColumn;
  /** British "X/Y" rates: 'first' (default) or 'second'. */
  readonly rateVariant?: RateVariant;
  /** The reaction test's effect on movement (default 'normal'). */
  readonly movement?: MovementResultId;
  /** The Without Orders Table result, when `movement` is 'roll-without-orders'. */
  readonly withoutOrders?: WithoutOrdersResultId;
  readonly order?: OrderId;
  /** About faces this move (default: those the order includes, else 0). */
  readonly aboutFaces?: number;
  /** Inches along the outer edge of the outer stand while wheeling. */
  readonly wheelInches?: number;
  /** Inches flank marched (regulars only), costing 2 per inch. */
  readonly flankMarchInches?: number;
  /** Low-wall cost for this infantry unit, replacing 4" (close order and, by Muster, open order and skirmishers) or 3" (mass). */
  readonly lowWallCost?: number;
  /** Unit events changing this move (Part 4 events tables). */
  readonly events?: readonly MovementEvent[];
  /** It stopped at the terrain feature named in its order, or at its closest approach to the enemy (the minimum is waived). */
  readonly reachedObjective?: boolean;
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

/** Without Orders results that move at the Normal rate (1) or not at all (0). */
export const WITHOUT_ORDERS_RATE: Readonly<Record<WithoutOrdersResultId, 0 | 1>> = {
  'uses-initiative': 1,
  'repeats-last-order-may-charge': 1,
  'no-orders-may-charge': 0,
  'no-orders': 0,
  'quit-the-battle': 1,
};

const EPSILON = 1e-9;

function eventRows(facts: MovementFacts): readonly AppliedModifier<EventMovementModifierId>[] {
  const events = facts.events;
  if (!events || events.length === 0) return EMPTY;
  const arm = MOVEMENT_RATES.troops[facts.troop].arm;
  if (events.length === 1) return MOVEMENT_EVENT_ROWS[events[0]!][arm];
  const rows: AppliedModifier<EventMovementModifierId>[] = [];
  for (const e of events) for (const row of MOVEMENT_EVENT_ROWS[e][arm]) rows.push(row);
  return rows;
}

function wallModeOf(troop: TroopTypeId, formation: RateColumn): WallMode {
  const t = MOVEMENT_RATES.troops[troop];
  if (t.arm === 'artillery') return 'artillery';
  if (t.arm === 'cavalry') return 'cavalry';
  return formation === 'mass' ? 'mass' : 'close-order-infantry';
}

/**
 * A unit's movement allowance for one activation and the cost of the move its player intends
 * (Part 3, Normal Movement; Terrain Effects On Movement). In order: the table rate; the reaction
 * result (fraction, "+n Dice" under key 'extraDice'); unit events (their dice under their ids); about
 * faces (1/4 of the move each, free on mandatory moves) giving the Maximum Normal Move; the order's
 * limit; the Charge Bonus where the result gives it. Then the path: open ground, wheels, flank march
 * (2 per inch), terrain, walls (key 'wallJump'), water (keys 'nullah', 'stream', 'river').
 */
export function resolveMovementAllowance(
  facts: MovementFacts,
  dice: DiceSource,
  trace?: Trace,
): MovementAllowanceResult {
  const troop = MOVEMENT_RATES.troops[facts.troop];
  const column = facts.formation;
  const tableRate = movementRate(facts.troop, column, facts.rateVariant);
  const rateGiven = tableRate !== undefined;
  const rate = tableRate ?? 0;
  trace?.add({
    rule: troop.rule,
    label: rateGiven
      ? `Normal Movement Rate: ${troop.label}, ${column}${facts.rateVariant === 'second' ? ' (second of X/Y)' : ''}`
      : `No rate for ${troop.label} in ${column} (NA)`,
    total: rate,
  });

  // Step 2: the reaction result.
  const movementId = facts.movement ?? 'normal';
  const reaction = MOVEMENT_RESULTS[movementId];
  let fraction: number = reaction.rate;
  if (movementId === 'roll-without-orders') {
    fraction = facts.withoutOrders ? WITHOUT_ORDERS_RATE[facts.withoutOrders] : 0;
    trace?.add({
      rule: musterDefault('Movement allowance', 'Without Orders results'),
      label: `Without Orders: ${facts.withoutOrders ?? 'not rolled'} moves at ${fraction ? 'the Normal rate' : 'no rate'}`,
      value: fraction,
    });
  }
  let fullMove = rate * fraction;
  trace?.add({
    rule: jc4('Reaction Table', 'effects on movement'),
    label: reaction.label,
    delta: fullMove - rate,
    total: fullMove,
  });
  let extraDiceInches = 0;
  if (reaction.extraDice > 0 && fullMove > 0) {
    extraDiceInches = dice.roll(nd6(reaction.extraDice), 'extraDice');
    fullMove += extraDiceInches;
    trace?.add({
      rule: jc4('Reaction Table', `+${reaction.extraDice} Dice`),
      label: `${reaction.label}: +${reaction.extraDice}d6"`,
      delta: extraDiceInches,
      total: fullMove,
      roll: 'extraDice',
    });
  }
  // Unit events on this move.
  const events = fullMove > 0 ? eventRows(facts) : EMPTY;
  if (events.length > 0) {
    fullMove = applyModifiers(EVENT_MOVEMENT_MODIFIERS, events, fullMove, dice, trace);
    if (fullMove < 0) {
      fullMove = 0;
      trace?.add({
        rule: musterDefault('Movement allowance', 'events cannot make a move negative'),
        label: 'No movement left',
        total: 0,
      });
    }
  }

  // Step 3: direction changes (about faces; free on mandatory moves).
  const mandatory = reaction.mandatory?.move;
  const order = facts.order !== undefined ? ORDERS.orders[facts.order] : undefined;
  const followsOrders = reaction.followsOrders || (movementId === 'roll-without-orders' && fraction > 0);
  const aboutFaces = facts.aboutFaces ?? (followsOrders ? (order?.aboutFaces ?? 0) : 0);
  let aboutFaceInches = 0;
  if (aboutFaces > 0) {
    if (mandatory) {
      trace?.add({
        rule: musterDefault('Movement allowance', 'mandatory moves: facing changes free'),
        label: 'Mandatory move: its facing changes cost nothing',
        delta: 0,
        total: fullMove,
      });
    } else {
      aboutFaceInches = (aboutFaces * fullMove) / 4;
      trace?.add({
        rule: jc3('Wheeling, Oblique Movement, Flank March, and About Face', 'about face: 1/4 of the move'),
        label: `About face${aboutFaces > 1 ? ` x${aboutFaces}` : ''}`,
        delta: -aboutFaceInches,
        total: fullMove - aboutFaceInches,
      });
    }
  }
  const maximumNormalMove = Math.max(0, fullMove - aboutFaceInches);

  // The order's limit.
  let orderLimit = maximumNormalMove;
  if (order && followsOrders) {
    if (order.move !== 'move') {
      orderLimit = 0;
      trace?.add({
        rule: order.rule,
        label:
          order.move === 'formation-change'
            ? `${order.name}: the formation change is its whole move`
            : `${order.name}: no movement`,
        total: 0,
      });
    } else if (order.maxFraction !== undefined && fullMove * order.maxFraction < orderLimit) {
      orderLimit = fullMove * order.maxFraction;
      trace?.add({
        rule: order.rule,
        label: `${order.name}: at most ${fractionLabel(order.maxFraction)} of its move`,
        total: orderLimit,
      });
    }
  } else if (order && mandatory) {
    trace?.add({
      rule: jc4('Reaction Table', mandatory),
      label: `Mandatory move: ${order.name} is not carried out`,
    });
  }
  const bonusApplies = reaction.chargeBonus || (followsOrders && facts.order === 'pursue');
  const chargeBonus = bonusApplies && fullMove > 0 ? troop.chargeBonus : 0;
  const available = orderLimit + chargeBonus;
  if (chargeBonus > 0)
    trace?.add({
      rule:
        facts.order === 'pursue' ? ORDERS.orders.pursue.rule : jc3('Movement Rate Tables', 'Charge Bonus'),
      label: 'Charge Bonus',
      delta: chargeBonus,
      total: available,
    });

  // The intended path.
  const path = newPathCost();
  const wheel = facts.wheelInches ?? 0;
  if (wheel > 0) {
    path.used += wheel;
    path.distance += wheel;
    trace?.add({
      rule: jc3('Wheeling, Oblique Movement, Flank March, and About Face', 'wheeling'),
      label: `Wheel: ${fmt(wheel)}" along the outer edge`,
      delta: wheel,
      total: path.used,
    });
  }
  const flank = facts.flankMarchInches ?? 0;
  if (flank > 0) {
    path.used += 2 * flank;
    path.distance += flank;
    trace?.add({
      rule: jc3('Wheeling, Oblique Movement, Flank March, and About Face', 'flank march: 2" per 1"'),
      label: `Flank march ${fmt(flank)}" at 2 per inch`,
      delta: 2 * flank,
      total: path.used,
    });
  }
  const prolonging = column === 'artillery-prolonge' || column === 'artillery-prolonge-and-fire';
  costPath(
    facts,
    troop.mover,
    wallModeOf(facts.troop, column),
    facts.lowWallCost,
    true,
    prolonging,
    dice,
    path,
    trace,
  );
  const used = path.used;
  const left = available - used;
  const fits = !path.impassable && used <= available + EPSILON;

  // Disorder.
  const causes: DisorderCause[] = [];
  if (path.loss > 0 && path.loss >= TERRAIN_DISORDER_FRACTION * maximumNormalMove - EPSILON) {
    causes.push('terrain-loss');
    trace?.add({
      rule: TERRAIN_DISORDER_RULE,
      label: `Terrain cost ${fmt(path.loss)}" is at least 1/4 of the Maximum Normal Move (${fmt(maximumNormalMove)}"): Disordered`,
      value: true,
    });
  }
  if (path.disorderingTerrain === 'swamp' || path.disorderingTerrain === 'town')
    causes.push(path.disorderingTerrain);
  if (path.crossedWater) causes.push('water');
  if (path.jumpedWall) causes.push('wall-jump');
  if (facts.events?.includes('unseen-nullah')) causes.push('unseen-nullah');
  if (reaction.disordered) causes.push('mandatory-move');

  // Minimum move.
  let minimum = 0;
  let meetsMinimum = true;
  if (mandatory) {
    minimum = mandatory === 'fall-back' ? maximumNormalMove / 2 : available;
    meetsMinimum = used >= minimum - EPSILON;
  } else if (order && followsOrders && order.move === 'move' && order.minimum) {
    const m = order.minimum;
    const byFraction = m.fraction !== undefined ? Math.min(fullMove * m.fraction, orderLimit) : undefined;
    const byInches = m.inches !== undefined ? Math.min(m.inches, orderLimit) : undefined;
    minimum =
      byFraction !== undefined && byInches !== undefined
        ? Math.min(byFraction, byInches)
        : (byFraction ?? byInches ?? 0);
    meetsMinimum =
      facts.reachedObjective === true ||
      (byFraction !== undefined && used >= byFraction - EPSILON) ||
      (byInches !== undefined && path.distance >= byInches - EPSILON);
  }
  if (minimum > 0)
    trace?.add({
      rule: mandatory ? jc3('Mandatory Moves', mandatory) : order!.rule,
      label: `Must use at least ${fmt(minimum)}"${facts.reachedObjective ? ' (waived: reached its objective)' : ''}`,
      value: meetsMinimum,
    });

  // Fire.
  let mayFire: boolean | undefined;
  if (mandatory) mayFire = false;
  else if (movementId === 'no-move' || movementId === 'no-movement-allowed') mayFire = true;
  else if (order) {
    switch (order.fire) {
      case 'no':
        mayFire = false;
        break;
      case 'if-moved-at-most-quarter':
        mayFire = used <= fullMove / 4 + EPSILON;
        break;
      case 'if-moved-at-most-half':
        mayFire = used <= fullMove / 2 + EPSILON;
        break;
      default:
        mayFire = true;
    }
  }
  if (path.crossedWater && mayFire) {
    mayFire = false;
    trace?.add({
      rule: jc3('Water Hazards', 'no fire after crossing water'),
      label: 'Crossed water: cannot fire',
      value: false,
    });
  }

  return {
    rate,
    rateGiven,
    fullMove,
    extraDiceInches,
    aboutFaceInches,
    maximumNormalMove,
    orderLimit,
    chargeBonus,
    available,
    used,
    left,
    distance: path.distance,
    terrainLoss: path.loss,
    impassable: path.impassable,
    fits,
    minimum,
    meetsMinimum,
    disordered: causes.length > 0,
    disorderCauses: causes,
    standsLost: path.standsLost,
    mayFire,
    mandatory,
  };
}

/** Inches as a referee writes them: up to two decimals, no trailing zeros. */
export const fmt = measureText;

function fractionLabel(f: number): string {
  return f === 0.5 ? '1/2' : f === 0.25 ? '1/4' : f === 0.75 ? '3/4' : fmt(f);
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

/** Headings in docs/rules/john-company/orders-and-movement.md for the readings this procedure applies. */
export const MOVEMENT_ALLOWANCE_READINGS: readonly string[] = [
  'Movement allowance: order of the steps',
  'Movement allowance: about faces',
  'Movement allowance: Without Orders results',
  'Movement allowance: mandatory moves',
  'Movement allowance: minimum moves',
  'Events: movement changes from unit events',
  'Terrain: Disorder from losing a quarter',
];

export const movementAllowance: ProcedureDefinition<MovementFacts, MovementAllowanceResult> = {
  id: 'movement-allowance',
  title: 'Movement allowance',
  summary:
    'How far a unit may move this activation, what its intended move costs, and whether it fits, disorders it or costs stands.',
  rule: jc3('Types Of Movement', 'Normal Movement'),
  facts: movementFactsSchema as z.ZodType<MovementFacts>,
  rolls: [
    { key: 'extraDice', dice: '1d6 or 2d6 (summed)', when: 'on a "+1 Dice" or "+2 Dice" reaction result' },
    { key: 'soft-sand', dice: '1d6 (inches lost)', when: 'event soft-sand' },
    {
      key: 'very-rough-ground',
      dice: '1d6 (inches lost, +3)',
      when: 'event very-rough-ground, infantry or guns',
    },
    { key: 'very-rough-ground-cavalry', dice: '2d6 (inches lost)', when: 'event very-rough-ground, cavalry' },
    { key: 'unseen-nullah', dice: '2d6 (inches lost; +3 for cavalry and guns)', when: 'event unseen-nullah' },
    { key: 'firm-ground', dice: '1d6 (inches gained)', when: 'event firm-ground' },
    { key: 'wallJump', dice: '1d6 (1-2: that many stands lost)', when: 'each medium wall jumped by cavalry' },
    { key: 'nullah', dice: '1d6 (inches lost)', when: 'each nullah crossed, in list order' },
    { key: 'stream', dice: '2d6 (inches lost)', when: 'each stream crossed, in list order' },
    { key: 'river', dice: '3d6 or 4d6 (inches lost)', when: 'each fordable river crossed, in list order' },
  ],
  examples: [
    {
      title: 'British battalion in line, Resolute on Forward March (+1 Dice): 6" open, 2" of light woods',
      facts: {
        troop: 'british-infantry',
        formation: 'close-order-line',
        movement: 'normal-plus-1-dice',
        order: 'forward-march',
        moveInches: 6,
        terrain: [{ terrain: 'light-woods', inches: 2 }],
      },
      dice: [4],
    },
    {
      title: 'Native regular cavalry charging (+1 Dice & Charge Bonus) over a medium wall',
      facts: {
        troop: 'native-regular-cavalry',
        formation: 'close-order-column',
        movement: 'normal-plus-1-dice-and-charge-bonus',
        order: 'charge',
        moveInches: 8,
        walls: ['medium'],
      },
      dice: [3, 2],
    },
    {
      title: 'British horse artillery limbered in column, To The Rear, March across a stream',
      facts: {
        troop: 'british-horse-artillery',
        formation: 'artillery-column',
        order: 'to-the-rear-march',
        moveInches: 3,
        water: ['stream'],
      },
      dice: [5, 2],
    },
  ],
  resolve: resolveMovementAllowance,
  odds: [
    { name: 'Inches available', project: (r) => r.available },
    { name: 'Fits', project: (r) => (r.fits ? 'fits' : r.impassable ? 'impassable' : 'too far') },
    { name: 'Inches left', project: (r) => r.left },
    { name: 'Disordered', project: (r) => (r.disordered ? 'disordered' : 'in order') },
    { name: 'Stands lost jumping walls', project: (r) => r.standsLost },
  ],
  describe: (r) => [
    r.rateGiven ? `Normal Movement Rate ${fmt(r.rate)}"` : 'No movement rate (NA) in this formation',
    `Available ${fmt(r.available)}" (Maximum Normal Move ${fmt(r.maximumNormalMove)}"${
      r.orderLimit < r.maximumNormalMove ? `, order allows ${fmt(r.orderLimit)}"` : ''
    }${r.chargeBonus ? ` + Charge Bonus ${fmt(r.chargeBonus)}"` : ''})`,
    `Uses ${fmt(r.used)}" for ${fmt(r.distance)}" of ground: ${
      r.impassable ? 'impassable' : r.fits ? `fits, ${fmt(r.left)}" left` : `${fmt(-r.left)}" too far`
    }`,
    ...(r.minimum > 0 ? [`Minimum ${fmt(r.minimum)}": ${r.meetsMinimum ? 'met' : 'not met'}`] : []),
    ...(r.mandatory ? [`Mandatory move: ${r.mandatory}`] : []),
    r.disordered ? `Disordered (${r.disorderCauses.join(', ')})` : 'Not disordered',
    ...(r.standsLost > 0 ? [`${r.standsLost} stand(s) lost jumping walls`] : []),
    ...(r.mayFire === undefined ? [] : [r.mayFire ? 'May fire' : 'May not fire']),
  ],
};
