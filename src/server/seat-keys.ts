import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SeatKind } from '../protocol/api.ts';
import { SEAT_KEY_HEADER } from '../protocol/seat-keys.ts';
import { joinWords } from '../protocol/text.ts';

/**
 * Seat keys on the server. A key is 128 random bits (base64url, 22 characters), made for each human
 * seat when a game is created or imported and given only in that answer; the store keeps its SHA-256
 * (the "lock"), never the key. `SeatAccess` says what the keys a request carries open in one game:
 *
 * - a human seat's view, hidden information and commands: that seat's key;
 * - a computer seat's: the keys of every human seat (whoever holds them all owns the game; a game with no
 *   human seat is open, there is nobody to keep a secret from);
 * - the spectator's view and everything public: no key;
 * - the full record (`GET /api/games/:id`, the export: every side's hidden orders): every human seat's
 *   key, or, once the game is over, any one of them;
 * - deleting the game: every human seat's key (a game shared with another player is not one player's
 *   to delete; a player who wants out resigns, engine/resign.ts, which the other side sees);
 * - a game saved before keys existed (no locks): everything, as before.
 */

/** A new seat key: 128 bits from the system's cryptographic random source, base64url. */
export function newSeatKey(): string {
  return randomBytes(16).toString('base64url');
}

/** What the store keeps of a key: its SHA-256, base64url. */
export function lockOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** Whether one of `locks` (already hashed) is `lock`, compared in constant time. */
function opens(lock: string, locks: readonly string[]): boolean {
  const wanted = Buffer.from(lock, 'base64url');
  let found = false;
  for (const given of locks) {
    const buffer = Buffer.from(given, 'base64url');
    if (buffer.length === wanted.length && timingSafeEqual(buffer, wanted)) found = true;
  }
  return found;
}

/** What the seat keys of one request open in one game. */
export class SeatAccess {
  private readonly given: readonly string[];

  constructor(
    private readonly players: Readonly<Record<string, SeatKind>>,
    /** The game's locks by side; undefined for a game saved before keys (everything open). */
    private readonly locks: Readonly<Record<string, string>> | undefined,
    keys: readonly string[],
  ) {
    this.given = keys.map(lockOf);
  }

  /** The human seats whose key the request carries. */
  held(): string[] {
    return this.humans().filter((side) => this.holds(side));
  }

  /** Whether the request may see `viewer`'s picture (a side or 'spectator') and act for it. */
  mayPlay(viewer: string): boolean {
    if (this.locks === undefined || viewer === 'spectator') return true;
    if (this.players[viewer] === 'human') return this.holds(viewer);
    return this.humans().every((side) => this.holds(side));
  }

  /** Why `mayPlay(viewer)` is false: what was expected and what the request carried. */
  playRefusal(viewer: string): string {
    const wanted =
      this.players[viewer] === 'human'
        ? `${viewer}'s seat key`
        : `the seat keys of every human seat (${this.humanWords()}): ${viewer} is the computer's seat`;
    return `${viewer}'s view and commands are its player's only: expected ${wanted} in the ${SEAT_KEY_HEADER} header (the game's creation answer gave it), got ${this.givenWords()}`;
  }

  /** Whether the request may read the full record (every side's hidden orders, the seed). */
  mayReadRecord(over: boolean): boolean {
    if (this.locks === undefined) return true;
    const humans = this.humans();
    return humans.every((side) => this.holds(side)) || (over && humans.some((side) => this.holds(side)));
  }

  recordRefusal(): string {
    return `the full record holds every side's hidden orders: expected the seat keys of every human seat (${this.humanWords()}) in the ${SEAT_KEY_HEADER} header, or, once the game is over, any one of them; got ${this.givenWords()}`;
  }

  /** Whether the request may delete the game: whoever holds every human seat (none: anyone). */
  mayDelete(): boolean {
    if (this.locks === undefined) return true;
    return this.humans().every((side) => this.holds(side));
  }

  deleteRefusal(): string {
    const humans = this.humans();
    const shared =
      humans.length > 1
        ? `; the game is shared, so one player may not delete it for the others: a player who wants out resigns (POST /api/games/:id/commands with the command { "type": "resign" }), which ends the game for both sides`
        : '';
    return `only the game's players together may delete it: expected the seat keys of every human seat (${this.humanWords()}) in the ${SEAT_KEY_HEADER} header, got ${this.givenWords()}${shared}`;
  }

  private holds(side: string): boolean {
    const lock = this.locks?.[side];
    return lock !== undefined && opens(lock, this.given);
  }

  private humans(): string[] {
    return Object.keys(this.players).filter((side) => this.players[side] === 'human');
  }

  private humanWords(last = 'and'): string {
    return joinWords(this.humans(), last);
  }

  private givenWords(): string {
    const n = this.given.length;
    if (n === 0) return 'no key';
    const opened = this.held();
    return `${n === 1 ? 'a key' : `${n} keys`} opening ${opened.length === 0 ? 'no seat of this game' : joinWords(opened, 'and')}`;
  }
}
