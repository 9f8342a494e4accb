import type { ServerInfo } from '../protocol/api.ts';
import { SEAT_KEY_PATTERN } from '../protocol/seat-keys.ts';

/**
 * Invitations and seat choices, pure (no DOM: tested in Node). An invitation link carries seat keys to
 * another player's browser: `#/play/<game id>?seat=<side>:<key>`, the side URI-encoded, `seat` repeated
 * for several seats (seat-keys.ts keeps what it carries).
 */

/** Side id to key. */
export type SeatKeys = Readonly<Record<string, string>>;

/** An invitation's game and seats, read from a location hash; undefined when it carries no seat. */
export function parseInvitation(hash: string): { game: string; seats: SeatKeys } | undefined {
  const match = /^#?\/?play\/([^/?]+)\?(.*)$/.exec(hash);
  if (!match) return undefined;
  const seats: Record<string, string> = {};
  for (const value of new URLSearchParams(match[2]).getAll('seat')) {
    const at = value.lastIndexOf(':');
    if (at <= 0) continue;
    const key = value.slice(at + 1);
    if (SEAT_KEY_PATTERN.test(key)) seats[value.slice(0, at)] = key;
  }
  if (Object.keys(seats).length === 0) return undefined;
  let game: string;
  try {
    game = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return { game, seats };
}

/** The hash of an invitation to play `seats` of a game (usually one seat). */
export function invitationHash(game: string, seats: SeatKeys): string {
  const query = Object.entries(seats)
    .map(([side, key]) => `seat=${encodeURIComponent(side)}:${key}`)
    .join('&');
  return `#/play/${encodeURIComponent(game)}?${query}`;
}

/**
 * Who plays a side, as the new-game form asks it: a player on this screen, a player on another screen
 * (invited by a link), or the computer. The server knows only 'human' and 'computer': the difference
 * between the first two is which keys this browser keeps.
 */
export type SeatChoice = 'here' | 'remote' | 'computer';

/** The seats to ask the server for, and the sides whose keys go to another screen. */
export function seatRequest(choices: Readonly<Record<string, SeatChoice>>): {
  players: Record<string, 'human' | 'computer'>;
  remote: string[];
} {
  return {
    players: Object.fromEntries(
      Object.entries(choices).map(([side, c]) => [side, c === 'computer' ? 'computer' : 'human']),
    ),
    remote: Object.keys(choices).filter((side) => choices[side] === 'remote'),
  };
}

/** A new game's keys split: those this browser keeps to play, and those it sends (remote seats). */
export function splitKeys(seatKeys: SeatKeys, remote: readonly string[]): { kept: SeatKeys; sent: SeatKeys } {
  const entries = Object.entries(seatKeys);
  return {
    kept: Object.fromEntries(entries.filter(([side]) => !remote.includes(side))),
    sent: Object.fromEntries(entries.filter(([side]) => remote.includes(side))),
  };
}

/** An invitation hash for each seat of `sent` (one seat a link). */
export function invitationLinks(game: string, sent: SeatKeys): { side: string; hash: string }[] {
  return Object.entries(sent).map(([side, key]) => ({ side, hash: invitationHash(game, { [side]: key }) }));
}

/** The command that starts the server for the network. */
export const NETWORK_START = 'npm start -- --host 0.0.0.0';

/**
 * What to say beside invitation links about opening them on another machine, or undefined when they
 * open there as they are: the server listens on this machine only (`localOnly`), or the page (and so
 * the links) names this machine by a name only it knows (localhost) while the server is on the network.
 */
export function reachNote(server: ServerInfo, page: { hostname: string; port: string }): string | undefined {
  if (server.localOnly)
    return `This server listens on this computer only (${server.host}): these links open on no other machine. To invite a player on another one, stop the server, start it with "${NETWORK_START}", open Muster at the network address it prints and invite from there.`;
  const local = /^(localhost|127\.[\d.]+|\[::1\])$/.test(page.hostname);
  if (!local) return undefined;
  const port = page.port ? `:${page.port}` : '';
  const addresses = server.networkAddresses.map((a) => `http://${a}${port}/`);
  const where = addresses.length > 0 ? `at ${addresses.join(' or ')}` : 'at its network address';
  return `These links name ${page.hostname}, which is this computer only. For a player on another machine, open Muster ${where} and invite from there.`;
}
