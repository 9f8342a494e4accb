import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachOutcome } from '../../core/odds/enumerate.ts';
import { SuppliedDice } from '../../core/random/dice.ts';
import { lookupRange, rangeTableProblem } from '../../core/rules/tables.ts';
import { averageDie, skirmishFireDice } from './rolls.ts';
import { WEAPON_RATINGS } from './scenario-ratings.ts';
import {
  ARTILLERY_MODIFIERS,
  ARTILLERY_RANGES,
  LONG_RANGE_EFFECTS,
  SHORT_RANGE_EFFECTS,
} from './tables/artillery.ts';
import { COMBAT_FACTORS, COMBAT_RESULTS, GRADE_FACTORS } from './tables/combat.ts';
import { COMMAND_TABLE, EXCESS_BECOMES_CASUALTY, REDRESS_TABLE } from './tables/command.ts';
import { COMMANDER_LOSS_TABLE } from './tables/commanders.ts';
import { INFANTRY_FIRE_TABLE } from './tables/infantry.ts';
import { MORALE_TABLE } from './tables/morale.ts';
import { MOVEMENT_TABLE } from './tables/movement.ts';
import { CP_RECONSTRUCTION, CP_SOURCE } from './vocabulary.ts';

describe('command-point tables, row by row against the text', () => {
  it('command: 1d6 a commander, 1 point a move or a D-point, 1 free point, cap 5', () => {
    expect(COMMAND_TABLE).toMatchObject({
      dicePerCommander: 1,
      moveCost: 1,
      removeDPointCost: 1,
      freePointsForAttachedUnit: 1,
      maxDPoints: 5,
    });
    expect(EXCESS_BECOMES_CASUALTY).toEqual({ fire: true, combat: true, morale: true, manoeuvre: false });
  });

  it('movement: 4" a point, columns free beyond 10", guns 1" or 6", wheel 3"', () => {
    expect(MOVEMENT_TABLE).toMatchObject({
      perPoint: 4,
      columnFreedomDistance: 10,
      artilleryManhandled: 1,
      artilleryLimbered: 6,
      wheel: 3,
    });
  });

  it('artillery ranges: heavy printed, light reconstructed', () => {
    expect(ARTILLERY_RANGES.rows).toEqual({ heavy: { short: 10, long: 42 }, light: { short: 8, long: 30 } });
    expect(ARTILLERY_RANGES.readings).toContain('Light gun ranges');
  });

  it('artillery modifiers in the text order with their values', () => {
    expect(ARTILLERY_MODIFIERS.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['target-in-works', -1],
      ['target-column-limbered-or-enfiladed', 1],
      ['new-target', -1],
      ['same-target-same-range', 1],
      ['dpoints-on-gun', -1],
      ['target-skirmishers', -2],
    ]);
  });

  it.each([
    [-8, 0, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [2, 0, 0, 1, 0],
    [3, 0, 0, 1, 0],
    [4, 1, 0, 2, 0],
    [5, 1, 0, 2, 0],
    [6, 1, 0, 1, 1],
    [8, 1, 0, 1, 1],
  ])('artillery score %i: long %i DP %i cas, short %i DP %i cas', (score, lDp, lCas, sDp, sCas) => {
    expect(lookupRange(LONG_RANGE_EFFECTS, score).result).toEqual({ dpoints: lDp, casualties: lCas });
    expect(lookupRange(SHORT_RANGE_EFFECTS, score).result).toEqual({ dpoints: sDp, casualties: sCas });
  });

  it('infantry fire: musket 8", rifle 10", 6s hit, skirmishers re-roll 5s hitting on 4+', () => {
    expect(INFANTRY_FIRE_TABLE).toMatchObject({
      range: { musket: 8, rifle: 10 },
      hitOn: 6,
      skirmisherRerollOn: 5,
      skirmisherRerollHitOn: 4,
    });
  });

  it('combat factors in the text order with their values', () => {
    expect(COMBAT_FACTORS.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['defending-fort-or-stone-building', 3],
      ['defending-fieldwork-or-wooden-building', 2],
      ['british-bayonet-attack', 2],
      ['terrain-advantage', 1],
      ['commander-attached', 2],
      ['in-skirmish-order', -3],
      ['attacked-in-flank-or-rear', -3],
      ['casualties', -2],
      ['dpoints', -2],
      ['outnumbered', -1],
      ['outnumbered-2-to-1', -2],
      ['outnumbered-3-to-1', -3],
    ]);
    expect(GRADE_FACTORS.factor).toEqual({ '1st': 2, '2nd': 1, '3rd': 0, '4th': -1, '5th': -2 });
    expect(GRADE_FACTORS.source.source).toBe(CP_RECONSTRUCTION);
  });

  it.each([
    [99, 'successful-action', 1, 0, true, 'none'],
    [2, 'successful-action', 1, 0, true, 'none'],
    [1, 'stand-off', 1, 0, true, 'none'],
    [-1, 'stand-off', 1, 0, true, 'none'],
    [-2, 'driven-back', 2, 1, false, 'one-move'],
    [-4, 'driven-back', 2, 1, false, 'one-move'],
    [-5, 'defeated', 2, 2, false, 'until-covered'],
    [-8, 'defeated', 2, 2, false, 'until-covered'],
    [-9, 'routed', 4, 2, false, 'rout'],
    [-99, 'routed', 4, 2, false, 'rout'],
  ])('combat difference %i: %s, %i DP, %i casualties', (d, id, dp, cas, cond, retreat) => {
    expect(lookupRange(COMBAT_RESULTS, d).result).toEqual({
      id,
      dpoints: dp,
      casualties: cas,
      conditionalCasualty: cond,
      retreat,
    });
  });

  it('losses to commanders: 1 killed, 2-3 serious wound, 4-6 light wound (reconstruction, 2 points)', () => {
    expect([1, 2, 3, 4, 5, 6].map((v) => lookupRange(COMMANDER_LOSS_TABLE, v).result.fate)).toEqual([
      'killed',
      'serious-wound',
      'serious-wound',
      'light-wound',
      'light-wound',
      'light-wound',
    ]);
    expect(lookupRange(COMMANDER_LOSS_TABLE, 5).result.pointsLost).toBe(2);
  });

  it('morale and redress reconstructions, marked as such', () => {
    expect(MORALE_TABLE).toMatchObject({ routShakesWithin: 6, routShakesDPoints: 1, retreatAtDPoints: 5 });
    expect(REDRESS_TABLE.freeRemovalWhenHalted).toEqual({ '1st': 2, '2nd': 1, '3rd': 1, '4th': 0, '5th': 0 });
    expect(REDRESS_TABLE.source.source).toBe(CP_RECONSTRUCTION);
    expect(MORALE_TABLE.source.source).toBe(CP_SOURCE);
  });

  it("every table's readings name an entry of docs/rules/command-points.md", () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/rules/command-points.md'), 'utf8');
    const headings = new Set([...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]));
    const tables = [
      ARTILLERY_RANGES,
      COMBAT_RESULTS,
      GRADE_FACTORS,
      REDRESS_TABLE,
      COMMANDER_LOSS_TABLE,
      INFANTRY_FIRE_TABLE,
      MORALE_TABLE,
      MOVEMENT_TABLE,
      WEAPON_RATINGS,
    ];
    for (const t of tables) for (const r of t.readings ?? []) expect(headings).toContain(r);
  });

  it('every range table is complete', () => {
    for (const t of [LONG_RANGE_EFFECTS, SHORT_RANGE_EFFECTS, COMBAT_RESULTS, COMMANDER_LOSS_TABLE])
      expect(rangeTableProblem(t)).toBeUndefined();
  });
});

