import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countedStands } from '../../rulesets/john-company/table/unit-profile.ts';
import { replay } from '../engine/record.ts';
import type { JcEvent } from './events.ts';
import { practiceScenario } from './fixtures.ts';
import { makeJohnCompanyGame } from './game.ts';
import type { JcGameState } from './state.ts';
import { playRandomGame } from './testing.ts';

const game = makeJohnCompanyGame({ traces: false });
const traced = makeJohnCompanyGame({ traces: true });

/** Plain JSON: objects and arrays with plain prototypes, finite numbers, no undefined. */
function plainJsonProblem(v: unknown, path = '$'): string | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${path} is ${v}`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = plainJsonProblem(v[i], `${path}[${i}]`);
      if (p) return p;
    }
    return undefined;
  }
  if (typeof v === 'object') {
    if (Object.getPrototypeOf(v) !== Object.prototype) return `${path} is not a plain object`;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) return `${path}.${k} is undefined`;
      const p = plainJsonProblem(x, `${path}.${k}`);
      if (p) return p;
    }
    return undefined;
  }
  return `${path} is a ${typeof v}`;
}

function checkInvariants(state: JcGameState): void {
  expect(plainJsonProblem(state)).toBeUndefined();
  expect(JSON.stringify(JSON.parse(JSON.stringify(state)))).toBe(JSON.stringify(state));
  for (const u of Object.values(state.units)) {
    const t = state.table.units[u.id];
    // On the table, or accounted for.
    expect(t !== undefined || u.offTable !== undefined).toBe(true);
    if (t) {
      expect(u.offTable).toBeUndefined();
      expect(countedStands(t)).toBeGreaterThan(0);
    }
    expect(u.standsLostSinceCheck).toBeGreaterThanOrEqual(0);
  }
  for (const id of Object.keys(state.table.units)) expect(state.units[id]).toBeDefined();
  // Each side's orders within its Generals' allowance.
  if (state.turn > 1)
    for (const g of Object.values(state.generals)) {
      const used = Object.values(state.units).filter((u) => u.counter?.general === g.id).length;
      expect(used).toBe(g.ordersUsed);
      if (g.orders !== undefined) expect(g.ordersUsed).toBeLessThanOrEqual(Math.max(g.orders, used));
    }
  // The deciding side always has a legal command unless the game is over.
  const side = game.decider(state);
  if (side === undefined) expect(state.result).toBeDefined();
  else expect(game.legalCommands(state, side).length).toBeGreaterThan(0);
}

/** Nothing hidden from `viewer` in its view: enemy counters before they are shown, decks, the PRNG. */
function checkView(state: JcGameState, viewer: string): void {
  const view = game.viewFor(state, viewer);
  const json = JSON.stringify(view);
  expect(json).not.toContain('drawPile');
  expect(json).not.toContain('xoshiro');
  expect(json).not.toContain(String(state.rng.words[0]));
  for (const u of Object.values(view.units)) {
    if (u.side === viewer || !u.counter) continue;
    if (!u.counter.revealed) {
      expect(u.counter).toEqual({ placed: true, revealed: false });
      expect(u.order).toBeUndefined();
    }
  }
  for (const g of Object.values(view.generals))
    if (g.side !== viewer) expect(g.orders === undefined && g.ordersUsed === undefined).toBe(true);
}

/** Nothing in `viewer`'s log gives away the other side's counters or Orders cards. */
function checkLog(events: readonly JcEvent[], viewer: string): void {
  for (const e of events) {
    const seen = game.eventFor(e, viewer);
    if (!seen) continue;
    if (seen.type === 'order-placed' || seen.type === 'order-removed') expect(seen.side).toBe(viewer);
    if (seen.type === 'orders-drawn') expect(seen.visibleTo).toEqual([viewer]);
    expect(JSON.stringify(seen)).not.toContain('drawPile');
  }
}

describe('John Company: seeded random play', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`plays a battle to the end with invariants after every command (seed ${seed})`, () => {
      const scenario = practiceScenario({ unitsPerSide: seed === 5 ? 12 : 6, turnLimit: 8 });
      const sides = ['company', 'maratha'];
      const played = playRandomGame(game, scenario, seed, {
        onStep: (state, _events, i) => {
          checkInvariants(state);
          if (i % 5 === 0) for (const s of [...sides, 'spectator']) checkView(state, s);
        },
      });
      expect(played.state.result).toBeDefined();
      expect(game.decider(played.state)).toBeUndefined();
      for (const s of sides) checkLog(played.events, s);
      for (const e of played.events) if (game.eventFor(e, 'spectator')) expect(e.visibleTo).toBe('all');

      // The record replays exactly, after a JSON round trip.
      const record = JSON.parse(JSON.stringify(played.record));
      const again = replay(game, record);
      expect(again.ok).toBe(true);
      if (again.ok) {
        expect(JSON.stringify(again.replayed.state)).toBe(JSON.stringify(played.state));
        expect(JSON.stringify(again.replayed.events)).toBe(JSON.stringify(played.events));
      }
    });
  }

  it('accepts every command legalCommands lists, at every decision of a battle', () => {
    const scenario = practiceScenario({ unitsPerSide: 4, turnLimit: 4 });
    let checked = 0;
    playRandomGame(game, scenario, 21, {
      onStep: (state) => {
        const side = game.decider(state);
        if (side === undefined) return;
        for (const c of game.legalCommands(state, side)) {
          const r = game.apply(state, side, c);
          expect(r.ok ? 'accepted' : `${JSON.stringify(c)}: ${r.rejection.message}`).toBe('accepted');
          checked++;
        }
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

const SCENARIOS = join(import.meta.dirname, '../../../scenarios');

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
          if (i % 10 === 0) checkInvariants(state);
        },
      });
      expect(played.state.result).toBeDefined();
      const again = replay(game, JSON.parse(JSON.stringify(played.record)));
      expect(again.ok && JSON.stringify(again.replayed.state) === JSON.stringify(played.state)).toBe(true);
    });
  }
});
