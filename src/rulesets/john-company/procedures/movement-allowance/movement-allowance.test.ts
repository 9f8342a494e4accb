import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceInputError, PrngDice, SuppliedDice } from '../../../../core/random/dice.ts';
import { seedRng } from '../../../../core/random/prng.ts';
import { oddsOf, resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import { GENERAL_MOVEMENT } from '../../tables/general-movement.ts';
import {
  MOVEMENT_RATES,
  type MoverClass,
  movementRate,
  RATE_COLUMNS,
  type RateColumn,
  rateColumnOf,
  TROOP_TYPES,
  type TroopTypeId,
} from '../../tables/movement-rates.ts';
import { ORDERS } from '../../tables/orders.ts';
import { COMMAND_RADIUS, DEFAULT_ORDERS_DECK, ORDERS_PER_GENERAL } from '../../tables/orders-deck.ts';
import { MOVEMENT_RESULT_IDS } from '../../tables/reaction-table.ts';
import {
  TERRAIN_COSTS,
  TERRAINS,
  type TerrainId,
  WALL_COSTS,
  WALL_JUMP_ROLL,
  WATER_COSTS,
} from '../../tables/terrain-costs.ts';
import { ORDERS_DRAW_READINGS } from '../orders-draw.ts';
import { resolveMovementAllowance } from './allowance.ts';
import { type MovementAllowanceResult, type MovementFacts, movementFactsSchema } from './facts.ts';
import { MOVEMENT_ALLOWANCE_READINGS, movementAllowance } from './index.ts';

const move = (
  facts: Partial<MovementFacts>,
  dice: readonly number[] | Readonly<Record<string, readonly number[]>> = [],
): MovementAllowanceResult => {
  const d = new SuppliedDice(dice);
  const r = resolveMovementAllowance(
    { troop: 'british-infantry', formation: 'close-order-line', ...facts } as MovementFacts,
    d,
  );
  d.assertAllUsed();
  return r;
};
const parse = (facts: unknown) => movementFactsSchema.safeParse(facts);

describe('movement rates: every cell of both tables, as printed in Part 3', () => {
  // [line close, line open, column close, column open, skirmish, square, mass]; null = NA.
  type Row = readonly (number | readonly [number, number] | null)[];
  const formed: Record<string, Row> = {
    'british-infantry': [[6, 8], [7, 9], [7, 9], [8, 10], 12, null, null],
    'british-cavalry': [[10, 12], [12, 15], [12, 15], [16, 20], 26, null, null],
    'native-regular-infantry': [5, 6, 6, 7, 9, 3, null],
    'native-irregular-infantry': [null, null, null, null, null, null, 9],
    'native-regular-cavalry': [9, 11, 11, 15, 24, null, null],
    'native-irregular-cavalry': [null, null, null, null, null, null, 18],
  };
  // [line, column, prolonge, prolonge & fire]
  const guns: Record<string, Row> = {
    'british-horse-artillery': [[12, 15], [15, 18], 8, 4],
    'british-field-artillery': [[7, 9], [9, 11], 8, 4],
    'british-siege-artillery': [[4, 5], [5, 7], null, null],
    'british-congreve-rockets': [[12, 15], [15, 18], null, null],
    'british-mortars': [null, null, null, null],
    zambureks: [6, 9, 4, 2],
    'aspi-horse-artillery': [10, 12, 6, 3],
    'jinsi-field-artillery': [6, 7, 3, 2],
    'kalan-siege-artillery': [3, 4, null, null],
    'gubara-mortars': [null, null, null, null],
  };
  const cells: [TroopTypeId, RateColumn, number | readonly [number, number] | null][] = [];
  for (const troop of TROOP_TYPES) {
    const row = formed[troop] ?? [null, null, null, null, null, null, null];
    const gunRow = guns[troop] ?? [null, null, null, null];
    RATE_COLUMNS.forEach((col, i) => {
      cells.push([troop, col, i < 7 ? row[i]! : gunRow[i - 7]!]);
    });
  }
  it('covers every troop type and column', () => expect(cells).toHaveLength(16 * 11));

  it.each(cells)('%s, %s: %j', (troop, formation, cell) => {
    const first = cell === null ? undefined : typeof cell === 'number' ? cell : cell[0];
    const second = cell === null ? undefined : typeof cell === 'number' ? cell : cell[1];
    expect(movementRate(troop, formation)).toBe(first);
    expect(movementRate(troop, formation, 'second')).toBe(second);
    const r = move({ troop, formation });
    expect(r.rateGiven).toBe(cell !== null);
    expect(r.available).toBe(first ?? 0);
    expect(move({ troop, formation, rateVariant: 'second' }).available).toBe(second ?? 0);
  });

  it('a formation with no rate (NA) is refused at the boundary, naming those the troop moves in', () => {
    const refused = parse({ troop: 'british-infantry', formation: 'artillery-line', moveInches: 3 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.path).toEqual(['formation']);
    expect(refused.error!.issues[0]!.message).toMatch(/no movement rate in artillery-line.*close-order-line/);
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line' }).success).toBe(true);
  });

  it('a vocabulary formation maps to its rate column', () => {
    expect(rateColumnOf('open-order-column')).toBe('open-order-column');
    expect(rateColumnOf('mass')).toBe('mass');
    expect(rateColumnOf('artillery-limbered')).toBe('artillery-column');
    expect(rateColumnOf('artillery-limbered', 'line')).toBe('artillery-line');
    expect(rateColumnOf('artillery-deployed')).toBe('artillery-prolonge');
    expect(rateColumnOf('artillery-deployed', 'column', true)).toBe('artillery-prolonge-and-fire');
  });

  it.each([
    ['british-infantry', 4],
    ['british-cavalry', 6],
    ['native-regular-infantry', 4],
    ['native-irregular-infantry', 4],
    ['native-regular-cavalry', 5],
    ['native-irregular-cavalry', 5],
    ['british-horse-artillery', 0],
    ['zambureks', 0],
  ] as const)('%s: Charge Bonus %i"', (troop, bonus) => {
    expect(MOVEMENT_RATES.troops[troop].chargeBonus).toBe(bonus);
  });
});

describe('movement allowance: the reaction result', () => {
  // British infantry in close-order column: 7".
  const col = { formation: 'close-order-column' as const };
  it.each([
    ['normal', [], 7],
    ['normal-plus-1-dice', [4], 11],
    ['normal-plus-2-dice', [4, 6], 17],
    ['half-normal', [], 3.5],
    ['no-movement-allowed', [], 0],
    ['no-move', [], 0],
    ['normal-and-charge-bonus', [], 11],
    ['normal-plus-1-dice-and-charge-bonus', [2], 13],
    ['normal-plus-2-dice-and-charge-bonus', [1, 1], 13],
    ['fall-back', [], 7],
    ['forced-back', [], 7],
    ['rout', [], 11],
  ] as const)('%s: %j gives %s"', (movement, dice, available) => {
    const r = move({ ...col, movement }, [...dice]);
    expect(r.available).toBe(available);
  });

  it('every movement result is handled', () => {
    for (const movement of MOVEMENT_RESULT_IDS) {
      const facts =
        movement === 'roll-without-orders'
          ? { troop: 'british-infantry', formation: 'close-order-line', movement, withoutOrders: 'no-orders' }
          : { troop: 'british-infantry', formation: 'close-order-line', movement };
      expect(parse(facts).success).toBe(true);
    }
  });

  it.each([
    ['uses-initiative', 6],
    ['repeats-last-order-may-charge', 6],
    ['no-orders-may-charge', 0],
    ['no-orders', 0],
    ['quit-the-battle', 6],
  ] as const)('Without Orders, %s: %i"', (withoutOrders, available) => {
    expect(move({ movement: 'roll-without-orders', withoutOrders }).available).toBe(available);
  });

  it('the extra dice are not thrown when there is no rate to add them to', () => {
    expect(move({ formation: 'square', movement: 'normal-plus-2-dice' }, []).available).toBe(0);
  });

  it('mandatory moves: Fall Back must use half, Forced Back and Rout all; the last two Disorder', () => {
    const fb = move({ movement: 'fall-back', moveInches: 3 });
    expect(fb).toMatchObject({ mandatory: 'fall-back', minimum: 3, meetsMinimum: true, disordered: false });
    expect(move({ movement: 'fall-back', moveInches: 2.5 }).meetsMinimum).toBe(false);
    const forced = move({ movement: 'forced-back', moveInches: 5 });
    expect(forced).toMatchObject({ minimum: 6, meetsMinimum: false, disordered: true });
    expect(forced.disorderCauses).toEqual(['mandatory-move']);
    expect(move({ movement: 'rout', moveInches: 10 })).toMatchObject({
      available: 10,
      minimum: 10,
      meetsMinimum: true,
    });
  });

  it('mandatory moves ignore the order and pay nothing to face about', () => {
    const r = move({ movement: 'forced-back', order: 'advance-and-fire', aboutFaces: 1, moveInches: 6 });
    expect(r).toMatchObject({ available: 6, aboutFaceInches: 0, mayFire: false, fits: true });
  });
});

describe('movement allowance: direction changes', () => {
  it('an about face costs 1/4 of the move, after the reaction dice', () => {
    expect(move({ aboutFaces: 1 })).toMatchObject({
      aboutFaceInches: 1.5,
      maximumNormalMove: 4.5,
      available: 4.5,
    });
    expect(move({ aboutFaces: 2, movement: 'normal-plus-1-dice' }, [2])).toMatchObject({
      fullMove: 8,
      aboutFaceInches: 4,
      available: 4,
    });
  });

  it('a flank march costs 2" per 1"; a wheel is measured along the outer edge', () => {
    expect(move({ flankMarchInches: 3 })).toMatchObject({ used: 6, distance: 3, fits: true, left: 0 });
    expect(move({ wheelInches: 4.5, moveInches: 1 })).toMatchObject({ used: 5.5, left: 0.5 });
  });

  it('only regulars may flank march', () => {
    const r = parse({ troop: 'native-irregular-infantry', formation: 'mass', flankMarchInches: 2 });
    expect(r.error?.issues[0]?.message).toMatch(/cannot flank march/);
    expect(parse({ troop: 'native-irregular-infantry', formation: 'mass', wheelInches: 2 }).success).toBe(
      true,
    );
  });
});

describe('movement allowance: terrain, every row', () => {
  const movers: [MoverClass, TroopTypeId, RateColumn][] = [
    ['regular-infantry', 'british-infantry', 'skirmish-order'],
    ['irregular-infantry', 'native-irregular-infantry', 'mass'],
    ['cavalry', 'british-cavalry', 'skirmish-order'],
    ['artillery', 'british-horse-artillery', 'artillery-column'],
  ];
  // Inches per inch, as read from Part 3: open, difficult, swamp, light woods, heavy woods, town, town on road.
  const expected: Record<MoverClass, (number | null)[]> = {
    'regular-infantry': [1, 3, 3, 2, 4, 2, 2],
    'irregular-infantry': [1, 3, 3, 2, 3, 2, 2],
    cavalry: [1, 3, 3, 3, null, 2, 2],
    artillery: [1, 3, 3, 3, null, 2, 2],
  };
  const cells = movers.flatMap(([mover, troop, formation]) =>
    TERRAINS.map((terrain, i) => [mover, terrain, troop, formation, expected[mover][i]!] as const),
  );
  it.each(cells)('%s in %s: %s per inch', (mover, terrain, troop, formation, per) => {
    expect(TERRAIN_COSTS.terrains[terrain].cost[mover]).toBe(per);
    const r = move({ troop, formation, terrain: [{ terrain, inches: 2 }] });
    if (per === null) {
      expect(r).toMatchObject({ impassable: true, fits: false });
    } else {
      expect(r.used).toBe(2 * per);
      expect(r.terrainLoss).toBe(2 * (per - 1));
      expect(r.impassable).toBe(false);
    }
    expect(r.distance).toBe(2);
  });

  it.each([
    ['swamp', true],
    ['town', true],
    ['town-on-road', false],
    ['open', false],
  ] as const)('%s Disorders whatever the cost: %s', (terrain: TerrainId, disorders) => {
    // 1" of it, for British cavalry in skirmish order (26"): far below a quarter.
    const r = move({
      troop: 'british-cavalry',
      formation: 'skirmish-order',
      terrain: [{ terrain, inches: 1 }],
    });
    expect(r.disorderCauses.includes(terrain as 'swamp' | 'town')).toBe(disorders);
    expect(r.disorderCauses.includes('terrain-loss')).toBe(false);
  });
});

describe('movement allowance: Disorder from losing a quarter of the move', () => {
  // British line 6": a quarter is 1.5".
  it('a loss of exactly a quarter Disorders; just under does not', () => {
    expect(move({ terrain: [{ terrain: 'light-woods', inches: 1.5 }] }).disorderCauses).toEqual([
      'terrain-loss',
    ]);
    expect(move({ terrain: [{ terrain: 'light-woods', inches: 1.25 }] }).disordered).toBe(false);
    expect(move({ terrain: [{ terrain: 'difficult', inches: 0.75 }] }).disordered).toBe(true);
  });

  it('the quarter is of the Maximum Normal Move (after reaction dice and about faces)', () => {
    // +1 Dice rolled 6: 12", a quarter is 3": a 2" loss does not Disorder.
    expect(
      move({ movement: 'normal-plus-1-dice', terrain: [{ terrain: 'light-woods', inches: 2 }] }, [6])
        .disordered,
    ).toBe(false);
    // Half Normal: 3", a quarter is 0.75".
    expect(
      move({ movement: 'half-normal', terrain: [{ terrain: 'light-woods', inches: 1 }] }).disordered,
    ).toBe(true);
  });

  it('flank marching is a direction change, not a terrain loss', () => {
    expect(move({ flankMarchInches: 3 }).disordered).toBe(false);
  });
});

describe('movement allowance: walls', () => {
  it.each([
    ['close-order-line', 'low', 4],
    ['close-order-line', 'medium', 6],
    ['close-order-line', 'high', 8],
    ['open-order-line', 'low', 4],
    ['skirmish-order', 'medium', 6],
  ] as const)('British infantry in %s crosses a %s wall for %i"', (formation, wall, cost) => {
    const r = move({ formation, walls: [wall], rateVariant: 'second' });
    expect(r.used).toBe(cost);
  });

  it.each([
    ['low', 3],
    ['medium', 5],
    ['high', 7],
  ] as const)('troops in mass cross a %s wall for %i"', (wall, cost) => {
    expect(move({ troop: 'native-irregular-infantry', formation: 'mass', walls: [wall] }).used).toBe(cost);
  });

  it('the low-wall cost may be set for a unit (the +2"/+4" still apply)', () => {
    expect(move({ formation: 'skirmish-order', walls: ['low', 'high'], lowWallCost: 2 }).used).toBe(2 + 6);
  });

  it('cavalry jumps a low wall for 5" and is Disordered; no dice', () => {
    const r = move({ troop: 'british-cavalry', formation: 'skirmish-order', walls: ['low'] });
    expect(r).toMatchObject({ used: 5, standsLost: 0 });
    expect(r.disorderCauses).toContain('wall-jump');
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 0],
    [4, 0],
    [5, 0],
    [6, 0],
  ])('cavalry jumping a medium wall (9") rolls %i: %i stands lost', (face, lost) => {
    expect(WALL_JUMP_ROLL.combine([face])).toBe(lost);
    const r = move(
      { troop: 'british-cavalry', formation: 'skirmish-order', walls: ['medium'] },
      { wallJump: [face] },
    );
    expect(r).toMatchObject({ used: 9, standsLost: lost });
  });

  it('cavalry cannot jump a high wall; guns cannot cross any wall', () => {
    expect(move({ troop: 'british-cavalry', formation: 'skirmish-order', walls: ['high'] })).toMatchObject({
      impassable: true,
      fits: false,
    });
    expect(
      move({ troop: 'jinsi-field-artillery', formation: 'artillery-line', walls: ['low'] }).impassable,
    ).toBe(true);
  });

  it('stands lost never exceed 2 per medium wall', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }), (faces) => {
        const r = move(
          {
            troop: 'british-cavalry',
            formation: 'skirmish-order',
            walls: faces.map(() => 'medium' as const),
          },
          { wallJump: faces },
        );
        expect(r.standsLost).toBeLessThanOrEqual(2 * faces.length);
        expect(r.standsLost).toBe(faces.reduce((n, f) => n + (f <= 2 ? f : 0), 0));
      }),
    );
  });
});

