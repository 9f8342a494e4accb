import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { tableOf } from '../../../core/table/fixtures.ts';
import type { UnitState } from '../../../core/table/model.ts';
import { moveTable } from '../../../core/table/transform.ts';
import {
  chargeContact,
  chargeDistance,
  evadeAndChase,
  infantryAgainstCavalry,
  initiateCharge,
  meetHalfway,
  mutualCharge,
} from './charges.ts';
import { type MoveContext, type MoverFacts, moveContext, withUnit } from './movement.ts';
import { context, unit } from './movement-fixtures.ts';

/**
 * A number in hundredths from min to max, nudged by an irrational ten-thousandth so that it never ties
 * exactly with the round numbers of the fixtures (fast-check's own doubles favour extreme values).
 */
const num = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100 + 1e-4 * Math.SQRT2);

/**
 * Charger 'a': four British infantry stands in line centred on (20, 10) facing +y, front edge at
 * y 10.375 from x 17 to 23; Normal Move 6", Charge Bonus 4". Targets face it from further up the table.
 */
const A = unit('a', { x: 20, y: 10 });
const CHARGING: MoverFacts = {
  troop: 'british-infantry',
  order: 'charge',
  movement: 'normal-and-charge-bonus',
};
const CAV_CHARGING: MoverFacts = {
  troop: 'british-cavalry',
  order: 'charge',
  movement: 'normal-and-charge-bonus',
};
const noDice = () => new SuppliedDice([]);

/** A target whose front edge is at `front` (y), facing the charger. */
const target = (front: number, more: Parameters<typeof unit>[1] | object = {}) =>
  unit('e', { x: 20, y: front + 0.375, side: 'blue', facing: 270, ...more });

function table(...units: UnitState[]): MoveContext {
  return context(
    units,
    Object.fromEntries(
      units.map((u) => [
        u.id,
        { troop: u.stands[0]!.kind === 'cavalry' ? 'british-cavalry' : 'british-infantry' },
      ]),
    ),
  );
}

describe('Step 4: launching the charge', () => {
  it('moves the full Normal Move when the Charge Bonus point is farther', () => {
    const r = initiateCharge(
      table(A, target(29.625)),
      { unitId: 'a', target: 'e', mover: CHARGING },
      noDice(),
    );
    expect(r.distanceBefore).toBeCloseTo(19.25, 9);
    expect(r.move.manoeuvres).toEqual([{ kind: 'advance', inches: 6 }]);
    expect(r.distanceAfter).toBeCloseTo(13.25, 9);
    expect(r.remaining).toBeCloseTo(4, 9);
    expect(r.move.legal).toBe(true);
  });

  it('stops at the Charge Bonus from the target when that is nearer', () => {
    const r = initiateCharge(
      table(A, target(18.375)),
      { unitId: 'a', target: 'e', mover: CHARGING },
      noDice(),
    );
    expect(r.distanceAfter).toBeCloseTo(4, 2);
    expect(r.remaining).toBeCloseTo(6, 2);
  });

  it('wheels to face the target first', () => {
    const r = initiateCharge(
      table(A, target(29.625, { x: 30 })),
      { unitId: 'a', target: 'e', mover: CHARGING },
      noDice(),
    );
    expect(r.move.manoeuvres[0]).toMatchObject({ kind: 'wheel' });
    expect(r.move.unit.facing).toBeLessThan(90);
    expect(r.move.allowance.used).toBeCloseTo(6, 2);
  });

  it('wheels square to a target that stands askew, and arrives squared up', () => {
    const ctx = table(A, target(19, { facing: 250 }));
    const r = initiateCharge(ctx, { unitId: 'a', target: 'e', mover: CHARGING }, noDice());
    expect(r.move.manoeuvres[0]).toMatchObject({ kind: 'wheel' });
    expect(r.move.unit.facing).toBeCloseTo(70, 6);
    const five = chargeContact(
      withUnit(ctx, r.move.unit),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: r.remaining },
      noDice(),
    );
    expect(five.straightAhead).toBe(true);
    expect(five.contact).toBe(true);
    expect(five.squaredUp).toBe(true);
  });

  it('does not turn at all when already square to a target within its Charge Bonus', () => {
    const r = initiateCharge(
      table(A, target(13.375, { x: 24 })),
      { unitId: 'a', target: 'e', mover: CHARGING },
      noDice(),
    );
    expect(r.startedWithinBonus).toBe(true);
    expect(r.move.manoeuvres).toEqual([]);
  });

  it('only turns to face a target already within its Charge Bonus', () => {
    const r = initiateCharge(
      table(A, target(13.375, { x: 28 })),
      { unitId: 'a', target: 'e', mover: CHARGING },
      noDice(),
    );
    expect(r.startedWithinBonus).toBe(true);
    expect(r.move.manoeuvres).toHaveLength(1);
    expect(r.move.manoeuvres[0]!.kind).toBe('face');
    expect(r.move.legal).toBe(true);
    expect(r.remaining).toBeCloseTo(10, 9);
  });
});

