import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedOffers, replayProblems } from '../../src/game/engine/invariants.ts';
import { replay } from '../../src/game/engine/record.ts';
import { practiceScenario } from '../../src/game/john-company/fixtures.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { playRandomGame } from '../../src/game/john-company/testing.ts';
import { checkLog, checkState, checkView, checkViewBlind, game } from './invariants.ts';

/**
 * John Company's seeded random play on the practice table and on every scenario, with the invariants
 * of invariants.ts after every command and every record replayed to the live state and events.
 */
const traced = makeJohnCompanyGame({ traces: true });
const SIDES = ['company', 'maratha'];

describe('John Company: seeded random play', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`plays a battle to the end with invariants after every command (seed ${seed})`, () => {
      const scenario = practiceScenario({ unitsPerSide: seed === 5 ? 12 : 6, turnLimit: 8 });
      const played = playRandomGame(game, scenario, seed, {
        onStep: (state, events, i) => {
          checkState(state);
          for (const side of SIDES) {
            checkView(state, side);
            checkLog(state, events, side);
          }
          if (i % 5 === 0) for (const viewer of [...SIDES, 'spectator']) checkViewBlind(state, viewer);
        },
      });
      expect(played.state.result).toBeDefined();
      expect(game.decider(played.state)).toBeUndefined();
      for (const e of played.events) if (game.eventFor(e, 'spectator')) expect(e.visibleTo).toBe('all');
      expect(replayProblems(game, played)).toEqual([]);
    });
  }

  it('accepts every command legalCommands lists, at every decision of a battle', () => {
    const scenario = practiceScenario({ unitsPerSide: 4, turnLimit: 4 });
    let checked = 0;
    playRandomGame(game, scenario, 21, {
      onStep: (state) => {
        const side = game.decider(state);
        if (side === undefined) return;
        expect(refusedOffers(game, state)).toEqual([]);
        checked += game.legalCommands(state, side).length;
      },
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps traces out of the dice: a traced game takes the same course', () => {
    const scenario = practiceScenario({ unitsPerSide: 4, turnLimit: 4 });
    const a = playRandomGame(game, scenario, 11);
    const b = replay(traced, JSON.parse(JSON.stringify(a.record)));
    expect(b.ok).toBe(true);
    if (b.ok) {
      expect(JSON.stringify(b.replayed.state)).toBe(JSON.stringify(a.state));
      expect(b.replayed.events.some((e) => e.trace !== undefined)).toBe(true);
    }
  });

  it('resumes a state saved mid-turn exactly', () => {
    const scenario = practiceScenario({ unitsPerSide: 4, turnLimit: 4 });
    const a = playRandomGame(game, scenario, 7);
    const cut = Math.floor(a.record.commands.length / 2);
    let state = game.setup(scenario, 7);
    for (const { side, command } of a.record.commands.slice(0, cut)) {
      const r = game.apply(state, side, command);
      if (!r.ok) throw new Error(r.rejection.message);
      state = r.state;
    }
    state = JSON.parse(JSON.stringify(state)) as JcGameState;
    for (const { side, command } of a.record.commands.slice(cut)) {
      const r = game.apply(state, side, command);
      if (!r.ok) throw new Error(r.rejection.message);
      state = r.state;
    }
    expect(JSON.stringify(state)).toBe(JSON.stringify(a.state));
  });
});

const SCENARIOS = join(import.meta.dirname, '../../scenarios');

describe('John Company: the scenarios in scenarios/ play to the end', () => {
  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json'));
  it('finds the scenarios', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(`${file}: a random battle, replayed exactly`, () => {
      const scenario = JSON.parse(readFileSync(join(SCENARIOS, file), 'utf8'));
      const played = playRandomGame(game, scenario, 1, {
        onStep: (state, _events, i) => {
          if (i % 10 === 0) checkState(state);
        },
      });
      expect(played.state.result).toBeDefined();
      expect(replayProblems(game, played)).toEqual([]);
    });
  }
});
