import { parseInvitation, type SeatKeys } from './invitation.ts';

/**
 * The seat keys this browser holds (src/protocol/seat-keys.ts): the server gives a game's keys once,
 * when the game is created or imported; the browser keeps the keys of the seats played on this screen
 * in localStorage (`muster.seat-keys.<game id>`: side id to key) and sends them with every request
 * about the game (api.ts). An invitation link (invitation.ts: pure, tested in Node) carries a remote
 * seat's key to the other player's browser, which keeps it and removes it from the address bar.
 */

const STORAGE_PREFIX = 'muster.seat-keys.';
/**
 * The invitations this browser made for a game's seats on other screens (`muster.invitations.<game
 * id>`): kept apart from the seats played here, so that the page can show a lost link again (the
 * Battles page's Invite) without playing those seats; forgotten when the player says so.
 */
const INVITATIONS_PREFIX = 'muster.invitations.';

function readKeys(item: string): SeatKeys {
  try {
    const text = window.localStorage.getItem(item);
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function addKeys(item: string, keys: SeatKeys): void {
  if (Object.keys(keys).length === 0) return;
  try {
    window.localStorage.setItem(item, JSON.stringify({ ...readKeys(item), ...keys }));
  } catch {
    // Storage full or refused: the page goes on without them.
  }
}

function removeKeys(item: string): void {
  try {
    window.localStorage.removeItem(item);
  } catch {
    // Nothing to forget.
  }
}

/** The keys this browser holds for a game (none: {}). */
export function heldKeys(game: string): SeatKeys {
  return readKeys(STORAGE_PREFIX + game);
}

/** Keeps keys for a game, beside those already held (refused storage: the page plays as a spectator). */
export function keepKeys(game: string, keys: SeatKeys): void {
  addKeys(STORAGE_PREFIX + game, keys);
}

/** Forgets a game's keys and invitations (the game was deleted). */
export function forgetKeys(game: string): void {
  removeKeys(STORAGE_PREFIX + game);
  forgetInvitations(game);
}

/** The seats of a game this browser invited players on other screens to, with their keys (none: {}). */
export function heldInvitations(game: string): SeatKeys {
  return readKeys(INVITATIONS_PREFIX + game);
}

/** Keeps the keys of invitations made for a game, to show the links again. */
export function keepInvitations(game: string, keys: SeatKeys): void {
  addKeys(INVITATIONS_PREFIX + game, keys);
}

/** Forgets a game's invitations (the links can no longer be shown here). */
export function forgetInvitations(game: string): void {
  removeKeys(INVITATIONS_PREFIX + game);
}

/**
 * Opening an invitation: keeps the keys of the address bar's invitation, if it has one, and removes
 * them from the address bar (and its history entry). Returns the seats it kept.
 */
export function acceptInvitation(): SeatKeys {
  const invitation = parseInvitation(window.location.hash);
  if (!invitation) return {};
  keepKeys(invitation.game, invitation.seats);
  const clean = `${window.location.pathname}${window.location.search}#/play/${encodeURIComponent(invitation.game)}`;
  window.history.replaceState(window.history.state, '', clean);
  return invitation.seats;
}
