import { describe, expect, it } from 'vitest';
import {
  needsHandOver,
  type Seating,
  seatingOf,
  seatMode,
  seatWords,
  sidesPlayedHere,
  viewerFor,
  waitsForOthers,
} from './seats.ts';

const twoPlayers = { company: 'human', maratha: 'human' } as const;
const versusComputer = { company: 'human', maratha: 'computer' } as const;
const computers = { company: 'computer', maratha: 'computer' } as const;

const hotSeat: Seating = { players: twoPlayers, here: ['company', 'maratha'] };
const versus: Seating = { players: versusComputer, here: ['company'] };
const watching: Seating = { players: computers, here: [] };
const asCompany: Seating = { players: twoPlayers, here: ['company'] };
const asMaratha: Seating = { players: twoPlayers, here: ['maratha'] };
const spectating: Seating = { players: twoPlayers, here: [] };

describe('seats', () => {
  it('plays the human sides whose keys the page holds (every one of a game saved before keys)', () => {
    const keys = { company: 'key-of-company', maratha: 'key-of-maratha' };
    expect(sidesPlayedHere({ players: twoPlayers }, keys)).toEqual(['company', 'maratha']);
    expect(sidesPlayedHere({ players: twoPlayers }, { maratha: 'k' })).toEqual(['maratha']);
    expect(sidesPlayedHere({ players: twoPlayers }, {})).toEqual([]);
    expect(sidesPlayedHere({ players: twoPlayers, open: true }, {})).toEqual(['company', 'maratha']);
    // A key for a computer seat (there is none) plays nothing.
    expect(sidesPlayedHere({ players: versusComputer }, { maratha: 'k' })).toEqual([]);
    expect(seatingOf({ players: versusComputer }, { company: 'k' })).toEqual(versus);
  });

  it('names the five ways to sit at the table', () => {
    expect(seatMode(hotSeat)).toBe('hot-seat');
    expect(seatMode(versus)).toBe('against-computer');
    expect(seatMode(watching)).toBe('watching');
    expect(seatMode(asCompany)).toBe('network');
    expect(seatMode(asMaratha)).toBe('network');
    expect(seatMode(spectating)).toBe('spectating');
    // The computer's game with no key held is still watched; a human seat held elsewhere is spectated.
    expect(seatMode({ players: versusComputer, here: [] })).toBe('spectating');
    const names = { company: "The Company's brigades", maratha: 'The Maratha army' };
    expect(seatWords(asMaratha, names)).toBe(
      "you play The Maratha army; The Company's brigades on another screen",
    );
    expect(seatWords(versus, names)).toBe("you play The Company's brigades against the computer");
    expect(seatWords(spectating, names)).toMatch(/^you are watching/);
  });

  it('shows the deciding player in hot seat, the page’s own side over the network, the spectator otherwise', () => {
    expect(viewerFor(hotSeat, 'maratha', 'company')).toBe('maratha');
    expect(viewerFor(hotSeat, undefined, 'company')).toBe('company');
    expect(viewerFor(hotSeat, undefined, undefined)).toBe('spectator');
    expect(viewerFor(versus, 'maratha', 'company')).toBe('company');
    expect(viewerFor(watching, 'company', undefined)).toBe('spectator');
    expect(viewerFor(asMaratha, 'company', undefined)).toBe('maratha');
    expect(viewerFor(asCompany, 'maratha', 'company')).toBe('company');
    expect(viewerFor(spectating, 'company', undefined)).toBe('spectator');
  });

  it('hands the screen over only in hot seat, when the deciding side changes', () => {
    expect(needsHandOver(hotSeat, 'maratha', 'company')).toBe(true);
    expect(needsHandOver(hotSeat, 'company', undefined)).toBe(true);
    expect(needsHandOver(hotSeat, 'company', 'company')).toBe(false);
    expect(needsHandOver(hotSeat, undefined, 'maratha')).toBe(false);
    expect(needsHandOver(versus, 'maratha', 'company')).toBe(false);
    expect(needsHandOver(watching, 'maratha', 'spectator')).toBe(false);
    expect(needsHandOver(asCompany, 'maratha', 'company')).toBe(false);
    expect(needsHandOver(asMaratha, 'company', undefined)).toBe(false);
  });

  it('waits for a side played on another screen, and a spectator for anyone', () => {
    expect(waitsForOthers(asMaratha, 'company')).toBe(true);
    expect(waitsForOthers(asMaratha, 'maratha')).toBe(false);
    expect(waitsForOthers(asMaratha, undefined)).toBe(false);
    expect(waitsForOthers(spectating, 'company')).toBe(true);
    expect(waitsForOthers(spectating, undefined)).toBe(false);
    expect(waitsForOthers(hotSeat, 'maratha')).toBe(false);
    expect(waitsForOthers(versus, 'maratha')).toBe(false);
    expect(waitsForOthers(watching, 'company')).toBe(false);
  });
});
