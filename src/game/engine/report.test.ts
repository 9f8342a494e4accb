import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_RULE_SETS } from '../registry.ts';
import { playBattle } from './battle.ts';
import { hostingOf } from './hosting.ts';
import type { GameRecord } from './record.ts';
import { battleReport } from './report.ts';

const scenario = JSON.parse(
  readFileSync(new URL('../../../scenarios/training-village-ford.json', import.meta.url), 'utf8'),
) as { sides: { id: string; name: string }[]; table: { width: number; depth: number } };
const sides = scenario.sides.map((s) => s.id);

describe.each(PLAYABLE_RULE_SETS.map((r) => [r.id, r] as const))(
  'the after-action report of %s',
  (_id, ruleSet) => {
    // The computer on both sides to the end of the training battle.
    const players = Object.fromEntries(sides.map((side, i) => [side, ruleSet.computer(i + 11)]));
    const battle = playBattle(ruleSet.game, scenario, 5, players);
    const made = battleReport(ruleSet, battle.record as GameRecord<unknown>);
    if (!made.ok) throw new Error(made.message);
    const { report } = made;
    const start = ruleSet.summary(ruleSet.game.setup(scenario, 5));
    const end = ruleSet.summary(battle.state);

    it('reads the strength at the start of every turn and where the record ends, as the summary counts it', () => {
      const turns = report.strength.filter((s) => s.moment === 'start').map((s) => s.turn);
      expect(turns[0]).toBe(hostingOf(ruleSet).turnOf(ruleSet.game.setup(scenario, 5)));
      expect(turns).toEqual([...new Set(turns)].sort((a, b) => a - b));
      expect(report.strength.at(-1)?.moment).toBe('end');
      for (const [i, side] of sides.entries()) {
        expect(report.strength[0]!.sides[i]!.fightingStands).toBe(start.stands[side]!.start);
        expect(report.strength.at(-1)!.sides[i]!.fightingStands).toBe(end.stands[side]!.now);
      }
    });

    it('tells the verdict of a finished battle and how it is won', () => {
      expect(report.over).toBe(true);
      expect(report.verdict).toMatch(/^(Victory to|A draw)/);
      expect(report.scenario.conditions.length).toBeGreaterThan(1);
      expect(report.scenario.conditions.join(' ')).not.toMatch(/company|maratha(?! force)/);
    });

    it('gives every unit its losses, its break and its track across the table', () => {
      const units = ruleSet.standing(battle.state);
      expect(report.units.map((u) => u.id).sort()).toEqual(units.map((u) => u.id).sort());
      for (const u of report.units) {
        const now = units.find((x) => x.id === u.id)!;
        expect(u.endStands).toBe(now.stands);
        expect(u.state).toBe(now.state);
        if (!now.fighting && report.strength[0]!.sides.length > 0) expect(u.brokeOnTurn).toBeDefined();
        expect(u.track.length).toBeGreaterThan(0);
        for (const p of u.track) {
          expect(p.x).toBeGreaterThanOrEqual(-12);
          expect(p.x).toBeLessThanOrEqual(scenario.table.width + 12);
        }
      }
      expect(report.units.some((u) => u.brokeOnTurn !== undefined)).toBe(true);
    });

    it('places the fighting where units lost stands, and its moments largest first', () => {
      expect(report.fighting.length).toBeGreaterThan(0);
      for (const f of report.fighting) expect(f.standsLost).toBeGreaterThan(0);
      expect(report.moments.length).toBeGreaterThan(0);
      expect(report.moments.length).toBeLessThanOrEqual(10);
      const weights = report.moments.map((m) => m.weight);
      expect(weights).toEqual([...weights].sort((a, b) => b - a));
      // Side ids are told in the scenario's words.
      for (const m of report.moments) expect(m.text).not.toMatch(/^(company|maratha) /);
    });
  },
);

describe('a record that does not replay', () => {
  it('says which command the game refused', () => {
    const ruleSet = PLAYABLE_RULE_SETS[0]!;
    const record: GameRecord<unknown> = {
      format: 'muster-game',
      version: 1,
      ruleSet: ruleSet.id,
      scenario,
      seed: 1,
      commands: [{ side: sides[1]!, command: { type: 'no-such-command' } }],
    };
    const made = battleReport(ruleSet, record);
    expect(made.ok).toBe(false);
    expect(!made.ok && made.message).toMatch(/^command 0 refused: /);
  });
});