describe('movement allowance: water', () => {
  it.each([
    ['nullah', [4], 4],
    ['stream', [3, 5], 8],
    ['river', [1, 2, 3], 6],
  ] as const)('a %s costs its dice %j: %i"', (kind, faces, cost) => {
    const r = move({ formation: 'skirmish-order', water: [kind] }, { [kind]: [...faces] });
    expect(r.used).toBe(cost);
    expect(r.disorderCauses).toContain('water');
  });

  it('a river is 4d6 when fixed so before play; several crossings of a kind take their dice in order', () => {
    expect(
      move({ formation: 'skirmish-order', water: ['river'], riverDice: 4 }, { river: [1, 1, 1, 1] }).used,
    ).toBe(4);
    expect(move({ formation: 'skirmish-order', water: ['nullah', 'nullah'] }, { nullah: [2, 5] }).used).toBe(
      7,
    );
  });

  it('crossing water forbids fire, and guns cannot prolonge across it', () => {
    expect(move({ order: 'advance-and-fire', moveInches: 3, water: ['nullah'] }, [1]).mayFire).toBe(false);
    const r = move({
      troop: 'british-field-artillery',
      formation: 'artillery-prolonge',
      order: 'prolonge',
      water: ['nullah'],
    });
    expect(r).toMatchObject({ impassable: true, fits: false });
  });
});

