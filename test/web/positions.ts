import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameStateBase } from '../../src/game/engine/game.ts';
import type { GameRecord, RecordedCommand } from '../../src/game/engine/record.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import type { CreatedGame } from '../../src/protocol/api.ts';
import { REPO } from './fixtures.ts';

/**
 * Positions for the browser tests to start from: a battle of the training scenario played by the
 * computer on both sides up to the first position a test wants, and imported into the server under test,
 * so the page opens right there.
 */

/** A position found: the record that reaches it, its state, the deciding side and the command wanted. */
export interface Position<C> {
  readonly record: GameRecord<unknown>;
  readonly state: GameStateBase;
  readonly side: string;
  readonly command: C;
}

/**
 * The first position of a `ruleSet` battle of the training scenario, the computer playing both sides from
 * `seed` (its tie-breaking seeded by the command's index), where `wanted` picks one of the deciding side's
 * legal commands. Throws when the battle ends first.
 */
export function firstPosition<C>(
  ruleSet: string,
  seed: number,
  wanted: (state: GameStateBase, side: string, legal: readonly { readonly type: string }[]) => C | undefined,
): Position<C> {
  const playable = findPlayableRuleSet(ruleSet)!;
  const scenario = JSON.parse(
    readFileSync(join(REPO, 'scenarios', 'training-village-ford.json'), 'utf8'),
  ) as unknown;
  let state: GameStateBase = playable.game.setup(scenario, seed);
  const commands: RecordedCommand<unknown>[] = [];
  for (let step = 0; step < 3000; step++) {
    const side = playable.game.decider(state);
    if (side === undefined) break;
    const legal = playable.game.legalCommands(state, side) as readonly { readonly type: string }[];
    const command = wanted(state, side, legal);
    if (command !== undefined) {
      const record = { format: 'muster-game', version: 1, ruleSet, scenario, seed, commands } as const;
      return { record, state, side, command };
    }
    const given = playable.computer(step)(playable.game.viewFor(state, side), legal);
    const applied = playable.game.apply(state, side, given);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    commands.push({ side, command: given });
  }
  throw new Error(`no position wanted in a ${ruleSet} battle from seed ${seed}`);
}

/** Imports a record into the server at `serverUrl`: the new game, with a seat key for every side. */
export async function importGame(serverUrl: string, record: GameRecord<unknown>): Promise<CreatedGame> {
  const response = await fetch(new URL('/api/games/import', serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(record),
  });
  if (response.status !== 201)
    throw new Error(`import refused (${response.status}): ${await response.text()}`);
  return (await response.json()) as CreatedGame;
}
