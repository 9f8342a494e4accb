import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEAPONS } from '../../src/core/scenario/vocabulary.ts';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import { blindViewProblems } from '../../src/game/engine/invariants.ts';
import {
  type HfCommand,
  honourAndFortitudePlayable as hf,
} from '../../src/game/honour-and-fortitude/index.ts';
import { legalCommands } from '../../src/game/honour-and-fortitude/legal.ts';
import type { HfGameState } from '../../src/game/honour-and-fortitude/state.ts';
import type { Scenario } from '../../src/game/scenario/schema.ts';
import { WEAPON_OF } from '../../src/rulesets/honour-and-fortitude/scenario-ratings.ts';

const scenario = (id: string): Scenario =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../scenarios', `${id}.json`), 'utf8'));
const game = hf.game;

/** Plays to the first decision of `side` in the given phase kind (random play, seeded). */
function firstState(id: string, seed: number, until: (s: HfGameState) => boolean): HfGameState {
  const json = scenario(id);
  let state = game.setup(json, seed);
  const pick = randomPlayer<unknown, HfCommand>(seed);
  for (let i = 0; i < 2000 && !until(state); i++) {
    const side = game.decider(state)!;
    const applied = game.apply(state, side, pick(null, game.legalCommands(state, side)));
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
  }
  return state;
}

describe('Honour & Fortitude: setup', () => {
  it('lays out every unit with its figures, rolls its state, and begins turn 1 with the initiative dice', () => {
    const s = game.setup(scenario('plassey-1757'), 3);
    expect(s.turn).toBe(1);
    expect(s.phase).toEqual({ kind: 'movement', side: s.first });
    expect(Object.keys(s.units)).toHaveLength(18);
    for (const u of Object.values(s.units)) {
      expect(u.figures).toBe(u.startFigures);
      expect(u.figures).toBeGreaterThan(0);
      expect(['aggressive', 'active', 'passive', 'cowed']).toContain(u.condition);
      expect(u.orders).toBe('hold');
    }
    expect(game.setup(scenario('plassey-1757'), 3)).toEqual(s);
  });
  it('maps every weapon of the scenario format', () => {
    expect(Object.keys(WEAPON_OF).sort()).toEqual([...WEAPONS].sort());
  });
  it("takes a scenario's Honour & Fortitude overrides, per scenario and per unit", () => {
    const json = scenario('training-village-ford');
    const first = json.units[0]!;
    const withOverrides = {
      ...json,
      overrides: {
        'honour-and-fortitude': {
          initialOrders: 'advance',
          stateThresholds: { aggressive: 30, active: 29, passive: 28 },
        },
      },
      units: json.units.map((u) =>
        u.id === first.id ? { ...u, ratings: { 'honour-and-fortitude': { state: 'heroic', morale: 6 } } } : u,
      ),
    };
    const s = game.setup(withOverrides, 1);
    expect(s.units[first.id]!.condition).toBe('heroic');
    expect(s.units[first.id]!.ratings.morale).toBe(6);
    for (const u of Object.values(s.units)) {
      expect(u.orders).toBe('advance');
      if (u.id !== first.id) expect(u.condition).toBe('cowed');
    }
    const invalid = {
      ...json,
      units: [{ ...first, ratings: { 'honour-and-fortitude': { morale: 9 } } }, ...json.units.slice(1)],
    };
    expect(() => game.setup(invalid, 1)).toThrow(/invalid scenario/);
  });
});

describe('Honour & Fortitude: commands', () => {
  const s = game.setup(scenario('training-village-ford'), 5);
  const side = s.phase.kind === 'movement' ? s.phase.side : '';
  const other = s.scenario.sides.find((x) => x.id !== side)!.id;
  const own = Object.values(s.units).find((u) => u.side === side && u.arm === 'infantry')!;

  it('refuses what is not legal, with a reason, and never throws', () => {
    const refused = (who: string, c: unknown) => {
      const r = game.apply(s, who, c as HfCommand);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.rejection.code;
    };
    expect(refused(other, { type: 'end-movement' })).toBe('not-your-turn');
    expect(refused(side, { type: 'end-firing' })).toBe('wrong-phase');
    expect(refused(side, { type: 'fly' })).toBe('bad-command');
    expect(refused(side, null)).toBe('bad-command');
    expect(
      refused(side, {
        type: 'move',
        unit: own.id,
        x: own.x,
        y: own.y + 40,
        facing: own.facing,
        formation: own.formation,
      }),
    ).toMatch(/too-far|off-table|too-close/);
    expect(refused(side, { type: 'move', unit: 'nobody', x: 1, y: 1, facing: 0, formation: 'line' })).toBe(
      'unknown-unit',
    );
    const enemy = Object.values(s.units).find((u) => u.side === other)!;
    expect(
      refused(side, {
        type: 'move',
        unit: enemy.id,
        x: enemy.x,
        y: enemy.y,
        facing: 0,
        formation: enemy.formation,
      }),
    ).toBe('not-your-unit');
  });

  it('accepts every legal command, and a unit on hold orders rolls to initiate its first move', () => {
    const legal = legalCommands(s, side);
    expect(legal.at(-1)).toEqual({ type: 'end-movement' });
    for (const c of legal) expect(game.apply(s, side, c).ok).toBe(true);
    const move = legal.find((c) => c.type === 'move')!;
    const r = game.apply(s, side, move);
    expect(r.ok && r.events[0]!.type).toBe('initiation');
  });

  it('moves to the firing phase after both sides end their movement', () => {
    const a = game.apply(s, side, { type: 'end-movement' });
    const b = a.ok ? game.apply(a.state, other, { type: 'end-movement' }) : a;
    expect(b.ok && b.state.phase).toEqual({ kind: 'firing', side });
  });
});

