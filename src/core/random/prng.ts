/**
 * Muster's seeded pseudo-random generator: xoshiro128** (Blackman & Vigna), 32-bit output.
 *
 * Why hand-written rather than pure-rand: dice are Muster's hottest path (the Monte Carlo battles
 * and the `npm run bench` targets), and a monomorphic class over four uint32 words measured about
 * twice pure-rand's exact `uniformInt` on this machine (see ../shared/ecosystem.md §3). The
 * algorithm is 12 lines and frozen: the first outputs for a fixed seed are pinned by
 * `prng.test.ts`, because changing them would change every saved game.
 *
 * Contract:
 * - The state is plain JSON (`RngState`): four uint32 numbers. It lives in the game state.
 * - `seedRng(seed)` expands any 32-bit integer seed with splitmix32, so nearby seeds give unrelated
 *   streams and the all-zero state (which xoshiro cannot leave) never occurs.
 * - `int(n)` is exact: each of 0..n-1 has probability exactly 1/n (rejection of the biased products).
 */
export interface RngState {
  readonly algorithm: 'xoshiro128**';
  readonly words: readonly [number, number, number, number];
}

/** Expands a seed into a full generator state (splitmix32, as recommended by the xoshiro authors). */
export function seedRng(seed: number): RngState {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  let x = seed >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return { algorithm: 'xoshiro128**', words: [next(), next(), next(), next()] };
}

/**
 * What a game's dice are seeded with: a 32-bit seed (the owner's, expanded by `seedRng`), or a whole
 * generator state derived elsewhere (a network game's secret dice: src/protocol/fair-dice.ts hashes the
 * server's secret and the seats' entropy into 128 bits, used as the state as they are).
 */
export type SeedMaterial = number | RngState;

/** The generator state a game starts from: `seedRng` of a number, or the state given, checked. */
export function rngOf(seed: SeedMaterial): RngState {
  if (typeof seed === 'number') return seedRng(seed);
  const { words } = seed;
  if (
    seed.algorithm !== 'xoshiro128**' ||
    words.length !== 4 ||
    words.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffffffff)
  )
    throw new RangeError('a seed state must be xoshiro128** with four 32-bit unsigned words');
  if ((words[0] | words[1] | words[2] | words[3]) === 0)
    throw new RangeError('a seed state must not be all zero');
  return { algorithm: 'xoshiro128**', words: [words[0], words[1], words[2], words[3]] };
}

/** A mutable generator, created from an `RngState` and written back with `state()`. Never stored. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    if (state.algorithm !== 'xoshiro128**') throw new Error(`unknown PRNG algorithm ${state.algorithm}`);
    [this.a, this.b, this.c, this.d] = state.words;
    if ((this.a | this.b | this.c | this.d) === 0) throw new Error('PRNG state must not be all zero');
  }

  /** The next 32-bit output, as an unsigned integer 0..2^32-1. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /**
   * A uniform integer 0..n-1, exactly unbiased; n must be an integer in 1..2^21. Lemire's multiply-shift
   * with rejection: x·n / 2^32 for a 32-bit x, rejecting the (2^32 mod n) low products that would bias it.
   */
  int(n: number): number {
    for (;;) {
      const m = this.nextUint32() * n;
      const low = m >>> 0;
      if (low >= n || low >= (-n >>> 0) % n) return Math.floor(m / 0x100000000);
    }
  }

  /** The current state, to store back into the game state. */
  state(): RngState {
    return { algorithm: 'xoshiro128**', words: [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0] };
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
