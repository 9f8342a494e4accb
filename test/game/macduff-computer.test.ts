import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playCheckedBattle } from '../../src/game/engine/invariants.ts';
import { macduffPlayable } from '../../src/game/macduff/index.ts';
import { invariantProblems } from '../../src/game/macduff/testing.ts';

const SCENARIOS = ['training-village-ford', 'plassey-1757', 'assaye-1803', 'meeanee-1843'];
const load = (id: string): unknown => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
const { game, computer } = macduffPlayable;

describe('MacDuff whole battles, computer v computer', () => {
  for (const [i, id] of SCENARIOS.entries()) {
    it(`plays ${id} to a result, keeping every invariant and every hidden thing hidden, replaying exactly`, () => {
      const scenario = load(id);
      const seed = 7 + i;
      const sides = game.setup(scenario, seed).scenario.sides;
      const players = { [sides[0]]: computer(seed), [sides[1]]: computer(seed + 1) };
      const { battle, problems } = playCheckedBattle(macduffPlayable, scenario, seed, players, {
        every: 5,
        problemsAfter: (state, events) => {
          const found = invariantProblems(state);
          for (const e of events) {
            for (const viewer of sides) {
              const about = e.unit === undefined ? undefined : state.units[e.unit];
              if (about?.concealed && about.side !== viewer && game.eventFor(e, viewer) !== undefined)
                found.push(`${viewer} hears of concealed ${about.id}: ${e.text}`);
            }
            if (e.visibleTo === 'all') continue;
            for (const viewer of [...sides, 'spectator'])
              if (game.eventFor(e, viewer) !== undefined && !e.visibleTo.includes(viewer))
                found.push(`${viewer} sees ${e.type} meant for ${e.visibleTo.join(', ')}`);
          }
          return found;
        },
      });
      expect(problems).toEqual([]);
      expect(game.result(battle.state)).toBeDefined();
      const summary = macduffPlayable.summary(battle.state);
      for (const side of sides)
        expect(summary.stands[side]!.now).toBeLessThanOrEqual(summary.stands[side]!.start);
      const kinds = new Set(battle.events.map((e) => e.type));
      for (const k of ['card-drawn', 'moved', 'fired', 'casualties', 'rallied', 'game-over'])
        expect(kinds).toContain(k);
    });
  }
});
