import { Prng, seedRng } from '../../core/random/prng.ts';
import type { GameRecord } from '../engine/record.ts';
import type { JcCommand } from './commands.ts';
import type { JcEvent } from './events.ts';
import { type JohnCompanyGame, playStep } from './game.ts';
import type { JcGameState } from './state.ts';

/**
 * Seeded random play: each step picks uniformly among `legalCommands`. For tests, benchmarks and as
 * the simplest computer player; `onStep` sees every state (for invariants).
 */
export interface RandomGame {
  readonly record: GameRecord<JcCommand>;
  readonly state: JcGameState;
  readonly events: readonly JcEvent[];
}

export function playRandomGame(
  game: JohnCompanyGame,
  scenario: unknown,
  seed: number,
  options: {
    readonly maxCommands?: number;
    readonly onStep?: (state: JcGameState, events: readonly JcEvent[], index: number) => void;
  } = {},
): RandomGame {
  let state = game.setup(scenario, seed);
  const picker = new Prng(seedRng(seed ^ 0x5eed));
  const commands: { side: string; command: JcCommand }[] = [];
  const events: JcEvent[] = [];
  const max = options.maxCommands ?? 100_000;
  for (let i = 0; i < max; i++) {
    const step = playStep(game, state, (legal) => {
      if (legal.length === 0) throw new Error(`no legal command at ${JSON.stringify(state.node)}`);
      return legal[picker.int(legal.length)]!;
    });
    if (!step) break;
    if (!step.applied.ok)
      throw new Error(
        `a listed command was refused: ${JSON.stringify(step.command)}: ${step.applied.rejection.message}`,
      );
    state = step.applied.state;
    commands.push({ side: step.side, command: step.command });
    events.push(...step.applied.events);
    options.onStep?.(state, step.applied.events, i);
  }
  return {
    record: { format: 'muster-game', version: 1, ruleSet: game.ruleSet, scenario, seed, commands },
    state,
    events,
  };
}
