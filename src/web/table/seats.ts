import type { GameSummary, SeatKind } from '../../protocol/api.ts';
import { type SideNames, sideName } from './words.ts';

/**
 * Who sits at this screen, from a game's seats and the seat keys this browser holds (src/web/seat-keys.ts):
 *
 * - **hot seat**: it holds the key of every human seat, two or more: one screen passed between players;
 * - **against the computer**: the game's one human seat is played here, the computer plays the rest;
 * - **over the network**: it holds some human seats' keys, not all: the others play on other screens,
 *   and the page waits (listening for their commands) while they decide;
 * - **spectating**: it holds no key of a game with human seats: the spectator's view, read-only;
 * - **watching**: computer against computer (the spectator's view, with Play and Pause).
 *
 * A game saved before seat keys (`open`) is played here at every human seat, as it was. Pure: the table
 * pages decide from this whose view to ask for, when to hand the screen over and when to wait.
 */
export type SeatMode = 'hot-seat' | 'against-computer' | 'network' | 'spectating' | 'watching';

/** The game's seats and the human sides this screen plays. */
export interface Seating {
  readonly players: Readonly<Record<string, SeatKind>>;
  readonly here: readonly string[];
}

export function humanSides(players: Readonly<Record<string, SeatKind>>): string[] {
  return Object.entries(players)
    .filter(([, seat]) => seat === 'human')
    .map(([side]) => side);
}

/**
 * The human sides a page plays, from the keys it holds: those whose key it has (every human side of a
 * game saved before keys).
 */
export function sidesPlayedHere(
  game: Pick<GameSummary, 'players' | 'open'>,
  keys: Readonly<Record<string, string>>,
): string[] {
  const humans = humanSides(game.players);
  return game.open ? humans : humans.filter((side) => keys[side] !== undefined);
}

/** The seating of a game at a page holding `keys`. */
export function seatingOf(
  game: Pick<GameSummary, 'players' | 'open'>,
  keys: Readonly<Record<string, string>>,
): Seating {
  return { players: game.players, here: sidesPlayedHere(game, keys) };
}

/** The human sides played here (only human seats count). */
function here(seating: Seating): string[] {
  return seating.here.filter((side) => seating.players[side] === 'human');
}

export function seatMode(seating: Seating): SeatMode {
  const humans = humanSides(seating.players);
  if (humans.length === 0) return 'watching';
  const mine = here(seating);
  if (mine.length === 0) return 'spectating';
  if (mine.length < humans.length) return 'network';
  return humans.length === 1 ? 'against-computer' : 'hot-seat';
}

/**
 * Whose view the screen shows when `decider` must decide, given the view shown now (undefined: none
 * yet). A page playing one side always shows that side's; a page playing none, the spectator's. Playing
 * several (hot seat), the deciding side when it is one of them; otherwise (the battle is over, or a
 * side elsewhere decides) the side shown last, else the spectator's.
 */
export function viewerFor(
  seating: Seating,
  decider: string | undefined,
  current: string | undefined,
): string {
  const mine = here(seating);
  if (mine.length === 0) return 'spectator';
  if (mine.length === 1) return mine[0]!;
  if (decider !== undefined && mine.includes(decider)) return decider;
  return current ?? 'spectator';
}

/**
 * With several sides at one screen (hot seat), the screen must be handed over (the table hidden until
 * the next player says they have it) whenever the view it should show is another side's than the one
 * shown: neither player sees the other's counters. Never when the page plays one side or none.
 */
export function needsHandOver(
  seating: Seating,
  decider: string | undefined,
  current: string | undefined,
): boolean {
  if (here(seating).length < 2) return false;
  return viewerFor(seating, decider, current) !== current;
}

/**
 * Whether the page waits for another screen (and listens for the game's changes): a human side played elsewhere
 * decides, or, for a page playing no side of a game with human seats, anybody decides. Never when the
 * computer plays itself (the page drives it) or once the battle is over.
 */
export function waitsForOthers(seating: Seating, decider: string | undefined): boolean {
  if (decider === undefined) return false;
  const mode = seatMode(seating);
  if (mode === 'watching') return false;
  if (mode === 'spectating') return true;
  return seating.players[decider] === 'human' && !here(seating).includes(decider);
}

/** How the page's players sit, in a few words for the page's header. */
export function seatWords(seating: Seating, sides: SideNames): string {
  const mine = here(seating).map((side) => sideName(sides, side));
  const others = humanSides(seating.players)
    .filter((side) => !seating.here.includes(side))
    .map((side) => sideName(sides, side));
  switch (seatMode(seating)) {
    case 'hot-seat':
      return 'hot seat: two players at one screen';
    case 'against-computer':
      return `you play ${mine[0]} against the computer`;
    case 'network':
      return `you play ${mine.join(' and ')}; ${others.join(' and ')} on another screen`;
    case 'spectating':
      return 'you are watching: this browser holds no seat of this game';
    case 'watching':
      return 'computer against computer';
  }
}
