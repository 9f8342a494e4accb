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

/**
 * One stretch of the line a unit moves along, from where it stands (7): `inches` of one kind of ground
 * (`road`: on a road), or a linear obstacle (7.4) or a barrier it cannot cross, whose crossing takes
 * `inches` of the line (bank to bank).
 */
export type PathLeg =
  | { readonly kind: 'ground'; readonly inches: number; readonly ground: Ground; readonly road?: Road }
  | { readonly kind: 'obstacle'; readonly inches: number; readonly impassable?: boolean };

export interface MoveFacts {
  readonly troop: TroopType;
  readonly formation: MacduffFormation;
  /** Guns: manhandled or limbered (5.5, 5.6). */
  readonly gunMove?: GunMove;
  /** Cavalry charging adds 6" (5.4). */
  readonly charging: boolean;
  /** The ground of the whole move (7.2-7.5), when no `path` is given. */
  readonly ground: Ground;
  /** The move crosses a linear obstacle (7.4), when no `path` is given. */
  readonly crossesLinearObstacle: boolean;
  /** How far the unit goes before it reaches that obstacle (default 0: it stands at it). */
  readonly inchesToObstacle?: number;
  /** Retiring or taking ground to a flank while facing the enemy (5.7). */
  readonly retiringFacingEnemy: boolean;
  /** Changing formation, or mounting or dismounting (5.8). */
  readonly changesFormation: boolean;
  /** Fired this activation (8.1: firing uses half a move). */
  readonly fired: boolean;
  /** The whole move is along a road (7.6), when no `path` is given; default none. */
  readonly road?: Road;
  /** Guns with less than half their crew cannot be manhandled (5.5). */
  readonly crewBelowHalf?: boolean;
  /**
   * The line the unit moves along, leg by leg from where it stands (the whole battle measures it on the
   * table). Given, it decides the ground, obstacles and roads; `ground`, `crossesLinearObstacle`,
   * `inchesToObstacle` and `road` then only summarise the whole line.
   */
  readonly path?: readonly PathLeg[];
}

export interface MoveResult {
  /** The dice's part of the move. */
  readonly rolled: number;
  /** Inches the unit may move along its line, after every halving and the ground on the way. */
  readonly inches: number;
  /**
   * Why the move stops short of its allowance: at an obstacle it has too little move left to cross, or
   * at ground (or a barrier) it may not enter.
   */
  readonly halted?: 'at-obstacle' | 'impassable';
  /** Linear obstacles crossed (7.4). */
  readonly crossed: number;
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
 * of the whole move that applies, multiplied together (Muster's reading: halvings compound): a square's
 * half speed, retiring while facing the enemy, a formation change, having fired. That allowance is then
 * spent along the line (`walkPath`): the ground of each leg, roads, obstacles.
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
    return { rolled, inches: 0, crossed: 0 };
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
  const share = (rule: ReturnType<typeof md>, label: string) => {
    trace?.add({ rule, label, delta: -inches / 2, total: inches / 2 });
    inches /= 2;
  };
  if (regularFoot && facts.formation === 'square')
    share(md('5.3 Regular Infantry', 'square'), 'Square: half speed');
  if (facts.retiringFacingEnemy) share(md('5.7 Changes of Direction'), 'Retiring facing the enemy');
  if (facts.changesFormation) share(md('5.8 Changing Formation'), 'Changing formation');
  if (facts.fired) share(md('8.1 General Procedures', 'firing uses half a move'), 'Fired first');
  return { rolled, ...walkPath(inches, facts, facts.path ?? simplePath(facts), trace) };
}

/** The line of the referee's simple facts: the whole move on one ground, an obstacle where they say. */
function simplePath(facts: MoveFacts): PathLeg[] {
  const road = facts.road ?? 'none';
  const ground = (inches: number): PathLeg => ({ kind: 'ground', inches, ground: facts.ground, road });
  if (!facts.crossesLinearObstacle) return [ground(Number.POSITIVE_INFINITY)];
  const before = facts.inchesToObstacle ?? 0;
  return [
    ...(before > 0 ? [ground(before)] : []),
    { kind: 'obstacle', inches: 0 },
    ground(Number.POSITIVE_INFINITY),
  ];
}

/** A measure as a player reads it: to a tenth of an inch. */
const tenths = (n: number) => Math.round(n * 10) / 10;

/**
 * Spends a move's allowance (inches in the open) along its line, leg by leg (7): an inch of ground where
 * the mover keeps a share `s` of its speed costs 1/s inches of allowance (on a road, for the troops roads
 * help, the road's bonus instead, whatever the ground beside it: 7.6); ground it may not enter (share 0)
 * or a barrier stops it at the edge. Crossing a linear obstacle (7.4) costs half the turn's allowance for
 * foot and horse and the whole of it for guns (Muster's reading of "half a turn" and "a whole turn"):
 * with less than that left, the unit stops at the near bank. So a gun that reaches a stream stops there,
 * and its next move is spent crossing, ending on the far bank; foot that reach it with half their move
 * left cross and go on with what remains.
 */
export function walkPath(
  allowance: number,
  facts: Pick<MoveFacts, 'troop' | 'formation'>,
  path: readonly PathLeg[],
  trace?: Trace,
): Omit<MoveResult, 'rolled'> {
  const mover = moverOf(facts.troop, facts.formation);
  const roads = usesRoads(facts.troop, facts.formation);
  let left = allowance;
  let along = 0;
  let crossed = 0;
  for (const leg of path) {
    if (leg.kind === 'obstacle') {
      if (leg.impassable) {
        trace?.add({
          rule: md('7.4 Linear Obstacles', 'very high walls'),
          label: `A barrier it cannot cross: it stops ${tenths(along)}" from where it stood`,
        });
        return { inches: along, halted: 'impassable', crossed };
      }
      const cost = allowance * (1 - LINEAR_OBSTACLE_SHARE_LEFT[mover]);
      if (left <= 0 || left + 1e-9 < cost) {
        trace?.add({
          rule: md('7.4 Linear Obstacles'),
          label: `A linear obstacle: ${tenths(left)}" left, less than the ${tenths(cost)}" crossing takes; it stops at it, ${tenths(along)}" from where it stood`,
        });
        return { inches: along, halted: 'at-obstacle', crossed };
      }
      left = Math.max(0, left - cost);
      along += leg.inches;
      crossed += 1;
      trace?.add({
        rule: md('7.4 Linear Obstacles'),
        label: `Crosses a linear obstacle: ${mover === 'artillery' ? 'the whole' : 'half the'} move (${tenths(cost)}"); ${tenths(along)}" gone, ${tenths(left)}" left`,
      });
      continue;
    }
    const road = leg.road ?? 'none';
    const onRoad = road !== 'none' && roads;
    const speed = onRoad ? ROAD_FACTOR[road] : TERRAIN_SPEED.rows[leg.ground][mover];
    const rule = onRoad ? md('7.6 Roads') : TERRAIN_SPEED.rules[leg.ground];
    const what = onRoad ? `a ${road} road (whatever the ground beside it)` : `${leg.ground} ground`;
    if (speed === 0) {
      trace?.add({
        rule,
        label: `Cannot enter ${what}: it stops at its edge, ${tenths(along)}" from where it stood`,
      });
      return { inches: along, halted: 'impassable', crossed };
    }
    const go = Math.min(leg.inches, left * speed);
    left -= go / speed;
    along += go;
    if (go > 0)
      trace?.add({
        rule,
        label: `${tenths(go)}" over ${what}${speed === 1 ? '' : ` (x${speed}: ${tenths(go / speed)}" of the move)`}; ${tenths(along)}" gone, ${tenths(left)}" left`,
      });
    if (go < leg.inches) break;
  }
  return { inches: along, crossed };
}

const pathLegSchema = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('ground'),
      inches: z.number().min(0).max(200).describe('Its length along the line'),
      ground: z.enum(GROUND).describe('open, broken, difficult or village'),
      road: z.enum(ROADS).optional().describe('It runs along a road'),
    })
    .describe('A stretch of one kind of ground'),
  z
    .strictObject({
      kind: z.literal('obstacle'),
      inches: z.number().min(0).max(20).describe('The line from bank to bank'),
      impassable: z.boolean().optional().describe('A high wall or fort: it cannot be crossed'),
    })
    .describe('A linear obstacle the line crosses'),
]);

