import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { blindViewProblems, refusedOffers, replayProblems } from '../../src/game/engine/invariants.ts';
import { type Battle, type Player, playBattle } from '../../src/game/john-company/ai/players.ts';
import type { JcEvent } from '../../src/game/john-company/events.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import { logProblems, stateProblems, viewProblems } from '../../src/game/john-company/invariants.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { scrambleHidden } from '../../src/game/john-company/view.ts';

/**
 * John Company's invariants (src/game/john-company/invariants.ts) as assertions, and battles checked by
 * them. Shared by the whole-game tests; each check names what broke.
 */

export const game = makeJohnCompanyGame({ traces: false });

const SCENARIOS = join(import.meta.dirname, '../../scenarios');

/** A scenario of scenarios/ as JSON, optionally with a shorter turn limit. */
export function scenarioJson(id: string, turnLimit?: number): unknown {
  const s = JSON.parse(readFileSync(join(SCENARIOS, `${id}.json`), 'utf8')) as {
    victory: Record<string, unknown>;
  };
  return turnLimit === undefined ? s : { ...s, victory: { ...s.victory, turnLimit } };
}

/** `stateProblems`, asserted. */
export function checkState(state: JcGameState): void {
  expect(stateProblems(state)).toEqual([]);
}

/** `viewProblems`, asserted. */
export function checkView(state: JcGameState, viewer: string): void {
  expect(viewProblems(state, viewer)).toEqual([]);
}

/**
 * The view does not change when what it hides changes (`scrambleHidden`: enemy face-down counters,
 * forced orders and orders drawn, the order of both decks, the PRNG state).
 */
export function checkViewBlind(state: JcGameState, viewer: string): void {
  expect(blindViewProblems(game, state, viewer, scrambleHidden(state, viewer))).toEqual([]);
}

/** `logProblems` of one command's events, asserted. */
export function checkLog(state: JcGameState, events: readonly JcEvent[], viewer: string): void {
  expect(logProblems(state, events, viewer)).toEqual([]);
}

/**
 * Plays a battle with every check after every command (the blind-view check, and that every offered
 * command is accepted, every `blindEvery` commands: they are slower), then checks that its record,
 * after a JSON round trip, replays to the same state and events.
 */
export function playChecked(
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player>>,
  options: { readonly blindEvery?: number } = {},
): Battle {
  const sides = Object.keys(players);
  const blindEvery = options.blindEvery ?? 10;
  const battle = playBattle(game, scenario, seed, players, {
    onStep: ({ index }, state, events) => {
      checkState(state);
      for (const side of sides) {
        checkView(state, side);
        checkLog(state, events, side);
        if (index % blindEvery === 0) checkViewBlind(state, side);
      }
      if (index % blindEvery === 0) expect(refusedOffers(game, state)).toEqual([]);
      const narrowed = events.filter((e) => game.eventFor(e, 'spectator') && e.visibleTo !== 'all');
      expect(narrowed, 'a spectator sees only public events').toEqual([]);
    },
  });
  expect(replayProblems(game, battle)).toEqual([]);
  return battle;
}
