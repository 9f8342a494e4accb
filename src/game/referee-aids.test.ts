import { describe, expect, it } from 'vitest';
import { RULE_SETS } from './registry.ts';

it('registers every rule set Muster has', () => {
  expect(RULE_SETS.map((r) => r.id)).toEqual([
    'john-company',
    'honour-and-fortitude',
    'command-points',
    'macduff',
  ]);
});

describe.each(RULE_SETS.map((r) => [r.id, r] as const))("%s's referee aids", (_id, ruleSet) => {
  it('plays its whole battles under its own id and title', () => {
    expect([ruleSet.playable.id, ruleSet.playable.title]).toEqual([ruleSet.id, ruleSet.title]);
  });

  it('has a sequence of play whose steps name only its own procedures, and use every procedure', () => {
    expect(ruleSet.sequence.length).toBeGreaterThan(1);
    const ids = new Set(ruleSet.procedures.map((p) => p.id));
    const used = new Set(ruleSet.sequence.flatMap((s) => s.procedures));
    for (const id of used) expect(ids, `step procedure ${id}`).toContain(id);
    for (const id of ids) expect(used, `procedure ${id} in no step`).toContain(id);
    expect(new Set(ruleSet.sequence.map((s) => s.id)).size).toBe(ruleSet.sequence.length);
  });

  it('says in each step what the referee does, citing a rule', () => {
    for (const step of ruleSet.sequence) {
      expect(step.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(step.title.length, step.id).toBeGreaterThan(0);
      expect(step.does.length, step.id).toBeGreaterThan(0);
      expect(step.rule.source.length, step.id).toBeGreaterThan(0);
    }
  });

  it('tracks distinct statuses, orders, marks and counters', () => {
    const { statuses, orders, marks, counters } = ruleSet.roster;
    for (const list of [statuses, orders, marks, counters.map((c) => c.id)])
      expect(new Set(list).size).toBe(list.length);
    for (const c of counters) expect(c.max).toBeGreaterThan(0);
  });
});