describe('movement allowance: unit events', () => {
  it.each([
    [
      'infantry',
      'british-infantry',
      'close-order-column',
      'very-rough-ground',
      { 'very-rough-ground': [2] },
      7 - 5,
    ],
    [
      'cavalry',
      'british-cavalry',
      'close-order-line',
      'very-rough-ground',
      { 'very-rough-ground-cavalry': [2, 3] },
      10 - 5,
    ],
    [
      'artillery',
      'aspi-horse-artillery',
      'artillery-line',
      'very-rough-ground',
      { 'very-rough-ground': [1] },
      10 - 4,
    ],
    ['infantry', 'british-infantry', 'close-order-column', 'unseen-nullah', { 'unseen-nullah': [1, 1] }, 5],
    ['cavalry', 'british-cavalry', 'close-order-line', 'unseen-nullah', { 'unseen-nullah': [1, 1] }, 5],
    ['infantry', 'british-infantry', 'close-order-column', 'soft-sand', { 'soft-sand': [3] }, 4],
    ['infantry', 'british-infantry', 'close-order-column', 'firm-ground', { 'firm-ground': [3] }, 10],
  ] as const)('%s (%s), %s: %j leaves %i"', (_arm, troop, formation, event, dice, available) => {
    const r = move({ troop, formation, events: [event] }, dice);
    expect(r.available).toBe(available);
    expect(r.disorderCauses.includes('unseen-nullah')).toBe(event === 'unseen-nullah');
  });

  it('events never take the move below 0', () => {
    expect(move({ events: ['unseen-nullah'] }, { 'unseen-nullah': [6, 6] }).available).toBe(0);
  });

  it('several events apply in table order', () => {
    const trace = new Trace();
    resolveMovementAllowance(
      { troop: 'british-infantry', formation: 'close-order-line', events: ['firm-ground', 'soft-sand'] },
      new SuppliedDice({ 'soft-sand': [1], 'firm-ground': [6] }),
      trace,
    );
    expect(trace.steps.filter((s) => s.roll).map((s) => s.roll)).toEqual(['soft-sand', 'firm-ground']);
  });

  it('an event listed twice is rejected', () => {
    const r = parse({
      troop: 'british-infantry',
      formation: 'close-order-line',
      events: ['soft-sand', 'soft-sand'],
    });
    expect(r.error?.issues[0]?.message).toMatch(/listed twice/);
  });
});

