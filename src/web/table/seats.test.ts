import { describe, expect, it } from 'vitest';
import { needsHandOver, seatMode, viewerFor } from './seats.ts';

const hotSeat = { company: 'human', maratha: 'human' } as const;
const versus = { company: 'human', maratha: 'computer' } as const;
const watching = { company: 'computer', maratha: 'computer' } as const;

describe('seats', () => {
  it('names the three ways to sit at the table', () => {
    expect(seatMode(hotSeat)).toBe('hot-seat');
    expect(seatMode(versus)).toBe('against-computer');
    expect(seatMode(watching)).toBe('watching');
  });

  it('shows the deciding human in hot seat, the human against the computer, the spectator when watching', () => {
    expect(viewerFor(hotSeat, 'maratha', 'company')).toBe('maratha');
    expect(viewerFor(hotSeat, undefined, 'company')).toBe('company');
    expect(viewerFor(hotSeat, undefined, undefined)).toBe('spectator');
    expect(viewerFor(versus, 'maratha', 'company')).toBe('company');
    expect(viewerFor(watching, 'company', undefined)).toBe('spectator');
  });

  it('hands the screen over only in hot seat, when the deciding side changes', () => {
    expect(needsHandOver(hotSeat, 'maratha', 'company')).toBe(true);
    expect(needsHandOver(hotSeat, 'company', undefined)).toBe(true);
    expect(needsHandOver(hotSeat, 'company', 'company')).toBe(false);
    expect(needsHandOver(hotSeat, undefined, 'maratha')).toBe(false);
    expect(needsHandOver(versus, 'maratha', 'company')).toBe(false);
    expect(needsHandOver(watching, 'maratha', 'spectator')).toBe(false);
  });
});
