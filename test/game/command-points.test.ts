import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEAPONS } from '../../src/core/scenario/vocabulary.ts';
import { computerPlayer } from '../../src/game/command-points/ai.ts';
import type { CpCommand } from '../../src/game/command-points/commands.ts';
import { commandPointsGame as game } from '../../src/game/command-points/game.ts';
import { commandPointsPlayable } from '../../src/game/command-points/index.ts';
import { playChecked as checkedBattle } from '../../src/game/command-points/invariants.ts';
import type { CpGameState } from '../../src/game/command-points/state.ts';
import type { CpView } from '../../src/game/command-points/view.ts';
import { randomPlayer } from '../../src/game/engine/battle.ts';
import { blindViewProblems } from '../../src/game/engine/invariants.ts';
import { WEAPON_RATINGS } from '../../src/rulesets/command-points/scenario-ratings.ts';

/**
 * Whole command-point battles on the training scenario and Plassey (Assaye and Meeanee have their own
 * files), checked after every command and replayed exactly, with the views checked blind to what they
 * hide (the PRNG); and the game contract: rejections, legal commands, costs.
 */

const SCENARIOS = join(import.meta.dirname, '../../scenarios');
const IDS = ['training-village-ford', 'plassey-1757'] as const;

function scenarioJson(id: string, turnLimit?: number): { sides: { id: string }[] } & Record<string, unknown> {
  const s = JSON.parse(readFileSync(join(SCENARIOS, `${id}.json`), 'utf8'));
  return turnLimit === undefined ? s : { ...s, victory: { ...s.victory, turnLimit } };
}

type Pairing = 'computer' | 'random';

/** Plays a battle to its end, checked after every command and replayed exactly. */
function playChecked(id: string, seed: number, pairing: Pairing, turnLimit?: number) {
  const scenario = scenarioJson(id, turnLimit);
  const [a, b] = scenario.sides.map((s) => s.id) as [string, string];
  const player = pairing === 'computer' ? computerPlayer : randomPlayer<CpView, CpCommand>;
  const players = { [a]: player(seed), [b]: player(seed + 1) };
  const { battle, problems } = checkedBattle(scenario, seed, players, { every: 5 });
  expect(problems.slice(0, 5)).toEqual([]);
  expect(battle.state.result).toBeDefined();
  expect(JSON.parse(JSON.stringify(battle.state))).toEqual(battle.state);
  return battle;
}

describe('command-point battles to the end: the training scenario and Plassey', () => {
  for (const id of IDS) {
    it(`${id}: computer v computer, checked after every command, replayed exactly`, () => {
      const battle = playChecked(id, 11, 'computer');
      expect(battle.state.phase).toBe('over');
      const seen = new Set(battle.events.map((e) => e.type));
      for (const type of ['points-thrown', 'moved', 'fired', 'combat', 'game-over'])
        expect(seen).toContain(type);
    });
    it(`${id}: random v random, checked after every command, replayed exactly`, () => {
      const battle = playChecked(id, 12, 'random', id === 'training-village-ford' ? undefined : 6);
      expect(battle.state.phase).toBe('over');
    });
  }
});

describe('the command-point game contract', () => {
  const state: CpGameState = game.setup(scenarioJson('training-village-ford'), 3);
  const side = game.decider(state)!;
  const other = state.sides.find((s) => s !== side)!;

  it('starts at turn 1 in the command phase, with points thrown and the PRNG hidden', () => {
    expect(state).toMatchObject({ turn: 1, phase: 'command', seq: 0 });
    expect(Object.values(state.commanders).every((c) => c.points >= 1 && c.points <= 6)).toBe(true);
    for (const viewer of [side, other, 'spectator'])
      expect(
        blindViewProblems(game, state, viewer, commandPointsPlayable.scrambleHidden(state, viewer)),
      ).toEqual([]);
  });

  it('rejects commands out of turn, malformed, or illegal, with a reason', () => {
    const end = { type: 'end-command' } as const;
    expect(game.apply(state, other, end)).toMatchObject({ ok: false, rejection: { code: 'not-your-turn' } });
    expect(game.apply(state, side, { type: 'dance' } as unknown as CpCommand)).toMatchObject({
      ok: false,
      rejection: { code: 'bad-command' },
    });
    expect(game.apply(state, side, { type: 'end-fire' })).toMatchObject({
      ok: false,
      rejection: { code: 'wrong-phase' },
    });
    const own = Object.values(state.units).find((u) => u.side === side)!;
    const far = { type: 'move', unit: own.id, facing: own.facing, distance: 20 } as const;
    expect(game.apply(state, side, far)).toMatchObject({ ok: false, rejection: { code: 'illegal-move' } });
    const enemy = Object.values(state.units).find((u) => u.side === other)!;
    expect(game.apply(state, side, { type: 'redress', unit: enemy.id })).toMatchObject({
      ok: false,
      rejection: { code: 'illegal-unit' },
    });
  });

  it('accepts every legal command', () => {
    for (const c of game.legalCommands(state, side)) expect(game.apply(state, side, c).ok).toBe(true);
    expect(game.legalCommands(state, other)).toEqual([]);
  });

  it('a move costs one point of the paying commander, or his free point', () => {
    const move = game.legalCommands(state, side).find((c) => c.type === 'move')!;
    const applied = game.apply(state, side, move);
    if (!applied.ok) throw new Error(applied.rejection.message);
    const moved = applied.events.find((e) => e.type === 'moved')!;
    if (moved.type !== 'moved') throw new Error('no move');
    const before = state.commanders[moved.payer]!;
    const after = applied.state.commanders[moved.payer]!;
    if (moved.free) expect([before.freePoint, after.freePoint]).toEqual([true, false]);
    else expect(after.points).toBe(before.points - 1);
  });

  it('is exported as a playable rule set with a summary', () => {
    expect(commandPointsPlayable).toMatchObject({ id: 'command-points' });
    const summary = commandPointsPlayable.summary(state);
    expect(summary.turn).toBe(1);
    for (const s of state.sides) expect(summary.stands[s]!.now).toBe(summary.stands[s]!.start);
  });

  it('never throws for any command, legal or not, and refuses the illegal with a reason', () => {
    const unitIds = [...Object.keys(state.units), 'no-such-unit'];
    const commanderIds = [...Object.keys(state.commanders), 'nobody'];
    const command = fc.oneof(
      fc.record({
        type: fc.constant('move'),
        unit: fc.constantFrom(...unitIds),
        facing: fc.double({ min: -10, max: 400, noNaN: false }),
        distance: fc.double({ min: -5, max: 50 }),
        backward: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('formation'),
        unit: fc.constantFrom(...unitIds),
        formation: fc.string(),
      }),
      fc.record({
        type: fc.constantFrom('redress', 'fire'),
        unit: fc.constantFrom(...unitIds),
        target: fc.constantFrom(...unitIds),
      }),
      fc.record({
        type: fc.constant('attach'),
        commander: fc.constantFrom(...commanderIds),
        unit: fc.constantFrom(...unitIds),
      }),
      fc.record({ type: fc.constantFrom('end-command', 'end-fire', 'charge') }),
    );
    fc.assert(
      fc.property(command, fc.constantFrom(...state.sides), (c, who) => {
        const applied = game.apply(state, who, c as unknown as CpCommand);
        if (!applied.ok) expect(applied.rejection.message.length).toBeGreaterThan(0);
        else expect(applied.state.seq).toBe(state.seq + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('rates every weapon of the scenario format', () => {
    for (const w of WEAPONS) expect(WEAPON_RATINGS.rows[w]).toBeDefined();
  });
});
