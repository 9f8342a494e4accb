import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../src/cli/verify.ts';
import { Prng, seedRng } from '../../src/core/random/prng.ts';
import type { GameRecord, SecretDice } from '../../src/game/engine/record.ts';
import { PLAYABLE_RULE_SETS } from '../../src/game/registry.ts';
import type {
  ApiError,
  CreatedGame,
  GamePlay,
  GameSummary,
  SecretDiceSummary,
} from '../../src/protocol/api.ts';
import { computerSeedOf, diceDigestOf, seedStateOf } from '../../src/protocol/fair-dice.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { verifyRecord } from '../../src/protocol/verify.ts';
import { loadScenarios } from '../../src/server/scenarios.ts';
import { REPO, serverForTests, tempDir } from './fixtures.ts';

/**
 * Secret dice over the network (src/protocol/fair-dice.ts, docs/web.md): two players, each with only
 * their own seat key, play games of the training scenario (its turn limit cut to 2) to the end over the
 * HTTP API, giving random legal commands. Every answer either of them or a spectator gets before the end,
 * the change stream included, is searched for the server's secret and everything derived from it: hex,
 * base64, the decimal of its 32-bit words both ways, the dice digest, the seed state and every generator
 * state the game passes through. After the end the secret is revealed, a third party's own SHA-256
 * checks the commitment and the seed, and `muster verify` passes the record and fails every tampering.
 */

const temp = tempDir('fair-dice-scenarios');
afterAll(temp.cleanup);
const scenarioDir = join(temp.dir, 'scenarios');
mkdirSync(scenarioDir);
const training = JSON.parse(readFileSync(join(REPO, 'scenarios/training-village-ford.json'), 'utf8'));
writeFileSync(
  join(scenarioDir, 'short.json'),
  JSON.stringify({ ...training, id: 'short', victory: { ...training.victory, turnLimit: 2 } }),
);
const scenarios = loadScenarios(scenarioDir);

/** A finished game and what its players kept. */
interface Played {
  readonly created: CreatedGame;
  readonly entropy: Record<string, string>;
  /** Every answer's text before the end, and the change stream's summaries before the end. */
  readonly before: string[];
  /** The list's answers before the end (other games in them may be over, their secrets revealed). */
  readonly lists: string[];
  readonly summary: GameSummary;
}

