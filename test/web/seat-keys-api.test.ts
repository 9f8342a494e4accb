import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { JcCommand } from '../../src/game/john-company/commands.ts';
import type { JcView } from '../../src/game/john-company/view.ts';
import type {
  ApiError,
  AppendCommandResponse,
  ComputerPlayResponse,
  CreatedGame,
  GameList,
  GamePlay,
  GameSummary,
  SavedGame,
} from '../../src/protocol/api.ts';
import { SEAT_KEY_HEADER } from '../../src/protocol/seat-keys.ts';
import { seatKeyClient, serverForTests } from './fixtures.ts';

/**
 * Seat keys over HTTP: a side's view, hidden information and commands only for a request carrying its
 * key (X-Muster-Seat-Key), the spectator's view for anyone, the keys given only when a game is created
 * or imported, the full record for the keys of every human seat, and games saved before keys open to
 * everyone as they were.
 */
describe('seat keys', () => {
  const server = serverForTests('seat-keys');

  const { get, post, delete: del } = seatKeyClient(() => server.app);
  const forbidden = (r: { status: number; body: unknown }) => {
    expect(r.status).toBe(403);
    const body = r.body as ApiError;
    expect(body.error).toBe('forbidden');
    expect(body.message).toContain(SEAT_KEY_HEADER);
    return body.message;
  };

  async function newGame(players: Record<string, 'human' | 'computer'> = {}): Promise<CreatedGame> {
    const r = await post<CreatedGame>('/api/games', { scenario: 'training-village-ford', seed: 7, players });
    expect(r.status).toBe(201);
    return r.body;
  }
  /** Company's first legal counter to place, as a command. */
  const firstOrder = async (id: string, key: string) =>
    ((await get<GamePlay>(`/api/games/${id}/play?viewer=company`, [key])).body.legal as JcCommand[]).find(
      (c) => c.type === 'place-order',
    )!;

  it('gives a key for each human seat, only in the answer that creates the game', async () => {
    const game = await newGame({ maratha: 'computer' });
    expect(Object.keys(game.seatKeys)).toEqual(['company']);
    const hotSeat = await newGame();
    const { company, maratha } = hotSeat.seatKeys;
    expect(company).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(maratha).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(company).not.toBe(maratha);
    expect(hotSeat.open).toBeUndefined();

    const both = [company!, maratha!];
    const order = await firstOrder(hotSeat.id, company!);
    const answers = [
      await get<GameList>('/api/games'),
      await get<GameSummary>(`/api/games/${hotSeat.id}/summary`),
      await get<SavedGame>(`/api/games/${hotSeat.id}`, both),
      await get<unknown>(`/api/games/${hotSeat.id}/export`, both),
      await get<GamePlay>(`/api/games/${hotSeat.id}/play?viewer=company`, both),
      await get<GamePlay>(`/api/games/${hotSeat.id}/play?viewer=spectator`),
      await post<AppendCommandResponse>(
        `/api/games/${hotSeat.id}/commands`,
        { side: 'company', command: order, seq: 0 },
        [company!],
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(company);
      expect(text).not.toContain(maratha);
      expect(text).not.toContain('seatKeys');
    }
    // The file keeps only each key's SHA-256.
    const db = new Database(server.file, { readonly: true });
    const row = db.prepare('SELECT * FROM games WHERE id = ?').get(hotSeat.id);
    db.close();
    expect(JSON.stringify(row)).not.toContain(company);
    expect(JSON.stringify(row)).not.toContain(maratha);

    const imported = await post<CreatedGame>('/api/games/import', answers[3]!.body);
    expect(imported.status).toBe(201);
    expect(Object.keys(imported.body.seatKeys).sort()).toEqual(['company', 'maratha']);
    expect(Object.values(imported.body.seatKeys)).not.toContain(company);
  });

  it("refuses a side's view and commands without its key, another's key or a wrong key", async () => {
    const game = await newGame();
    const { company, maratha } = game.seatKeys as { company: string; maratha: string };
    const order = await firstOrder(game.id, company);
    const wrong = 'AAAAAAAAAAAAAAAAAAAAAA';
    const requests: [string, (keys: string[]) => Promise<{ status: number; body: unknown }>][] = [
      ['view', (keys) => get(`/api/games/${game.id}/play?viewer=company`, keys)],
      ['scrubbed view', (keys) => get(`/api/games/${game.id}/play?viewer=company&at=0`, keys)],
      [
        'command',
        (keys) => post(`/api/games/${game.id}/commands`, { side: 'company', command: order, seq: 0 }, keys),
      ],
      [
        'plan',
        (keys) =>
          post(
            `/api/games/${game.id}/plan-move`,
            { side: 'company', unit: 'european-regiment', manoeuvres: [{ kind: 'advance', inches: 2 }] },
            keys,
          ),
      ],
      [
        'odds',
        (keys) =>
          post(
            `/api/games/${game.id}/odds`,
            { side: 'company', command: { type: 'fire', unit: 'foot-battery', target: 'matchlockmen' } },
            keys,
          ),
      ],
      ['computer', (keys) => post(`/api/games/${game.id}/computer`, { viewer: 'company' }, keys)],
    ];
    for (const [what, request] of requests) {
      expect(forbidden(await request([])), what).toMatch(
        /^company's view and commands are its player's only: expected company's seat key in the X-Muster-Seat-Key header .*, got no key$/,
      );
      expect(forbidden(await request([maratha])), what).toMatch(/got a key opening maratha$/);
      expect(forbidden(await request([wrong])), what).toMatch(/got a key opening no seat of this game$/);
      expect((await request([company])).status, what).toBeLessThan(300);
      // A hot-seat client sends both (the command, given again, is now the game's to refuse).
      expect((await request([maratha, company])).status, what).not.toBe(403);
    }
    // Nothing refused was stored: the one command given is the one with company's key.
    expect((await get<GameSummary>(`/api/games/${game.id}/summary`)).body.commands).toBe(1);
    // A command of the other side with the wrong key is refused before its turn is judged.
    forbidden(
      await post(`/api/games/${game.id}/commands`, { side: 'maratha', command: { type: 'finish-orders' } }, [
        company,
      ]),
    );
    // Keys in several headers, or one header with commas.
    const twoHeaders = await server.app.inject({
      method: 'GET',
      url: `/api/games/${game.id}/play?viewer=maratha`,
      headers: { [SEAT_KEY_HEADER]: [company, maratha] },
    });
    expect(twoHeaders.statusCode).toBe(200);
  });

  it("shows the spectator's view to anyone, with nothing hidden in it", async () => {
    const game = await newGame();
    const { company } = game.seatKeys as { company: string };
    const order = await firstOrder(game.id, company);
    expect(order.type).toBe('place-order');
    await post(`/api/games/${game.id}/commands`, { side: 'company', command: order, seq: 0 }, [company]);
    const spectator = await get<GamePlay>(`/api/games/${game.id}/play`, []);
    expect(spectator.status).toBe(200);
    expect(spectator.body.viewer).toBe('spectator');
    const unit = (spectator.body.view as JcView).units[(order as { unit: string }).unit]!;
    expect(unit.counter).toEqual({ placed: true, revealed: false });
    expect(spectator.body.log[0]!.command).toBeUndefined();
    expect((await get(`/api/games/${game.id}/play?viewer=spectator&at=0`, [])).status).toBe(200);
    expect((await get(`/api/games/${game.id}/summary`, [])).status).toBe(200);
    expect((await get<ApiError>('/api/games/nope/summary', [])).status).toBe(404);
  });

  it("keeps a computer seat's view and the full record for whoever holds every human seat", async () => {
    const versus = await newGame({ maratha: 'computer' });
    const { company } = versus.seatKeys as { company: string };
    expect(forbidden(await get(`/api/games/${versus.id}/play?viewer=maratha`, []))).toMatch(
      /maratha is the computer's seat/,
    );
    expect((await get(`/api/games/${versus.id}/play?viewer=maratha`, [company])).status).toBe(200);
    expect((await get(`/api/games/${versus.id}`, [company])).status).toBe(200);

    const hotSeat = await newGame();
    const { maratha } = hotSeat.seatKeys as { company: string; maratha: string };
    expect(forbidden(await get(`/api/games/${hotSeat.id}`, [maratha]))).toMatch(
      /^the full record holds every side's hidden orders: expected the seat keys of every human seat \(company and maratha\)/,
    );
    forbidden(await get(`/api/games/${hotSeat.id}/export`, []));
    expect((await get(`/api/games/${hotSeat.id}/export`)).status).toBe(200);

    // Once the game is over, any one player may read the record.
    const watched = await newGame({ company: 'computer', maratha: 'computer' });
    const done = await post<ComputerPlayResponse>(`/api/games/${watched.id}/computer`, { max: 2000 }, []);
    expect(done.body.game.result).toBeDefined();
    expect(watched.seatKeys).toEqual({});
    // No human seat: nobody to keep a secret from.
    expect((await get(`/api/games/${watched.id}/play?viewer=company`, [])).status).toBe(200);
    expect((await get(`/api/games/${watched.id}`, [])).status).toBe(200);
  });

  it('lets a shared game be deleted only with every human seat’s key; one player resigns instead', async () => {
    const game = await newGame();
    const { company, maratha } = game.seatKeys as { company: string; maratha: string };
    expect(forbidden(await del(`/api/games/${game.id}`, []))).toMatch(
      /^only the game's players together may delete it: expected the seat keys of every human seat \(company and maratha\)/,
    );
    const one = forbidden(await del(`/api/games/${game.id}`, [maratha]));
    expect(one).toMatch(/got a key opening maratha; the game is shared/);
    expect(one).toMatch(
      /resigns \(POST \/api\/games\/:id\/commands with the command \{ "type": "resign" \}\)/,
    );

    // Resigning: out of turn (company decides first), with the side's own key only, seen by the other side.
    expect(
      forbidden(
        await post(`/api/games/${game.id}/commands`, { side: 'maratha', command: { type: 'resign' } }, [
          company,
        ]),
      ),
    );
    const resigned = await post<AppendCommandResponse>(
      `/api/games/${game.id}/commands`,
      { side: 'maratha', command: { type: 'resign' } },
      [maratha],
    );
    expect(resigned.status).toBe(201);
    expect(resigned.body.game.result).toEqual({ winner: 'company', reason: 'maratha resigned' });
    const seen = await get<GamePlay>(`/api/games/${game.id}/play?viewer=company`, [company]);
    expect(seen.body.result).toEqual({ winner: 'company', reason: 'The Maratha force resigned' });
    expect(seen.body.legal).toEqual([]);
    expect(seen.body.log.at(-1)).toMatchObject({
      side: 'maratha',
      command: { type: 'resign' },
      text: 'resigns',
      events: [{ type: 'resigned', text: "Victory to the Company's brigades: the Maratha force resigned" }],
    });
    // The game is over: no more commands, no second resignation, and it cannot be taken back.
    const after = await post<ApiError>(
      `/api/games/${game.id}/commands`,
      { side: 'company', command: { type: 'resign' } },
      [company],
    );
    expect(after.body).toMatchObject({ error: 'illegal-command', code: 'game-over' });
    expect((await post(`/api/games/${game.id}/undo`, { side: 'maratha', seq: 1 }, [maratha])).status).toBe(
      422,
    );

    expect((await del(`/api/games/${game.id}`, [maratha, company])).status).toBe(204);
    expect((await del(`/api/games/${game.id}`, [maratha, company])).status).toBe(404);
    // A game with one human seat is its player's to delete.
    const solo = await newGame({ maratha: 'computer' });
    expect((await del(`/api/games/${solo.id}`, [solo.seatKeys['company']!])).status).toBe(204);
  });

  it('leaves a game saved before seat keys open, as it was', async () => {
    const old = await server.store.insert(
      server.store.newGame({ scenario: 'training-village-ford', seed: 7 }),
    );
    const db = new Database(server.file);
    db.prepare('UPDATE games SET seat_locks_json = NULL WHERE id = ?').run(old.id);
    db.close();
    const summary = await get<GameSummary>(`/api/games/${old.id}/summary`, []);
    expect(summary.body.open).toBe(true);
    const company = await get<GamePlay>(`/api/games/${old.id}/play?viewer=company`, []);
    expect(company.status).toBe(200);
    expect(company.body.game.open).toBe(true);
    const given = await post(
      `/api/games/${old.id}/commands`,
      { side: 'company', command: company.body.legal[0], seq: 0 },
      [],
    );
    expect(given.status).toBe(201);
    expect((await get(`/api/games/${old.id}`, [])).status).toBe(200);
    expect((await get(`/api/games/${old.id}/play?viewer=maratha`, [])).status).toBe(200);
    expect((await del(`/api/games/${old.id}`, [])).status).toBe(204);
  });
});
