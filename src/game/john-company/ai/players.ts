import { Prng, seedRng } from '../../../core/random/prng.ts';
import {
  type Battle as GenericBattle,
  type BattleOptions as GenericBattleOptions,
  type Player as GenericPlayer,
  randomPlayer as genericRandomPlayer,
  playBattle as playGenericBattle,
} from '../../engine/battle.ts';
import type { JcCommand } from '../commands.ts';
import type { JcEvent } from '../events.ts';
import type { JohnCompanyGame } from '../game.ts';
import type { JcGameState } from '../state.ts';
import type { JcView } from '../view.ts';
import { decide } from './opponent.ts';

/**
 * John Company's players: the computer opponent, the random baseline, and battles between them (the
 * engine's generic runner, typed for John Company).
 */
export type Player = GenericPlayer<JcView, JcCommand>;

/** The computer opponent (opponent.ts); `seed` seeds the PRNG that breaks its ties. */
export function computerPlayer(seed: number): Player {
  const rng = new Prng(seedRng(seed));
  return (view, legal) => decide(view, legal, rng);
}

/** Picks uniformly among the legal commands, from a seeded PRNG: the baseline the computer must beat. */
export function randomPlayer(seed: number): Player {
  return genericRandomPlayer<JcView, JcCommand>(seed);
}

export type Battle = GenericBattle<JcGameState, JcCommand, JcEvent>;
export type BattleOptions = GenericBattleOptions<JcGameState, JcCommand, JcEvent>;

/** Plays a John Company battle: the engine's `playBattle` (src/game/engine/battle.ts). */
export function playBattle(
  game: JohnCompanyGame,
  scenario: unknown,
  seed: number,
  players: Readonly<Record<string, Player>>,
  options: BattleOptions = {},
): Battle {
  return playGenericBattle(game, scenario, seed, players, options);
}