describe('secret dice for a game played over the network', () => {
  const server = serverForTests('fair-dice', { listen: true, app: { scenarios }, store: { scenarios } });
  const played = new Map<string, Played>();

  /** A request as a browser makes it, with the keys given (none: a spectator); its text is kept. */
  async function call<T>(
    answers: string[],
    method: string,
    path: string,
    body?: unknown,
    keys: readonly string[] = [],
  ): Promise<{ status: number; body: T }> {
    const r = await fetch(new URL(path, server.url), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(keys.length ? { [SEAT_KEY_HEADER]: keys.join(', ') } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    answers.push(text);
    return { status: r.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }

  /** The change stream's summaries, read in the background until `stop`. */
  function listen(gameId: string) {
    const summaries: GameSummary[] = [];
    const controller = new AbortController();
    const done = (async () => {
      try {
        const r = await fetch(new URL(`/api/games/${gameId}/changes`, server.url), {
          signal: controller.signal,
        });
        const reader = r.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            if (data) summaries.push(JSON.parse(data.slice(6)) as GameSummary);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
    })();
    return {
      summaries,
      stop: async () => {
        controller.abort();
        await done;
      },
    };
  }

  /** Plays a game of `ruleSet` over the API to its end, as two players on two screens would. */
  async function playToTheEnd(ruleSet: string, seed: number): Promise<Played> {
    const before: string[] = [];
    const lists: string[] = [];
    const created = await call<CreatedGame>(before, 'POST', '/api/games', { scenario: 'short', ruleSet });
    expect(created.status).toBe(201);
    const game = created.body;
    const id = game.id;
    expect(game.seed).toBeUndefined();
    expect(game.dice).toMatchObject({ kind: 'secret', contributors: ['company', 'maratha'], entropy: {} });
    const key = (side: string) => [game.seatKeys[side]!];
    const stream = listen(id);

    // Before every seat has given its entropy, no die can be thrown.
    const early = await call<ApiError & { code?: string }>(
      before,
      'GET',
      `/api/games/${id}/play?viewer=company`,
      undefined,
      key('company'),
    );
    expect([early.status, early.body.code]).toEqual([409, 'waiting-for-entropy']);
    const entropy = { company: randomBytes(32).toString('hex'), maratha: randomBytes(32).toString('hex') };
    const wrongKey = await call(
      before,
      'POST',
      `/api/games/${id}/entropy`,
      { side: 'maratha', entropy: entropy.maratha },
      key('company'),
    );
    expect(wrongKey.status).toBe(403);
    const first = await call<GameSummary>(
      before,
      'POST',
      `/api/games/${id}/entropy`,
      { side: 'company', entropy: entropy.company },
      key('company'),
    );
    expect((first.body.dice as SecretDiceSummary).waitingFor).toEqual(['maratha']);
    const again = await call(
      before,
      'POST',
      `/api/games/${id}/entropy`,
      { side: 'company', entropy: entropy.maratha },
      key('company'),
    );
    expect(again.status).toBe(409);
    const last = await call<GameSummary>(
      before,
      'POST',
      `/api/games/${id}/entropy`,
      { side: 'maratha', entropy: entropy.maratha },
      key('maratha'),
    );
    expect(last.body.dice).toMatchObject({ waitingFor: [], entropy });

    // The full record holds the secret: nobody gets it before the end, not even with every key.
    for (const path of [`/api/games/${id}`, `/api/games/${id}/export`])
      expect(
        (await call(before, 'GET', path, undefined, [...key('company'), ...key('maratha')])).status,
      ).toBe(403);

    const rng = new Prng(seedRng(seed));
    let summary = last.body;
    let total = 0;
    for (let n = 0; n < 2000 && !summary.result; n++) {
      const side = summary.decider!;
      const other = side === 'company' ? 'maratha' : 'company';
      const play = await call<GamePlay>(
        before,
        'GET',
        `/api/games/${id}/play?viewer=${side}&from=${total}`,
        undefined,
        key(side),
      );
      expect(play.status).toBe(200);
      if (n % 10 === 0) {
        await call(before, 'GET', `/api/games/${id}/play?viewer=spectator&from=${total}`);
        await call(
          before,
          'GET',
          `/api/games/${id}/play?viewer=${other}&from=${total}`,
          undefined,
          key(other),
        );
        // The list holds the other games too (those finished are revealed): this game's entry is searched
        // as any answer, the whole list for this game's secret only.
        const list = await call<{ games: GameSummary[] }>(lists, 'GET', '/api/games');
        before.push(JSON.stringify(list.body.games.find((g) => g.id === id)));
        await call(before, 'GET', `/api/games/${id}/summary`);
      }
      if (play.body.undoable && n % 5 === 0) {
        // Taking a command back is open only while it threw nothing: the generator is where it was.
        const undone = await call<{ game: GameSummary }>(
          before,
          'POST',
          `/api/games/${id}/undo`,
          { side, seq: total },
          key(side),
        );
        expect(undone.status).toBe(200);
        summary = undone.body.game;
        total = summary.commands;
        continue;
      }
      const legal = play.body.legal;
      expect(legal.length).toBeGreaterThan(0);
      const command = legal[rng.int(legal.length)];
      const answers: string[] = [];
      const given = await call<{ game: GameSummary; play: GamePlay }>(
        answers,
        'POST',
        `/api/games/${id}/commands`,
        { side, command, seq: play.body.total },
        key(side),
      );
      expect(given.status, JSON.stringify([command, given.body])).toBe(201);
      summary = given.body.game;
      total = summary.commands;
      // The answer to the command that ends the game carries the reveal: it is the one not searched.
      if (!summary.result) before.push(...answers);
      // A command from the side not deciding: refused, and the refusal is searched too.
      if (!summary.result && summary.decider !== other)
        await call(
          before,
          'POST',
          `/api/games/${id}/commands`,
          { side: other, command, seq: total },
          key(other),
        );
    }
    expect(summary.result).toBeDefined();
    for (let wait = 0; wait < 250 && !stream.summaries.at(-1)?.result; wait++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await stream.stop();
    for (const heard of stream.summaries) if (!heard.result) before.push(JSON.stringify(heard));
    expect(stream.summaries.at(-1)?.result).toBeDefined();
    return { created: game, entropy, before, lists, summary };
  }

  for (const [ruleSet, seed] of [
    ['john-company', 1],
    ['macduff', 2],
  ] as const) {
    it(`plays a ${ruleSet} game to its end: nothing before the end carries the secret or anything it derives`, async () => {
      const game = await playToTheEnd(ruleSet, seed);
      played.set(ruleSet, game);
      const dice = game.summary.dice as SecretDiceSummary;
      expect(dice.secret).toMatch(/^[0-9a-f]{64}$/);
      // A third party's own check of the scheme as docs/web.md states it.
      const secret = Buffer.from(dice.secret!, 'hex');
      const commitment = createHash('sha256')
        .update('muster-dice-commitment-v1\0')
        .update(secret)
        .digest('hex');
      expect(commitment).toBe(game.created.dice.kind === 'secret' && game.created.dice.commitment);
      const seedHash = createHash('sha256').update('muster-dice-seed-v1\0').update(secret);
      for (const side of ['company', 'maratha']) {
        seedHash
          .update(Uint8Array.of(0, side.length))
          .update(side)
          .update(Buffer.from(game.entropy[side]!, 'hex'));
      }
      const digest = seedHash.digest();
      const full = dice as SecretDice;
      expect(digest.toString('hex')).toBe(diceDigestOf(full));
      const state = seedStateOf(digest.toString('hex'));
      expect(state.words).toEqual([0, 4, 8, 12].map((at) => digest.readUInt32BE(at)));

      // Every generator state of the game, from its record (fetched now with one seat's key).
      const exported = await fetch(new URL(`/api/games/${game.created.id}/export`, server.url), {
        headers: { [SEAT_KEY_HEADER]: game.created.seatKeys['company']! },
      });
      expect(exported.status).toBe(200);
      const record = (await exported.json()) as GameRecord<unknown>;
      const rules = PLAYABLE_RULE_SETS.find((r) => r.id === ruleSet)!;
      const states = [rules.game.setup(record.scenario, record.seed)];
      for (const c of record.commands) {
        const applied = rules.game.apply(states.at(-1)!, c.side, c.command);
        if (!applied.ok) throw new Error(applied.rejection.message);
        states.push(applied.state);
      }
      expect(record.seed).toEqual(state);

      const words = (buffer: Buffer) =>
        Array.from({ length: buffer.length / 4 }, (_, i) => [
          buffer.readUInt32BE(i * 4),
          buffer.readUInt32LE(i * 4),
        ]).flat();
      const texts = [secret, digest].flatMap((b) => [
        b.toString('hex'),
        b.toString('base64'),
        b.toString('base64url'),
      ]);
      texts.push(...texts.map((t) => t.toUpperCase()), ...texts.map((t) => t.slice(0, 16)));
      // Decimal words of 8 digits or more (a smaller number could be anything in a picture).
      const numbers = new Set(
        [...words(secret), ...words(digest), ...states.flatMap((s) => s.rng.words)].filter((w) => w >= 1e7),
      );
      const all = [...game.before, ...game.lists].join('\n');
      const own = game.before.join('\n');
      expect(game.before.length).toBeGreaterThan(100);
      // Where a leak was found, and what is around it.
      const around = (at: number) => (at < 0 ? 'nowhere' : all.slice(Math.max(0, at - 200), at + 100));
      for (const text of texts) expect(all.indexOf(text), `${text} in ${around(all.indexOf(text))}`).toBe(-1);
      for (const n of numbers) {
        const at = all.search(new RegExp(`(?<![\\d.])${n}(?![\\d])`));
        expect(at, `${n} in ${around(at)}`).toBe(-1);
      }
      for (const field of ['"secret":', '"rng":', '"words":', '"drawPile":', '"seed":'])
        expect(
          own.indexOf(field),
          `${field} in ${own.slice(own.indexOf(field) - 300, own.indexOf(field) + 100)}`,
        ).toBe(-1);
    }, 120_000);
  }

  it("keeps the computer's tie-breaks as secret as the dice, in a game against it with secret dice", async () => {
    const before: string[] = [];
    const created = await call<CreatedGame>(before, 'POST', '/api/games', {
      scenario: 'short',
      ruleSet: 'macduff',
      players: { maratha: 'computer' },
      dice: 'secret',
    });
    expect(created.body.dice).toMatchObject({ kind: 'secret', contributors: ['company'] });
    const id = created.body.id;
    const key = [created.body.seatKeys['company']!];
    await call(
      before,
      'POST',
      `/api/games/${id}/entropy`,
      { side: 'company', entropy: randomBytes(32).toString('hex') },
      key,
    );
    const rng = new Prng(seedRng(5));
    let summary = (await call<GameSummary>(before, 'GET', `/api/games/${id}/summary`)).body;
    let computerPlayed = 0;
    while (!summary.result) {
      const answers: string[] = [];
      if (summary.decider === 'maratha') {
        const r = await call<{ played: number; game: GameSummary }>(
          answers,
          'POST',
          `/api/games/${id}/computer`,
          { viewer: 'company', max: 5 },
          key,
        );
        computerPlayed += r.body.played;
        summary = r.body.game;
      } else {
        const play = await call<GamePlay>(
          answers,
          'GET',
          `/api/games/${id}/play?viewer=company&from=${summary.commands}`,
          undefined,
          key,
        );
        const command = play.body.legal[rng.int(play.body.legal.length)];
        summary = (
          await call<{ game: GameSummary }>(
            answers,
            'POST',
            `/api/games/${id}/commands`,
            { side: 'company', command, seq: play.body.total },
            key,
          )
        ).body.game;
      }
      if (!summary.result) before.push(...answers);
    }
    expect(computerPlayed).toBeGreaterThan(0);
    const digest = diceDigestOf(summary.dice as SecretDice);
    const seeds = Array.from({ length: summary.commands }, (_, i) => computerSeedOf(digest, i)).filter(
      (n) => n >= 1e7,
    );
    const all = before.join('\n');
    for (const n of seeds) expect(all.search(new RegExp(`(?<![\\d.])${n}(?![\\d])`)), String(n)).toBe(-1);
    expect(all).not.toContain(digest);
  }, 120_000);

  it('checks the record with muster verify, and fails it at every tampering', async () => {
    const game = played.get('john-company');
    expect(game).toBeDefined();
    const { created, entropy } = game!;
    const commitment = created.dice.kind === 'secret' ? created.dice.commitment : '';
    const r = await fetch(new URL(`/api/games/${created.id}/export`, server.url), {
      headers: { [SEAT_KEY_HEADER]: created.seatKeys['maratha']! },
    });
    const record = (await r.json()) as GameRecord<unknown> & { dice: SecretDice };
    expect(record.result).toEqual(game!.summary.result);
    const anchors = { commitment, entropy: { company: entropy['company']! } };
    const good = verifyRecord(record, PLAYABLE_RULE_SETS, anchors);
    expect(good.checks.filter((c) => c.ok !== true)).toEqual([]);

    const file = join(temp.dir, 'game.json');
    const cli = async (rec: unknown, opts = {}) => {
      writeFileSync(file, JSON.stringify(rec));
      return verifyCommand(
        file,
        { commitment, entropy: [`maratha=${entropy['maratha']}`], ...opts },
        async (f) => readFileSync(f, 'utf8'),
      );
    };
    const passed = await cli(record);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/✓ commitment: SHA-256/);
    expect(passed.stdout).toMatch(/verified/);

    const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
    const other = randomBytes(32).toString('hex');
    const otherCommitment = createHash('sha256')
      .update('muster-dice-commitment-v1\0')
      .update(Buffer.from(other, 'hex'))
      .digest('hex');
    const tampered: [string, unknown, RegExp][] = [
      [
        'a secret not the one committed to',
        { ...record, dice: { ...record.dice, secret: flip(record.dice.secret) } },
        /✗ commitment: SHA-256/,
      ],
      [
        'another secret with its own commitment',
        { ...record, dice: { ...record.dice, secret: other, commitment: otherCommitment } },
        /✗ commitment: you were given/,
      ],
      [
        "a seat's entropy changed",
        {
          ...record,
          dice: { ...record.dice, entropy: { ...record.dice.entropy, maratha: flip(entropy['maratha']!) } },
        },
        /✗ entropy of maratha/,
      ],
      [
        'a seed the dice do not derive',
        { ...record, seed: { ...(record.seed as object), words: [1, 2, 3, 4] } },
        /✗ seed/,
      ],
      ['its last command left out', { ...record, commands: record.commands.slice(0, -1) }, /✗ result/],
      ['another result', { ...record, result: { reason: 'both sides agreed' } }, /✗ result/],
    ];
    for (const [what, rec, says] of tampered) {
      const failed = await cli(rec);
      expect(failed.code, what).toBe(2);
      expect(failed.stdout, what).toMatch(says);
      expect(failed.stdout, what).toMatch(/NOT verified/);
      expect(verifyRecord(rec, PLAYABLE_RULE_SETS, anchors).ok, what).toBe(false);
    }
  });

  it('opens no way to re-roll: no undo after the end, import only of a finished game, legacy seeds said public', async () => {
    const game = played.get('macduff')!;
    const answers: string[] = [];
    const keys = Object.values(game.created.seatKeys);
    const undo = await call<ApiError>(
      answers,
      'POST',
      `/api/games/${game.created.id}/undo`,
      { side: game.summary.commands > 0 ? 'company' : 'maratha', seq: game.summary.commands },
      keys,
    );
    expect(undo.status).toBe(422);
    const exported = await call<GameRecord<unknown>>(
      answers,
      'GET',
      `/api/games/${game.created.id}/export`,
      undefined,
      keys,
    );
    const imported = await call<CreatedGame>(answers, 'POST', '/api/games/import', exported.body);
    expect(imported.status).toBe(201);
    expect(imported.body.dice).toMatchObject({
      kind: 'secret',
      secret: (game.summary.dice as SecretDiceSummary).secret,
    });
    expect(imported.body.result).toEqual(game.summary.result);
    const cut = { ...exported.body, commands: exported.body.commands.slice(0, 5) };
    const refused = await call<ApiError>(answers, 'POST', '/api/games/import', cut);
    expect(refused.status).toBe(400);
    expect(refused.body.issues![0]!.message).toMatch(/imported only once it is over/);
    const reseeded = await call<ApiError>(answers, 'POST', '/api/games/import', {
      ...exported.body,
      seed: 7,
    });
    expect(reseeded.status).toBe(400);

    // A game saved before secret dice: its seed was public, and the summary says so.
    const seeded = await call<CreatedGame>(answers, 'POST', '/api/games', { scenario: 'short', seed: 9 });
    expect(seeded.body.dice).toEqual({ kind: 'seeded' });
    const db = new Database(server.file);
    db.prepare('UPDATE games SET dice_json = NULL WHERE id = ?').run(seeded.body.id);
    db.close();
    const old = await call<GameSummary>(answers, 'GET', `/api/games/${seeded.body.id}/summary`);
    expect([old.body.seed, old.body.dice]).toEqual([9, { kind: 'seeded', savedBefore: true }]);
    const plays = await call<GamePlay>(answers, 'GET', `/api/games/${seeded.body.id}/play?viewer=spectator`);
    expect(plays.status).toBe(200);
  });
});
