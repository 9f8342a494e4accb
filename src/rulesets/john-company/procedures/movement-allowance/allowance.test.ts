import { describe, expect, it } from 'vitest';
import { DiceInputError, SuppliedDice } from '../../../../core/random/dice.ts';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import {
  MOVEMENT_RATES,
  movementRate,
  RATE_COLUMNS,
  type RateColumn,
  rateColumnOf,
  TROOP_TYPES,
  type TroopTypeId,
} from '../../tables/movement-rates.ts';
import { MOVEMENT_RESULT_IDS } from '../../tables/reaction-table.ts';
import { resolveMovementAllowance } from './allowance.ts';
import { move, parse } from './fixtures.ts';
import { movementAllowance } from './index.ts';

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
  it('typed-in dice of the wrong range or count are rejected with a clear message', () => {
    expect(() => move({ movement: 'normal-plus-1-dice' }, [7])).toThrow(DiceInputError);
    expect(() => move({ movement: 'normal-plus-1-dice' }, [0])).toThrow(/d6 showing 1-6, but got 0/);
    expect(() => move({ movement: 'normal-plus-2-dice' }, [3])).toThrow(/not enough dice.*needs 2 dice/);
    expect(() => move({ water: ['stream'] }, { stream: [1] })).toThrow(/only 1 was left/);
    expect(() => move({}, [2])).toThrow(/too many dice/);
  });
});