describe('Step 5: into contact', () => {
  it('goes straight ahead into contact, squared up, having covered its Charge Bonus', () => {
    const r = chargeContact(
      table(unit('a', { x: 20, y: 14 }), target(18.375)),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 6 },
      noDice(),
    );
    expect(r.contact).toBe(true);
    expect(r.straightAhead).toBe(true);
    expect(r.squaredUp).toBe(true);
    expect(r.contactingStands).toHaveLength(4);
    expect(r.fullChargeBonus).toBe(true);
    expect(r.move.allowance.used).toBeCloseTo(4, 9);
    expect(r.move.disordered).toBe(false);
  });

  it('is not squared up when only a corner meets the target', () => {
    const r = chargeContact(
      table(unit('a', { x: 20, y: 14 }), target(19, { facing: 250 })),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 6 },
      noDice(),
    );
    expect(r.contact).toBe(true);
    expect(r.squaredUp).toBe(false);
    expect(r.touchingStands.length).toBeLessThan(r.contactingStands.length);
  });

  it('falls short when the distance costs more than it has left', () => {
    const r = chargeContact(
      table(unit('a', { x: 20, y: 14 }), target(18.375)),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 3 },
      noDice(),
    );
    expect(r.contact).toBe(false);
    expect(r.move.allowance.used).toBeCloseTo(3, 2);
  });

  it('goes straight at the target when it does not lie across its front', () => {
    const side = unit('e', { x: 35, y: 16, side: 'blue', facing: 180 });
    const r = chargeContact(
      table(A, side),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 30 },
      noDice(),
    );
    expect(r.straightAhead).toBe(false);
    expect(r.move.manoeuvres[0]!.kind).toBe('straight');
    expect(r.contact).toBe(true);
    expect(r.move.unit.facing).toBe(90);
  });
});

