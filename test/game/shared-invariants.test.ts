import { describe, expect, it } from 'vitest';
import type { PlayableRuleSet } from '../../src/game/engine/battle.ts';
import { playCheckedBattle } from '../../src/game/engine/invariants.ts';
import {
  type HsCommand,
  type HsEvent,
  type HsState,
  type HsView,
  hideAndSeekPlayable,
} from './hide-and-seek.ts';

/**
 * The checks every rule set's battles keep (src/game/engine/invariants.ts) pass a sound game and fail
 * each way a game can go wrong: on the hide-and-seek game of the hosting tests, and copies of it with
 * one fault each.
 */
type Hs = PlayableRuleSet<HsState, HsCommand, HsEvent, HsView>;
const SCENARIO = { sides: [{ id: 'red' }, { id: 'blue' }], victory: { turnLimit: 6 } };

function problemsOf(playable: Hs): readonly string[] {
  const players = { red: playable.computer(1), blue: playable.computer(2) };
  return playCheckedBattle(playable, SCENARIO, 5, players).problems;
}

describe('the invariants every rule set keeps', () => {
  it('find nothing wrong with a sound game', () => {
    expect(problemsOf(hideAndSeekPlayable)).toEqual([]);
  });

  it('catch a view that shows what is hidden from its viewer', () => {
    const leaky: Hs = {
      ...hideAndSeekPlayable,
      game: {
        ...hideAndSeekPlayable.game,
        viewFor: (state, viewer) => {
          const view = hideAndSeekPlayable.game.viewFor(state, viewer);
          return state.hidden === undefined ? view : { ...view, hidden: state.hidden };
        },
      },
    };
    expect(problemsOf(leaky).some((p) => /blue's view changes with what is hidden from it/.test(p))).toBe(
      true,
    );
  });

  it('catch an offered command that apply refuses', () => {
    const offersTooMuch: Hs = {
      ...hideAndSeekPlayable,
      game: {
        ...hideAndSeekPlayable.game,
        legalCommands: (state, side) => [
          ...hideAndSeekPlayable.game.legalCommands(state, side),
          { type: 'seek', spot: 'middle' as 'left' },
        ],
      },
      computer: () => (_view, legal) => legal[0]!,
    };
    expect(problemsOf(offersTooMuch)).toContain(
      'at the start: red was offered {"type":"seek","spot":"middle"}, refused: expected a hide, got seek',
    );
  });

  it('catch a replay that does not reach the live state and events', () => {
    let calls = 0;
    const forgetful: Hs = {
      ...hideAndSeekPlayable,
      game: {
        ...hideAndSeekPlayable.game,
        // A game that counts its applies outside its state: a replay does not repeat the live game.
        apply: (state, side, command) => {
          const applied = hideAndSeekPlayable.game.apply(state, side, command);
          calls++;
          if (!applied.ok) return applied;
          const stamped = { ...applied.state, scores: { ...applied.state.scores, applies: calls } };
          return {
            ...applied,
            state: stamped,
            events: applied.events.map((e) => ({ ...e, reason: `${calls}` })),
          };
        },
      },
    };
    const problems = problemsOf(forgetful);
    expect(problems).toContain('the replay reached another state than the live game');
    expect(problems).toContain('the replay gave other events than the live game');
  });
});
