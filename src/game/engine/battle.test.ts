import { describe, expect, it } from 'vitest';
import { rngOf } from '../../core/random/prng.ts';
import { playBattle } from './battle.ts';
import type { Applied, GameDefinition, GameEventBase, GameStateBase } from './game.ts';

/** A count to 3 by one side: enough to see which of `apply` and `applyParsed` a battle calls. */
interface CountState extends GameStateBase {
  readonly count: number;
}
type CountCommand = { readonly type: 'count' };

function countingGame() {
  const calls = { apply: 0, applyParsed: 0 };
  const next = (state: CountState): Applied<CountState, GameEventBase> => ({
    ok: true,
    state: { ...state, seq: state.seq + 1, count: state.count + 1 },
    events: [],
  });
  const game: GameDefinition<CountState, CountCommand, GameEventBase, CountState> = {
    ruleSet: 'count',
    setup: () => ({
      format: { ruleSet: 'count', version: 1 },
      rng: rngOf(1),
      seq: 0,
      count: 0,
    }),
    decider: (s) => (s.count < 3 ? 'a' : undefined),
    legalCommands: () => [{ type: 'count' }],
    apply(state, _side, command) {
      calls.apply++;
      if ((command as { type?: unknown }).type !== 'count')
        return { ok: false, rejection: { code: 'invalid-command', message: 'expected {"type":"count"}' } };
      return next(state);
    },
    applyParsed(state) {
      calls.applyParsed++;
      return next(state);
    },
    result: () => undefined,
    viewFor: (s) => s,
    eventFor: (e) => e,
  };
  return { game, calls };
}

describe('playBattle', () => {
  it('applies a pick among the legal commands without parsing it again', () => {
    const { game, calls } = countingGame();
    const battle = playBattle(game, undefined, 1, { a: (_view, legal) => legal[0]! });
    expect(battle.state.count).toBe(3);
    expect(calls).toEqual({ apply: 0, applyParsed: 3 });
  });

  it('parses any other command, and throws when the game refuses it', () => {
    const { game, calls } = countingGame();
    const copy = playBattle(game, undefined, 1, { a: () => ({ type: 'count' }) });
    expect(copy.state.count).toBe(3);
    expect(calls).toEqual({ apply: 3, applyParsed: 0 });
    expect(() =>
      playBattle(game, undefined, 1, { a: () => ({ type: 'shout' }) as unknown as CountCommand }),
    ).toThrow(/refused.*expected \{"type":"count"\}/);
  });
});
