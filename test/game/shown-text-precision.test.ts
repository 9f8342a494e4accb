import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExample } from '../../src/cli/examples.ts';
import { MEASURE_DECIMALS, measureText, overPreciseNumbers } from '../../src/core/rules/measure.ts';
import { playBattle } from '../../src/game/engine/battle.ts';
import { hostingOf } from '../../src/game/engine/hosting.ts';
import { PLAYABLE_RULE_SETS, RULE_SETS } from '../../src/game/registry.ts';

/**
 * No text shown to a player has more decimals than a player reads (MEASURE_DECIMALS): every line of a
 * seeded battle's log under every rule set (the commands offered and given, and what they caused, as
 * the CLI and the browser word them, with the steps of the procedures they resolved), and every
 * `muster resolve --explain` of every example.
 */
const SCENARIO = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../scenarios/training-village-ford.json'), 'utf8'),
) as unknown;
const COMMANDS = 400;

/** The labels of the trace steps an event carries (the dice panel shows them), at any depth. */
function traceLabels(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(traceLabels);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'label' && typeof v === 'string' ? [v] : traceLabels(v),
  );
}

describe('measures shown to a player are rounded', () => {
  it('measureText rounds to what a player reads', () => {
    expect(measureText(35.188990473301466)).toBe('35.19');
    expect(measureText(12.5)).toBe('12.5');
    expect(measureText(6)).toBe('6');
    expect(measureText(-0.001)).toBe('0');
    expect(overPreciseNumbers('Range band for 35.188990473301466"')).toEqual(['5.188990473301466']);
    expect(overPreciseNumbers(`Range band for ${measureText(35.188990473301466)}"`)).toEqual([]);
    expect(MEASURE_DECIMALS).toBe(2);
  });

  it.each(PLAYABLE_RULE_SETS.map((r) => [r.id, r] as const))(
    '%s: a seeded battle log, every command offered and every event',
    (_id, ruleSet) => {
      const rules = hostingOf(ruleSet);
      const shown: string[] = [];
      const sides = ['company', 'maratha'];
      const players = Object.fromEntries(sides.map((s, i) => [s, ruleSet.computer(i + 3)]));
      playBattle(ruleSet.game, SCENARIO, 3, players, {
        maxCommands: COMMANDS,
        onStep: (step, state, events) => {
          shown.push(rules.describeCommand(step.command, state));
          for (const e of events) shown.push(rules.describeEvent(e, state) ?? '', ...traceLabels(e));
          const next = ruleSet.game.decider(state);
          if (next !== undefined)
            for (const c of ruleSet.game.legalCommands(state, next))
              shown.push(rules.describeOffer(c, state));
        },
      });
      expect(shown.length).toBeGreaterThan(50);
      expect(shown.flatMap((line) => overPreciseNumbers(line).map((n) => `${n} in: ${line}`))).toEqual([]);
    },
    120_000,
  );

  it('every example of every procedure, explained', () => {
    const found: string[] = [];
    for (const ruleSet of RULE_SETS)
      for (const def of ruleSet.procedures)
        for (const example of def.examples) {
          const out = runExample(ruleSet, def, example, true).stdout;
          for (const line of out.split('\n'))
            for (const n of overPreciseNumbers(line)) found.push(`${def.id}: ${n} in: ${line}`);
        }
    expect(found).toEqual([]);
  });
});
