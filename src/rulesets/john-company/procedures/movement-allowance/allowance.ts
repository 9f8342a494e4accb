/**
 * A unit's movement allowance for one activation and what its intended move costs (Part 3, Normal
 * Movement; Terrain Effects On Movement): the table rate, the reaction result, events, about faces,
 * the order's limit, the Charge Bonus, then the path, minimum moves, Disorder and stands lost.
 */
import type { DiceSource } from '../../../../core/random/dice.ts';
import { nd6 } from '../../../../core/random/rolls.ts';
import { measureText } from '../../../../core/rules/measure.ts';
import { type AppliedModifier, applyModifiers } from '../../../../core/rules/modifiers.ts';
import type { Trace } from '../../../../core/rules/trace.ts';
import {
  MOVEMENT_RATES,
  movementRate,
  type RateColumn,
  type TroopTypeId,
} from '../../tables/movement-rates.ts';
import { ORDERS } from '../../tables/orders.ts';
import { MOVEMENT_RESULTS } from '../../tables/reaction-table.ts';
import {
  EVENT_MOVEMENT_MODIFIERS,
  type EventMovementModifierId,
  MOVEMENT_EVENT_ROWS,
  TERRAIN_DISORDER_FRACTION,
  TERRAIN_DISORDER_RULE,
} from '../../tables/terrain-costs.ts';
import type { WithoutOrdersResultId } from '../../tables/without-orders.ts';
import { jc3, jc4, musterDefault } from '../../vocabulary.ts';
import type { DisorderCause, MovementAllowanceResult, MovementFacts } from './facts.ts';
import { costPath, newPathCost, type WallMode } from './path-cost.ts';

const EMPTY: readonly never[] = [];

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
      ? `Normal Movement Rate: ${troop.label}, ${column.replace(/-/g, ' ')}${facts.rateVariant === 'second' ? ' (second of X/Y)' : ''}`
      : `No rate for ${troop.label} in ${column.replace(/-/g, ' ')} (NA)`,
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
      label: `Wheel: ${measureText(wheel)}" along the outer edge`,
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
      label: `Flank march ${measureText(flank)}" at 2 per inch`,
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
      label: `Terrain cost ${measureText(path.loss)}" is at least 1/4 of the Maximum Normal Move (${measureText(maximumNormalMove)}"): Disordered`,
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
      label: `Must use at least ${measureText(minimum)}"${facts.reachedObjective ? ' (waived: reached its objective)' : ''}`,
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

function fractionLabel(f: number): string {
  return f === 0.5 ? '1/2' : f === 0.25 ? '1/4' : f === 0.75 ? '3/4' : measureText(f);
}
