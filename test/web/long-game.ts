import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameStateBase } from '../../src/game/engine/game.ts';
import type { GameRecord, RecordedCommand } from '../../src/game/engine/record.ts';
import { findPlayableRuleSet } from '../../src/game/registry.ts';
import { computerSeed } from '../../src/server/in-play.ts';
import { REPO } from './fixtures.ts';

/**
 * A long John Company battle at Assaye for the answer-size test and the server bench: the computer's
 * choices on both sides (its ties broken as the server's computer seats break them), drawn out by
 * hesitant commanders who, at their order decisions, put a counter down and take it back again, up to five
 * such commands for each real one. Assaye ends within about 400 commands when the computer plays it
 * straight; drawn out, it is still being fought after 1,000 (seed 1), every event of a real battle in its
 * log.
 */

export const LONG_GAME_SEED = 1;
export const LONG_GAME_SCENARIO = 'assaye-1803';

/** A John Company command, as the API takes it. */
export interface LongBattleCommand {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** Chooses each next command of the long battle from what the deciding side sees: its view and legal commands. */
export class LongBattle {
  private readonly computer = findPlayableRuleSet('john-company')!.computer;
  private natural = 0;
  private fillers = 0;
  private placed: { readonly unit: string } | undefined;

  /** The command the side deciding at `index` gives, seeing `view` with `legal` commands. */
  next(index: number, view: unknown, legal: readonly unknown[]): LongBattleCommand {
    if (this.placed) {
      const { unit } = this.placed;
      this.placed = undefined;
      this.fillers++;
      return { type: 'remove-order', unit };
    }
    const place = (legal as { type: string; unit?: string }[]).find((c) => c.type === 'place-order');
    if (place?.unit !== undefined && this.fillers < 5 * this.natural) {
      this.placed = { unit: place.unit };
      this.fillers++;
      return { type: 'place-order', unit: place.unit, order: 'blank' };
    }
    this.natural++;
    return this.computer(computerSeed(LONG_GAME_SEED, index))(
      view as never,
      legal as never,
    ) as LongBattleCommand;
  }
}

/**
 * The long battle's first `length` commands as a record, played through the engine alone; with
 * `untilOrders`, carried on to where a side next puts a counter down (so that more may be put down).
 */
export function longGameRecord(length: number, untilOrders = false): GameRecord<unknown> {
  const playable = findPlayableRuleSet('john-company')!;
  const scenario = JSON.parse(
    readFileSync(join(REPO, 'scenarios', `${LONG_GAME_SCENARIO}.json`), 'utf8'),
  ) as unknown;
  let state: GameStateBase = playable.game.setup(scenario, LONG_GAME_SEED);
  const battle = new LongBattle();
  const commands: RecordedCommand<unknown>[] = [];
  for (;;) {
    const side = playable.game.decider(state);
    if (side === undefined) throw new Error(`the long battle ended after ${commands.length} commands`);
    const legal = playable.game.legalCommands(state, side);
    const command = battle.next(commands.length, playable.game.viewFor(state, side), legal);
    if (commands.length >= length && (!untilOrders || command.type === 'place-order')) break;
    const applied = playable.game.apply(state, side, command);
    if (!applied.ok) throw new Error(applied.rejection.message);
    state = applied.state;
    commands.push({ side, command });
  }
  return {
    format: 'muster-game',
    version: 1,
    ruleSet: 'john-company',
    scenario,
    seed: LONG_GAME_SEED,
    commands,
  };
}