describe('Honour & Fortitude: apply never throws', () => {
  it('answers arbitrary commands, at many states, with a new state or a reason', () => {
    const json = scenario('meeanee-1843');
    const ids = [...json.units.map((u) => u.id), 'nobody'];
    const types = ['move', 'attack', 'end-movement', 'fire', 'end-firing', 'respond', 'charge'];
    const rng = randomPlayer<unknown, number>(3);
    const pick = <T>(xs: readonly T[]): T =>
      xs[
        rng(
          null,
          xs.map((_, i) => i),
        )
      ]!;
    let state = game.setup(json, 3);
    for (let i = 0; i < 60 && game.decider(state) !== undefined; i++) {
      for (let k = 0; k < 10; k++) {
        const garbage = {
          type: pick(types),
          unit: pick(ids),
          target: pick(ids),
          x: pick([-5, 0, 30, 1e9]),
          y: pick([-5, 10, 55]),
          facing: pick([0, 90, 359, 720]),
          formation: pick(['line', 'column', 'mass', 'wedge']),
          choice: pick(['stand', 'fire', 'flee']),
        };
        const side = pick(['british', 'baluchi', 'spectator']);
        const answer = game.apply(state, side, garbage as unknown as HfCommand);
        if (answer.ok) expect(answer.state.seq).toBe(state.seq + 1);
        else expect(answer.rejection.message).toMatch(/\w{3}/);
      }
      const side = game.decider(state)!;
      const applied = game.apply(state, side, pick(game.legalCommands(state, side)));
      expect(applied.ok).toBe(true);
      if (applied.ok) state = applied.state;
    }
  });
});

describe('Honour & Fortitude: hidden information', () => {
  it('no view carries the PRNG state; every event is public', () => {
    const state = firstState('assaye-1803', 2, (x) => x.turn >= 3);
    for (const viewer of ['british', 'maratha', 'spectator']) {
      expect(blindViewProblems(game, state, viewer, hf.scrambleHidden(state, viewer))).toEqual([]);
      expect(game.viewFor(state, viewer).viewer).toBe(viewer);
    }
    const event = { type: 'turn-began', turn: 1, first: 'british', visibleTo: 'all' } as const;
    expect(game.eventFor(event, 'maratha')).toEqual(event);
  });

  it('a defender facing an attack chooses its response', () => {
    const state = firstState(
      'meeanee-1843',
      4,
      (x) => x.phase.kind === 'response' || x.phase.kind === 'over',
    );
    expect(state.phase.kind).toBe('response');
    if (state.phase.kind !== 'response') return;
    const choices = game
      .legalCommands(state, state.phase.side)
      .map((c) => (c.type === 'respond' ? c.choice : ''));
    expect(choices).toContain('counter-attack');
    expect(choices).toContain('retire');
    expect(choices).toContain('stand');
  });
});

describe('Honour & Fortitude: the computer opponent beats random play', () => {
  const wins = (id: string, me: string, other: string, seeds: number[]) =>
    seeds.filter(
      (seed) =>
        playBattle(game, scenario(id), seed, { [me]: hf.computer(seed), [other]: randomPlayer(seed + 1000) })
          .state.result?.winner === me,
    ).length;
  it('wins Plassey as the Company', () => {
    expect(wins('plassey-1757', 'company', 'nawab', [1, 2, 3])).toBeGreaterThanOrEqual(2);
  });
  it('wins Plassey as the Nawab', () => {
    expect(wins('plassey-1757', 'nawab', 'company', [1, 2, 3])).toBeGreaterThanOrEqual(2);
  });
});
