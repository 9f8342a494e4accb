import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../core/random/dice.ts';
import { oddsOf } from '../../../core/rules/run.ts';
import { type ChargeTestFacts, chargeTest, resolveChargeTest } from './charge-test.ts';
import { type RallyFacts, rallyTest, resolveRally } from './rally-test.ts';
import { regainControl, resolveRegainControl } from './regain-control.ts';

const unit = { resolveLevel: 14, origin: 'european' as const, formation: 'close-order-line' as const };
const rf = (v: number) => (v >= 0 ? [1 + v, 1] : [1, 1 - v]);

describe('charge test', () => {
  const charge = (
    facts: Omit<ChargeTestFacts, 'unit'> & { unit?: ChargeTestFacts['unit'] },
    faces: number[],
  ) => resolveChargeTest({ unit, ...facts }, new SuppliedDice(faces));

  it('a charger tests on its Charge row and goes in with the Charge Bonus when Steady or better', () => {
    const r = charge({ role: 'charger' }, rf(0));
    expect(r.test).toMatchObject({
      tested: true,
      row: 'line-charge',
      status: 'Steady',
      movement: 'normal-and-charge-bonus',
    });
    expect(r.goesAhead).toBe(true);
    expect(charge({ role: 'charger' }, rf(-5)).goesAhead).toBe(false);
  });

  it('a target changing its orders takes -2; a counter-charging target also takes the Charge row', () => {
    expect(charge({ role: 'target-changing-orders', targetOrders: 'defend' }, rf(0)).test.level).toBe(12);
    const counter = charge({ role: 'target-counter-charging' }, rf(0));
    expect(counter.test.level).toBe(12);
    expect(counter.test.row).toBe('line-charge');
  });

  it('supporting cavalry counter-charging takes -2', () => {
    expect(charge({ role: 'supporting-counter-charge' }, rf(0)).test.level).toBe(12);
  });

  it('a target stands unless it makes a mandatory move', () => {
    expect(charge({ role: 'target', targetOrders: 'defend' }, rf(0)).goesAhead).toBe(true);
    expect(charge({ role: 'target', targetOrders: 'defend' }, rf(-5)).goesAhead).toBe(false);
  });

  it('"Shocked" takes -1 Dice, and the charge goes ahead only at Steady or better', () => {
    const r = resolveChargeTest(
      { role: 'continuing-after-shock', unit },
      new SuppliedDice({ shocked: [3], randomFactor: rf(0) }),
    );
    expect(r.test.level).toBe(11);
    expect(r.goesAhead).toBe(true);
  });

  it('a unit meeting a new enemy tests as Disordered (-4), never twice', () => {
    const r = charge(
      { role: 'meeting-new-enemy', unit: { ...unit, negative: [{ id: 'disordered' }] } },
      rf(0),
    );
    expect(r.test.level).toBe(10);
    expect(r.goesAhead).toBe(false);
  });

  it('odds of going ahead sum to 1', () => {
    const view = oddsOf(chargeTest, { role: 'charger', unit })[0]!;
    expect(view.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
});

describe('rally test', () => {
  const facts: RallyFacts = {
    unit,
    status: 'Wavering',
    british: true,
    general: { leadership: 'Cautious', ownOriginalLeader: false },
    clearOfEnemyCharge: true,
    casualtiesSinceLastTest: false,
  };

  it('rallies at Steady or better, with the General in contact and the last status counted', () => {
    // 14 - 4 (last status Wavering) + 1 (Cautious) = 11, Random Factor 0: Steady.
    const r = resolveRally(facts, new SuppliedDice(rf(0)));
    expect(r.test?.level).toBe(11);
    expect(r.rallied).toBe(true);
    expect(resolveRally(facts, new SuppliedDice(rf(-1))).rallied).toBe(false);
  });

  it.each([
    ['general-in-base-contact', { general: undefined }],
    ['general-may-rally-this-unit', { british: false }],
    ['clear-of-enemy-charge', { clearOfEnemyCharge: false }],
    ['no-casualties-since-last-test', { casualtiesSinceLastTest: true }],
    ['status-needs-rallying', { status: 'Steady' }],
  ] as const)('cannot be attempted without %s, and throws no dice', (requirement, change) => {
    const r = resolveRally({ ...facts, ...change } as RallyFacts, new SuppliedDice([]));
    expect(r.unmet).toContain(requirement);
    expect(r.rallied).toBe(false);
  });

  it('a native unit may be rallied by its own original leader', () => {
    const r = resolveRally(
      { ...facts, british: false, general: { leadership: 'Heroic', ownOriginalLeader: true } },
      new SuppliedDice(rf(0)),
    );
    expect(r.unmet).toEqual([]);
    expect(r.rallied).toBe(true);
  });

  it('has odds that sum to 1', () => {
    expect(oddsOf(rallyTest, facts)[0]!.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
});

describe('regaining control', () => {
  it('irregulars may not stop; regulars stop at Steady or better', () => {
    expect(
      resolveRegainControl({ pursuer: 'irregular', mayTryNow: true, unit }, new SuppliedDice([])),
    ).toEqual({
      allowed: false,
      regained: false,
    });
    expect(
      resolveRegainControl({ pursuer: 'regular-infantry', mayTryNow: true, unit }, new SuppliedDice(rf(-3)))
        .regained,
    ).toBe(true);
    expect(
      resolveRegainControl({ pursuer: 'regular-infantry', mayTryNow: true, unit }, new SuppliedDice(rf(-4)))
        .regained,
    ).toBe(false);
  });

  it('regular cavalry waits for its first pursuit move', () => {
    expect(
      resolveRegainControl({ pursuer: 'regular-cavalry', mayTryNow: false, unit }, new SuppliedDice([]))
        .allowed,
    ).toBe(false);
  });

  it('has the exact odds of a reaction test at Steady or better', () => {
    const p = oddsOf(regainControl, { pursuer: 'regular-infantry', mayTryNow: true, unit })[0]!.outcomes.find(
      (o) => o.outcome === 'regained',
    )!;
    // level 14 + RF >= 11 iff RF >= -3: 1 - P(RF <= -4) = 1 - 3/36.
    expect(p.probability).toBeCloseTo(33 / 36, 12);
  });
});
