import type { GameEventBase, GameStateBase } from '../game/engine/game.ts';
import type { GameRecord, RecordedCommand } from '../game/engine/record.ts';
import { mayTakeBack } from '../game/engine/undo.ts';
import type { PlayPicture, SeatKind } from '../protocol/api.ts';
import { computerSeedOf, diceDigestOf } from '../protocol/fair-dice.ts';
import type { AnyPlayRules } from './play-rules.ts';
import type { GameStatus } from './store.ts';

/**
 * A game as the referee holds it in memory (`InPlay`): its rules, latest state, log and snapshots; one
 * command applied to it (`step`), a record replayed into it (`replayed`), its status, what may be taken
 * back, and the computer's tie-break seeds. Pure functions of the game; the referee keeps the games.
 */

/**
 * Why the game refused what was asked: 422 ('not-your-turn', 'illegal-command'), 409 ('unplayable') or
 * 403 ('forbidden': the request lacks the seat key it needs).
 */
export class PlayError extends Error {
  override readonly name = 'PlayError';
  constructor(
    readonly kind: 'not-your-turn' | 'illegal-command' | 'unplayable' | 'forbidden',
    message: string,
    /** The engine's rejection code, for 'illegal-command'. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A snapshot of the state every this many commands, for the scrubber. */
export const SNAPSHOT_EVERY = 64;

/** One command of the log as the referee keeps it: who gave it, in which turn, what it caused. */
export interface Logged {
  readonly side: string;
  readonly command: unknown;
  readonly turn: number;
  readonly events: readonly GameEventBase[];
  /** The sides that may read the command itself ('all': spectators too). */
  readonly seenBy: 'all' | readonly string[];
  /** It threw no dice and showed nothing hidden: its side may take it back (engine/undo.ts). */
  readonly reversible: boolean;
}

/** A game in play: its rules, the latest state, its log and snapshots. Mutated only by `admit`. */
export interface InPlay {
  readonly rules: AnyPlayRules;
  readonly record: Omit<GameRecord<unknown>, 'commands'>;
  /** Who plays each side (fixed when the game is made). */
  readonly players: Readonly<Record<string, SeatKind>>;
  readonly log: Logged[];
  /** snapshots[k]: the state after k × SNAPSHOT_EVERY commands. */
  readonly snapshots: GameStateBase[];
  state: GameStateBase;
  /**
   * The latest picture built for each viewer, at the end of the log: the base of the viewer's next change,
   * unless the log has moved on (a picture is only taken as the base at its own `total`). Cleared by undo,
   * after which a position may be reached again by another command.
   */
  readonly pictures: Map<string, PlayPicture>;
}

/**
 * The seed of the computer's tie-breaking PRNG for the command at `index` of a game: derived from the
 * game's seed, so a game with computer seats is reproducible from its record.
 */
export function computerSeed(gameSeed: number, index: number): number {
  return (gameSeed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
}

/**
 * Whether `side` may take back the last command (engine/undo.ts); never once a game with secret dice is
 * over, its secret revealed.
 */
export function mayUndo(p: InPlay, side: string): boolean {
  if (p.record.dice && p.rules.game.result(p.state)) return false;
  return mayTakeBack(p.log, side);
}

/**
 * The computer's tie-break seed for the command at `index`: from the public seed (`computerSeed`), or
 * for secret dice from their digest (fair-dice.ts), as secret as the dice.
 */
export function computerSeedFor(record: Omit<GameRecord<unknown>, 'commands'>, index: number): number {
  return record.dice
    ? computerSeedOf(diceDigestOf(record.dice), index)
    : computerSeed(record.seed as number, index);
}

/** Why `side` may not take back the last command now. */
export function nothingToTakeBack(p: InPlay, side: string): string {
  const last = p.log[p.log.length - 1];
  if (!p.rules.reversible) return `${p.rules.title} commands cannot be taken back`;
  if (p.record.dice && p.rules.game.result(p.state))
    return 'the game is over and its secret dice are revealed: nothing can be taken back';
  if (!last) return 'nothing has been done yet';
  if (last.side !== side) return `the last command was ${last.side}'s: only its side may take it back`;
  return 'the last command threw dice or showed something hidden: it cannot be taken back';
}

export function sidesOf(p: InPlay): string[] {
  return (p.record.scenario as { sides: { id: string }[] }).sides.map((s) => s.id);
}

/**
 * The game's status for its summary: data, as the record states it (`muster verify` compares the result
 * with the replay's); the picture tells how it ended in the scenario's words.
 */
export function statusOf(rules: AnyPlayRules, state: GameStateBase): GameStatus {
  const decider = rules.game.decider(state);
  const result = rules.game.result(state);
  return {
    turn: rules.turnOf(state),
    ...(decider !== undefined ? { decider } : {}),
    ...(result ? { result } : {}),
  };
}

/**
 * Applies one command to a game in play (without keeping it): the new state and the command logged.
 * `parsed`: the rule set's command schema has parsed it already (the boundary, `commandOf`), so the game
 * need not parse it again (`applyParsed`); any other command (replayed, the computer's) the game parses.
 */
export function step(
  p: Pick<InPlay, 'rules' | 'state'>,
  entry: RecordedCommand<unknown>,
  parsed = false,
): { state: GameStateBase; logged: Logged } {
  const turn = p.rules.turnOf(p.state);
  const game = p.rules.game;
  const applied =
    parsed && game.applyParsed
      ? game.applyParsed(p.state, entry.side, entry.command)
      : game.apply(p.state, entry.side, entry.command);
  if (!applied.ok) {
    const { code, message } = applied.rejection;
    throw new PlayError(code === 'not-your-turn' ? 'not-your-turn' : 'illegal-command', message, code);
  }
  return {
    state: applied.state,
    logged: {
      side: entry.side,
      command: entry.command,
      turn,
      events: applied.events,
      seenBy: p.rules.commandSeenBy(applied.state, entry.side, entry.command),
      // Only a command that left the generator as it was: taking it back can never throw a die again.
      reversible:
        sameRng(p.state, applied.state) &&
        (p.rules.reversible?.(p.state, applied.state, applied.events) ?? false),
    },
  };
}

function sameRng(before: GameStateBase, after: GameStateBase): boolean {
  const [a, b] = [before.rng.words, after.rng.words];
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** A game's record replayed into memory, or the first command the game refuses. */
export function replayed(
  rules: AnyPlayRules,
  record: GameRecord<unknown>,
  players: Readonly<Record<string, SeatKind>>,
): InPlay | { refused: { at: number; error: PlayError } } {
  const { commands, ...rest } = record;
  const start = rules.game.setup(record.scenario, record.seed);
  const p: InPlay = {
    rules,
    record: rest,
    players,
    log: [],
    snapshots: [start],
    state: start,
    pictures: new Map(),
  };
  for (let i = 0; i < commands.length; i++) {
    let next: ReturnType<typeof step>;
    try {
      next = step(p, commands[i]!);
    } catch (error) {
      if (error instanceof PlayError) return { refused: { at: i, error } };
      throw error;
    }
    p.log.push(next.logged);
    p.state = next.state;
    if (p.log.length % SNAPSHOT_EVERY === 0) p.snapshots.push(next.state);
  }
  return p;
}
