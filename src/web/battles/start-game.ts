import type { ApiError, GameSummary } from '../../protocol/api.ts';
import { api } from '../api.ts';
import { type SeatChoice, type SeatKeys, seatRequest, splitKeys } from '../invitation.ts';
import { keepInvitations, keepKeys } from '../seat-keys.ts';

/** A game just started: its summary and the keys of the seats on other screens (to send as invitations). */
export interface StartedGame {
  readonly game: GameSummary;
  readonly sent: SeatKeys;
}

/**
 * Starts a game of `scenario`: asks the server for it, keeps this screen's seat keys in this browser and
 * the other screens' keys apart, as invitations (the Battles page and the first page both start games).
 */
export async function startGame(
  scenario: string,
  seats: Readonly<Record<string, SeatChoice>>,
  seed: number | undefined,
  /** The rule set's id; undefined: the server's default. */
  ruleSet: string | undefined,
): Promise<{ ok: true; started: StartedGame } | { ok: false; error: ApiError }> {
  const { players, remote } = seatRequest(seats);
  // A player on another screen: secret dice (unless a seed is asked for, which everyone then reads).
  const dice = remote.length > 0 && seed === undefined ? 'secret' : 'seeded';
  const r = await api.createGame({
    scenario,
    ...(ruleSet === undefined ? {} : { ruleSet }),
    players,
    dice,
    ...(seed === undefined ? {} : { seed }),
  });
  if (!r.ok) return { ok: false, error: r.error };
  const { seatKeys, ...game } = r.body;
  const { kept, sent } = splitKeys(seatKeys, remote);
  keepKeys(game.id, kept);
  keepInvitations(game.id, sent);
  return { ok: true, started: { game, sent } };
}
