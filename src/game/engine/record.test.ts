import { describe, expect, it } from 'vitest';
import { PrngDice } from '../../core/random/dice.ts';
import { type RngState, rngOf } from '../../core/random/prng.ts';
import { d6 } from '../../core/random/rolls.ts';
import type { Applied, GameDefinition, GameEventBase, GameStateBase } from './game.ts';
import { type GameRecord, replay } from './record.ts';

/** A toy race to 10 by d6 throws: enough to check the record and replay contract. */
interface RaceState extends GameStateBase {
  readonly scores: Readonly<Record<string, number>>;
  readonly turn: 'a' | 'b';
}
type RaceCommand = { type: 'throw' };
interface RaceEvent extends GameEventBase {
  readonly type: 'thrown';
  readonly side: string;
  readonly face: number;
}

const race: GameDefinition<RaceState, RaceCommand, RaceEvent, RaceState> = {
  ruleSet: 'race',
  setup: (_scenario, seed) => ({
    format: { ruleSet: 'race', version: 1 },
    rng: rngOf(seed),
    seq: 0,
    scores: { a: 0, b: 0 },
    turn: 'a',
  }),
  decider: (s) => (Math.max(s.scores['a']!, s.scores['b']!) >= 10 ? undefined : s.turn),
  legalCommands: () => [{ type: 'throw' }],
  apply(state, side, _command): Applied<RaceState, RaceEvent> {
    if (side !== state.turn)
      return { ok: false, rejection: { code: 'not-your-turn', message: `it is ${state.turn}'s turn` } };
    const dice = new PrngDice(state.rng);
    const face = dice.roll(d6, 'throw');
    return {
      ok: true,
      state: {
        ...state,
        rng: dice.state() as RngState,
        seq: state.seq + 1,
        scores: { ...state.scores, [side]: state.scores[side]! + face },
        turn: side === 'a' ? 'b' : 'a',
      },
      events: [{ type: 'thrown', side, face, visibleTo: 'all' }],
    };
  },
  result: () => undefined,
  viewFor: (s) => s,
  eventFor: (e) => e,
};

function play(seed: number): GameRecord<RaceCommand> {
  let state = race.setup(undefined, seed);
  const commands: { side: string; command: RaceCommand }[] = [];
  for (let side = race.decider(state); side !== undefined; side = race.decider(state)) {
    const applied = race.apply(state, side, { type: 'throw' });
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    commands.push({ side, command: { type: 'throw' } });
  }
  return { format: 'muster-game', version: 1, ruleSet: 'race', scenario: undefined, seed, commands };
}

describe('game records', () => {
  it('replay the same state and events, bit for bit, after a JSON round trip', () => {
    for (let seed = 0; seed < 20; seed++) {
      const record = JSON.parse(JSON.stringify(play(seed))) as GameRecord<RaceCommand>;
      const a = replay(race, record);
      const b = replay(race, record);
      expect(a.ok && b.ok).toBe(true);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });

  it('stop at a refused command and say which', () => {
    const record = play(3);
    const bad = {
      ...record,
      commands: [{ side: 'b', command: { type: 'throw' as const } }, ...record.commands],
    };
    expect(replay(race, bad)).toEqual({ ok: false, at: 0, message: "command 0 refused: it is a's turn" });
  });
});
