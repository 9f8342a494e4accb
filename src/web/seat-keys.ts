import { parseInvitation, type SeatKeys } from './invitation.ts';

/**
 * The seat keys this browser holds (src/protocol/seat-keys.ts): the server gives a game's keys once,
 * when the game is created or imported; the browser keeps the keys of the seats played on this screen
 * in localStorage (`muster.seat-keys.<game id>`: side id to key) and sends them with every request
 * about the game (api.ts). An invitation link (invitation.ts: pure, tested in Node) carries a remote
 * seat's key to the other player's browser, which keeps it and removes it from the address bar.
 */

const STORAGE_PREFIX = 'muster.seat-keys.';

/** The keys this browser holds for a game (none: {}). */
export function heldKeys(game: string): SeatKeys {
  try {
    const text = window.localStorage.getItem(STORAGE_PREFIX + game);
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Keeps keys for a game, beside those already held. */
export function keepKeys(game: string, keys: SeatKeys): void {
  if (Object.keys(keys).length === 0) return;
  try {
    window.localStorage.setItem(STORAGE_PREFIX + game, JSON.stringify({ ...heldKeys(game), ...keys }));
  } catch {
    // Storage full or refused: the page plays without them (as a spectator).
  }
}

/** Forgets a game's keys (the game was deleted). */
export function forgetKeys(game: string): void {
  try {
    window.localStorage.removeItem(STORAGE_PREFIX + game);
  } catch {
    // Nothing to forget.
  }
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
