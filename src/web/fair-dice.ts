import type { GameSummary } from '../protocol/api.ts';
import type { VerifyAnchors } from '../protocol/verify.ts';
import { api } from './api.ts';

/**
 * This browser's part in a network game's secret dice (src/protocol/fair-dice.ts, docs/web.md): when it
 * first opens a seat of such a game, it keeps the commitment it was shown and draws 32 bytes of its own
 * (crypto.getRandomValues), kept before they are sent, and gives them as the seat's entropy. What it
 * kept (`muster.dice.<game id>`: the commitment, the entropy by side) is what Verify compares the
 * revealed record with.
 */

const STORAGE_PREFIX = 'muster.dice.';

interface Kept {
  readonly commitment?: string;
  readonly entropy: Readonly<Record<string, string>>;
}

function read(game: string): Kept {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + game) ?? '{}') as Partial<Kept>;
    return {
      ...(typeof parsed.commitment === 'string' ? { commitment: parsed.commitment } : {}),
      entropy: typeof parsed.entropy === 'object' && parsed.entropy !== null ? parsed.entropy : {},
    };
  } catch {
    return { entropy: {} };
  }
}

function write(game: string, kept: Kept): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + game, JSON.stringify(kept));
  } catch {
    // Storage refused: the entropy is still given; Verify will only lack this browser's copy.
  }
}

/** What this browser kept of a game's secret dice, for Verify. */
export function keptAnchors(game: string): VerifyAnchors {
  const kept = read(game);
  return { ...(kept.commitment ? { commitment: kept.commitment } : {}), entropy: kept.entropy };
}

/** Forgets what was kept (the game was deleted). */
export function forgetDice(game: string): void {
  try {
    window.localStorage.removeItem(STORAGE_PREFIX + game);
  } catch {
    // Nothing to forget.
  }
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives the entropy of every seat played here that has not given it yet (drawn once and kept, so a
 * failed request sends the same bytes again); the game's summary after them, and the seats played here
 * whose share was given before this browser kept one (by another browser holding the key: the player's
 * other device, or the game's creator before sending the invitation).
 */
export async function giveEntropy(
  summary: GameSummary,
  here: readonly string[],
): Promise<{ game: GameSummary; givenElsewhere: string[] }> {
  const { dice } = summary;
  if (dice.kind !== 'secret') return { game: summary, givenElsewhere: [] };
  const kept = read(summary.id);
  const commitment = kept.commitment ?? dice.commitment;
  let latest = summary;
  for (const side of here) {
    if (!dice.waitingFor.includes(side)) continue;
    const entropy = kept.entropy[side] ?? randomHex();
    write(summary.id, { commitment, entropy: { ...read(summary.id).entropy, [side]: entropy } });
    const r = await api.entropy(summary.id, { side, entropy });
    if (r.ok) latest = r.body;
  }
  if (kept.commitment === undefined) write(summary.id, { ...read(summary.id), commitment });
  const givenElsewhere = here.filter(
    (side) => dice.entropy[side] !== undefined && read(summary.id).entropy[side] === undefined,
  );
  return { game: latest, givenElsewhere };
}
