import type { GameStateBase } from '../game/engine/game.ts';
import { mayTakeBack } from '../game/engine/undo.ts';
import {
  announcedResult,
  inWords,
  type ScenarioWords,
  scenarioWordsOf,
  verdictInWords,
} from '../game/engine/verdict.ts';
import type { GameLogEntry, PlayPicture } from '../protocol/api.ts';
import type { JsonPatch } from '../protocol/patch.ts';
import type { InPlay, Logged } from './in-play.ts';
import type { AnyPlayRules } from './play-rules.ts';

/**
 * What a viewer is shown of a game in play: one command of the log as the viewer may see it, the
 * viewer's picture at a point of the log, and what a change spends on the legal commands.
 */

/**
 * The most characters of JSON a change may spend on the legal commands: beyond it (a new phase of the
 * turn, with a new list), the change leaves them for the client to ask (`PlayChange.legalToFetch`).
 */
export const LEGAL_IN_CHANGE = 3000;

/** One command of the log as `viewer` may see it: the command only if it may read it, events by `eventFor`. */
export function logEntry(
  rules: AnyPlayRules,
  /** The game's latest state, for names: it has every unit the game ever had. */
  latest: GameStateBase,
  entry: Logged,
  index: number,
  viewer: string,
  words: ScenarioWords,
): GameLogEntry {
  const readable =
    entry.side === viewer ||
    entry.seenBy === 'all' ||
    (viewer !== 'spectator' && entry.seenBy.includes(viewer));
  const events = [];
  for (const event of entry.events) {
    const seen = rules.game.eventFor(event, viewer);
    if (!seen) continue;
    // The end of the battle is told in the scenario's names of its sides and objectives.
    const announced = announcedResult(seen);
    const text = announced
      ? verdictInWords(announced, words)
      : rules.describeEvent(seen, latest, words)?.trim();
    events.push({ type: seen.type, text: text ?? '', event: seen });
  }
  return {
    index,
    side: entry.side,
    turn: entry.turn,
    ...(readable ? { command: entry.command } : {}),
    // The side is the entry's own field (a page names it as the scenario does): the text is the command.
    text: readable
      ? rules.describeCommand(entry.command, latest, words)
      : rules.unseenCommandText(entry.side, entry.command),
    events,
  };
}

/**
 * A viewer's picture after the first `at` commands of a log of `total` (`log`: its commands), from the
 * state then: legal commands and undo are offered only at the log's end; how the battle ended is told in
 * the scenario's words.
 */
export function pictureAt(
  p: InPlay,
  viewer: string,
  state: GameStateBase,
  total: number,
  log: readonly Logged[],
  at: number = total,
): PlayPicture {
  const { rules } = p;
  const decider = rules.game.decider(state);
  const present = at === total;
  const legal = decider === viewer && present ? rules.game.legalCommands(state, viewer) : [];
  const result = rules.game.result(state);
  const words = scenarioWordsOf(p.record.scenario);
  // A game with secret dice takes nothing back once it is over, its secret revealed (see `mayUndo`).
  const secretDiceOver = p.record.dice !== undefined && result !== undefined;
  return {
    viewer,
    at,
    total,
    view: rules.game.viewFor(state, viewer),
    ...(decider !== undefined ? { decider, deciderSeat: p.players[decider] ?? 'human' } : {}),
    legal,
    legalText: legal.map((c: unknown) => rules.describeOffer(c, state, words)),
    ...(result ? { result: { ...result, reason: inWords(result.reason, words) } } : {}),
    ...(present && !secretDiceOver && mayTakeBack(log, viewer) ? { undoable: true as const } : {}),
  };
}

/** The characters of JSON a picture's patch spends on the legal commands. */
export function legalSize(patch: JsonPatch): number {
  if (Array.isArray(patch)) return JSON.stringify(patch).length;
  const edits = (patch as { o?: Record<string, JsonPatch> }).o ?? {};
  return JSON.stringify(edits.legal ?? null).length + JSON.stringify(edits.legalText ?? null).length;
}
