import type { GameResult } from './game.ts';

/**
 * A battle's verdict in the players' words. The rule sets word a result with the scenario's ids (their
 * states hold ids, not names); the shells that show it turn those ids into the scenario's names of its
 * sides and objectives here. Pure.
 */

/** Ids of a scenario's sides and objectives, each with its name. */
export type ScenarioWords = ReadonlyMap<string, string>;

export function scenarioWords(scenario: {
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly victory: { readonly objectives: readonly { readonly id: string; readonly name: string }[] };
}): ScenarioWords {
  return new Map([
    ...scenario.sides.map((s) => [s.id, s.name] as const),
    ...scenario.victory.objectives.map((o) => [o.id, o.name] as const),
  ]);
}

/** `text` with every whole-word id of `words` replaced by its name ("The ..." lower-cased inside a sentence). */
export function inWords(text: string, words: ScenarioWords): string {
  if (words.size === 0) return text;
  const ids = [...words.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return text.replace(new RegExp(`(?<![\\w-])(${ids.join('|')})(?![\\w-])`, 'g'), (id, _g, at: number) => {
    const name = words.get(id)!;
    return at === 0 ? name : name.replace(/^The /, 'the ');
  });
}

/** "Victory to the Maratha force: it holds the village when the turn limit ended the battle (turn 2)". */
export function verdictInWords(result: GameResult, words: ScenarioWords): string {
  const winner = result.winner === undefined ? undefined : (words.get(result.winner) ?? result.winner);
  // A reason that starts with the winner goes on with "it": "... wins: it holds the village".
  const reason =
    result.winner !== undefined && result.reason.startsWith(`${result.winner} `)
      ? `it${result.reason.slice(result.winner.length)}`
      : result.reason;
  const told = inWords(reason, words).replace(/^The /, 'the ');
  return `${winner === undefined ? 'A draw' : `Victory to ${winner.replace(/^The /, 'the ')}`}: ${told}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The result an event announces (every rule set's end-of-battle event carries it), if it is one. */
export function announcedResult(event: unknown): GameResult | undefined {
  if (event === null || typeof event !== 'object' || !('result' in event)) return undefined;
  const result = (event as { result?: unknown }).result;
  return result !== null && typeof result === 'object' && typeof (result as GameResult).reason === 'string'
    ? (result as GameResult)
    : undefined;
}

/** The words of a scenario given as plain JSON (a game record's), as far as it names its sides and objectives. */
export function scenarioWordsOf(scenario: unknown): ScenarioWords {
  const named = (list: unknown) =>
    Array.isArray(list)
      ? list.flatMap((x: { id?: unknown; name?: unknown }) =>
          typeof x?.id === 'string' && typeof x.name === 'string' ? [[x.id, x.name] as const] : [],
        )
      : [];
  const s = (scenario ?? {}) as { sides?: unknown; victory?: { objectives?: unknown } };
  return new Map([...named(s.sides), ...named(s.victory?.objectives)]);
}
