import { z } from 'zod';
import type { DiceSource } from '../../../core/random/dice.ts';
import { nd6 } from '../../../core/random/rolls.ts';
import type { ProcedureDefinition } from '../../../core/rules/procedure.ts';
import type { Trace } from '../../../core/rules/trace.ts';
import {
  CAVALRY_CHARGE_BONUS_INCHES,
  COLUMN_BONUS_INCHES,
  GROUND,
  type Ground,
  GUN_MOVES,
  type GunMove,
  LINEAR_OBSTACLE_SHARE_LEFT,
  MOVE_RATES,
  type MoveRate,
  type Mover,
  ROAD_FACTOR,
  ROADS,
  type Road,
  TERRAIN_SPEED,
} from '../tables/movement.ts';
import {
  isArtillery,
  isCavalry,
  MACDUFF_FORMATIONS,
  type MacduffFormation,
  md,
  TROOP_TYPES,
  type TroopType,
} from '../vocabulary.ts';

export interface MoveFacts {
  readonly troop: TroopType;
  readonly formation: MacduffFormation;
  /** Guns: manhandled or limbered (5.5, 5.6). */
  readonly gunMove?: GunMove;
  /** Cavalry charging adds 6" (5.4). */
  readonly charging: boolean;
  /** The worst ground the move crosses (7.2-7.5). */
  readonly ground: Ground;
  readonly crossesLinearObstacle: boolean;
  /** Retiring or taking ground to a flank while facing the enemy (5.7). */
  readonly retiringFacingEnemy: boolean;
  /** Changing formation, or mounting or dismounting (5.8). */
  readonly changesFormation: boolean;
  /** Fired this activation (8.1: firing uses half a move). */
  readonly fired: boolean;
  /** The whole move is along a road (7.6); default none. */
  readonly road?: Road;
  /** Guns with less than half their crew cannot be manhandled (5.5). */
  readonly crewBelowHalf?: boolean;
}

export interface MoveResult {
  /** The dice's part of the move. */
  readonly rolled: number;
  /** Inches the unit may move, after every halving. */
  readonly inches: number;
}

/** Who the terrain table treats this unit as. */
export function moverOf(troop: TroopType, formation: MacduffFormation): Mover {
  if (isCavalry(troop)) return 'cavalry';
  if (isArtillery(troop)) return 'artillery';
  if (formation === 'skirmish') return 'skirmishers';
  return troop === 'irregular-infantry' ? 'irregular-infantry' : 'close-order-infantry';
}

/** Roads help only artillery (and wagons) and regulars in column (7.6). */
export function usesRoads(troop: TroopType, formation: MacduffFormation): boolean {
  return isArtillery(troop) || (troop === 'regular-infantry' && formation === 'column');
}

/** The rate a unit moves at (5.2-5.6). */
export function moveRateOf(troop: TroopType, gunMove: GunMove = 'manhandled'): MoveRate {
  if (troop === 'machine-gun' || troop === 'field-gun' || troop === 'heavy-gun')
    return MOVE_RATES.guns[troop][gunMove];
  return MOVE_RATES.troops[troop];
}

/**
 * A unit's move (5): its fixed inches plus dice, with the column and charge bonuses, then each halving
 * that applies, multiplied together (Muster's reading: halvings compound): ground (or the road's bonus,
 * for the troops roads help, whatever the ground beside it), a linear obstacle,
 * retiring while facing the enemy, a formation change, having fired, a square's half speed.
 */
