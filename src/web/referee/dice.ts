import type { RollDoc } from '../../core/rules/procedure.ts';
import type { ApiIssue, ResolveRequest } from '../../protocol/api.ts';

/**
 * Where the dice come from: Muster throws them (from a seed, given or picked), or the referee types in
 * the faces rolled at the table, by roll key (the procedure's `rolls`) or in throw order. Typed-in dice
 * may leave the rest to Muster.
 */
export interface DiceEntry {
  readonly mode: 'muster' | 'keys' | 'order';
  /** The seed as typed ('' lets the server pick one). */
  readonly seed: string;
  /** Faces as typed, by roll key. */
  readonly byKey: Readonly<Record<string, string>>;
  /** Faces as typed, in throw order. */
  readonly order: string;
  /** Muster throws the dice not typed in. */
  readonly fillRest: boolean;
}

/** The dice of an example (faces in throw order), or Muster's dice when it gives none. */
export function diceEntryFor(faces: readonly number[] | undefined): DiceEntry {
  return {
    mode: faces ? 'order' : 'muster',
    seed: '',
    byKey: {},
    order: faces ? faces.join(' ') : '',
    fillRest: false,
  };
}

const FACES = /^\s*(?:-?\d+(?:[\s,]+-?\d+)*)?\s*$/;

function faces(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

/** The rolls the facts may throw: those thrown only from some number on are left out below it. */
export function rollsFor(rolls: readonly RollDoc[], facts: unknown): readonly RollDoc[] {
  const record = facts !== null && typeof facts === 'object' ? (facts as Record<string, unknown>) : {};
  return rolls.filter((r) => {
    if (!r.whenAtLeast) return true;
    const n = record[r.whenAtLeast.field];
    return typeof n !== 'number' || n >= r.whenAtLeast.value;
  });
}

/** A seed for "Muster throws the rest", from the browser's generator. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * The dice part of a resolve request, or what is wrong with the typed text (paths as the API's).
 * `fillRest`: the request needs a seed for the dice not typed in (picked when it is sent).
 */
export function diceRequest(
  entry: DiceEntry,
  rolls: readonly RollDoc[],
):
  | { readonly ok: true; readonly value: Pick<ResolveRequest, 'dice' | 'seed'>; readonly fillRest: boolean }
  | { readonly ok: false; readonly issues: ApiIssue[] } {
  const issues: ApiIssue[] = [];
  const notFaces = (path: string) =>
    issues.push({ path, message: 'expected die faces: whole numbers separated by spaces or commas' });
  if (entry.mode === 'muster') {
    const seed = entry.seed.trim();
    if (seed === '') return { ok: true, value: {}, fillRest: false };
    const n = /^\d+$/.test(seed) ? Number(seed) : Number.NaN;
    if (!(n >= 0 && n <= 0xffffffff)) {
      return {
        ok: false,
        issues: [{ path: 'seed', message: 'expected a whole number from 0 to 4294967295' }],
      };
    }
    return { ok: true, value: { seed: n }, fillRest: false };
  }
  const { fillRest } = entry;
  if (entry.mode === 'order') {
    if (!FACES.test(entry.order)) notFaces('dice');
    return issues.length
      ? { ok: false, issues }
      : { ok: true, value: { dice: faces(entry.order) }, fillRest };
  }
  const byKey: Record<string, number[]> = {};
  for (const roll of rolls) {
    const text = entry.byKey[roll.key] ?? '';
    if (!FACES.test(text)) notFaces(`dice.${roll.key}`);
    else if (text.trim() !== '') byKey[roll.key] = faces(text);
  }
  return issues.length ? { ok: false, issues } : { ok: true, value: { dice: byKey }, fillRest };
}
