import { describe, expect, it } from 'vitest';
import { formatRule } from '../../src/core/rules/trace.ts';
import { RULE_SETS } from '../../src/game/registry.ts';
import { stepValueText } from '../../src/protocol/text.ts';
import { procedureDetail, resolveAnswer } from '../../src/server/procedures.ts';
import { choiceText, editorFor, humanize, type JsonSchema } from '../../src/web/form/schema.ts';
import { rollsFor } from '../../src/web/referee/dice.ts';
import { outcomeWords } from '../../src/web/referee/words.ts';
import { faults } from './words-check.ts';

/**
 * What a referee reads in the assistant, for every procedure of every rule set: the form's labels and
 * choices, the dice asked for, and for each example the result, the working, the dice and the odds.
 * None of it may be an id (`fail-by-2`), a camelCase field (`retireOrPanic`) or a number with more
 * than two decimals.
 */

/** Every label and choice the form shows for a schema. */
function formTexts(root: JsonSchema, node: JsonSchema, out: string[], key?: string, depth = 0): void {
  if (depth > 10) return;
  const editor = editorFor(root, node);
  if (key !== undefined) out.push(humanize(key));
  switch (editor.kind) {
    case 'object':
      for (const f of editor.fields) formTexts(root, f.schema, out, f.key, depth + 1);
      break;
    case 'union':
      if (editor.discriminator !== undefined) out.push(humanize(editor.discriminator));
      for (const b of editor.branches) {
        if (editor.discriminator === undefined) out.push(b.title ?? b.description ?? '');
        for (const [k, s] of Object.entries(b.properties ?? {})) {
          if (k === editor.discriminator) formTexts(root, s, out, undefined, depth + 1);
          else formTexts(root, s, out, k, depth + 1);
        }
      }
      break;
    case 'choice':
    case 'modifiers':
      for (const c of editor.choices) out.push(choiceText(c));
      break;
    case 'list':
      formTexts(root, editor.items, out, undefined, depth + 1);
      break;
    case 'tuple':
      for (const item of editor.items) formTexts(root, item, out, undefined, depth + 1);
      break;
    default:
      break;
  }
}

describe('the referee reads words, not ids', () => {
  for (const ruleSet of RULE_SETS) {
    for (const def of ruleSet.procedures) {
      it(`${ruleSet.id} ${def.id}: the form, the dice, the results, the working and the odds`, () => {
        const detail = procedureDetail(ruleSet, def);
        const texts: string[] = [detail.title, detail.summary];
        formTexts(detail.schema, detail.schema, texts);
        for (const r of detail.rolls) texts.push(humanize(r.key), r.dice, r.when);
        for (const example of def.examples) {
          const answer = resolveAnswer(
            ruleSet,
            def,
            { facts: example.facts, ...(example.dice ? { dice: example.dice } : { seed: 1 }) },
            () => 1,
          );
          expect(answer.ok).toBe(true);
          if (!answer.ok) continue;
          const { describe: lines, trace, rolls, odds } = answer.body;
          texts.push(...lines);
          for (const step of trace) {
            texts.push(step.label, formatRule(step.rule));
            if (step.value !== undefined)
              texts.push(
                typeof step.value === 'string' ? outcomeWords(step.value) : stepValueText(step.value),
              );
          }
          for (const roll of rolls)
            texts.push(humanize(roll.key), roll.label, roll.reads ?? String(roll.value));
          for (const chart of odds)
            texts.push(chart.name, ...chart.outcomes.map((o) => outcomeWords(o.outcome)));
        }
        const found = [...new Set(texts)].flatMap((t) => faults(t).map((f) => `${f} in "${t}"`));
        expect(found).toEqual([]);
      });
    }
  }
});

describe('the dice asked for', () => {
  it('are those the facts may throw: one die per gun that fires', () => {
    const artillery = RULE_SETS.find((r) => r.id === 'command-points')!.procedures.find(
      (p) => p.id === 'artillery-fire',
    )!;
    expect(rollsFor(artillery.rolls, { guns: 2 }).map((r) => r.key)).toEqual(['gun1', 'gun2']);
    expect(rollsFor(artillery.rolls, { guns: 6 })).toHaveLength(6);
  });
});
