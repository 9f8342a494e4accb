import type { Applied, GameDefinition, GameEventBase, GameResult, GameStateBase, Viewer } from './game.ts';

/**
 * Resigning, for every rule set's games: the command `{ type: 'resign' }` may be given by any side of a
 * game not yet over, whether or not it is its decision, and ends the game at once. The other side wins
 * (with more than two sides, nobody: the result is a draw); the event `resigned` is seen by everyone, so
 * the other side and spectators see the game end and why. A player who leaves a network game resigns.
 *
 * `resignable` wraps a rule set's game definition (hosting.ts does it for the shells): its own commands,
 * dice and views are untouched, and resigning is never among `legalCommands` (the computer does not
 * resign, and seeded battles stay as they were). The state of a resigned game is the state it was in,
 * with `resigned` set to the side that resigned.
 */
export const RESIGN = { type: 'resign' } as const;

export interface ResignedEvent extends GameEventBase {
  readonly type: 'resigned';
  readonly side: string;
  /** How the battle ended, as every rule set's end-of-battle event announces it (verdict.ts). */
  readonly result: GameResult;
}

export function isResignation(command: unknown): boolean {
  return (
    typeof command === 'object' &&
    command !== null &&
    (command as { type?: unknown }).type === RESIGN.type &&
    Object.keys(command).length === 1
  );
}

/** The side that resigned the game in `state`, if one did. */
export function resignedSide(state: GameStateBase): string | undefined {
  const side = (state as { resigned?: unknown }).resigned;
  return typeof side === 'string' ? side : undefined;
}

/** Every command but a resignation, once a side has resigned. */
const AFTER_RESIGNATION = {
  ok: false,
  rejection: { code: 'game-over', message: 'the game is over: a side resigned' },
} as const;

export function resignable<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  game: GameDefinition<State, Command, Event, View>,
  sidesOf: (state: State) => readonly string[],
): GameDefinition<State, Command, Event, View> {
  const result = (state: State): GameResult | undefined => {
    const side = resignedSide(state);
    if (side === undefined) return game.result(state);
    const others = sidesOf(state).filter((s) => s !== side);
    return {
      ...(others.length === 1 ? { winner: others[0]! } : {}),
      reason: `${side} resigned`,
    };
  };
  return {
    ...game,
    decider: (state) => (resignedSide(state) === undefined ? game.decider(state) : undefined),
    legalCommands: (state, side) =>
      resignedSide(state) === undefined ? game.legalCommands(state, side) : [],
    result,
    apply(state, side, command): Applied<State, Event> {
      if (!isResignation(command))
        return resignedSide(state) !== undefined ? AFTER_RESIGNATION : game.apply(state, side, command);
      if (!sidesOf(state).includes(side))
        return {
          ok: false,
          rejection: { code: 'unknown-side', message: `${side} is not a side of this game` },
        };
      if (result(state) !== undefined)
        return { ok: false, rejection: { code: 'game-over', message: 'the game is already over' } };
      const resigned: State = { ...state, seq: state.seq + 1, resigned: side };
      const event: ResignedEvent = { type: 'resigned', side, result: result(resigned)!, visibleTo: 'all' };
      return { ok: true, state: resigned, events: [event as GameEventBase as Event] };
    },
    // A parsed command is one of the rule set's own, never a resignation.
    ...(game.parseCommand
      ? {
          parseCommand: (input: unknown): Command | undefined =>
            isResignation(input) ? undefined : game.parseCommand!(input),
        }
      : {}),
    ...(game.applyParsed
      ? {
          applyParsed: (state: State, side: string, command: Command): Applied<State, Event> =>
            resignedSide(state) !== undefined ? AFTER_RESIGNATION : game.applyParsed!(state, side, command),
        }
      : {}),
    eventFor: (event: Event, viewer: Viewer) =>
      event.type === 'resigned' ? event : game.eventFor(event, viewer),
  };
}
