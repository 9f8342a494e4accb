import { describe, expect, it } from 'vitest';
import { SuppliedDice } from '../random/dice.ts';
import { applyModifiers, defineModifierTable } from './modifiers.ts';
import { modifierListSchema } from './schemas.ts';
import { ruleRef, Trace } from './trace.ts';

const r = ruleRef('Test', 'Modifiers');
const TABLE = defineModifierTable({
  id: 'test',
  title: 'Test modifiers',
  source: r,
  modifiers: [
    { id: 'plain', rule: r, label: 'Plain', value: 2 },
    { id: 'each', rule: r, label: 'Each', value: -1, perEach: true, maxCount: 3 },
    { id: 'dice', rule: r, label: 'Dice', value: { dice: 1 } },
    { id: 'minus-dice', rule: r, label: 'Minus dice', value: { dice: -1 } },
  ],
});

describe('applyModifiers', () => {
  it('adds each modifier in table order, with a trace step each', () => {
    const trace = new Trace();
    const total = applyModifiers(
      TABLE,
      [{ id: 'each', count: 2 }, { id: 'plain' }],
      10,
      new SuppliedDice([]),
      trace,
    );
    expect(total).toBe(10);
    expect(trace.steps.map((s) => [s.label, s.delta, s.total])).toEqual([
      ['Plain', 2, 12],
      ['Each (×2)', -2, 10],
    ]);
  });

  it('caps counted modifiers at their maximum', () => {
    expect(applyModifiers(TABLE, [{ id: 'each', count: 5 }], 0, new SuppliedDice([]))).toBe(-3);
  });

  it('throws dice-valued modifiers in table order, whatever order they were given in', () => {
    const dice = new SuppliedDice([4, 6]);
    const trace = new Trace();
    const total = applyModifiers(TABLE, [{ id: 'minus-dice' }, { id: 'dice' }], 0, dice, trace);
    expect(total).toBe(4 - 6);
    expect(trace.steps.map((s) => s.roll)).toEqual(['dice', 'minus-dice']);
  });

  it('puts a list in any order into the table order', () => {
    const trace = new Trace();
    const given = [{ id: 'minus-dice' }, { id: 'each', count: 2 }, { id: 'dice' }, { id: 'plain' }] as const;
    const total = applyModifiers(TABLE, given, 0, new SuppliedDice([5, 3]), trace);
    expect(total).toBe(2 - 2 + 5 - 3);
    expect(trace.steps.map((s) => s.label)).toEqual(['Plain', 'Each (×2)', 'Dice', 'Minus dice']);
  });

  it('rejects a modifier listed twice', () => {
    expect(() =>
      applyModifiers(TABLE, [{ id: 'each' }, { id: 'plain' }, { id: 'each' }], 0, new SuppliedDice([])),
    ).toThrow(/listed twice/);
  });

  it('rejects duplicate ids when a table is defined', () => {
    expect(() =>
      defineModifierTable({
        id: 'dup',
        title: 'dup',
        source: r,
        modifiers: [
          { id: 'a', rule: r, label: 'a', value: 1 },
          { id: 'a', rule: r, label: 'a', value: 2 },
        ],
      }),
    ).toThrow(/duplicate/);
  });
});

describe('modifierListSchema', () => {
  const schema = modifierListSchema(TABLE, { 'minus-dice': 'give something else instead' });

  it('accepts ids and { id, count }', () => {
    expect(schema.parse(['plain', { id: 'each', count: 2 }])).toEqual([
      { id: 'plain' },
      { id: 'each', count: 2 },
    ]);
  });

  it('rejects unknown ids, repeats, counts on single modifiers and derived ids', () => {
    expect(schema.safeParse(['nope']).success).toBe(false);
    expect(schema.safeParse(['plain', 'plain']).error?.issues[0]?.message).toMatch(/listed twice/);
    expect(schema.safeParse([{ id: 'plain', count: 2 }]).error?.issues[0]?.message).toMatch(/applies once/);
    expect(schema.safeParse(['minus-dice']).error?.issues[0]?.message).toMatch(/give something else instead/);
  });
});
