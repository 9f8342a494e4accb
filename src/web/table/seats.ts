import type { SeatKind } from '../../protocol/api.ts';

/**
 * Who sits at the table, from a game's seats: both sides human (hot seat: one screen passed between the
 * players), one human against the computer, or the computer against itself (watched as a spectator).
 * Pure: the table page decides from this whose view to ask for and when to hand the screen over.
 */
export type SeatMode = 'hot-seat' | 'against-computer' | 'watching';

export function seatMode(players: Readonly<Record<string, SeatKind>>): SeatMode {
  const humans = humanSides(players);
  if (humans.length === 0) return 'watching';
  return humans.length === 1 ? 'against-computer' : 'hot-seat';
}

export function humanSides(players: Readonly<Record<string, SeatKind>>): string[] {
  return Object.entries(players)
    .filter(([, seat]) => seat === 'human')
    .map(([side]) => side);
}

/**
 * Whose view the screen shows when `decider` must decide, given the view shown now (undefined: none
 * yet). Against the computer, always the human's side; watching, the spectator's. In hot seat, the
 * deciding side; once nobody decides (the battle is over), the side shown last, else the spectator's.
 */
export function viewerFor(
  players: Readonly<Record<string, SeatKind>>,
  decider: string | undefined,
  current: string | undefined,
): string {
  const humans = humanSides(players);
  if (humans.length === 0) return 'spectator';
  if (humans.length === 1) return humans[0]!;
  if (decider !== undefined && players[decider] === 'human') return decider;
  return current ?? 'spectator';
}

/**
 * In hot seat, the screen must be handed over (the table hidden until the next player says they have
 * it) whenever the view it should show is another side's than the one shown: neither player sees the
 * other's counters. Never against the computer or when watching.
 */
export function needsHandOver(
  players: Readonly<Record<string, SeatKind>>,
  decider: string | undefined,
  current: string | undefined,
): boolean {
  if (seatMode(players) !== 'hot-seat') return false;
  return viewerFor(players, decider, current) !== current;
}