export function resolveMove(facts: MoveFacts, dice: DiceSource, trace?: Trace): MoveResult {
  const rate = moveRateOf(facts.troop, facts.gunMove);
  const rolled = dice.roll(nd6(rate.dice), 'move');
  if (isArtillery(facts.troop) && facts.gunMove !== 'limbered' && facts.crewBelowHalf) {
    trace?.add({
      rule: md('5.5 Manhandled Artillery', 'half the crew'),
      label: 'Too few crew to manhandle the guns',
      roll: 'move',
      total: 0,
    });
    return { rolled, inches: 0 };
  }
  let inches = rate.inches + rolled;
  trace?.add({
    rule: rate.rule,
    label: `${rate.inches}" + ${rate.dice}d6`,
    roll: 'move',
    value: rolled,
    total: inches,
  });
  const regularFoot = facts.troop === 'regular-infantry';
  if (regularFoot && facts.formation === 'column') {
    inches += COLUMN_BONUS_INCHES;
    trace?.add({
      rule: md('5.3 Regular Infantry', 'column'),
      label: 'Column',
      delta: COLUMN_BONUS_INCHES,
      total: inches,
    });
  }
  if (isCavalry(facts.troop) && facts.charging) {
    inches += CAVALRY_CHARGE_BONUS_INCHES;
    trace?.add({
      rule: md('5.4 Cavalry', 'charging'),
      label: 'Charging',
      delta: CAVALRY_CHARGE_BONUS_INCHES,
      total: inches,
    });
  }
  const share = (factor: number, rule: ReturnType<typeof md>, label: string) => {
    if (factor === 1) return;
    const next = inches * factor;
    trace?.add({ rule, label, delta: next - inches, total: next });
    inches = next;
  };
  if (regularFoot && facts.formation === 'square')
    share(0.5, md('5.3 Regular Infantry', 'square'), 'Square: half speed');
  const mover = moverOf(facts.troop, facts.formation);
  const road = facts.road ?? 'none';
  if (road !== 'none' && usesRoads(facts.troop, facts.formation))
    share(ROAD_FACTOR[road], md('7.6 Roads'), `Along a ${road} road (whatever the ground beside it)`);
  else
    share(
      TERRAIN_SPEED.rows[facts.ground][mover],
      TERRAIN_SPEED.rules[facts.ground],
      `${facts.ground} ground`,
    );
  if (facts.crossesLinearObstacle)
    share(LINEAR_OBSTACLE_SHARE_LEFT[mover], md('7.4 Linear Obstacles'), 'Crossing a linear obstacle');
  if (facts.retiringFacingEnemy) share(0.5, md('5.7 Changes of Direction'), 'Retiring facing the enemy');
  if (facts.changesFormation) share(0.5, md('5.8 Changing Formation'), 'Changing formation');
  if (facts.fired) share(0.5, md('8.1 General Procedures', 'firing uses half a move'), 'Fired first');
  return { rolled, inches };
}

export const moveFactsSchema = z
  .strictObject({
    troop: z.enum(TROOP_TYPES).describe("The unit's troop type"),
    formation: z.enum(MACDUFF_FORMATIONS).describe('Its formation as it moves'),
    gunMove: z.enum(GUN_MOVES).optional().describe('Guns: manhandled by the crew, or limbered up'),
    charging: z.boolean().describe('Cavalry charging adds 6"'),
    ground: z.enum(GROUND).describe('The worst ground the move crosses: open, broken, difficult or village'),
    crossesLinearObstacle: z.boolean().describe('It crosses a stream, ford, ditch, hedge or low wall'),
    retiringFacingEnemy: z.boolean().describe('It retires or takes ground to a flank still facing the enemy'),
    changesFormation: z.boolean().describe('It changes formation, or mounts or dismounts'),
    fired: z.boolean().describe('It fired before moving (firing uses half a move)'),
    crewBelowHalf: z
      .boolean()
      .optional()
      .describe('Guns with less than half their crew cannot be manhandled (without infantry to help)'),
    road: z
      .enum(ROADS)
      .optional()
      .describe(
        'The whole move is along a road: secondary +50%, highway double, for guns and regulars in column',
      ),
  })
  .describe('A unit about to move');

export const movement: ProcedureDefinition<MoveFacts, MoveResult> = {
  id: 'macduff-movement',
  title: 'Movement',
  summary:
    'How far a unit moves: a fixed distance plus dice, halved by ground, obstacles, firing and manoeuvre.',
  rule: md('5.1 General Rule'),
  facts: moveFactsSchema as z.ZodType<MoveFacts>,
  rolls: [{ key: 'move', dice: "the rate's d6 (1 or 2), summed", when: 'always' }],
  examples: [
    {
      title: 'Pathan foot rushing through brush',
      facts: {
        troop: 'irregular-infantry',
        formation: 'mass',
        charging: false,
        ground: 'broken',
        crossesLinearObstacle: false,
        retiringFacingEnemy: false,
        changesFormation: false,
        fired: false,
      },
      dice: [4, 5],
    },
    {
      title: 'Regulars in column who fired first, crossing a stream',
      facts: {
        troop: 'regular-infantry',
        formation: 'column',
        charging: false,
        ground: 'open',
        crossesLinearObstacle: true,
        retiringFacingEnemy: false,
        changesFormation: false,
        fired: true,
      },
      dice: [3],
    },
  ],
  resolve: resolveMove,
  odds: [{ name: 'Inches', project: (r) => r.inches }],
  describe: (r) => [`Rolled ${r.rolled}: may move ${r.inches}"`],
};
