import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../../src/game/registry.ts';
import {
  estimateMargin,
  estimateWords,
  fraction,
  orderedOutcomes,
  percent,
} from '../../src/protocol/odds.ts';
import { factsJsonSchema } from '../../src/protocol/procedure-schema.ts';
import {
  branchIndex,
  choiceText,
  type Editor,
  editorFor,
  humanize,
  initialValue,
  intoBranch,
  type JsonSchema,
  modifierCount,
  withModifier,
} from '../../src/web/form/schema.ts';
import { diceEntryFor, diceRequest } from '../../src/web/referee/dice.ts';
import { outcomeWords } from '../../src/web/referee/words.ts';

/** The browser's pure parts, in Node: forms from every procedure's schema, dice entry, odds numbers. */
const PROCEDURES = RULE_SETS.flatMap((r) => r.procedures);

/** Every editor a schema's fields get, nested ones included. */
function editors(root: JsonSchema, node: JsonSchema, path = ''): [string, Editor][] {
  const editor = editorFor(root, node);
  const out: [string, Editor][] = [[path, editor]];
  if (editor.kind === 'object') {
    for (const f of editor.fields) out.push(...editors(root, f.schema, `${path}.${f.key}`));
  } else if (editor.kind === 'union') {
    for (const b of editor.branches) out.push(...editors(root, b, `${path}|`));
  } else if (editor.kind === 'list') out.push(...editors(root, editor.items, `${path}[]`));
  else if (editor.kind === 'tuple') {
    for (const [n, item] of editor.items.entries()) out.push(...editors(root, item, `${path}[${n}]`));
  }
  return out;
}

describe('forms from JSON Schema', () => {
  for (const def of PROCEDURES) {
    const schema = factsJsonSchema(def) as JsonSchema;
    it(`${def.id}: every field gets a proper editor, and the examples fit the form's branches`, () => {
      const all = editors(schema, schema);
      expect(all.filter(([, e]) => e.kind === 'json').map(([p]) => p)).toEqual([]);
      const top = editorFor(schema, schema);
      if (top.kind === 'union') {
        for (const example of def.examples) {
          const i = branchIndex(schema, top.branches, example.facts, top.discriminator);
          const branch = top.branches[i]!;
          expect(Object.keys(example.facts as object).every((k) => k in (branch.properties ?? {}))).toBe(
            true,
          );
        }
      }
    });
  }

  it('turns modifier lists into checkboxes with counts, enums into choices with descriptions', () => {
    const def = PROCEDURES.find((p) => p.id === 'reaction-test')!;
    const schema = factsJsonSchema(def) as JsonSchema;
    const negative = editorFor(schema, schema.properties!['negative']!);
    expect(negative.kind).toBe('modifiers');
    if (negative.kind !== 'modifiers') return;
    expect(negative.choices.find((c) => c.value === 'stands-lost-since-last-check')).toEqual({
      value: 'stands-lost-since-last-check',
      description: 'Stand lost since last check (-1)',
    });
    expect(editorFor(schema, schema.properties!['resolveLevel']!)).toEqual({
      kind: 'number',
      integer: true,
      min: 1,
      max: 30,
      step: 1,
    });
    expect(editorFor(schema, schema.properties!['mayExceed20']!)).toEqual({ kind: 'boolean' });

    let list: unknown = ['target-of-artillery-fire'];
    list = withModifier(list, negative.choices, 'stands-lost-since-last-check', 3);
    // Kept in the rules' order, a count above 1 as { id, count }.
    expect(list).toEqual([{ id: 'stands-lost-since-last-check', count: 3 }, 'target-of-artillery-fire']);
    expect(def.facts.safeParse({ ...def.examples[0]!.facts, negative: list }).success).toBe(true);
    expect(modifierCount(list, 'stands-lost-since-last-check')).toBe(3);
    expect(modifierCount(list, 'target-of-artillery-fire')).toBe(1);
    expect(withModifier(list, negative.choices, 'target-of-artillery-fire', 0)).toEqual([
      { id: 'stands-lost-since-last-check', count: 3 },
    ]);
  });

  it('starts from required fields only, at their lowest values', () => {
    const def = PROCEDURES.find((p) => p.id === 'post-battle-gun-damage')!;
    const schema = factsJsonSchema(def) as JsonSchema;
    expect(initialValue(schema, schema)).toEqual({ crewStandsLost: 0 });
    expect(def.facts.safeParse(initialValue(schema, schema)).success).toBe(true);
  });

  it('picks a union branch by its discriminating field and keeps the fields that still fit', () => {
    const def = PROCEDURES.find((p) => p.id === 'defenders-volley')!;
    const schema = factsJsonSchema(def) as JsonSchema;
    const top = editorFor(schema, schema);
    expect(top.kind).toBe('union');
    if (top.kind !== 'union') return;
    expect(top.discriminator).toBe('weapon');
    const musket = def.examples.find((e) => (e.facts as { weapon: string }).weapon.endsWith('musket'))!.facts;
    expect(branchIndex(schema, top.branches, musket, 'weapon')).toBe(0);
    const guns = intoBranch(schema, top.branches[1]!, { ...(musket as object), weapon: 'british-field' });
    expect(branchIndex(schema, top.branches, guns, 'weapon')).toBe(1);
    expect(guns).toMatchObject({ resolveLevel: (musket as { resolveLevel: number }).resolveLevel });
    expect(guns).not.toHaveProperty('standsFiring');
  });

  it('shows a choice by its description, else its value in words; an outcome still an id in words', () => {
    expect(choiceText({ value: 'in-disorder', description: 'In disorder (+1)' })).toBe('In disorder (+1)');
    expect(choiceText({ value: 'close-order-line' })).toBe('Close order line');
    expect(choiceText({ value: 2 })).toBe('2');
    expect(outcomeWords('officer-casualty + orders-change')).toBe('Officer casualty + orders change');
    expect(outcomeWords('Halt, Disordered')).toBe('Halt, Disordered');
    expect(outcomeWords('90-91 Quits the battle')).toBe('90-91 Quits the battle');
    expect(outcomeWords(true)).toBe('yes');
  });

  it('labels fields in words', () => {
    expect(humanize('resolveLevel')).toBe('Resolve level');
    expect(humanize('mayExceed20')).toBe('May exceed 20');
    expect(humanize('generalsWithin2in')).toBe('Generals within 2 in');
  });
});

