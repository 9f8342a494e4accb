import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { z } from 'zod';
import type { RngState } from '../core/random/prng.ts';
import type { SecretDice } from '../game/engine/record.ts';

/**
 * Secret dice for a game played over the network (scheme `muster-dice-v1`; docs/web.md states it for
 * anyone who wants to check a game without Muster). Pure: the server draws the secret and each seat's
 * browser its entropy from their cryptographic sources; this module only hashes (SHA-256, @noble/hashes,
 * so that the browser can verify a game over plain HTTP, where `crypto.subtle` is absent).
 *
 * - secret S: 32 bytes the server draws when the game is created; it keeps it to itself until the end.
 * - commitment C = SHA-256("muster-dice-commitment-v1" ‖ 0x00 ‖ S), published to every seat at creation.
 * - entropy E_side: 32 bytes each human seat's browser draws and gives when the seat is first opened,
 *   after C is published; recorded and shown to everyone. The game throws no die before every human seat
 *   (the contributors, in the scenario's side order) has given its entropy.
 * - dice digest D = SHA-256("muster-dice-seed-v1" ‖ 0x00 ‖ S ‖ for each contributor in order:
 *   u16be(byte length of its side id) ‖ side id (UTF-8) ‖ E_side).
 * - the game's generator (xoshiro128**) starts from the state D[0..16) read as four big-endian uint32
 *   words (all zero, probability 2^-128: the first word is 1 instead).
 * - the computer's tie-break seed for the command at index i: the first four bytes of
 *   SHA-256("muster-computer-seed-v1" ‖ 0x00 ‖ D ‖ u32be(i)), big-endian.
 * - at the end S is revealed: anyone checks C = SHA-256(domain ‖ S), recomputes D and replays the game.
 */

export const DICE_SCHEME = 'muster-dice-v1';
export const COMMITMENT_DOMAIN = 'muster-dice-commitment-v1';
export const SEED_DOMAIN = 'muster-dice-seed-v1';
export const COMPUTER_SEED_DOMAIN = 'muster-computer-seed-v1';

/** 32 bytes as 64 lowercase hex digits: the secret, each seat's entropy, the commitment. */
export const HEX_32_PATTERN = /^[0-9a-f]{64}$/;
export const Hex32Schema = z
  .string()
  .regex(HEX_32_PATTERN, 'expected 32 bytes as 64 lowercase hex digits')
  .describe('32 bytes as 64 lowercase hex digits');

export const SecretDiceSchema = z.strictObject({
  scheme: z.literal(DICE_SCHEME),
  commitment: Hex32Schema,
  secret: Hex32Schema,
  contributors: z.array(z.string().min(1).max(100)).max(16),
  entropy: z.record(z.string().min(1).max(100), Hex32Schema),
});

/** The generator state of a record's `seed` when it is not a 32-bit number. */
export const SeedStateSchema = z.strictObject({
  algorithm: z.literal('xoshiro128**'),
  words: z.tuple([z.uint32(), z.uint32(), z.uint32(), z.uint32()]),
});

function domain(text: string): Uint8Array {
  return concat([utf8ToBytes(text), Uint8Array.of(0)]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32be(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0);
  return out;
}

/** C = SHA-256("muster-dice-commitment-v1" ‖ 0x00 ‖ S), hex. */
export function commitmentOf(secret: string): string {
  return bytesToHex(sha256(concat([domain(COMMITMENT_DOMAIN), hexToBytes(secret)])));
}

/** The contributors whose entropy is still missing, in order. */
export function missingEntropy(dice: Pick<SecretDice, 'contributors' | 'entropy'>): string[] {
  return dice.contributors.filter((side) => dice.entropy[side] === undefined);
}

/**
 * The dice digest D (hex) of a secret and every contributor's entropy; throws if one is missing (the
 * caller waits for them: `missingEntropy`).
 */
export function diceDigestOf(dice: Pick<SecretDice, 'secret' | 'contributors' | 'entropy'>): string {
  const parts = [domain(SEED_DOMAIN), hexToBytes(dice.secret)];
  for (const side of dice.contributors) {
    const entropy = dice.entropy[side];
    if (entropy === undefined) throw new Error(`the entropy of ${side}'s seat is missing`);
    const id = utf8ToBytes(side);
    parts.push(Uint8Array.of(id.length >>> 8, id.length & 0xff), id, hexToBytes(entropy));
  }
  return bytesToHex(sha256(concat(parts)));
}

/** The generator state a dice digest starts the game from: D[0..16) as four big-endian words. */
export function seedStateOf(digest: string): RngState {
  const view = new DataView(hexToBytes(digest).buffer);
  const words: [number, number, number, number] = [
    view.getUint32(0),
    view.getUint32(4),
    view.getUint32(8),
    view.getUint32(12),
  ];
  if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
  return { algorithm: 'xoshiro128**', words };
}

/** The computer's tie-break seed for the command at `index` of a game whose dice digest is `digest`. */
export function computerSeedOf(digest: string, index: number): number {
  const hash = sha256(concat([domain(COMPUTER_SEED_DOMAIN), hexToBytes(digest), u32be(index)]));
  return new DataView(hash.buffer, hash.byteOffset).getUint32(0);
}

/** Whether a record's seed is the generator state `derived` (a number never is). */
export function isSeedState(seed: number | RngState, derived: RngState): boolean {
  return typeof seed !== 'number' && seed.words.every((w, i) => w === derived.words[i]);
}