describe('charging each other', () => {
  it('places each front half the Charge Bonus from the halfway point', () => {
    const r = mutualCharge(
      table(A, target(22.375)),
      { unitId: 'a', target: 'e', mover: CHARGING },
      { unitId: 'e', target: 'a', mover: CHARGING },
      noDice(),
    );
    expect(r.midpoint.y).toBeCloseTo(16.375, 9);
    expect(r.chargeBonus).toBe(4);
    expect(r.a.move.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(4, 2) }]);
    expect(r.b.move.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(4, 2) }]);
    expect(chargeDistance(r.a.move.unit, r.b.move.unit)).toBeCloseTo(4, 2);
  });

  it('uses the longer Charge Bonus', () => {
    const cav = unit('e', { x: 20, y: 22.875, side: 'blue', facing: 270, kind: 'cavalry' });
    const r = mutualCharge(
      table(A, cav),
      { unitId: 'a', target: 'e', mover: CHARGING },
      { unitId: 'e', target: 'a', mover: CAV_CHARGING },
      noDice(),
    );
    expect(r.chargeBonus).toBe(6);
    expect(r.a.move.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(3, 2) }]);
    expect(r.b.move.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(3, 2) }]);
  });

  it('meets halfway in Step 5 (infantry against infantry)', () => {
    const r = meetHalfway(
      table(unit('a', { x: 20, y: 14 }), target(18.375)),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 6 },
      { unitId: 'e', target: 'a', mover: CHARGING, remaining: 6 },
      noDice(),
    );
    expect(r.each).toBeCloseTo(2, 9);
    expect(r.a.contact).toBe(true);
    expect(r.b.contact).toBe(true);
    expect(r.a.move.allowance.used).toBeCloseTo(2, 2);
    expect(r.b.move.allowance.used).toBeCloseTo(2, 2);
    expect(r.a.squaredUp).toBe(true);
  });

  it('infantry against cavalry: the infantry moves a quarter of the gap, then the cavalry into contact', () => {
    const cav = unit('e', { x: 20, y: 18.875, side: 'blue', facing: 270, kind: 'cavalry' });
    const r = infantryAgainstCavalry(
      table(A, cav),
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 6 },
      { unitId: 'e', target: 'a', mover: CAV_CHARGING, remaining: 10 },
      noDice(),
    );
    expect(r.gap).toBeCloseTo(8, 9);
    expect(r.infantry.manoeuvres).toEqual([{ kind: 'advance', inches: expect.closeTo(2, 2) }]);
    expect(r.cavalry.contact).toBe(true);
    expect(r.cavalry.move.allowance.used).toBeCloseTo(6, 2);
  });
});

describe('an evading target', () => {
  const ctx = table(unit('a', { x: 20, y: 14 }), target(18.375));
  const evasion = {
    unitId: 'e',
    manoeuvres: [{ kind: 'about-face' as const }, { kind: 'advance' as const, inches: 4.5 }],
    mover: { troop: 'british-infantry' as const, order: 'to-the-rear-march' as const },
  };

  it('moves first; the charger may catch it with what it has left', () => {
    const caught = evadeAndChase(
      ctx,
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 10 },
      evasion,
      noDice(),
    );
    expect(caught.evasion.legal).toBe(true);
    expect(caught.caught).toBe(true);
    expect(caught.chase.move.allowance.used).toBeCloseTo(8.5, 2);
    const escaped = evadeAndChase(
      ctx,
      { unitId: 'a', target: 'e', mover: CHARGING, remaining: 6 },
      evasion,
      noDice(),
    );
    expect(escaped.caught).toBe(false);
  });
});

describe('properties', () => {
  it('a charge is unchanged when the whole table is moved and turned', () => {
    fc.assert(
      fc.property(
        num(10, 30),
        num(14, 30),
        num(230, 310),
        num(0, 360),
        num(-30, 30),
        (x, y, facing, turn, shift) => {
          const e = unit('e', { x, y, side: 'blue', facing });
          const base = tableOf({ units: [A, e] });
          const motion = { turn, aboutX: 20, aboutY: 20, shiftX: shift, shiftY: -shift };
          const run = (t: typeof base) => {
            const c = moveContext(t, { a: { troop: 'british-infantry' }, e: { troop: 'british-infantry' } });
            const four = initiateCharge(c, { unitId: 'a', target: 'e', mover: CHARGING }, noDice());
            const five = chargeContact(
              withUnit(c, four.move.unit),
              { unitId: 'a', target: 'e', mover: CHARGING, remaining: four.remaining },
              noDice(),
            );
            return { four, five };
          };
          const p = run(base);
          const q = run(moveTable(base, motion));
          expect(q.four.distanceAfter).toBeCloseTo(p.four.distanceAfter, 2);
          expect(q.four.startedWithinBonus).toBe(p.four.startedWithinBonus);
          expect(q.five.contact).toBe(p.five.contact);
          expect(q.five.squaredUp).toBe(p.five.squaredUp);
        },
      ),
      { numRuns: 40 },
    );
  });
});
