import type { GamePlay, GameSummary, PlayChange, PlayPicture } from './api.ts';
import { applyPatch } from './patch.ts';

/**
 * A client's side of `PlayChange` (docs/web.md, "What changed"): the play it holds, brought up to date by
 * an answer of commands, undo or the computer. Pure; the browser's table pages and the tests use it.
 */

/** A play's picture: all of it but the summary and the log. */
export function pictureOf(play: GamePlay): PlayPicture {
  const { game: _game, log: _log, from: _from, ...picture } = play;
  return picture;
}

/**
 * The play after `change`, from the play the client holds (its log from entry 0), with `game` the
 * answer's summary; undefined when the change is not from that play (another viewer, a scrubbed view,
 * another position): the client then asks `GET /play` afresh.
 */
export function applyPlayChange(
  held: GamePlay | undefined,
  game: GameSummary,
  change: PlayChange,
): GamePlay | undefined {
  if (change.base === undefined) {
    if (change.patch === undefined || !Array.isArray(change.patch)) return undefined;
    return { game, ...(change.patch[0] as PlayPicture), log: change.log, from: 0 };
  }
  if (!held || held.viewer !== change.viewer || held.from !== 0) return undefined;
  if (held.at !== change.base || held.total !== change.base) return undefined;
  const before = pictureOf(held);
  let picture: PlayPicture;
  try {
    picture = change.patch === undefined ? before : (applyPatch(before, change.patch) as PlayPicture);
  } catch {
    return undefined;
  }
  return { game, ...picture, log: [...held.log.slice(0, change.from), ...change.log], from: 0 };
}
