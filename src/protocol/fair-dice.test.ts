import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prng, rngOf, seedRng } from '../core/random/prng.ts';
import { commitmentOf, computerSeedOf, diceDigestOf, missingEntropy, seedStateOf } from './fair-dice.ts';

/**
 * The scheme muster-dice-v1 as docs/web.md states it, checked against Node's own SHA-256: what a third
 * party computes from the revealed secret and the seats' entropy is what the server and the browser use.
 */
const sha256 = (...parts: (string | Buffer | Uint8Array)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const secret = '0f'.repeat(32);
const dice = {
  secret,
  contributors: ['company', 'maratha'],
  entropy: { company: 'a1'.repeat(32), maratha: '5c'.repeat(32) },
};

describe('secret dice (muster-dice-v1)', () => {
  it('commits to the secret with SHA-256 of the domain, a zero byte and the secret', () => {
    expect(commitmentOf(secret)).toBe(
      sha256('muster-dice-commitment-v1\0', Buffer.from(secret, 'hex')).toString('hex'),
    );
    expect(commitmentOf('10'.repeat(32))).not.toBe(commitmentOf(secret));
  });

  it('derives the dice from the secret and every seat in order, each its id length, id and entropy', () => {
    const expected = sha256(
      'muster-dice-seed-v1\0',
      Buffer.from(secret, 'hex'),
      Uint8Array.of(0, 7),
      'company',
      Buffer.from(dice.entropy.company, 'hex'),
      Uint8Array.of(0, 7),
      'maratha',
      Buffer.from(dice.entropy.maratha, 'hex'),
    );
    const digest = diceDigestOf(dice);
    expect(digest).toBe(expected.toString('hex'));
    // Another seat order, or one byte of one share changed, is other dice.
    expect(diceDigestOf({ ...dice, contributors: ['maratha', 'company'] })).not.toBe(digest);
    expect(diceDigestOf({ ...dice, entropy: { ...dice.entropy, maratha: `5d${'5c'.repeat(31)}` } })).not.toBe(
      digest,
    );
    expect(() => diceDigestOf({ ...dice, entropy: { company: dice.entropy.company } })).toThrow(/maratha/);
    expect(missingEntropy({ ...dice, entropy: { company: dice.entropy.company } })).toEqual(['maratha']);
  });

  it('starts the generator from the first 16 bytes of the digest, big-endian words, never all zero', () => {
    const digest = Buffer.from(diceDigestOf(dice), 'hex');
    const state = seedStateOf(digest.toString('hex'));
    expect(state).toEqual({
      algorithm: 'xoshiro128**',
      words: [0, 4, 8, 12].map((at) => digest.readUInt32BE(at)),
    });
    expect(rngOf(state)).toEqual(state);
    expect(new Prng(rngOf(state)).nextUint32()).toBe(new Prng(state).nextUint32());
    expect(seedStateOf('00'.repeat(32)).words).toEqual([1, 0, 0, 0]);
    // A number is still expanded by splitmix32, as before: seeded games play as they did.
    expect(rngOf(7)).toEqual(seedRng(7));
    expect(() => rngOf({ algorithm: 'xoshiro128**', words: [0, 0, 0, 0] })).toThrow(/all zero/);
  });

  it("seeds the computer's tie-breaks from the digest and the command's index", () => {
    const digest = diceDigestOf(dice);
    const index = 41;
    const expected = sha256(
      'muster-computer-seed-v1\0',
      Buffer.from(digest, 'hex'),
      Uint8Array.of(0, 0, 0, index),
    ).readUInt32BE(0);
    expect(computerSeedOf(digest, index)).toBe(expected);
    expect(computerSeedOf(digest, index + 1)).not.toBe(expected);
  });
});
