import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../../../../core/random/dice.ts';
import type { AppliedModifier } from '../../../../core/rules/modifiers.ts';
import { Trace } from '../../../../core/rules/trace.ts';
import type { ConfrontationModifierId } from '../../tables/confrontation.ts';
import { RESOLVE_STATUSES } from '../../vocabulary.ts';
import type { ConfrontationFacts } from './facts.ts';
import { noEvents, rf, run, steady, zeroRfs } from './fixtures.ts';
import { additionalStandsBonus } from './levels.ts';
import { resolveConfrontation } from './resolve.ts';

describe('confrontation: Modified Resolve Levels', () => {
  it.each([
    [16, 12, 1],
    [12, 16, -1],
    [10, 10, 0],
    [12, 10, 0],
    [13, 10, 1],
    [15, 9, 2],
    [24, 6, 5],
    [40, 10, 5],
    [10, 40, -5],
  ])('stands %i v %i: "each 3 additional stands" gives %i (positive: the charger)', (c, t, bonus) => {
    expect(additionalStandsBonus(c, t)).toBe(bonus);
  });

  it('counts side totals (sideStands), not just the units in contact', () => {
    const trace = new Trace();
    const r = resolveConfrontation(
      { charger: steady(16, { stands: 8, sideStands: 20 }), target: steady(16, { stands: 10 }) },
      new SuppliedDice({ ...zeroRfs, ...noEvents, chargerLoss: [2] }),
      trace,
    );
    expect(r.charger.level).toBe(16 + 3); // 20 v 10: +3
    expect(r.target.level).toBe(16);
    const step = trace.steps.find(
      (s) => s.rule.item === '5 each 3 additional stands' && s.delta !== undefined,
    )!;
    expect(step.delta).toBe(3);
  });

  it.each(RESOLVE_STATUSES.map((s, i) => [s, [2, 1, 0, -2, -4, -8][i]!] as const))(
    'status %s adds %i',
    (status, delta) => {
      const r = run(
        { charger: steady(20, { status }), target: steady(10) },
        { ...zeroRfs, ...noEvents, chargerLoss: [2] },
      );
      expect(r.charger.level).toBe(20 + delta);
    },
  );

  it('the defender gets +1 for its volley; cavalry that did not square up gets -2 only if volleyed', () => {
    const facts = (gaveFire: boolean): ConfrontationFacts => ({
      charger: { ...steady(18), cavalryDidNotSquareUp: true },
      target: steady(18),
      targetGaveFire: gaveFire,
    });
    const volleyed = run(facts(true), { ...zeroRfs, ...noEvents, targetLoss: [2] });
    expect([volleyed.charger.level, volleyed.target.level]).toEqual([16, 19]);
    const quiet = run(facts(false), { ...zeroRfs, ...noEvents });
    expect([quiet.charger.level, quiet.target.level]).toEqual([18, 18]);
  });

  it('adds each listed modifier at its value (no cap, no clamp)', () => {
    const all: AppliedModifier<ConfrontationModifierId>[] = [
      { id: 'charging' },
      { id: 'uphill' },
      { id: 'infantry-close-order' },
      { id: 'heavy-cavalry-or-lancers' },
      { id: 'cavalry-v-infantry' },
      { id: 'mass' },
      { id: 'regular-light-cavalry' },
      { id: 'open-order' },
    ];
    const r = run(
      {
        charger: steady(30, { status: 'Resolute', modifiers: all }),
        target: steady(1, { status: 'Panicked', modifiers: [{ id: 'open-order' }] }),
      },
      { chargerRandomFactor: rf(5), targetRandomFactor: rf(-5), ...noEvents, chargerLoss: [2] },
    );
    expect(r.charger.level).toBe(30 + 1 + 1 + 1 + 1 + 2 + 0 + 0 - 2 + 2 + 5); // 41
    expect(r.target.level).toBe(1 - 2 - 8 - 5); // -14
    expect(r.difference).toBe(55);
    expect(r.row).toBe('confrontation-rout');
  });

  it('the trace gives each side its modifiers in the text order, then both Random Factors', () => {
    const trace = new Trace();
    const r = resolveConfrontation(
      {
        charger: {
          ...steady(17, {
            modifiers: [{ id: 'open-order' }, { id: 'charging' }, { id: 'cavalry-v-infantry' }],
          }),
          cavalryDidNotSquareUp: true,
        },
        target: steady(15, { stands: 10, modifiers: [{ id: 'uphill' }] }),
        targetGaveFire: true,
      },
      new SuppliedDice({
        chargerRandomFactor: [3, 5],
        targetRandomFactor: [4, 1],
        ...noEvents,
        targetLoss: [1],
      }),
      trace,
    );
    const items = (from: number, to: number) =>
      trace.steps.slice(from, to).map((s) => Number.parseInt(s.rule.item ?? '0', 10));
    const chargerStart = trace.steps.findIndex((s) => s.label === 'Charger: Resolve Level');
    const targetStart = trace.steps.findIndex((s) => s.label === 'Target: Resolve Level');
    expect(items(chargerStart + 1, targetStart)).toEqual([1, 5, 7, 11, 12, 13]);
    const chargerRf = trace.steps.findIndex((s) => s.roll === 'chargerRandomFactor');
    expect(chargerRf).toBeGreaterThan(targetStart);
    expect(trace.steps[chargerRf]).toMatchObject({ delta: -2, total: r.charger.level });
    const targetRf = trace.steps.find((s) => s.roll === 'targetRandomFactor')!;
    expect(targetRf).toMatchObject({ delta: 3, total: r.target.level });
    // Charger 17 +1 +2 (16 v 10) +2 -2 -2 +0 -2 = 16; target 15 +1 +1 +0 +3 = 20.
    expect([r.charger.level, r.target.level]).toEqual([16, 20]);
  });
});
