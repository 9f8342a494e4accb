import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Draft } from '../../src/game/john-company/draft.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import { checkMove, checkMoveToCommit, tryMove } from '../../src/game/john-company/options.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';
import { playRandomGame } from '../../src/game/john-company/testing.ts';

/**
 * A move tried out is judged once per move context (options.ts `tryMove`): the verdict kept for a move
 * is the verdict of judging it afresh, with copies of the game's dice for a try and with the game's
 * dice for committing it (`checkMoveToCommit`). Random play on Assaye, at every unit's activation, for
 * every move `legalCommands` offers.
 */
const game = makeJohnCompanyGame({ traces: false });
const ASSAYE = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../scenarios/assaye-1803.json'), 'utf8'),
) as unknown;

function checkMovesOf(state: JcGameState): number {
  const node = state.node;
  if (node.phase !== 'activation' || node.activation.kind !== 'unit') return 0;
  const a = node.activation;
  const side = game.decider(state);
  if (side === undefined) return 0;
  let checked = 0;
  for (const command of game.legalCommands(state, side)) {
    if (command.type !== 'move') continue;
    const tried = tryMove(new Draft(state, { traces: false }), a, command.manoeuvres);
    const fresh = new Draft(state, { traces: false });
    expect(tried).toEqual(checkMove(fresh, a, command.manoeuvres, fresh.scratchDice()));
    const committing = new Draft(state, { traces: false });
    const committed = checkMoveToCommit(committing, a, command.manoeuvres);
    const judged = new Draft(state, { traces: false });
    expect(committed).toEqual(checkMove(judged, a, command.manoeuvres, judged.dice));
    expect(committing.rngState()).toEqual(judged.rngState());
    checked++;
  }
  return checked;
}

describe('moves tried out', () => {
  it('get the verdict of a fresh judgement, tried and committed', () => {
    let checked = 0;
    for (const seed of [3, 4])
      playRandomGame(game, ASSAYE, seed, {
        maxCommands: 300,
        onStep: (state) => {
          checked += checkMovesOf(state);
        },
      });
    expect(checked).toBeGreaterThan(20);
  });
});