describe('movement allowance: orders', () => {
  it('example: British line, Resolute on Forward March (+1 Dice, 4): 10"; 6" open and 2" light woods use 10"', () => {
    const ex = movementAllowance.examples[0]!;
    const r = resolveProcedure(movementAllowance, movementAllowance.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({
      available: 10,
      used: 10,
      left: 0,
      fits: true,
      minimum: 5,
      meetsMinimum: true,
      disordered: false,
      mayFire: false,
    });
  });

  it('example: native cavalry charging, +1 Dice (3) and Charge Bonus 5", jumps a medium wall and loses 2 stands', () => {
    const ex = movementAllowance.examples[1]!;
    const r = resolveProcedure(movementAllowance, movementAllowance.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({
      maximumNormalMove: 14,
      chargeBonus: 5,
      available: 19,
      used: 17,
      standsLost: 2,
      disordered: true,
    });
    expect(r.result.disorderCauses).toEqual(['terrain-loss', 'wall-jump']);
  });

  it('example: horse artillery To The Rear, March: about face, 3/4 of 15" = 11.25"; a stream of 7"', () => {
    const ex = movementAllowance.examples[2]!;
    const r = resolveProcedure(movementAllowance, movementAllowance.facts.parse(ex.facts), { dice: ex.dice });
    expect(r.result).toMatchObject({
      aboutFaceInches: 3.75,
      available: 11.25,
      used: 10,
      fits: true,
      mayFire: false,
    });
  });

  it.each([
    ['advance-and-fire', 12, 6],
    ['fire-and-retire', 12, 6],
    ['to-the-rear-march', 12, 9],
    ['forward-march', 12, 12],
    ['charge', 12, 12],
    ['hold', 12, 0],
    ['form-line', 12, 0],
    ['form-square', 12, 0],
  ] as const)('%s: of a %i" move it may use %i"', (order, _move, limit) => {
    // British infantry skirmishers: 12".
    const r = move({ formation: 'skirmish-order', order });
    expect(r.orderLimit).toBe(limit);
  });

  it('limber orders use at most half; Prolonge uses the Prolonge column', () => {
    const limber = move({
      troop: 'british-horse-artillery',
      formation: 'artillery-line',
      order: 'limber-and-retire',
    });
    expect(limber).toMatchObject({ aboutFaceInches: 3, orderLimit: 6 });
    expect(
      move({ troop: 'british-horse-artillery', formation: 'artillery-prolonge', order: 'prolonge' })
        .available,
    ).toBe(8);
    const wrong = parse({ troop: 'british-horse-artillery', formation: 'artillery-line', order: 'prolonge' });
    expect(wrong.error?.issues[0]?.message).toMatch(/artillery-prolonge/);
  });

  it('To The Rear: a second about face after half the move leaves half', () => {
    expect(move({ formation: 'skirmish-order', order: 'to-the-rear-march', aboutFaces: 2 }).available).toBe(
      6,
    );
  });

  it('Pursue moves at Normal + Charge Bonus', () => {
    expect(move({ troop: 'british-cavalry', formation: 'close-order-line', order: 'pursue' }).available).toBe(
      16,
    );
  });

  it('Deploy: at least 3" of ground or 1/4 of the move, whichever is less; reaching the objective waives it', () => {
    // 12" skirmishers: 3" either way.
    expect(move({ formation: 'skirmish-order', order: 'deploy-left', wheelInches: 3 })).toMatchObject({
      minimum: 3,
      meetsMinimum: true,
    });
    expect(move({ formation: 'skirmish-order', order: 'deploy-left', wheelInches: 2 }).meetsMinimum).toBe(
      false,
    );
    // 1.5" of flank march uses 3": a quarter of 12".
    expect(
      move({ formation: 'skirmish-order', order: 'deploy-left', flankMarchInches: 1.5 }).meetsMinimum,
    ).toBe(true);
    expect(
      move({ formation: 'skirmish-order', order: 'deploy-left', wheelInches: 1, reachedObjective: true })
        .meetsMinimum,
    ).toBe(true);
    // 6" line: a quarter is 1.5", less than 3".
    expect(move({ order: 'deploy-right', wheelInches: 1.5 })).toMatchObject({
      minimum: 1.5,
      meetsMinimum: true,
    });
  });

  it('Forward March must use half its move; Advance & Fire must cover 3"', () => {
    expect(move({ order: 'forward-march', moveInches: 2.5 })).toMatchObject({
      minimum: 3,
      meetsMinimum: false,
    });
    expect(move({ order: 'advance-and-fire', moveInches: 3 })).toMatchObject({
      minimum: 3,
      meetsMinimum: true,
    });
    // Half Normal 3": Advance & Fire may use 1.5", so that is all it must use.
    expect(move({ order: 'advance-and-fire', movement: 'half-normal', moveInches: 1.5 })).toMatchObject({
      minimum: 1.5,
      orderLimit: 1.5,
    });
  });

  it.each([
    ['deploy-right', 3, true],
    ['deploy-right', 3.5, false],
    ['support', 6, true],
    ['support', 6.5, false],
    ['fire-and-retire', 3, true],
    ['fire-and-retire', 4, false],
    ['prolonge-and-fire', 0, true],
    ['hold', 0, true],
    ['forward-march', 6, false],
  ] as const)('%s, using %s" of 12": may fire %s', (order, used, fire) => {
    const troop = order === 'prolonge-and-fire' ? 'british-horse-artillery' : 'british-infantry';
    const formation = order === 'prolonge-and-fire' ? 'artillery-prolonge-and-fire' : 'skirmish-order';
    expect(move({ troop, formation, order, moveInches: used }).mayFire).toBe(fire);
  });

  it('orders are checked against the troop type', () => {
    expect(
      parse({ troop: 'british-cavalry', formation: 'close-order-line', order: 'advance-and-fire' }).error
        ?.issues[0]?.message,
    ).toMatch(/not allowed to British cavalry/);
    expect(parse({ troop: 'zambureks', formation: 'artillery-line', order: 'charge' }).success).toBe(false);
    expect(
      parse({ troop: 'aspi-horse-artillery', formation: 'artillery-line', order: 'support' }).error?.issues[0]
        ?.message,
    ).toMatch(/Prolonge/);
  });
});

describe('movement allowance: validation and typed-in dice', () => {
  it('rejects a missing or stray Without Orders result, unknown fields, bad inches', () => {
    expect(
      parse({ troop: 'british-infantry', formation: 'close-order-line', movement: 'roll-without-orders' })
        .error?.issues[0]?.message,
    ).toMatch(/needs the Without Orders Table result/);
    expect(
      parse({ troop: 'british-infantry', formation: 'close-order-line', withoutOrders: 'no-orders' }).success,
    ).toBe(false);
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', speed: 3 }).success).toBe(false);
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', moveInches: -1 }).success).toBe(
      false,
    );
    expect(parse({ troop: 'british-infantry', formation: 'close-order-line', riverDice: 5 }).success).toBe(
      false,
    );
  });

  it('typed-in dice of the wrong range or count are rejected with a clear message', () => {
    expect(() => move({ movement: 'normal-plus-1-dice' }, [7])).toThrow(DiceInputError);
    expect(() => move({ movement: 'normal-plus-1-dice' }, [0])).toThrow(/d6 showing 1-6, but got 0/);
    expect(() => move({ movement: 'normal-plus-2-dice' }, [3])).toThrow(/not enough dice.*needs 2 dice/);
    expect(() => move({ water: ['stream'] }, { stream: [1] })).toThrow(/only 1 was left/);
    expect(() => move({}, [2])).toThrow(/too many dice/);
  });
});

describe('movement allowance: exact odds and properties', () => {
  const sum = (outcomes: readonly { probability: number }[]) =>
    outcomes.reduce((s, o) => s + o.probability, 0);

  it('the examples enumerate exactly; every view sums to 1', () => {
    for (const ex of movementAllowance.examples) {
      for (const view of oddsOf(movementAllowance, movementAllowance.facts.parse(ex.facts)))
        expect(sum(view.outcomes)).toBeCloseTo(1, 12);
    }
  });

  it('+2 Dice on a 7" column: 9"..19" available with the 2d6 spread', () => {
    const [available] = oddsOf(movementAllowance, {
      troop: 'british-infantry',
      formation: 'close-order-column',
      movement: 'normal-plus-2-dice',
    });
    expect(available!.outcomes).toHaveLength(11);
    expect(available!.outcomes.find((o) => o.outcome === 14)!.probability).toBeCloseTo(6 / 36, 12);
  });

  it('a medium-wall jump loses 1 or 2 stands with probability 1/6 each', () => {
    const odds = oddsOf(movementAllowance, {
      troop: 'british-cavalry',
      formation: 'close-order-line',
      walls: ['medium'],
    });
    const lost = odds.find((v) => v.name === 'Stands lost jumping walls')!;
    expect(lost.outcomes).toEqual([
      { outcome: 0, probability: 4 / 6 },
      { outcome: 1, probability: 1 / 6 },
      { outcome: 2, probability: 1 / 6 },
    ]);
  });

  it('exact odds agree with 100,000 seeded rolls', () => {
    const facts: MovementFacts = {
      troop: 'native-regular-cavalry',
      formation: 'close-order-line',
      movement: 'normal-plus-1-dice',
      moveInches: 6,
      walls: ['medium'],
      water: ['stream'],
    };
    const odds = oddsOf(movementAllowance, facts);
    const fitsView = odds.find((v) => v.name === 'Fits')!;
    const lostView = odds.find((v) => v.name === 'Stands lost jumping walls')!;
    const dice = new PrngDice(seedRng(3));
    const n = 100_000;
    const fits = new Map<string, number>();
    const lost = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const r = resolveMovementAllowance(facts, dice);
      const k = r.fits ? 'fits' : r.impassable ? 'impassable' : 'too far';
      fits.set(k, (fits.get(k) ?? 0) + 1);
      lost.set(r.standsLost, (lost.get(r.standsLost) ?? 0) + 1);
    }
    for (const o of fitsView.outcomes)
      expect(Math.abs((fits.get(o.outcome as string) ?? 0) / n - o.probability)).toBeLessThan(0.006);
    for (const o of lostView.outcomes)
      expect(Math.abs((lost.get(o.outcome as number) ?? 0) / n - o.probability)).toBeLessThan(0.006);
  });

  const arbFacts = fc.record({
    troop: fc.constantFrom(...TROOP_TYPES),
    formation: fc.constantFrom(...RATE_COLUMNS),
    movement: fc.constantFrom(
      'normal',
      'half-normal',
      'normal-plus-1-dice',
      'normal-and-charge-bonus',
      'fall-back',
      'rout',
    ),
    moveInches: fc.integer({ min: 0, max: 12 }),
    terrain: fc.array(
      fc.record({ terrain: fc.constantFrom(...TERRAINS), inches: fc.integer({ min: 0, max: 4 }) }),
      { maxLength: 3 },
    ),
    water: fc.array(fc.constantFrom('nullah' as const, 'stream' as const), { maxLength: 2 }),
    aboutFaces: fc.integer({ min: 0, max: 2 }),
  });

  it('firm ground never shortens the move; more ground never costs less; the same seed gives the same result', () => {
    fc.assert(
      fc.property(arbFacts, fc.integer(), (raw, seed) => {
        const facts = raw as MovementFacts;
        const base = resolveMovementAllowance(facts, new PrngDice(seedRng(seed)));
        expect(resolveMovementAllowance(facts, new PrngDice(seedRng(seed)))).toEqual(base);
        const firm = resolveMovementAllowance(
          { ...facts, events: ['firm-ground'] },
          new PrngDice(seedRng(seed)),
        );
        expect(firm.fullMove).toBeGreaterThanOrEqual(base.fullMove);
        const further = resolveMovementAllowance(
          { ...facts, moveInches: (facts.moveInches ?? 0) + 1 },
          new PrngDice(seedRng(seed)),
        );
        expect(further.used).toBe(base.used + 1);
        expect(base.available).toBeGreaterThanOrEqual(0);
        expect(base.fits).toBe(!base.impassable && base.used <= base.available);
        expect(base.disordered).toBe(base.disorderCauses.length > 0);
      }),
    );
  });

  it('exact odds of any such move sum to 1', () => {
    fc.assert(
      fc.property(arbFacts, (raw) => {
        for (const view of oddsOf(movementAllowance, raw as MovementFacts))
          expect(sum(view.outcomes)).toBeCloseTo(1, 9);
      }),
      { numRuns: 50 },
    );
  });
});

