import { describe, expect, it } from 'vitest';
import { DiceInputError } from '../../../../core/random/dice.ts';
import { resolveProcedure } from '../../../../core/rules/run.ts';
import { confrontationFactsSchema } from './facts.ts';
import { confrontation } from './index.ts';

describe('confrontation: the examples (no worked example in the text; built from its units)', () => {
  it('European infantry charge volleying Sikhs: 26 v 19, Confrontation Rout', () => {
    const example = confrontation.examples[0]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result).toEqual({
      row: 'confrontation-rout',
      kind: 'confrontation',
      caughtEvading: false,
      winner: 'charger',
      difference: 7,
      column: '16-and-above',
      pursuit: 'this-turn',
      charger: {
        level: 26,
        standsLost: 0,
        standsLeft: 16,
        status: 'Confident',
        move: 'none',
        recoilInches: 0,
        disordered: false,
        event: false,
      },
      target: {
        level: 19,
        standsLost: 2,
        standsLeft: 10,
        status: 'Panicked',
        move: 'rout',
        recoilInches: 0,
        disordered: true,
        event: true,
      },
    });
    // Charger: 20, charging 21, close order 22, +1 for 16 v 12 stands 23, Confident 24, RF +2 26.
    // Target: 17, close order 18, gave fire 19, Steady 19, RF 0 19.
    expect(r.trace.map((s) => s.total).filter((t) => t !== undefined)).toEqual([
      20, 21, 22, 23, 24, 17, 18, 19, 19, 26, 19,
    ]);
    expect(r.rolls.map((x) => x.key)).toEqual([
      'chargerRandomFactor',
      'targetRandomFactor',
      'chargerEventDie',
      'targetEventDie',
      'chargerLoss',
    ]);
  });

  it('lancers against a square: a tie at 18 is a Close Combat Recoil; the square holds, the lancers go back 3"', () => {
    const example = confrontation.examples[1]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.result.row).toBe('close-combat-recoil');
    expect(r.result.winner).toBe('none');
    expect(r.result.charger).toMatchObject({
      level: 18,
      standsLost: 1,
      status: 'Wavering',
      move: 'recoil',
      recoilInches: 3,
    });
    expect(r.result.target).toMatchObject({
      level: 18,
      standsLost: 1,
      status: 'Wavering',
      move: 'none',
      recoilInches: 0,
    });
    expect(r.result.target.event).toBe(true); // face 2: an Event in Close Combat
  });

  it('final levels the referee already has: no modifier added, no Random Factor thrown', () => {
    const example = confrontation.examples[2]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.rolls.map((x) => x.key)).toEqual(['chargerEventDie', 'targetEventDie', 'chargerLoss']);
    // 23 v 18, the loser in the 16-and-above column: a difference of 5 is a Confrontation Rout.
    expect(r.result).toMatchObject({ winner: 'charger', difference: 5, row: 'confrontation-rout' });
    expect(r.result.charger).toMatchObject({ level: 23, standsLost: 1 });
    expect(r.result.target).toMatchObject({ level: 18, standsLost: 1, move: 'rout' });
    // The same levels reached through modifiers and Random Factors give the same result.
    const worked = resolveProcedure(
      confrontation,
      confrontation.facts.parse({
        charger: { resolveLevel: 18, status: 'Steady', stands: 12, modifiers: ['charging'] },
        target: { resolveLevel: 16, status: 'Steady', stands: 10 },
      }),
      { dice: [6, 2, 5, 3, 4, 6, 3] },
    );
    expect(worked.result.charger.level).toBe(23);
    expect(worked.result.target.level).toBe(18);
    expect({ ...worked.result, charger: { ...worked.result.charger } }).toEqual(r.result);
  });

  it('final levels refuse the facts they already include', () => {
    const parsed = confrontationFactsSchema.safeParse({
      charger: { resolveLevel: 18, status: 'Steady', stands: 12, modifiers: ['charging'] },
      target: { resolveLevel: 16, status: 'Steady', stands: 10 },
      targetGaveFire: true,
      finalLevels: { charger: 23, target: 18 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'charger.modifiers',
      'targetGaveFire',
    ]);
  });

  it('a target caught evading: Close Combat Rout, no Random Factors thrown', () => {
    const example = confrontation.examples[3]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(r.rolls.map((x) => x.key)).toEqual(['chargerEventDie', 'targetEventDie']);
    expect(r.result).toMatchObject({
      row: 'close-combat-rout',
      caughtEvading: true,
      winner: 'charger',
      difference: null,
      column: null,
      pursuit: 'next-turn',
    });
    expect(r.result.charger).toMatchObject({
      level: null,
      standsLost: 1,
      standsLeft: 9,
      status: 'Confident',
      move: 'none',
    });
    expect(r.result.target).toMatchObject({
      level: null,
      standsLost: 3,
      standsLeft: 9,
      status: 'Panicked',
      move: 'rout',
      disordered: true,
    });
  });

  it('describes the result in a few lines', () => {
    const example = confrontation.examples[0]!;
    const r = resolveProcedure(confrontation, confrontation.facts.parse(example.facts), {
      dice: example.dice,
    });
    expect(confrontation.describe(r.result)).toEqual([
      "Charger 26 v target 19: the charger wins by 7 (loser's column 16-and-above): Confrontation Rout",
      'Charger: loses 0 stands (16 left), Confident, holds',
      'Target: loses 2 stands (10 left), Panicked, Routs (Disordered); Event',
      'The winner may pursue at once',
    ]);
  });
});

describe('confrontation: typed-in dice', () => {
  const facts = confrontation.facts.parse(confrontation.examples[0]!.facts);
  it('rejects too few dice, naming the roll', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3] })).toThrow(DiceInputError);
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3] })).toThrow(
      /not enough dice: .*targetRandomFactor/,
    );
  });
  it('rejects a face out of range', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [7, 2, 3, 3, 5, 1, 4] })).toThrow(
      /die out of range: .*chargerRandomFactor.*got 7/,
    );
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3, 3, 0, 1, 4] })).toThrow(
      /die out of range: .*chargerEventDie.*got 0/,
    );
  });
  it('rejects surplus dice', () => {
    expect(() => resolveProcedure(confrontation, facts, { dice: [4, 2, 3, 3, 5, 1, 4, 6] })).toThrow(
      /too many dice/,
    );
  });
  it('takes dice by key too', () => {
    const r = resolveProcedure(confrontation, facts, {
      dice: {
        chargerLoss: [4],
        targetEventDie: [1],
        chargerEventDie: [5],
        targetRandomFactor: [3, 3],
        chargerRandomFactor: [4, 2],
      },
    });
    expect(r.result.charger.level).toBe(26);
    expect(r.result.target.event).toBe(true);
  });
});

describe('confrontation: the definition', () => {
  it('every example parses and resolves with exactly its typed-in dice', () => {
    for (const example of confrontation.examples) {
      const facts = confrontation.facts.parse(example.facts);
      const run = resolveProcedure(confrontation, facts, { dice: example.dice });
      expect(run.rolls.every((r) => r.source === 'supplied')).toBe(true);
      expect(run.rolls.flatMap((r) => r.faces)).toEqual(example.dice);
    }
  });

  it('describes every fact (the CLI docs and JSON Schema come from these)', () => {
    for (const key of [
      'charger',
      'target',
      'targetGaveFire',
      'targetCaughtEvading',
      'lossRounding',
      'lossBasis',
    ])
      expect(
        confrontationFactsSchema.shape[key as keyof typeof confrontationFactsSchema.shape].description,
      ).toBeTruthy();
  });
});