describe('command-point dice', () => {
  it('the Average Die reads 2,3,3,4,4,5', () => {
    const seen: Record<number, number> = {};
    forEachOutcome(
      (d) => d.roll(averageDie, 'a'),
      (v, p) => {
        seen[v] = (seen[v] ?? 0) + p;
      },
    );
    expect(seen).toEqual({ 2: 1 / 6, 3: 2 / 6, 4: 2 / 6, 5: 1 / 6 });
    // Typed in as the number showing: 2 reads 2; a 1 or a 6 is not on the die.
    expect([2, 3, 4, 5].map((f) => new SuppliedDice([f]).roll(averageDie, 'a'))).toEqual([2, 3, 4, 5]);
    expect(() => new SuppliedDice([6]).roll(averageDie, 'a')).toThrow(/showing 2, 3, 4, 5, but got 6/);
  });

  it('skirmish fire dice: the multinomial agrees with brute force for 3 dice', () => {
    const spec = skirmishFireDice(3);
    const brute = new Map<number, number>();
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          const v = spec.combine([a, b, c]);
          brute.set(v, (brute.get(v) ?? 0) + 1);
        }
    for (const o of spec.outcomes()) expect(brute.get(o.value) ?? 0).toBe(o.ways);
    expect(spec.outcomes().reduce((s, o) => s + o.ways, 0)).toBe(216);
  });
});
