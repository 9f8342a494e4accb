/**
 * Seat keys: the secret the server gives, when a game is created or imported, for each of its human
 * seats. A request for a side's view or hidden information, or a command for a side, carries that side's
 * key in the `X-Muster-Seat-Key` header; a client holding several seats (hot seat) sends them all,
 * separated by commas (or in repeated headers). docs/web.md says which routes ask for which keys. Pure:
 * the server makes and checks the keys (src/server/seat-keys.ts), the browser keeps them
 * (src/web/seat-keys.ts).
 */

/** The request header that carries seat keys (HTTP header names are case-insensitive). */
export const SEAT_KEY_HEADER = 'X-Muster-Seat-Key';

/** What a key looks like: 128 random bits in base64url are 22 characters. */
export const SEAT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The most keys a request may carry (more are ignored). */
export const MAX_SEAT_KEYS = 16;

/**
 * The keys a request carries: the header's values split at commas and spaces, anything that is not a
 * key's shape left out, at most MAX_SEAT_KEYS.
 */
export function parseSeatKeys(header: string | readonly string[] | undefined): string[] {
  if (header === undefined) return [];
  const values = typeof header === 'string' ? [header] : header;
  return values
    .flatMap((v) => v.split(/[\s,]+/))
    .filter((k) => SEAT_KEY_PATTERN.test(k))
    .slice(0, MAX_SEAT_KEYS);
}

/** The header's value for the keys a client holds (undefined: none, send no header). */
export function seatKeyHeader(keys: readonly string[]): string | undefined {
  return keys.length === 0 ? undefined : keys.join(', ');
}
