import type { Applied, GameDefinition, GameEventBase, GameStateBase } from './game.ts';

/**
 * A game is its scenario, its seed and its ordered commands: that record is the source of truth (saves,
 * replays, the server's log); states are a cache. Plain JSON.
 */
export interface GameRecord<Command> {
  readonly format: 'muster-game';
  readonly version: 1;
  readonly ruleSet: string;
  readonly scenario: unknown;
  readonly seed: number;
  readonly commands: readonly RecordedCommand<Command>[];
}

export interface RecordedCommand<Command> {
  readonly side: string;
  readonly command: Command;
}

export interface Replayed<State, Event> {
  readonly state: State;
  readonly events: readonly Event[];
}

/**
 * Replays a record from its scenario and seed. Bit-for-bit: the same record always gives the same state
 * and events. A command the game refuses means the record is corrupt: the replay stops there and says so.
 */
export function replay<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  game: GameDefinition<State, Command, Event, View>,
  record: GameRecord<Command>,
): { ok: true; replayed: Replayed<State, Event> } | { ok: false; at: number; message: string } {
  let state = game.setup(record.scenario, record.seed);
  const events: Event[] = [];
  for (let i = 0; i < record.commands.length; i++) {
    const { side, command } = record.commands[i]!;
    const applied: Applied<State, Event> = game.apply(state, side, command);
    if (!applied.ok)
      return { ok: false, at: i, message: `command ${i} refused: ${applied.rejection.message}` };
    state = applied.state;
    events.push(...applied.events);
  }
  return { ok: true, replayed: { state, events } };
}
