import { describe, expect, it } from 'vitest';
import {
  invitationHash,
  invitationLinks,
  NETWORK_START,
  parseInvitation,
  reachNote,
  seatRequest,
  splitKeys,
} from './invitation.ts';

const KEY = 'VOr39exWJ4e7MRKmopj7Lg';
const OTHER = 'adxpzVW-Z2ieDEMhm9ZwNQ';

describe('invitations', () => {
  it('reads the game and the seat of an invitation link, and makes the link it reads', () => {
    expect(parseInvitation(`#/play/g-1?seat=maratha:${KEY}`)).toEqual({
      game: 'g-1',
      seats: { maratha: KEY },
    });
    expect(invitationHash('g-1', { maratha: KEY })).toBe(`#/play/g-1?seat=maratha:${KEY}`);
    const odd = invitationHash('a b/c', { 'side:one & two': KEY, company: OTHER });
    expect(parseInvitation(odd)).toEqual({ game: 'a b/c', seats: { 'side:one & two': KEY, company: OTHER } });
  });

  it('finds no invitation where there is no well-formed seat', () => {
    expect(parseInvitation('#/play/g-1')).toBeUndefined();
    expect(parseInvitation('#/battles')).toBeUndefined();
    expect(parseInvitation('#/play/g-1?seat=maratha')).toBeUndefined();
    expect(parseInvitation('#/play/g-1?seat=maratha:short')).toBeUndefined();
    expect(parseInvitation(`#/play/g-1?seat=:${KEY}`)).toBeUndefined();
    expect(parseInvitation(`#/play/g-1?other=maratha:${KEY}`)).toBeUndefined();
    expect(parseInvitation(`#/play/%E0?seat=maratha:${KEY}`)).toBeUndefined();
  });

  it('asks the server for human seats whether here or on another screen, and splits the keys', () => {
    expect(seatRequest({ company: 'here', maratha: 'remote', rajah: 'computer' })).toEqual({
      players: { company: 'human', maratha: 'human', rajah: 'computer' },
      remote: ['maratha'],
    });
    expect(splitKeys({ company: KEY, maratha: OTHER }, ['maratha'])).toEqual({
      kept: { company: KEY },
      sent: { maratha: OTHER },
    });
    expect(splitKeys({ company: KEY, maratha: OTHER }, [])).toEqual({
      kept: { company: KEY, maratha: OTHER },
      sent: {},
    });
    expect(invitationLinks('g-1', { maratha: OTHER, company: KEY })).toEqual([
      { side: 'maratha', hash: `#/play/g-1?seat=maratha:${OTHER}` },
      { side: 'company', hash: `#/play/g-1?seat=company:${KEY}` },
    ]);
    expect(invitationLinks('g-1', {})).toEqual([]);
  });
});

describe('whether another machine can open an invitation link', () => {
  const page = { hostname: 'localhost', port: '8080' };
  it('says a server on this machine only must be started for the network, and how', () => {
    const note = reachNote({ host: '127.0.0.1', localOnly: true, networkAddresses: [] }, page);
    expect(note).toMatch(
      /listens on this computer only \(127\.0\.0\.1\): these links open on no other machine/,
    );
    expect(note).toContain(`"${NETWORK_START}"`);
  });

  it('points a page opened as localhost to the network addresses of a server on the network', () => {
    const server = { host: '0.0.0.0', localOnly: false, networkAddresses: ['192.168.1.20', '10.0.0.5'] };
    expect(reachNote(server, page)).toBe(
      'These links name localhost, which is this computer only. For a player on another machine, open Muster at http://192.168.1.20:8080/ or http://10.0.0.5:8080/ and invite from there.',
    );
    expect(reachNote(server, { hostname: '192.168.1.20', port: '8080' })).toBeUndefined();
  });
});
