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

/** A race played live: its record, and the state and events the live game reached. */
function play(seed: number): { record: GameRecord<RaceCommand>; state: RaceState; events: RaceEvent[] } {
  let state = race.setup(undefined, seed);
  const commands: { side: string; command: RaceCommand }[] = [];
  const events: RaceEvent[] = [];
  for (let side = race.decider(state); side !== undefined; side = race.decider(state)) {
    const applied = race.apply(state, side, { type: 'throw' });
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    events.push(...applied.events);
    commands.push({ side, command: { type: 'throw' } });
  }
  const record = {
    format: 'muster-game',
    version: 1,
    ruleSet: 'race',
    scenario: undefined,
    seed,
    commands,
  } as const;
  return { record, state, events };
}

describe('game records', () => {
  it('replay to the state and events the live game reached, bit for bit, after a JSON round trip', () => {
    for (let seed = 0; seed < 20; seed++) {
      const live = play(seed);
      const record = JSON.parse(JSON.stringify(live.record)) as GameRecord<RaceCommand>;
      const again = replay(race, record);
      if (!again.ok) expect.fail(again.message);
      expect(JSON.stringify(again.replayed.state)).toBe(JSON.stringify(live.state));
      expect(JSON.stringify(again.replayed.events)).toBe(JSON.stringify(live.events));
      expect(live.events.length).toBeGreaterThan(1);
    }
  });

  it('replay to another state from another seed (the seed is in the record)', () => {
    const live = play(1);
    const again = replay(race, { ...live.record, seed: 2 });
    expect(again.ok && JSON.stringify(again.replayed.events)).not.toBe(JSON.stringify(live.events));
  });

  it('stop at a refused command and say which', () => {
    const { record } = play(3);
    const bad = {
      ...record,
      commands: [{ side: 'b', command: { type: 'throw' as const } }, ...record.commands],
    };
    expect(replay(race, bad)).toEqual({ ok: false, at: 0, message: "command 0 refused: it is a's turn" });
  });
});