describe('dice entry', () => {
  const rolls = [
    { key: 'randomFactor', dice: '2d6', when: 'always' },
    { key: 'withoutOrders', dice: '1d6', when: 'sometimes' },
  ];
  it('sends Muster’s dice with or without a seed, and checks the seed', () => {
    const entry = diceEntryFor(undefined);
    expect(diceRequest(entry, rolls)).toEqual({ ok: true, value: {}, fillRest: false });
    expect(diceRequest({ ...entry, seed: ' 42 ' }, rolls)).toEqual({
      ok: true,
      value: { seed: 42 },
      fillRest: false,
    });
    expect(diceRequest({ ...entry, seed: '4294967296' }, rolls)).toMatchObject({ ok: false });
  });

  it('sends typed-in faces in throw order or by roll key, and flags text that is not faces', () => {
    expect(diceRequest(diceEntryFor([4, 4]), rolls)).toEqual({
      ok: true,
      value: { dice: [4, 4] },
      fillRest: false,
    });
    const byKey = { ...diceEntryFor(undefined), mode: 'keys' as const, fillRest: true };
    expect(diceRequest({ ...byKey, byKey: { randomFactor: '3, 4', withoutOrders: ' ' } }, rolls)).toEqual({
      ok: true,
      value: { dice: { randomFactor: [3, 4] } },
      fillRest: true,
    });
    expect(diceRequest({ ...byKey, byKey: { withoutOrders: 'six' } }, rolls)).toEqual({
      ok: false,
      issues: [{ path: 'dice.withoutOrders', message: expect.stringMatching(/^expected die faces/) }],
    });
  });
});

describe('odds numbers', () => {
  it('orders numeric outcomes ascending and keeps others as the dice reach them', () => {
    const chart = {
      name: 'x',
      outcomes: [
        { outcome: 2, probability: 0.5 },
        { outcome: 0, probability: 0.5 },
      ],
    };
    expect(orderedOutcomes(chart).map((o) => o.outcome)).toEqual([0, 2]);
    const named = {
      name: 'y',
      outcomes: [
        { outcome: 'b', probability: 0.5 },
        { outcome: 'a', probability: 0.5 },
      ],
    };
    expect(orderedOutcomes(named).map((o) => o.outcome)).toEqual(['b', 'a']);
  });

  it('shows percentages that never round a possible outcome away, and exact fractions', () => {
    expect(percent(5 / 12)).toBe('41.7%');
    expect(percent(1 / 10_000)).toBe('<0.1%');
    expect(percent(1 - 1 / 10_000)).toBe('>99.9%');
    expect(fraction(5 / 12)).toBe('5/12');
    expect(fraction(1)).toBe('1');
    expect(fraction(Math.PI / 10)).toBeUndefined();
  });

  it('states an estimate’s plays and its widest 95% margin in whole points', () => {
    // 1.96 × ½ / √plays: 4.4 points for 500 plays, 3.1 for 1,000, 0.98 (at least 1) for 10,000.
    expect(estimateMargin(500)).toBe(4);
    expect(estimateMargin(1_000)).toBe(3);
    expect(estimateMargin(10_000)).toBe(1);
    expect(estimateWords(1_000)).toBe('estimated from 1,000 plays of the engine (within about ±3 points)');
  });
});
