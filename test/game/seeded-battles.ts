import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computerPlayer, playBattle, randomPlayer } from '../../src/game/john-company/ai/players.ts';
import { makeJohnCompanyGame } from '../../src/game/john-company/game.ts';
import type { JcGameState } from '../../src/game/john-company/state.ts';

/**
 * The seeded John Company battles the property tests of carried state play (jc-carried-*.test.ts,
 * jc-spatial-index.test.ts): every shipped scenario, its first side the computer, its second the
 * computer of the next seed or the random player, cut after a number of commands, with a check after
 * every command.
 */

const SCENARIOS = join(import.meta.dirname, '../../scenarios');

/** The id of every shipped scenario (scenarios/*.json). */
export const SCENARIO_IDS: readonly string[] = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/** The game the battles are played with (no traces). */
export const game = makeJohnCompanyGame({ traces: false });

/** Seed 1 with the computer on both sides, seed 2 with the random player second. */
export const SEEDS_AND_OPPONENTS = [
  [1, false],
  [2, true],
] as const;

/** A test's title for a battle: the scenario, the seed and who the computer plays. */
export function battleTitle(scenarioId: string, seed: number, random: boolean): string {
  return `${scenarioId}, seed ${seed}, the computer against ${random ? 'the random player' : 'itself'}`;
}

/**
 * Plays scenario `scenarioId` from `seed` (the second side the random player when `random`), at most
 * `maxCommands` commands, calling `onStep` with the state after every command, its index and the
 * scenario's sides in order.
 */
export function playSeededBattle(
  scenarioId: string,
  seed: number,
  random: boolean,
  maxCommands: number,
  onStep: (state: JcGameState, index: number, sides: readonly [string, string]) => void,
): void {
  const scenario = JSON.parse(readFileSync(join(SCENARIOS, `${scenarioId}.json`), 'utf8'));
  const sides = (scenario.sides as { id: string }[]).map((s) => s.id) as [string, string];
  const [a, b] = sides;
  playBattle(
    game,
    scenario,
    seed,
    { [a]: computerPlayer(seed), [b]: random ? randomPlayer(seed) : computerPlayer(seed + 1) },
    { maxCommands, onStep: ({ index }, state) => onStep(state, index, sides) },
  );
}
