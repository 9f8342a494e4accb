import { describe, expect, it } from 'vitest';
import { unit } from './movement-fixtures.ts';
import { type Manoeuvre, motionOf, type Pose, poseAt, poseOf } from './movement-manoeuvres.ts';
import { type OrderCheck, orderViolations } from './movement-orders.ts';

const START = poseOf(unit('u', { x: 10, y: 10 }));

function check(manoeuvres: Manoeuvre[], more: Partial<OrderCheck> = {}): string[] {
  let end: Pose = START;
  for (const m of manoeuvres) end = poseAt(end, motionOf(end, m), 1);
  return orderViolations({
    troop: 'british-infantry',
    order: undefined,
    followsOrders: true,
    kind: 'normal',
    manoeuvres,
    start: START,
    end,
    enemyBefore: Infinity,
    enemyAfter: Infinity,
    ...more,
  }).map((v) => v.code);
}

describe("the manoeuvre rules and the order's limits", () => {
  it('lets only regulars oblique (up to 45 degrees) and flank march', () => {
    expect(check([{ kind: 'oblique', inches: 1, degrees: 45 }])).toEqual([]);
    expect(check([{ kind: 'oblique', inches: 1, degrees: -46 }])).toEqual(['oblique-too-wide']);
    expect(
      check([{ kind: 'flank-march', inches: 1, side: 'left' }], { troop: 'native-irregular-cavalry' }),
    ).toEqual(['flank-march-regulars-only']);
  });

  it('ignores orders on a mandatory move', () => {
    expect(
      check([{ kind: 'straight', inches: 3, direction: 200 }], { kind: 'mandatory', order: 'hold' }),
    ).toEqual([]);
  });

  it('lets guns on Hold re-face up to 30 degrees, and nobody else turn in place without leave', () => {
    expect(
      check([{ kind: 'face', degrees: 25 }], { troop: 'british-field-artillery', order: 'hold' }),
    ).toEqual([]);
    expect(
      check([{ kind: 'face', degrees: 35 }], { troop: 'british-field-artillery', order: 'hold' }),
    ).toEqual(['facing-change-too-large']);
    expect(check([{ kind: 'face', degrees: 10 }], { order: 'forward-march' })).toEqual([
      'facing-change-not-allowed',
    ]);
    expect(
      check([{ kind: 'face', degrees: 80 }], { troop: 'british-field-artillery', order: 'prolonge' }),
    ).toEqual([]);
    expect(check([{ kind: 'face', degrees: 80 }], { kind: 'charge-initiation', order: 'charge' })).toEqual(
      [],
    );
  });

  it('keeps formation orders to the formation change, in the formation ordered', () => {
    expect(
      check([{ kind: 'form', target: { formation: 'close-order-line' } }], { order: 'form-line' }),
    ).toEqual([]);
    expect(
      check(
        [
          { kind: 'form', target: { formation: 'close-order-line' } },
          { kind: 'advance', inches: 1 },
        ],
        {
          order: 'form-line',
        },
      ),
    ).toEqual(['formation-change-only']);
  });

  it('holds Advance & Fire and Deploy to their closest approach unless already closer', () => {
    expect(
      check([{ kind: 'advance', inches: 1 }], { order: 'advance-and-fire', enemyBefore: 5, enemyAfter: 2.9 }),
    ).toEqual(['closest-approach']);
    expect(
      check([{ kind: 'advance', inches: 1 }], { order: 'advance-and-fire', enemyBefore: 5, enemyAfter: 3 }),
    ).toEqual([]);
    expect(
      check([{ kind: 'wheel', degrees: 10 }], { order: 'deploy-left', enemyBefore: 2, enemyAfter: 2.5 }),
    ).toEqual([]);
  });

  it('lets a Deploy flank march end with a free quarter turn to face the way it marched', () => {
    const right = [{ kind: 'flank-march', inches: 2, side: 'right' }] as const;
    expect(check([...right, { kind: 'face', degrees: -90 }], { order: 'deploy-right' })).toEqual([]);
    // Not the other way, not without the flank march, not before it, not on another order.
    expect(check([...right, { kind: 'face', degrees: 90 }], { order: 'deploy-right' })).toEqual([
      'facing-change-not-allowed',
    ]);
    expect(check([{ kind: 'face', degrees: -90 }], { order: 'deploy-right' })).toEqual([
      'facing-change-not-allowed',
    ]);
    expect(check([{ kind: 'face', degrees: -90 }, ...right], { order: 'deploy-right' })).toEqual([
      'facing-change-not-allowed',
    ]);
    expect(
      check(
        [
          { kind: 'flank-march', inches: 2, side: 'left' },
          { kind: 'face', degrees: 90 },
        ],
        {
          order: 'deploy-left',
        },
      ),
    ).toEqual([]);
    expect(check([...right, { kind: 'face', degrees: -90 }], { order: 'forward-march' })).toContain(
      'facing-change-not-allowed',
    );
  });

  it('lets To The Rear, March turn back to face the enemy, but not oblique over 30 degrees', () => {
    expect(
      check([{ kind: 'about-face' }, { kind: 'advance', inches: 2 }, { kind: 'about-face' }], {
        order: 'to-the-rear-march',
      }),
    ).toEqual([]);
    expect(
      check([{ kind: 'about-face' }, { kind: 'oblique', inches: 2, degrees: 40 }], {
        order: 'to-the-rear-march',
      }),
    ).toEqual(['turn-over-30-must-wheel']);
  });
});
