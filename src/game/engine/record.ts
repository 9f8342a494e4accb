import type { SeedMaterial } from '../../core/random/prng.ts';
import type { Applied, GameDefinition, GameEventBase, GameResult, GameStateBase } from './game.ts';

/**
 * A game is its scenario, its seed and its ordered commands: that record is the source of truth (saves,
 * replays, the server's log); states are a cache. Plain JSON.
 */
export interface GameRecord<Command> {
  readonly format: 'muster-game';
  readonly version: 1;
  readonly ruleSet: string;
  readonly scenario: unknown;
  /**
   * What its dice are seeded with: the owner's 32-bit seed, or, for a game with secret dice (`dice`), the
   * generator state derived from the server's secret and the seats' entropy.
   */
  readonly seed: SeedMaterial;
  /** A network game's secret dice, revealed at its end: how `seed` was made, for anyone to check. */
  readonly dice?: SecretDice;
  /** How the game ended, as the server judged it (a finished game with secret dice), to check a replay. */
  readonly result?: GameResult;
  readonly commands: readonly RecordedCommand<Command>[];
}

/**
 * The parts of a network game's secret dice (the scheme `muster-dice-v1`, src/protocol/fair-dice.ts
 * computes it; docs/web.md states it): plain data here, the game only ever sees the derived `seed`.
 */
export interface SecretDice {
  readonly scheme: 'muster-dice-v1';
  /** The commitment every seat was given at creation: SHA-256 of the domain and the secret, hex. */
  readonly commitment: string;
  /** The server's secret (32 bytes, hex): in a record only once the game is over. */
  readonly secret: string;
  /** The human seats whose entropy is mixed in, in the scenario's side order. */
  readonly contributors: readonly string[];
  /** Each contributor's entropy (32 bytes, hex), as its browser gave it when the seat was first opened. */
  readonly entropy: Readonly<Record<string, string>>;
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
 * A game with a command schema of its own (`parseCommand`, `applyParsed`) has every recorded command
 * parsed first, in one pass, and the parsed ones applied without parsing them again; a command its
 * schema refuses is given to `apply` as recorded, which refuses it as it would anyway (or, in a game
 * that takes more than its rule set's commands, a resignation say, applies it).
 */
export function replay<State extends GameStateBase, Command, Event extends GameEventBase, View>(
  game: GameDefinition<State, Command, Event, View>,
  record: GameRecord<Command>,
): { ok: true; replayed: Replayed<State, Event> } | { ok: false; at: number; message: string } {
  let state = game.setup(record.scenario, record.seed);
  const parsed = parsedCommands(game, record.commands);
  const events: Event[] = [];
  for (let i = 0; i < record.commands.length; i++) {
    const { side, command } = record.commands[i]!;
    const ready = parsed?.[i];
    const applied: Applied<State, Event> =
      ready !== undefined ? game.applyParsed!(state, side, ready) : game.apply(state, side, command);
    if (!applied.ok)
      return { ok: false, at: i, message: `command ${i} refused: ${applied.rejection.message}` };
    state = applied.state;
    events.push(...applied.events);
  }
  return { ok: true, replayed: { state, events } };
}

/**
 * Each recorded command as the game's schema parses it (undefined where it refuses it, or where the
 * entry is not an object: the replay meets that entry as it is), or undefined for a game that parses
 * only inside `apply`.
 */
function parsedCommands<Command>(
  game: Pick<GameDefinition<GameStateBase, Command, GameEventBase, unknown>, 'parseCommand' | 'applyParsed'>,
  commands: readonly RecordedCommand<Command>[],
): (Command | undefined)[] | undefined {
  const parse = game.parseCommand;
  if (parse === undefined || game.applyParsed === undefined) return undefined;
  const out: (Command | undefined)[] = [];
  for (const entry of commands)
    out.push(typeof entry === 'object' && entry !== null ? parse(entry.command) : undefined);
  return out;
}