describe('orders and movement: readings are documented', () => {
  const doc = readFileSync(
    new URL('../../../../../docs/rules/john-company/orders-and-movement.md', import.meta.url),
    'utf8',
  );
  const headings = new Set(
    doc
      .split('\n')
      .filter((l) => l.startsWith('### '))
      .map((l) => l.slice(4).trim()),
  );
  const named = new Set([
    ...(MOVEMENT_RATES.readings ?? []),
    ...(TERRAIN_COSTS.readings ?? []),
    ...(WALL_COSTS.readings ?? []),
    ...(WATER_COSTS.readings ?? []),
    ...(ORDERS.readings ?? []),
    ...(ORDERS_PER_GENERAL.readings ?? []),
    ...(DEFAULT_ORDERS_DECK.readings ?? []),
    ...(COMMAND_RADIUS.readings ?? []),
    ...(GENERAL_MOVEMENT.readings ?? []),
    ...MOVEMENT_ALLOWANCE_READINGS,
    ...ORDERS_DRAW_READINGS,
  ]);
  it.each([...named])('"%s" has a ### entry in orders-and-movement.md', (heading) => {
    expect(headings.has(heading)).toBe(true);
  });
  it('every ### entry is named by a table or procedure', () => {
    expect([...headings].filter((h) => !named.has(h))).toEqual([]);
  });
});

describe('movement allowance: roll keys', () => {
  it('documents every key it throws under, one per entry', () => {
    expect(movementAllowance.rolls.map((r) => r.key)).toEqual([
      'extraDice',
      'soft-sand',
      'very-rough-ground',
      'very-rough-ground-cavalry',
      'unseen-nullah',
      'firm-ground',
      'wallJump',
      'nullah',
      'stream',
      'river',
    ]);
    const r = resolveProcedure(
      movementAllowance,
      {
        troop: 'british-cavalry',
        formation: 'close-order-line',
        movement: 'normal-plus-1-dice',
        events: ['very-rough-ground', 'firm-ground'],
        walls: ['medium'],
        water: ['nullah', 'stream', 'river'],
      },
      { seed: 4 },
    );
    const keys = new Set(movementAllowance.rolls.map((x) => x.key));
    for (const roll of r.rolls) expect(keys.has(roll.key)).toBe(true);
  });
});
