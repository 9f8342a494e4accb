import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type {
  AppendCommandResponse,
  CreatedGame,
  GamePlay,
  PlayChange,
  UndoResponse,
} from '../../src/protocol/api.ts';
import { applyPlayChange } from '../../src/protocol/play-change.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { serverForTests } from './fixtures.ts';
import { LONG_GAME_SCENARIO, LONG_GAME_SEED, LongBattle } from './long-game.ts';

/**
 * The most bytes a command's (or undo's) answer may take on the wire, at any length of game (issue 11).
 * Its JSON is the change the command made: mostly a few hundred bytes, some 20 KB for a turn's end of
 * dice and traces, gzipped (app.ts) to a few.
 */
const ANSWER_LIMIT = 8 * 1024;
const COMMANDS = 1000;

/**
 * Answers that do not grow with the battle: two players give 1,000 commands of a long Assaye battle
 * (long-game.ts) over the API, each keeping its picture only from the answers' changes (and GET /play when
 * the other side has played, or a change leaves the legal commands to ask for), choosing every command
 * from that picture. Every command's answer stays under 8 KiB, and the picture kept is exactly what a full
 * GET /play gives, all along and at the end.
 */
describe('answers that carry only what changed', () => {
  const server = serverForTests('lean');

  /** A request as a browser makes it (gzip accepted): the answer's bytes on the wire, and its body. */
  async function send(method: 'GET' | 'POST', url: string, keys: readonly string[], payload?: object) {
    const r = await server.app.inject({
      method,
      url,
      headers: { [SEAT_KEY_HEADER]: keys.join(', '), 'accept-encoding': 'gzip' },
      ...(payload ? { payload } : {}),
    });
    const zipped = r.headers['content-encoding'] === 'gzip';
    const json = (zipped ? gunzipSync(r.rawPayload) : r.rawPayload).toString('utf8');
    return {
      status: r.statusCode,
      bytes: r.rawPayload.length,
      json: json.length,
      body: JSON.parse(json) as unknown,
    };
  }

  it('keeps every answer of a 1,000-command battle under 8 KiB, and the picture kept equal to GET /play', async () => {
    const created = await send('POST', '/api/games', [], {
      scenario: LONG_GAME_SCENARIO,
      seed: LONG_GAME_SEED,
    });
    const game = created.body as CreatedGame;
    const keys = Object.values(game.seatKeys);
    const url = `/api/games/${game.id}`;
    const full = async (viewer: string, from = 0) =>
      (await send('GET', `${url}/play?viewer=${viewer}&from=${from}`, keys)).body as GamePlay;
    /** A player's picture brought up to the end of the log: only the entries it lacks are asked for. */
    const caughtUp = async (held: GamePlay) => {
      const news = await full(held.viewer, held.total);
      return { ...news, log: [...held.log, ...news.log], from: 0 };
    };
    /** The play after an answer's change, the legal commands asked for when it leaves them out. */
    const applied = async (held: GamePlay, answer: { game: CreatedGame; change: PlayChange }) => {
      const play = applyPlayChange(held, answer.game, answer.change);
      if (!play) throw new Error(`the change from ${answer.change.base} does not apply to ${held.total}`);
      if (!answer.change.legalToFetch) return play;
      const { legal, legalText } = await full(held.viewer, play.total);
      return { ...play, legal, legalText };
    };

    const held = new Map<string, GamePlay>();
    for (const side of Object.keys(game.players)) held.set(side, await full(side));
    const battle = new LongBattle();
    let largest = 0;
    let largestJson = 0;
    let toFetch = 0;
    /** Whether the side deciding now may put a counter down (the undo below takes one back). */
    const counterDue = () =>
      [...held.values()].some((play) =>
        (play.legal as { type: string }[]).some((c) => c.type === 'place-order'),
      );
    // 1,000 commands, then on to where a side next puts a counter down.
    let played = 0;
    for (let index = 0; index < COMMANDS || !counterDue(); index++, played++) {
      expect(index, 'no counter to put down within 500 commands after the first 1,000').toBeLessThan(
        COMMANDS + 500,
      );
      const side = held.values().next().value!.decider ?? [...held.values()].at(-1)!.decider!;
      let mine = held.get(side)!;
      if (mine.total !== index) mine = await caughtUp(mine);
      expect(mine.decider).toBe(side);
      const command = battle.next(index, mine.view, mine.legal);
      const r = await send('POST', `${url}/commands`, keys, { side, command, seq: index });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.bytes, `the answer to command ${index}`).toBeLessThan(ANSWER_LIMIT);
      largest = Math.max(largest, r.bytes);
      largestJson = Math.max(largestJson, r.json);
      const answer = r.body as AppendCommandResponse & { game: CreatedGame };
      if (answer.change.legalToFetch) toFetch++;
      mine = await applied(mine, answer);
      held.set(side, mine);
      for (const other of held.keys()) if (other !== side) held.set(other, await caughtUp(held.get(other)!));
      const now = await full(side, mine.total);
      expect({ ...mine, log: [], from: mine.total }).toEqual(now);
      if (index % 250 === 249) expect(mine).toEqual(await full(side));
    }
    // A counter put down and taken back at 1,000 commands: the undo's answer is as small.
    const side = [...held.values()][0]!.decider!;
    let mine = held.get(side)!;
    if (mine.total !== played) mine = await caughtUp(mine);
    const place = (mine.legal as { type: string }[]).find((c) => c.type === 'place-order')!;
    const given = await send('POST', `${url}/commands`, keys, { side, command: place, seq: played });
    expect(given.bytes).toBeLessThan(ANSWER_LIMIT);
    mine = await applied(mine, given.body as AppendCommandResponse & { game: CreatedGame });
    const undone = await send('POST', `${url}/undo`, keys, { side, seq: played + 1 });
    expect(undone.status).toBe(200);
    expect(undone.bytes).toBeLessThan(ANSWER_LIMIT);
    mine = await applied(mine, undone.body as UndoResponse & { game: CreatedGame });
    expect(mine).toEqual(await full(side));
    expect(mine.total).toBe(played);
    // The whole play at 1,000 commands is many times larger than the largest answer, zipped or not.
    const whole = await send('GET', `${url}/play?viewer=${side}`, keys);
    expect(whole.bytes).toBeGreaterThan(5 * largest);
    expect(whole.json).toBeGreaterThan(10 * largestJson);
    expect(toFetch).toBeGreaterThan(0);
  });
});
