import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playBattle, randomPlayer } from '../../src/game/engine/battle.ts';
import type { GameDefinition, GameEventBase, GameStateBase } from '../../src/game/engine/game.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';
import { type HsState, hideAndSeekGame } from './hide-and-seek.ts';

/**
 * `apply` never changes the state it is given (every rule set's working copy copies a record before
 * changing it): each state is frozen, to its last nested object, before it is applied, so a change
 * to it throws. Random v random on the training battle, to the end, for every rule set.
 */
const SCENARIO = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../scenarios/training-village-ford.json'), 'utf8'),
) as { sides: { id: string }[] };

function freezeDeep(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) freezeDeep(v);
}

/** The game, its `apply` given only frozen states. */
function onFrozenStates<S extends GameStateBase, C, E extends GameEventBase, V>(
  game: GameDefinition<S, C, E, V>,
): GameDefinition<S, C, E, V> {
  return {
    ...game,
    apply: (state, side, command) => {
      freezeDeep(state);
      return game.apply(state, side, command);
    },
  };
}

function playFrozen<S extends GameStateBase, C, E extends GameEventBase, V>(
  game: GameDefinition<S, C, E, V>,
  scenario: unknown,
): S {
  const [a, b] = SCENARIO.sides.map((s) => s.id) as [string, string];
  return playBattle(onFrozenStates(game), scenario, 1, {
    [a]: randomPlayer<V, C>(1001),
    [b]: randomPlayer<V, C>(2001),
  }).state;
}

describe('apply never changes the state it is given', () => {
  it('a game that changes its state in place is caught', () => {
    const inPlace: GameDefinition<
      HsState,
      Parameters<typeof hideAndSeekGame.apply>[2],
      GameEventBase,
      unknown
    > = {
      ...hideAndSeekGame,
      apply: (state, side, command) => {
        const applied = hideAndSeekGame.apply(state, side, command);
        if (applied.ok) (state.scores as Record<string, number>)[side] = 0;
        return applied;
      },
    };
    const scenario = { sides: SCENARIO.sides, victory: { turnLimit: 4 } };
    expect(() => playFrozen(inPlace, scenario)).toThrow(/read only|read-only|frozen|Cannot assign/);
  });

  for (const ruleSet of PLAYABLE_RULE_SETS)
    it(`${ruleSet.id}: a whole training battle, every state frozen before each command`, () => {
      const game = ruleSet.simulationGame ?? ruleSet.game;
      expect(game.result(playFrozen(game, SCENARIO))).toBeDefined();
    });
});