export const moveFactsSchema = z
  .strictObject({
    troop: z.enum(TROOP_TYPES).describe("The unit's troop type"),
    formation: z.enum(MACDUFF_FORMATIONS).describe('Its formation as it moves'),
    gunMove: z.enum(GUN_MOVES).optional().describe('Guns: manhandled by the crew, or limbered up'),
    charging: z.boolean().describe('Cavalry charging adds 6"'),
    ground: z
      .enum(GROUND)
      .describe(
        'The ground of the move: open, broken, difficult or village (give `path` when the ground changes along it)',
      ),
    crossesLinearObstacle: z.boolean().describe('It crosses a stream, ford, ditch, hedge or low wall'),
    inchesToObstacle: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'How far it goes before it reaches the obstacle (default 0: it stands at it). Crossing takes half the move for foot and horse, the whole move for guns: with less left it stops at the obstacle',
      ),
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
    path: z
      .array(pathLegSchema)
      .max(400)
      .optional()
      .describe(
        'The line of the move, leg by leg from where the unit stands; given, it replaces ground, crossesLinearObstacle, inchesToObstacle and road',
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
    {
      title: 'A limbered field gun on a road, 6" short of a ford',
      facts: {
        troop: 'field-gun',
        formation: 'limbered',
        gunMove: 'limbered',
        charging: false,
        ground: 'open',
        crossesLinearObstacle: true,
        inchesToObstacle: 6,
        retiringFacingEnemy: false,
        changesFormation: false,
        fired: false,
        road: 'secondary',
      },
      dice: [5],
    },
    {
      title: 'The same gun at the ford the next turn: the whole move is spent crossing',
      facts: {
        troop: 'field-gun',
        formation: 'limbered',
        gunMove: 'limbered',
        charging: false,
        ground: 'open',
        crossesLinearObstacle: true,
        retiringFacingEnemy: false,
        changesFormation: false,
        fired: false,
        road: 'secondary',
      },
      dice: [2],
    },
  ],
  resolve: resolveMove,
  odds: [{ name: 'Inches', project: (r) => r.inches }],
  describe: (r) => [
    `Rolled ${r.rolled}: may move ${tenths(r.inches)}"${r.crossed > 0 ? `, crossing ${r.crossed} obstacle(s)` : ''}${r.halted === 'at-obstacle' ? ', stopping at an obstacle it cannot cross this move' : r.halted === 'impassable' ? ', stopping where it may not go on' : ''}`,
  ],
};
